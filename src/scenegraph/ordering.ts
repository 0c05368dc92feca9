/**
 * Belief-aware task ordering (GAVEL Eq. 7, §IV-G): J(ς) = h[ς_1] +
 * Σ_p A[ς_{p-1}, ς_p]. Up to `exactLimit` tasks (default 6, 720 orders) every
 * permutation is enumerated and sorted by J; beyond that a stated heuristic
 * is used: greedy nearest-next construction from every possible first task,
 * each improved by 2-opt (segment reversal) and or-opt (single moves) until
 * no move lowers J. Orderings are tried in increasing J and the first one
 * the `valid` callback accepts (no cross-task interference when the plans
 * are concatenated) is returned.
 */

import type { Goal, PlanStep } from './types.js';

export function orderCost(h: readonly number[], A: readonly (readonly number[])[], order: readonly number[]): number {
  if (order.length === 0) return 0;
  let c = h[order[0]];
  for (let p = 1; p < order.length; p++) c += A[order[p - 1]][order[p]];
  return c;
}

export function* permutations(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const p of permutations(rest)) yield [items[i], ...p];
  }
}

function improve(h: readonly number[], A: readonly (readonly number[])[], start: number[]): number[] {
  let best = start;
  let bestC = orderCost(h, A, best);
  for (let changed = true; changed; ) {
    changed = false;
    const n = best.length;
    for (let i = 0; i < n && !changed; i++) {
      for (let j = i + 1; j < n && !changed; j++) {
        const rev = [...best.slice(0, i), ...best.slice(i, j + 1).reverse(), ...best.slice(j + 1)];
        const c = orderCost(h, A, rev);
        if (c < bestC - 1e-9) [best, bestC, changed] = [rev, c, true];
      }
    }
    for (let i = 0; i < n && !changed; i++) {
      for (let j = 0; j < n && !changed; j++) {
        if (i === j) continue;
        const moved = best.slice();
        const [x] = moved.splice(i, 1);
        moved.splice(j, 0, x);
        const c = orderCost(h, A, moved);
        if (c < bestC - 1e-9) [best, bestC, changed] = [moved, c, true];
      }
    }
  }
  return best;
}

/** Candidate orderings of tasks 0..n-1, cheapest first (all of them up to `exactLimit` tasks). */
export function rankedOrders(h: readonly number[], A: readonly (readonly number[])[], exactLimit = 6): { order: number[]; cost: number }[] {
  const n = h.length;
  const ids = Array.from({ length: n }, (_, i) => i);
  const out: { order: number[]; cost: number }[] = [];
  if (n <= exactLimit) {
    for (const p of permutations(ids)) out.push({ order: p, cost: orderCost(h, A, p) });
  } else {
    const seen = new Set<string>();
    for (const s of ids) {
      const order = [s];
      const left = new Set(ids.filter((i) => i !== s));
      while (left.size > 0) {
        let nxt = -1;
        for (const j of left) if (nxt < 0 || A[order[order.length - 1]][j] < A[order[order.length - 1]][nxt]) nxt = j;
        order.push(nxt);
        left.delete(nxt);
      }
      const o = improve(h, A, order);
      const k = o.join(',');
      if (!seen.has(k)) {
        seen.add(k);
        out.push({ order: o, cost: orderCost(h, A, o) });
      }
    }
  }
  out.sort((a, b) => a.cost - b.cost || a.order.join(',').localeCompare(b.order.join(',')));
  return out;
}

export interface OrderingResult {
  order: number[];
  cost: number;
  /** How many cheaper orderings were rejected by `valid`. */
  rejected: number;
  exact: boolean;
}

/** The cheapest ordering that `valid` accepts (or the cheapest overall, with `rejected` = all, when none is). */
export function chooseOrder(h: readonly number[], A: readonly (readonly number[])[], valid: (order: number[]) => boolean = () => true, exactLimit = 6): OrderingResult {
  const ranked = rankedOrders(h, A, exactLimit);
  const exact = h.length <= exactLimit;
  for (let i = 0; i < ranked.length; i++) {
    if (valid(ranked[i].order)) return { order: ranked[i].order, cost: ranked[i].cost, rejected: i, exact };
  }
  return { order: ranked[0]?.order ?? [], cost: ranked[0]?.cost ?? 0, rejected: ranked.length, exact };
}

/**
 * Cross-task interference check for an ordering (Algorithm 1, line 26): the
 * subplans concatenated in `order` must verify from `from` against the union
 * of the goals of the tasks in `order`.
 */
export function orderIsValid(
  verify: (plan: PlanStep[], goal: Goal) => { valid: boolean },
  subplans: readonly (readonly PlanStep[])[],
  goals: readonly Goal[],
  order: readonly number[],
): boolean {
  const plan = order.flatMap((i) => subplans[i]);
  const goal: Goal = { literals: order.flatMap((i) => goals[i].literals) };
  return verify(plan, goal).valid;
}
