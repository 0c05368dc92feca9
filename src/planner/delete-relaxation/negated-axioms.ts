/**
 * Relaxed rules for "not d", d a derived fact, as Fast Downward's default
 * (`approximate_negative_cycles`) computes negated axioms: d is false exactly
 * when every axiom deriving d has a false condition, so "not d" is derived by
 * one zero-cost relaxed rule per way of picking one falsified condition from
 * each of d's axioms (a positive condition f picked as "not f", a negative one
 * ¬f as f). A derived fact whose axioms have a positive condition on their own
 * layer (possibly recursive), or whose pick combinations exceed a bound, is
 * approximated instead: its negation counts as always true.
 */
import type { GroundAxiom } from '../task.js';

/** Largest number of relaxed rules for the negation of one derived fact. */
const MAX_RULES = 64;

export interface NegatedAxioms {
  /** The relaxed fact "not f" (registered through `neg`), or undefined when approximated as true. */
  negate(f: number): number | undefined;
  /** The relaxed rules found so far: `pre` derives the negated fact `head`. */
  rules: { pre: number[]; head: number }[];
}

/**
 * `neg(f)` registers the relaxed fact "not f"; basic facts are negated through it as
 * before (operators deleting f achieve it), derived ones get the rules above.
 */
export function negatedAxioms(axioms: readonly GroundAxiom[], isDerived: Uint8Array, neg: (f: number) => number): NegatedAxioms {
  const byHead = new Map<number, GroundAxiom[]>();
  const layerOf = new Map<number, number>();
  for (const ax of axioms) {
    const list = byHead.get(ax.head);
    if (list) list.push(ax);
    else byHead.set(ax.head, [ax]);
    layerOf.set(ax.head, ax.layer);
  }
  const rules: { pre: number[]; head: number }[] = [];
  const decided = new Map<number, number | undefined>();
  const exact = (d: number): boolean => {
    let combos = 1;
    for (const ax of byHead.get(d) ?? []) {
      if (ax.pos.some((f) => isDerived[f] && layerOf.get(f) === ax.layer)) return false;
      combos *= ax.pos.length + ax.neg.length;
      if (combos > MAX_RULES) return false;
    }
    return true;
  };
  const negate = (f: number): number | undefined => {
    if (!isDerived[f]) return neg(f);
    if (decided.has(f)) return decided.get(f);
    if (!exact(f)) {
      decided.set(f, undefined);
      return undefined;
    }
    const head = neg(f);
    decided.set(f, head);
    // every combination of one falsified condition per axiom (lower layers only, so this terminates)
    let combos: number[][] = [[]];
    for (const ax of byHead.get(f) ?? []) {
      const picks: number[][] = [];
      for (const p of ax.pos) {
        const n = negate(p);
        picks.push(n === undefined ? [] : [n]);
      }
      for (const p of ax.neg) picks.push([p]);
      combos = combos.flatMap((c) => picks.map((p) => [...c, ...p]));
    }
    for (const c of combos) rules.push({ pre: [...new Set(c)], head });
    return head;
  };
  return { negate, rules };
}
