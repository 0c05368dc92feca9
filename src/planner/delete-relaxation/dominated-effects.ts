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

const MAX_PRECONDITIONS_TO_TEST = 5;

/** 32-bit hash of (effect, the preconditions `mask` selects from the sorted `pre`; -1 selects all). */
function keyOf(effect: number, pre: readonly number[], mask: number): number {
  let h = Math.imul(effect + 1, 0x9e3779b1);
  for (let i = 0; i < pre.length; i++) {
    if (((mask >>> i) & 1) === 0) continue;
    h = Math.imul(h ^ (pre[i] + 0x632be5ab), 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h | 0;
}

/** Whether the preconditions of `mask` over sorted `pre` equal the sorted list `other`. */
function sameSubset(pre: readonly number[], mask: number, other: readonly number[]): boolean {
  let j = 0;
  for (let i = 0; i < pre.length; i++) {
    if (((mask >>> i) & 1) === 0) continue;
    if (j >= other.length || other[j] !== pre[i]) return false;
    j++;
  }
  return j === other.length;
}

/**
 * Removes dominated effects from `effs` in place (operators are indices into
 * the three parallel lists; an operator may end with no effect). Returns the
 * number of effects removed.
 */
export function pruneDominatedEffects(pres: readonly number[][], effs: number[][], costs: readonly number[]): number {
  const sorted = pres.map((p) => [...new Set(p)].sort((a, b) => a - b));
  // Every (operator, effect) under the hash of (effect, its whole precondition set).
  const byKey = new Map<number, number[]>();
  for (let u = 0; u < effs.length; u++) {
    for (const e of effs[u]) {
      const k = keyOf(e, sorted[u], -1);
      const list = byKey.get(k);
      if (list) list.push(u);
      else byKey.set(k, [u]);
    }
  }
  /** Whether an operator with precondition set `mask` of pre(u2) (-1: all of it) dominates effect e of u2. */
  const dominatedBy = (u2: number, e: number, mask: number): boolean => {
    const pre = sorted[u2];
    const strictSubset = mask !== -1;
    const list = byKey.get(keyOf(e, pre, mask));
    if (!list) return false;
    for (const u1 of list) {
      if (u1 === u2 || !effs[u1].includes(e)) continue;
      if (!sameSubset(pre, mask, sorted[u1])) continue;
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
        for (let mask = 0; mask < full && !dominated; mask++) dominated = dominatedBy(u2, e, mask);
      }
      if (dominated) removed++;
      else keep.push(e);
    }
    if (keep.length !== effs[u2].length) effs[u2] = keep;
  }
  return removed;
}
