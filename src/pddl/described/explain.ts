/**
 * A described action model in plain words, for a person to review instead of
 * PDDL (Guan et al. 2023, §4.2 and A.4): deterministic templates built from
 * the predicate descriptions (no LLM). LLM-DM's review and the MCP tool
 * `pddl_explain` use it; LLM-DM's LLM translation is methods/llm-dm/explain.ts.
 */
import { isList, readSExprs, type SExpr } from '../sexpr.js';
import type { ActionModel, DomainModel } from './model.js';
import type { PredicateDef } from './predicates.js';

function word(e: SExpr): string {
  return isList(e) ? '' : e.value;
}

/** One atom in words: the predicate's description with its parameters replaced by the arguments. */
export function atomText(pred: string, args: readonly string[], defs: ReadonlyMap<string, PredicateDef>): string {
  if (pred === '=') return `${args[0]} and ${args[1]} are the same object`;
  const def = defs.get(pred.toLowerCase());
  if (!def || !def.description) return `(${[pred, ...args].join(' ')}) holds`;
  let text = def.description.replace(/^true\s+(if|when|iff)\s+/i, '').trim();
  const map = new Map(def.params.map((p, i) => [p.name.toLowerCase(), args[i] ?? p.name]));
  text = text.replace(/\?[a-zA-Z][\w-]*/g, (v) => map.get(v.toLowerCase()) ?? v);
  return text;
}

function condText(e: SExpr, defs: ReadonlyMap<string, PredicateDef>): string {
  if (!isList(e) || e.items.length === 0) return word(e);
  const head = word(e.items[0]).toLowerCase();
  const rest = e.items.slice(1);
  switch (head) {
    case 'and':
      return rest.map((x) => condText(x, defs)).join('; and ');
    case 'or':
      return `either ${rest.map((x) => condText(x, defs)).join(', or ')}`;
    case 'not':
      return rest[0] && isList(rest[0]) && word(rest[0].items[0]) === '=' ? `${word(rest[0].items[1])} and ${word(rest[0].items[2])} are different objects` : `it is not the case that ${condText(rest[0], defs)}`;
    case 'imply':
      return `if ${condText(rest[0], defs)}, then ${condText(rest[1], defs)}`;
    case 'when':
      return `if ${condText(rest[0], defs)}, then: ${effectLines(rest[1], defs).join('; ')}`;
    case 'forall':
    case 'exists': {
      const vars = rest[0] && isList(rest[0]) ? rest[0].items.map(word).join(' ') : '';
      return `${head === 'forall' ? 'for every' : 'for some'} ${vars}: ${condText(rest[1], defs)}`;
    }
    default:
      return atomText(head, rest.map(word), defs);
  }
}

function effectLines(e: SExpr, defs: ReadonlyMap<string, PredicateDef>): string[] {
  if (!isList(e) || e.items.length === 0) return [];
  const head = word(e.items[0]).toLowerCase();
  if (head === 'and') return e.items.slice(1).flatMap((x) => effectLines(x, defs));
  if (head === 'not' && e.items[1]) return [`no longer: ${condText(e.items[1], defs)}`];
  if (head === 'when' || head === 'forall') return [condText(e, defs)];
  return [`now: ${condText(e, defs)}`];
}

function conjunctLines(text: string, defs: ReadonlyMap<string, PredicateDef>, effects: boolean): string[] {
  let xs: SExpr[];
  try {
    xs = readSExprs(text);
  } catch {
    return [`(unreadable PDDL) ${text.replace(/\s+/g, ' ')}`];
  }
  return xs.flatMap((x) => {
    if (effects) return effectLines(x, defs);
    if (isList(x) && word(x.items[0]).toLowerCase() === 'and') return x.items.slice(1).map((c) => condText(c, defs));
    return [condText(x, defs)];
  });
}

/** The deterministic (template) rendering of one action. */
export function explainAction(a: ActionModel, predicates: readonly PredicateDef[]): string {
  const defs = new Map(predicates.map((p) => [p.name, p]));
  const params = a.parameters.map((p) => `  ${p.name} - ${p.type}${p.description ? `: ${p.description}` : ''}`);
  const pre = conjunctLines(a.preconditions, defs, false).map((l) => `  - ${l}`);
  const eff = conjunctLines(a.effects, defs, true).map((l) => `  - ${l}`);
  return [`${a.name} (${a.pddlName})`, 'Parameters:', ...params, 'Preconditions:', ...(pre.length ? pre : ['  (none)']), 'Effects:', ...(eff.length ? eff : ['  (none)'])].join('\n');
}

export function explainModel(model: DomainModel): string {
  return model.actions.map((a) => explainAction(a, model.predicates)).join('\n\n');
}
