/**
 * Sorted integer-list helpers for assembling ground operators (fact id lists are
 * kept sorted and duplicate-free so they compare and intersect by merging).
 */
import type { ConditionalEffect, GroundOperator } from '../planner/task.js';

/** `a`'s precondition is a subset of `b`'s (sorted lists): `a` applies wherever `b` does. */
export function dominates(a: GroundOperator, b: GroundOperator): boolean {
  return isSubset(a.pre, b.pre) && isSubset(a.preNeg, b.preNeg);
}

export function isSubset(a: readonly number[], b: readonly number[]): boolean {
  if (a.length > b.length) return false;
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j] < x) j++;
    if (j === b.length || b[j] !== x) return false;
    j++;
  }
  return true;
}

/** A shared, frozen empty list (mutating it throws). */
export const EMPTY: number[] = Object.freeze([]) as unknown as number[];

/** Sorts and dedups a list this module owns, in place; empty lists become EMPTY. */
export function sortUniqInPlace(out: number[]): number[] {
  const n = out.length;
  if (n === 0) return EMPTY;
  if (n === 1) return out;
  if (n > 24) out.sort((a, b) => a - b);
  else {
    for (let i = 1; i < n; i++) {
      const x = out[i];
      let j = i - 1;
      while (j >= 0 && out[j] > x) {
        out[j + 1] = out[j];
        j--;
      }
      out[j + 1] = x;
    }
  }
  let k = 1;
  for (let i = 1; i < n; i++) if (out[i] !== out[k - 1]) out[k++] = out[i];
  out.length = k;
  return out;
}

/** Sorted `a` without the elements of sorted `b`. */
export function minusSorted(a: number[], b: readonly number[]): number[] {
  let j = 0;
  let k = 0;
  for (const x of a) {
    while (j < b.length && b[j] < x) j++;
    if (j < b.length && b[j] === x) continue;
    a[k++] = x;
  }
  if (k === 0) return EMPTY;
  a.length = k;
  return a;
}

export function intersects(a: readonly number[], b: readonly number[]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) return true;
    if (a[i] < b[j]) i++;
    else j++;
  }
  return false;
}

export function uniqSorted(xs: readonly number[]): number[] {
  const n = xs.length;
  if (n === 0) return [];
  if (n === 1) return [xs[0]];
  if (n === 2) return xs[0] < xs[1] ? [xs[0], xs[1]] : xs[0] > xs[1] ? [xs[1], xs[0]] : [xs[0]];
  return sortUniqInPlace(xs.slice());
}

/** Conditional effects with identical conditions are merged; lists sorted. */
export function mergeConditional(cs: ConditionalEffect[]): ConditionalEffect[] {
  if (cs.length === 0) return cs;
  const byCond = new Map<string, ConditionalEffect>();
  for (const c of cs) {
    const condPos = uniqSorted(c.condPos);
    const condNeg = uniqSorted(c.condNeg);
    const k = `${condPos.join(',')}|${condNeg.join(',')}`;
    const prev = byCond.get(k);
    if (prev) {
      prev.add.push(...c.add);
      prev.del.push(...c.del);
    } else byCond.set(k, { condPos, condNeg, add: [...c.add], del: [...c.del] });
  }
  const out = [...byCond.values()];
  for (const c of out) {
    c.add = uniqSorted(c.add);
    c.del = uniqSorted(c.del);
  }
  return out;
}

