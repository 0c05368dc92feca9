/**
 * Automatic checks of LLM-written action models with feedback the LLM can act
 * on (Guan et al. 2023, §4.2 and appendix A.3). Each seed error category has a
 * check and a message in the seed's words; the checks are built on the PDDL
 * engine's located diagnostics (codes `unsupported`, `missing-requirement`,
 * `unknown-type`, `name-clash`, `malformed`, `arity`, `undeclared-parameter`,
 * `type-mismatch`, `undeclared-predicate`, `syntax`) plus the checks that only
 * make sense for an answer (new predicates clashing with existing ones).
 */
import { checkDomain } from '../../pddl/parse-domain.js';
import type { PddlDiagnostic } from '../../pddl/errors.js';
import type { ActionAnswer } from './answer-format.js';
import { assembleDomain, regionAt } from './assemble.js';
import type { ActionModel, DomainModel, Region, Section } from '../../pddl/described/model.js';
import { formatPredicate, predicateSignature, type PredicateDef } from '../../pddl/described/predicates.js';

/** The seed's syntax-error categories (A.3): what the automatic checks look for. */
export const SYNTAX_ERROR_KINDS = [
  'unsupported-keyword',
  'invalid-object-type',
  'name-clash',
  'malformed-predicate',
  'wrong-arity',
  'unknown-parameter',
  'type-mismatch',
  'undeclared-predicate',
] as const;

export const CHECK_CATEGORIES = [...SYNTAX_ERROR_KINDS, 'malformed', 'answer-format'] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

/** The seed's error-type names (as recorded in its dialogues) for our categories. */
export const SEED_ERROR_TYPE: Record<CheckCategory, string> = {
  'unsupported-keyword': 'has_unsupported_keywords',
  'invalid-object-type': 'invalid_object_type',
  'name-clash': 'invalid_predicate_names',
  'malformed-predicate': 'invalid_predicate_format',
  'wrong-arity': 'invalid_predicate_usage',
  'unknown-parameter': 'invalid_predicate_usage',
  'type-mismatch': 'invalid_predicate_usage',
  'undeclared-predicate': 'invalid_predicate_usage',
  malformed: 'invalid_pddl_syntax',
  'answer-format': 'invalid_answer_format',
};

export interface Issue {
  category: CheckCategory;
  /** The natural-language action name, when the issue belongs to an action. */
  action?: string;
  section?: Section | 'new predicates';
  /** Feedback for the LLM (and the person), in the seed's style. */
  message: string;
  /** The PDDL engine's diagnostic (code and message), when the issue came from one. */
  diagnostic?: { code: string; message: string; line?: number; col?: number };
}

const KEYWORDS_NOT_PREDICATES = new Set(['if', 'then', 'else', 'iff', 'implies', 'xor', 'for-all', 'forall', 'exists', 'when', 'imply', 'or', 'and', 'not']);

const SECTION_WORD: Record<string, string> = { parameters: 'parameters', preconditions: 'preconditions', effects: 'effects', 'new predicates': 'new predicates' };

function ordinal(n: number): string {
  return ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][n - 1] ?? `${n}th`;
}

export function unsupportedKeywordMessage(keyword: string): string {
  return (
    `The precondition or effect contain the keyword \`${keyword}\` that is not supported in a standard STRIPS style model. ` +
    'Please express the same logic in a simplified way. You can come up with new predicates if needed (but note that you should use existing predicates as much as possible).'
  );
}

/** The first word after '(' in a piece of PDDL. */
function headWord(snippet: string): string {
  return /^\(\s*([^\s()]+)/.exec(snippet)?.[1]?.toLowerCase() ?? snippet.trim();
}

interface Ctx {
  model: DomainModel;
  text: string;
  regions: Region[];
}

function fromDiagnostic(d: PddlDiagnostic, ctx: Ctx): Issue | null {
  const region = d.span ? regionAt(ctx.regions, d.span.start.offset) : undefined;
  const action = region && region.action >= 0 ? ctx.model.actions[region.action] : undefined;
  const section = region && (region.section === 'parameters' || region.section === 'preconditions' || region.section === 'effects') ? region.section : undefined;
  const snippet = d.span ? ctx.text.slice(d.span.start.offset, d.span.end.offset) : '';
  const where = section ? `In the ${SECTION_WORD[section]}` : region?.section === 'predicates' ? 'In the predicate definitions' : 'In the domain';
  const diagnostic = { code: d.code, message: d.message, line: d.span?.start.line, col: d.span?.start.col };
  const base = { action: action?.name, section, diagnostic };
  const preds = new Map(ctx.model.predicates.map((p) => [p.name, p]));
  switch (d.code) {
    case 'unsupported':
    case 'missing-requirement':
      return { ...base, category: 'unsupported-keyword', message: unsupportedKeywordMessage(headWord(snippet)) };
    case 'malformed':
      if (/not a PDDL connective/.test(d.message)) return { ...base, category: 'unsupported-keyword', message: unsupportedKeywordMessage(headWord(snippet)) };
      return { ...base, category: 'malformed', message: `There is a syntax error. ${where}: ${d.message}. Please revise the PDDL model to fix this error.` };
    case 'unknown-type': {
      const t = /type '([^']+)'/.exec(d.message)?.[1] ?? snippet;
      const param = /parameter (\?[^\s)]+)/.exec(d.message)?.[1] ?? (snippet.startsWith('?') ? snippet : undefined);
      const valid = ctx.model.types.map((x) => x.name).join(', ');
      if (region?.section === 'predicates' && region.predicate !== undefined) {
        const p = ctx.model.predicates[region.predicate];
        return { ...base, category: 'invalid-object-type', message: `There is an invalid object type \`${t}\` in the predicate \`${predicateSignature(p)}\`. The object types are: ${valid}. Please revise the PDDL model to fix this error.` };
      }
      return { ...base, category: 'invalid-object-type', message: `There is an invalid object type \`${t}\`${param ? ` for the parameter ${param}` : ''}. The object types are: ${valid}. Please revise the PDDL model to fix this error.` };
    }
    case 'name-clash':
      return { ...base, category: 'name-clash', message: `${d.message}. Predicates must not share a name with an object type: please rename the predicate.` };
    case 'arity': {
      const name = headWord(snippet);
      const def = preds.get(name);
      const given = Math.max(0, snippet.replace(/[()]/g, ' ').trim().split(/\s+/).length - 1);
      const defText = def ? `\`${predicateSignature(def)}\` with ${def.params.length} parameter(s)` : 'with a different number of parameters';
      return { ...base, category: 'wrong-arity', message: `${where}, the predicate \`${name}\` is given ${given} parameter(s) in \`${snippet.replace(/\s+/g, ' ')}\`, but it is defined as ${defText}. Please use the correct predicate or devise new one(s) if needed.` };
    }
    case 'undeclared-parameter':
    case 'undeclared-object': {
      const v = /(?:variable|object|constant) (\S+)/.exec(d.message)?.[1] ?? snippet;
      const pred = /in \(([^\s()]+)/.exec(d.message)?.[1];
      return {
        ...base,
        category: 'unknown-parameter',
        message: `${where}${pred ? ` and in the predicate \`${pred}\`` : ''}, there is an unknown parameter ${v}. You should define all parameters (i.e., name and type) under the \`Parameters\` list. Please revise the PDDL model to fix this error (and other potentially similar errors).`,
      };
    }
    case 'type-mismatch': {
      const m = /argument (\d+) of \(([^\s()]+)[^)]*\).* of type (\S+), but predicate .* expects (\S+) there/.exec(d.message);
      if (m) {
        const typeName = (t: string): string => ctx.model.types.find((x) => x.name.toLowerCase() === t)?.name ?? t;
        m[3] = typeName(m[3]);
        m[4] = typeName(m[4]);
        return {
          ...base,
          category: 'type-mismatch',
          message: `There is a syntax error, the ${ordinal(Number(m[1]))} parameter of \`${m[2]}\` should be a ${m[4]}, but a ${m[3]} was given. Please use the correct predicate or devise new one(s) if needed.`,
        };
      }
      return { ...base, category: 'type-mismatch', message: `${where}: ${d.message}. Please use the correct predicate or devise new one(s) if needed.` };
    }
    case 'undeclared-predicate': {
      const name = /predicate '([^']+)'/.exec(d.message)?.[1] ?? headWord(snippet);
      if (KEYWORDS_NOT_PREDICATES.has(name)) return { ...base, category: 'unsupported-keyword', message: unsupportedKeywordMessage(name) };
      return {
        ...base,
        category: 'undeclared-predicate',
        message: `${where}, the predicate \`${name}\` is not defined: it is neither an existing predicate nor listed under 'New Predicates'. Please reuse an existing predicate or define the new one under 'New Predicates' as "(${name} ?x - type ...): description".`,
      };
    }
    case 'syntax':
      return { ...base, category: 'malformed', message: `There is a syntax error. ${where}: ${d.message}. Please revise the PDDL model to fix this error.` };
    default:
      return { ...base, category: 'malformed', message: `${where}: ${d.message}. Please revise the PDDL model to fix this error.` };
  }
}

/** Runs every check on an assembled model. Issues are in model order (actions, then sections). */
export function checkModel(model: DomainModel): Issue[] {
  return checkText(model, assembleDomain(model, { descriptions: false }));
}

/**
 * Runs every check on a domain text whose action regions are known (an
 * assembled model, or a user's domain.pddl read by `modelFromPddl`).
 * Issues carry the engine diagnostic's line and column in that text.
 */
export function checkText(model: DomainModel, asm: { text: string; regions: Region[]; unreadable: { action: number; section: Section; message: string }[] }, file = 'domain.pddl'): Issue[] {
  const ctx: Ctx = { model, text: asm.text, regions: asm.regions };
  const issues: Issue[] = [];
  for (const u of asm.unreadable) {
    issues.push({
      category: 'malformed',
      action: model.actions[u.action].name,
      section: u.section,
      message: `There is a syntax error in the ${u.section}: ${u.message}. The ${u.section} must be one PDDL formula with balanced parentheses, e.g. (and (p ?x) (not (q ?x))). Please revise the PDDL model to fix this error.`,
    });
  }
  const typeNames = new Set(model.types.map((t) => t.name.toLowerCase()));
  typeNames.add('object');
  for (const p of model.predicates) {
    if (typeNames.has(p.name)) {
      issues.push({ category: 'name-clash', message: `The predicate \`${formatPredicate(p)}\` has the same name as the object type \`${p.name}\`. Please rename the predicate (for example is-${p.name}).` });
    }
  }
  const seen = new Set<string>();
  // The seed's models are STRIPS-style plus the listed requirements: a quantifier is an
  // unsupported keyword unless quantified preconditions (or ADL) are listed, even where
  // PDDL would read a forall effect under :conditional-effects.
  const reqs = new Set(model.requirements.map((r) => r.replace(/^:/, '')));
  const quantOk = reqs.has('adl') || reqs.has('quantified-preconditions');
  model.actions.forEach((a) => {
    for (const [section, body] of [['preconditions', a.preconditions], ['effects', a.effects]] as const) {
      for (const kw of ['forall', 'exists'] as const) {
        const allowed = quantOk || reqs.has(kw === 'forall' ? 'universal-preconditions' : 'existential-preconditions');
        if (!allowed && new RegExp(`\\(\\s*${kw}\\b`, 'i').test(body)) {
          const message = unsupportedKeywordMessage(kw);
          seen.add(`${a.name}|unsupported-keyword|${message}`);
          issues.push({ category: 'unsupported-keyword', action: a.name, section, message });
        }
      }
    }
  });
  for (const d of checkDomain(asm.text, file).diagnostics) {
    if (d.code === 'name-clash' && issues.some((i) => i.category === 'name-clash')) continue;
    const issue = fromDiagnostic(d, ctx);
    if (!issue) continue;
    const key = `${issue.action}|${issue.category}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  const order = new Map(model.actions.map((a, i) => [a.name, i]));
  return issues
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (order.get(a.x.action ?? '') ?? -1) - (order.get(b.x.action ?? '') ?? -1) || a.i - b.i)
    .map((e) => e.x);
}

/** The seed's message for new predicates that repeat existing ones. */
export function predicateClashMessage(pairs: readonly { fresh: PredicateDef; existing: PredicateDef }[]): string {
  const lines = pairs.map((p, i) => `${i + 1}. ${predicateSignature(p.fresh)}, ${p.fresh.description}; existing predicate with the same name: ${predicateSignature(p.existing)}, ${p.existing.description}`);
  return (
    `The following predicate(s) have the same name(s) as existing predicate(s):\n${lines.join('\n')}\n\n` +
    "You should reuse existing predicates whenever possible. If you are reusing existing predicate(s), you shouldn't list them under 'New Predicates'. " +
    'If existing predicates are not enough and you are devising new predicate(s), please use names that are different from existing ones.\n\nPlease revise the PDDL model to fix this error.'
  );
}

export interface AnswerCheck {
  issues: Issue[];
  /** The action as written (parameters, precondition and effect text). */
  action: ActionModel;
  /** New predicates that can join the dictionary (clashing ones left out). */
  accepted: PredicateDef[];
}

/**
 * Checks one answer in its construction context: format problems, new
 * predicates that clash with existing predicates, types or each other, and
 * every engine diagnostic of the action assembled with the dictionary.
 */
export function checkAnswer(
  answer: ActionAnswer,
  action: { name: string; pddlName: string },
  context: Pick<DomainModel, 'name' | 'types' | 'requirements' | 'predicates'>,
): AnswerCheck {
  const issues: Issue[] = answer.problems.map((p) => ({ category: p.category, action: action.name, section: p.category === 'malformed-predicate' ? 'new predicates' : undefined, message: p.message }));
  const existing = new Map(context.predicates.map((p) => [p.name, p]));
  const typeNames = new Map(context.types.map((t) => [t.name.toLowerCase(), t.name]));
  typeNames.set('object', 'object');
  const clashes: { fresh: PredicateDef; existing: PredicateDef }[] = [];
  const accepted: PredicateDef[] = [];
  const fresh = new Map<string, PredicateDef>();
  for (const p of answer.newPredicates) {
    const old = existing.get(p.name) ?? fresh.get(p.name);
    if (old) {
      clashes.push({ fresh: p, existing: old });
      continue;
    }
    if (typeNames.has(p.name)) {
      issues.push({ category: 'name-clash', action: action.name, section: 'new predicates', message: `The following predicate(s) have the same name(s) as existing object type(s):\n1. ${formatPredicate(p)}\nPlease rename these predicates (for example is-${p.name}).` });
      continue;
    }
    const badType = p.params.find((x) => !typeNames.has(x.type.toLowerCase()));
    if (badType) {
      issues.push({
        category: 'invalid-object-type',
        action: action.name,
        section: 'new predicates',
        message: `There is an invalid object type \`${badType.type}\` for the parameter ${badType.name} of the new predicate \`${predicateSignature(p)}\`. The object types are: ${[...typeNames.values()].join(', ')}. Please revise the PDDL model to fix this error.`,
      });
      continue;
    }
    fresh.set(p.name, p);
    accepted.push(p);
  }
  if (clashes.length > 0) issues.push({ category: 'name-clash', action: action.name, section: 'new predicates', message: predicateClashMessage(clashes) });
  const model: ActionModel = { name: action.name, pddlName: action.pddlName, parameters: answer.parameters, preconditions: answer.preconditions, effects: answer.effects };
  if (!answer.problems.some((p) => p.category === 'answer-format')) {
    const sub: DomainModel = { ...context, predicates: [...context.predicates, ...accepted], actions: [model] };
    for (const i of checkModel(sub)) if (i.action === action.name || i.category !== 'name-clash') issues.push({ ...i, action: action.name });
  }
  return { issues, action: model, accepted };
}

/** All issue messages as one feedback turn, in the seed's closing style. */
export function feedbackText(messages: readonly string[]): string {
  if (messages.length === 1) return `${messages[0]}\n\nParameters:`;
  const body = messages.map((m, k) => `${k + 1}. ${m}`).join('\n');
  return `There are ${messages.length} problems with this action model:\n${body}\n\nPlease revise the PDDL model to fix these errors.\n\nParameters:`;
}
