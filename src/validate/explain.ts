/**
 * Plain-language renderings of validation failures: `b is not clear`,
 * `(on a b) is true`, and the one-line explanation of a verdict.
 */
import type { Unsat } from './condition.js';
import type { ValidationResult } from './result.js';
import { editDistance } from '../core/edit-distance.js';

const PREPOSITIONS = new Set(['at', 'in', 'on', 'near', 'by', 'to', 'from', 'of', 'under', 'over', 'inside', 'above', 'below', 'with']);

/** A short phrase for one failing literal or disjunction. */
export function describeUnsat(u: Unsat): string {
  const lit = u.literal;
  if (!lit) return u.phrase ?? `${u.text} is false`;
  const { predicate, args, positive } = lit;
  if (predicate === '=') {
    return positive ? `${args[0]} and ${args[1]} are different objects` : `${args[0]} and ${args[1]} are the same object`;
  }
  // A unary predicate that is one adjective-like word reads as "x is (not) p" (`b is not clear`,
  // `milk is not cold`); verbs ("holding"), prepositions ("at") and compounds ("robot-at",
  // "in-reach") do not: "counter is not robot at" says nothing, so they keep the literal.
  if (args.length === 1 && /^[a-z]+$/i.test(predicate) && !/ing$/i.test(predicate) && !PREPOSITIONS.has(predicate.toLowerCase())) {
    return positive ? `${args[0]} is not ${predicate}` : `${args[0]} is ${predicate}`;
  }
  const key = args.length ? `(${predicate} ${args.join(' ')})` : `(${predicate})`;
  return positive ? `${key} is false` : `${key} is true`;
}

/** `step 4 (pick-up b)` */
export function stepLabel(stepIndex: number, action: string): string {
  return `step ${stepIndex + 1} ${action}`;
}

/** `b is not clear — unsatisfied precondition (clear b)` */
export function preconditionMessage(unsat: readonly Unsat[]): string {
  const phrases = limitList(unsat.map(describeUnsat), 4, '; ');
  const noun = unsat.length === 1 ? 'unsatisfied precondition' : 'unsatisfied preconditions';
  return `${phrases} — ${noun} ${limitList(unsat.map((u) => u.text), 8, ', ')}`;
}

/** `goal not reached after 8 steps: 2 unmet goal conditions (on a b), (on b c)` */
export function goalMessage(unsat: readonly Unsat[], length: number): string {
  const noun = unsat.length === 1 ? 'unmet goal condition' : `unmet goal conditions`;
  const count = unsat.length === 1 ? '' : `${unsat.length} `;
  return `goal not reached after ${length} step${length === 1 ? '' : 's'}: ${count}${noun} ${limitList(unsat.map((u) => u.text), 12, ', ')}`;
}

/** One line for any verdict: `Plan valid: cost 12, 12 steps` or the explanation. */
export function explainResult(result: ValidationResult): string {
  if (result.status === 'valid') return `Plan valid: cost ${result.cost}, ${result.length} step${result.length === 1 ? '' : 's'}`;
  return result.explanation;
}

function limitList(items: readonly string[], max: number, sep: string): string {
  if (items.length <= max) return items.join(sep);
  return `${items.slice(0, max).join(sep)}${sep}... (${items.length - max} more)`;
}

/** The closest candidate within edit distance max(1, a third of the name's length), if any. */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}
