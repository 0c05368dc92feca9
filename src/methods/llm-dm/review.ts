/**
 * Correction from a person's feedback (Guan et al. 2023, §4.2): each action
 * is shown in plain language; a correction is sent to the LLM in the same
 * dialogue that built the action, the automatic checks run again on the
 * revision (with their own feedback rounds), and a changelog records what
 * changed and why. Feedback files are `{ "action name": "message", ... }`.
 */
import { readFileSync } from 'node:fs';
import type { ChatMessage, LlmClient } from '../../llm/types.js';
import { actionModelMessages } from './prompts.js';
import { formatActionAnswer } from './answer-format.js';
import type { Issue } from './checks.js';
import { conjuncts } from './compare.js';
import { constructAction, type HistoryTurn } from './construct.js';
import { LlmDmInputError } from './errors.js';
import { explainAction } from '../../pddl/described/explain.js';
import type { DomainSpec } from './inputs.js';
import type { ActionModel, DomainModel } from '../../pddl/described/model.js';

export interface ChangelogEntry {
  action: string;
  feedback: string;
  /** Automatic feedback rounds after the correction. */
  checkRounds: number;
  parametersBefore: string;
  parametersAfter: string;
  removed: string[];
  added: string[];
  newPredicates: string[];
  /** Check issues left when the rounds ran out (empty when clean). */
  issues: Issue[];
}

/** Resolves an action by its natural-language or PDDL name (case-insensitive). */
export function findAction(model: DomainModel, name: string): ActionModel | undefined {
  const n = name.trim().toLowerCase();
  return model.actions.find((a) => a.name.toLowerCase() === n || a.pddlName === n);
}

/** Reads and validates a feedback file; an unknown action name is an error naming the file and the known names. */
export function parseFeedback(text: string, file: string, model: DomainModel): Map<string, string> {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (err) {
    throw new LlmDmInputError(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)}); expected { "action name": "message", ... }`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new LlmDmInputError(`${file}: expected an object { "action name": "message", ... }`);
  const out = new Map<string, string>();
  const unknown: string[] = [];
  for (const [k, v] of Object.entries(json)) {
    if (typeof v !== 'string') throw new LlmDmInputError(`${file}: the feedback for '${k}' must be a string, got ${Array.isArray(v) ? 'a list' : typeof v}`);
    const a = findAction(model, k);
    if (!a) unknown.push(k);
    else if (v.trim() !== '') out.set(a.name, out.has(a.name) ? `${out.get(a.name)}\n${v}` : v);
  }
  if (unknown.length > 0) {
    const known = model.actions.map((a) => `'${a.name}' (${a.pddlName})`).join(', ');
    throw new LlmDmInputError(`${file}: unknown action name${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `'${u}'`).join(', ')}; known actions: ${known}`);
  }
  return out;
}

export function readFeedbackFile(path: string, model: DomainModel): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new LlmDmInputError(`cannot read feedback file '${path}'`);
  }
  return parseFeedback(text, path, model);
}

/**
 * The current dialogue of each action, rebuilt from history turns: a turn that opens a dialogue
 * (its prompt has the system message) starts it afresh (a new pass); feedback and review turns
 * continue it.
 */
export function dialoguesFromHistory(history: readonly HistoryTurn[]): Map<string, ChatMessage[]> {
  const out = new Map<string, ChatMessage[]>();
  for (const t of history) {
    const opens = t.prompt.some((m) => m.role === 'system');
    const d = opens ? [] : (out.get(t.action) ?? []);
    d.push(...t.prompt.map((m) => ({ ...m })), { role: 'assistant', content: t.answer });
    out.set(t.action, d);
  }
  return out;
}

export function correctionMessage(feedback: string, explanation: string): string {
  return `A domain expert reviewed this action model. In plain language it reads:\n${explanation}\n\nThe expert's feedback: ${feedback}\n\nPlease revise the action model accordingly, in the same format (you may define new predicates under "New Predicates").\n\nParameters:`;
}

export interface ReviewResult {
  model: DomainModel;
  changelog: ChangelogEntry[];
  history: HistoryTurn[];
}

/** Applies corrections: one revision dialogue per corrected action, then the automatic checks with their feedback rounds. */
export async function applyCorrections(
  client: LlmClient,
  spec: DomainSpec,
  model: DomainModel,
  corrections: ReadonlyMap<string, string>,
  dialogues: ReadonlyMap<string, ChatMessage[]>,
  options: { maxFeedbackRounds?: number; pass?: number } = {},
): Promise<ReviewResult> {
  const predicates = [...model.predicates];
  const actions = model.actions.map((a) => ({ ...a }));
  const changelog: ChangelogEntry[] = [];
  const history: HistoryTurn[] = [];
  for (const [name, feedback] of corrections) {
    const index = spec.actions.findIndex((a) => a.name === name);
    const current = actions.find((a) => a.name === name);
    if (index < 0 || !current) throw new LlmDmInputError(`no action '${name}' in the domain description`);
    const earlier = dialogues.get(name) ?? [
      ...actionModelMessages(spec, spec.actions[index], predicates),
      { role: 'assistant' as const, content: formatActionAnswer({ ...current, newPredicates: [] }) },
    ];
    const messages = [...earlier.map((m) => ({ ...m })), { role: 'user' as const, content: correctionMessage(feedback, explainAction(current, predicates)) }];
    const r = await constructAction(client, spec, index, predicates, options.pass ?? 99, {
      messages,
      review: true,
      maxFeedbackRounds: options.maxFeedbackRounds,
      onTurn: (t) => history.push(t),
    });
    for (const p of r.accepted) if (!predicates.some((q) => q.name === p.name)) predicates.push(p);
    const before = new Set([...conjuncts(current.preconditions).map((c) => `precondition ${c}`), ...conjuncts(current.effects).map((c) => `effect ${c}`)]);
    const after = new Set([...conjuncts(r.action.preconditions).map((c) => `precondition ${c}`), ...conjuncts(r.action.effects).map((c) => `effect ${c}`)]);
    const params = (a: ActionModel): string => a.parameters.map((p) => `${p.name} - ${p.type}`).join(' ');
    changelog.push({
      action: name,
      feedback,
      checkRounds: r.rounds,
      parametersBefore: params(current),
      parametersAfter: params(r.action),
      removed: [...before].filter((x) => !after.has(x)),
      added: [...after].filter((x) => !before.has(x)),
      newPredicates: r.accepted.map((p) => p.name),
      issues: r.issues,
    });
    actions[actions.indexOf(current)] = r.action;
  }
  return { model: { ...model, predicates, actions }, changelog, history };
}

export function changelogMarkdown(entries: readonly ChangelogEntry[]): string {
  if (entries.length === 0) return '# Changelog\n\nNo corrections.\n';
  const parts = entries.map((e) => {
    const lines = [`## ${e.action}`, '', `Why: ${e.feedback}`, ''];
    if (e.parametersBefore !== e.parametersAfter) lines.push(`- parameters: \`${e.parametersBefore}\` → \`${e.parametersAfter}\``);
    for (const r of e.removed) lines.push(`- removed ${r.replace(/^(\w+) /, '$1 `')}\``);
    for (const a of e.added) lines.push(`- added ${a.replace(/^(\w+) /, '$1 `')}\``);
    for (const p of e.newPredicates) lines.push(`- new predicate \`${p}\``);
    if (e.removed.length + e.added.length === 0 && e.parametersBefore === e.parametersAfter) lines.push('- no change');
    if (e.checkRounds > 0) lines.push(`- ${e.checkRounds} automatic feedback round(s) after the correction`);
    for (const i of e.issues) lines.push(`- unresolved: ${i.category}: ${i.message.split('\n')[0]}`);
    return lines.join('\n');
  });
  return `# Changelog\n\n${parts.join('\n\n')}\n`;
}
