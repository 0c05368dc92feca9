/**
 * Precondition sets as sorted lists without repeats, their 32-bit hashes and
 * equality: shared by the dominated-effects pruning and the exploration's
 * operator groups.
 */

/** `p` ascending without repeats (`p` itself when it already is and is an array). */
export function sortedSet(p: readonly number[] | Int32Array): readonly number[] {
  for (let i = 1; i < p.length; i++) if (p[i] <= p[i - 1]) return [...new Set(p)].sort((a, b) => a - b);
  return Array.isArray(p) ? p : Array.from(p);
}

/** 32-bit hash of (seed, the preconditions `mask` selects from the sorted `pre`; -1 selects all). */
export function preconditionKey(seed: number, pre: readonly number[], mask: number): number {
  let h = Math.imul(seed + 1, 0x9e3779b1);
  for (let i = 0; i < pre.length; i++) {
    if (((mask >>> i) & 1) === 0) continue;
    h = Math.imul(h ^ (pre[i] + 0x632be5ab), 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h | 0;
}

/** Whether the preconditions of `mask` over sorted `pre` (-1: all) equal the sorted list `other`. */
export function sameSubset(pre: readonly number[], mask: number, other: readonly number[]): boolean {
  let j = 0;
  for (let i = 0; i < pre.length; i++) {
    if (((mask >>> i) & 1) === 0) continue;
    if (j >= other.length || other[j] !== pre[i]) return false;
    j++;
  }
  return j === other.length;
}
