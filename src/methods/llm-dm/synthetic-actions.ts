/**
 * The synthetic LLM's answers for `llmdm.action-model`: it writes the gold
 * action model (from the episode's truth) in the seed's answer format, with
 * errors of the kinds GPT-4 made (seed §5.1, appendix A.3 and the expert
 * annotations) injected at a stated rate; given feedback in the same dialogue,
 * it fixes each flagged error with a stated probability. Factual errors (a
 * dropped precondition) are not flagged by the checks and are fixed only on a
 * person's correction (`review`).
 */
import type { Rng } from '../../core/rng.js';
import type { SyntheticContext } from '../../llm/synthetic-model.js';
import type { ActionParam } from '../../pddl/described/model.js';
import { formatActionAnswer } from './answer-format.js';
import type { ActionModel, DomainModel } from '../../pddl/described/model.js';
import type { PredicateDef } from '../../pddl/described/predicates.js';
import { SYNTAX_ERROR_KINDS } from './checks.js';

export { SYNTAX_ERROR_KINDS };
export type InjectedKind = (typeof SYNTAX_ERROR_KINDS)[number] | 'missing-precondition';

export interface Injected {
  kind: InjectedKind;
  /** Which atom / parameter the error touches (an index chosen once). */
  at: number;
}

/** What the synthetic model needs to know: the gold model. */
export interface ActionModelTruth {
  gold: DomainModel;
}

const ATOM = /\(\s*([a-zA-Z][\w-]*)((?:\s+[?a-zA-Z][\w-]*)*)\s*\)/g;
const NOT_PREDICATES = new Set(['and', 'not', 'or', 'when', 'forall', 'exists', 'imply']);

interface AtomHit {
  start: number;
  end: number;
  pred: string;
  args: string[];
}

function atoms(text: string): AtomHit[] {
  const out: AtomHit[] = [];
  for (const m of text.matchAll(ATOM)) {
    if (NOT_PREDICATES.has(m[1].toLowerCase()) || m[1] === '=') continue;
    out.push({ start: m.index, end: m.index + m[0].length, pred: m[1], args: m[2].trim() === '' ? [] : m[2].trim().split(/\s+/) });
  }
  return out;
}

function replaceAt(text: string, hit: AtomHit, replacement: string): string {
  return text.slice(0, hit.start) + replacement + text.slice(hit.end);
}

interface Draft {
  parameters: ActionParam[];
  preconditions: string;
  effects: string;
  newPredicates: PredicateDef[];
  /** Predicate lines written malformed (text instead of a definition). */
  malformedLines: string[];
}

/** Applies one injected error; returns false when the action has nothing it could apply to. */
function apply(d: Draft, e: Injected, dictionary: readonly PredicateDef[]): boolean {
  const preAtoms = atoms(d.preconditions);
  switch (e.kind) {
    case 'unsupported-keyword': {
      if (preAtoms.length === 0 || d.parameters.length === 0) return false;
      const h = preAtoms[e.at % preAtoms.length];
      const atom = d.preconditions.slice(h.start, h.end);
      d.preconditions = replaceAt(d.preconditions, h, `(forall (?any - ${d.parameters[0].type}) ${atom})`);
      return true;
    }
    case 'invalid-object-type': {
      if (d.parameters.length === 0) return false;
      const k = e.at % d.parameters.length;
      d.parameters = d.parameters.map((p, i) => (i === k ? { ...p, type: `${p.type}-item` } : p));
      return true;
    }
    case 'name-clash': {
      const candidates = dictionary.filter((p) => !d.newPredicates.some((q) => q.name === p.name));
      if (candidates.length === 0) return false;
      d.newPredicates = [...d.newPredicates, candidates[e.at % candidates.length]];
      return true;
    }
    case 'malformed-predicate': {
      if (d.newPredicates.length === 0) return false;
      const k = e.at % d.newPredicates.length;
      const p = d.newPredicates[k];
      d.malformedLines.push(`(${p.name} ${p.params.map((x) => x.name).join(' ')}): ${p.description}`.replace(' )', ')'));
      d.newPredicates = d.newPredicates.filter((_, i) => i !== k);
      return p.params.length > 0;
    }
    case 'wrong-arity': {
      const hs = preAtoms.filter((h) => h.args.length > 0);
      if (hs.length === 0) return false;
      const h = hs[e.at % hs.length];
      d.preconditions = replaceAt(d.preconditions, h, `(${h.pred} ${h.args.slice(0, -1).join(' ')})`.replace(' )', ')'));
      return true;
    }
    case 'unknown-parameter': {
      const hs = preAtoms.filter((h) => h.args.some((a) => a.startsWith('?')));
      if (hs.length === 0) return false;
      const h = hs[e.at % hs.length];
      let done = false;
      const args = h.args.map((a) => (!done && a.startsWith('?') ? ((done = true), `${a}1`) : a));
      d.preconditions = replaceAt(d.preconditions, h, `(${h.pred} ${args.join(' ')})`);
      return true;
    }
    case 'type-mismatch': {
      const typeOf = new Map(d.parameters.map((p) => [p.name, p.type]));
      const hs = preAtoms.filter((h) => h.args.length === 2 && typeOf.get(h.args[0]) !== undefined && typeOf.get(h.args[1]) !== undefined && typeOf.get(h.args[0]) !== typeOf.get(h.args[1]));
      if (hs.length === 0) return false;
      const h = hs[e.at % hs.length];
      d.preconditions = replaceAt(d.preconditions, h, `(${h.pred} ${h.args[1]} ${h.args[0]})`);
      return true;
    }
    case 'undeclared-predicate': {
      if (preAtoms.length === 0) return false;
      const h = preAtoms[e.at % preAtoms.length];
      d.preconditions = replaceAt(d.preconditions, h, `(${h.pred}-now${h.args.map((a) => ` ${a}`).join('')})`);
      return true;
    }
    case 'missing-precondition': {
      const top = preAtoms;
      if (top.length < 2) return false;
      const h = top[e.at % top.length];
      const before = d.preconditions.slice(0, h.start).replace(/\(\s*not\s*$/, '');
      if (before.length !== d.preconditions.slice(0, h.start).length) return false; // keep it simple: only positive atoms
      d.preconditions = (d.preconditions.slice(0, h.start) + d.preconditions.slice(h.end)).replace(/\n\s*\n/g, '\n');
      return true;
    }
  }
}

/** The answer text for a gold action with the given errors still present. */
export function renderWithErrors(gold: ActionModel, goldPredicates: readonly PredicateDef[], dictionary: readonly PredicateDef[], errors: readonly Injected[]): { text: string; applied: Injected[] } {
  const known = new Set(dictionary.map((p) => p.name));
  const used = new Set(atoms(`${gold.preconditions} ${gold.effects}`).map((h) => h.pred.toLowerCase()));
  const d: Draft = {
    parameters: gold.parameters.map((p) => ({ ...p })),
    preconditions: gold.preconditions,
    effects: gold.effects,
    newPredicates: goldPredicates.filter((p) => used.has(p.name) && !known.has(p.name)),
    malformedLines: [],
  };
  const applied = errors.filter((e) => apply(d, e, dictionary));
  let text = formatActionAnswer(d);
  if (d.malformedLines.length > 0) {
    const lines = d.malformedLines.map((l, i) => `${d.newPredicates.length + i + 1}. ${l}`).join('\n');
    text = d.newPredicates.length === 0 ? text.replace(/New Predicates:\nNo newly defined predicate$/, `New Predicates:\n${lines}`) : `${text}\n${lines}`;
  }
  return { text, applied };
}

/** Draws the errors of a first answer: with probability errorRate one syntax error, with factualRate a dropped precondition. */
export function drawErrors(rng: Rng, errorRate: number, factualRate: number): Injected[] {
  const out: Injected[] = [];
  if (rng.chance(errorRate)) out.push({ kind: rng.pick(SYNTAX_ERROR_KINDS), at: rng.int(16) });
  if (rng.chance(factualRate)) out.push({ kind: 'missing-precondition', at: rng.int(16) });
  return out;
}

/** Per-dialogue memory of the errors still in the synthetic model's answer (keyed by the dialogue's opening). */
export class DialogueMemory {
  private readonly byTruth = new WeakMap<object, Map<string, Injected[]>>();
  get(truth: object, key: string): Injected[] | undefined {
    return this.byTruth.get(truth)?.get(key);
  }
  set(truth: object, key: string, errors: Injected[]): void {
    let m = this.byTruth.get(truth);
    if (!m) this.byTruth.set(truth, (m = new Map()));
    m.set(key, errors);
  }
}

export function goldAction(truth: ActionModelTruth, name: string): ActionModel | undefined {
  return truth.gold.actions.find((a) => a.name === name);
}

export type { SyntheticContext };
