/**
 * Dominated relaxed effects (Fast Downward's `RelaxationHeuristic::simplify`):
 * relaxed operator u1 dominates the effect e of u2 when u1 also adds e, pre(u1)
 * is a subset of pre(u2), cost(u1) <= cost(u2), and u1 is strictly better in
 * one of the two or, on a tie, comes first. Removing dominated effects changes
 * no h_add or h_max value (a dominated effect never reaches a fact cheaper) and
 * can shrink the exploration a lot: in hiking-like tasks every effect of the
 * six-parameter operators is also added by a smaller one.
 *
 * As FD, subsets are enumerated only for operators with at most
 * `MAX_PRECONDITIONS_TO_TEST` preconditions; larger ones are checked for exact
 * duplicates only. Not for the landmark graph (its orders read achievers).
 */

import { preconditionKey as keyOf, sameSubset, sortedSet } from './precondition-sets.js';

const MAX_PRECONDITIONS_TO_TEST = 5;

/**
 * Removes dominated effects from `effs` in place (operators are indices into
 * the three parallel lists; an operator may end with no effect). Returns the
 * number of effects removed.
 */
export function pruneDominatedEffects(pres: readonly number[][], effs: number[][], costs: readonly number[]): number {
  const sorted = pres.map(sortedSet);
  // Every (operator, effect) under the hash of (effect, its whole precondition set): a chained hash table in typed arrays.
  let m = 0;
  for (const e of effs) m += e.length;
  let size = 16;
  while (size < 2 * m) size *= 2;
  const mask = size - 1;
  const head = new Int32Array(size).fill(-1);
  const entryKey = new Int32Array(m);
  const entryOp = new Int32Array(m);
  const next = new Int32Array(m);
  let k = 0;
  for (let u = 0; u < effs.length; u++) {
    for (const e of effs[u]) {
      const h = keyOf(e, sorted[u], -1);
      entryKey[k] = h;
      entryOp[k] = u;
      next[k] = head[h & mask];
      head[h & mask] = k++;
    }
  }
  /** Whether an operator with precondition set `subset` (a bit mask) of pre(u2) (-1: all of it) dominates effect e of u2. */
  const dominatedBy = (u2: number, e: number, subset: number): boolean => {
    const pre = sorted[u2];
    const strictSubset = subset !== -1;
    const h = keyOf(e, pre, subset);
    for (let x = head[h & mask]; x >= 0; x = next[x]) {
      if (entryKey[x] !== h) continue;
      const u1 = entryOp[x];
      if (u1 === u2 || !effs[u1].includes(e)) continue;
      if (!sameSubset(pre, subset, sorted[u1])) continue;
      if (costs[u1] < costs[u2] || (costs[u1] === costs[u2] && (strictSubset || u1 < u2))) return true;
    }
    return false;
  };
  let removed = 0;
  for (let u2 = 0; u2 < effs.length; u2++) {
    const n = sorted[u2].length;
    const keep: number[] = [];
    for (const e of effs[u2]) {
      let dominated = dominatedBy(u2, e, -1);
      if (!dominated && n <= MAX_PRECONDITIONS_TO_TEST) {
        const full = (1 << n) - 1;
        for (let subset = 0; subset < full && !dominated; subset++) dominated = dominatedBy(u2, e, subset);
      }
      if (dominated) removed++;
      else keep.push(e);
    }
    if (keep.length !== effs[u2].length) effs[u2] = keep;
  }
  return removed;
}
