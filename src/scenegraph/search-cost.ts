/**
 * Expected search cost (GAVEL §III-B). For an unlocalized object with
 * candidate rooms r_1..r_K ordered by decreasing belief (ties: nearer first),
 * finding it in the k-th room costs
 *   κ_k = D(x, r_1) + Σ_{m<k} [s(r_m) + D(r_m, r_{m+1})] + η s(r_k),
 * with s(r) = A_trav(r) / w_cov, and C_srch = Σ_k b(r_k) κ_k / Z.
 * Task costs chain these over a task's stops (objects it must reach in
 * order), taking the expectation over where each uncertain object is found;
 * h[j] and A[i][j] (Eq. 7) follow.
 */
import type { RoomBelief } from './belief.js';
import type { Scene } from './scene.js';

export interface CostModel {
  scene: Scene;
  /** Effective sensor coverage width w_cov in metres (seed: 1.2). */
  wcov: number;
  /** Expected fraction of a room searched before detection, η ∈ [0, 1] (default 0.5). */
  eta: number;
}

export function costModel(scene: Scene, opts: { wcov?: number; eta?: number } = {}): CostModel {
  return { scene, wcov: opts.wcov ?? 1.2, eta: opts.eta ?? 0.5 };
}

/** s(r) = A_trav(r) / w_cov. */
export function sweepCost(m: CostModel, room: string): number {
  return (m.scene.rooms.get(room)?.area ?? 0) / m.wcov;
}

/** The search order: reachable candidate rooms by decreasing belief, nearer first on ties, then by id. */
export function searchOrder(m: CostModel, from: string, b: RoomBelief): string[] {
  return [...b.entries()]
    .filter(([r, p]) => p > 0 && Number.isFinite(m.scene.roomDistance(from, r)))
    .sort((x, y) => y[1] - x[1] || m.scene.roomDistance(from, x[0]) - m.scene.roomDistance(from, y[0]) || x[0].localeCompare(y[0]))
    .map(([r]) => r);
}

/** κ_1..κ_K for the search order from room `from`. */
export function kappas(m: CostModel, from: string, order: readonly string[]): number[] {
  const out: number[] = [];
  let walked = 0; // D(x, r_1) + Σ_{m<k} [s(r_m) + D(r_m, r_{m+1})]
  for (let k = 0; k < order.length; k++) {
    walked += k === 0 ? m.scene.roomDistance(from, order[0]) : sweepCost(m, order[k - 1]) + m.scene.roomDistance(order[k - 1], order[k]);
    out.push(walked + m.eta * sweepCost(m, order[k]));
  }
  return out;
}

/** C_srch(x, o; B): the expected cost of finding an object with belief `b` from room `from`. */
export function expectedSearchCost(m: CostModel, from: string, b: RoomBelief): number {
  const order = searchOrder(m, from, b);
  const ks = kappas(m, from, order);
  let z = 0;
  let c = 0;
  order.forEach((r, k) => {
    const p = b.get(r) as number;
    z += p;
    c += p * ks[k];
  });
  return z > 0 ? c / z : Infinity;
}

/** A stop of a task: an object in a known room, or one with a room belief. */
export type Stop = { room: string } | { belief: RoomBelief };

/** Expected cost of visiting `stops` in order from `from`, and the distribution of the end room. */
export function taskCost(m: CostModel, from: string, stops: readonly Stop[]): { cost: number; end: Map<string, number> } {
  const memo = new Map<string, { cost: number; end: Map<string, number> }>();
  const go = (i: number, cur: string): { cost: number; end: Map<string, number> } => {
    if (i === stops.length) return { cost: 0, end: new Map([[cur, 1]]) };
    const key = `${i}|${cur}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const s = stops[i];
    let res: { cost: number; end: Map<string, number> };
    if ('room' in s) {
      const rest = go(i + 1, s.room);
      res = { cost: m.scene.roomDistance(cur, s.room) + rest.cost, end: rest.end };
    } else {
      const order = searchOrder(m, cur, s.belief);
      const ks = kappas(m, cur, order);
      let z = 0;
      for (const r of order) z += s.belief.get(r) as number;
      let cost = 0;
      const end = new Map<string, number>();
      order.forEach((r, k) => {
        const p = (s.belief.get(r) as number) / z;
        const rest = go(i + 1, r);
        cost += p * (ks[k] + rest.cost);
        for (const [e, q] of rest.end) end.set(e, (end.get(e) ?? 0) + p * q);
      });
      res = z > 0 ? { cost, end } : { cost: Infinity, end: new Map([[cur, 1]]) };
    }
    memo.set(key, res);
    return res;
  };
  return go(0, from);
}

/** h[j]: expected cost of doing task j first from `from`; A[i][j]: of doing j right after i (Eq. 7). */
export function costMatrices(m: CostModel, from: string, tasks: readonly (readonly Stop[])[]): { h: number[]; A: number[][] } {
  const first = tasks.map((t) => taskCost(m, from, t));
  const h = first.map((r) => r.cost);
  const A = tasks.map((_, i) =>
    tasks.map((tj, j) => {
      if (i === j) return 0;
      let c = 0;
      for (const [r, p] of first[i].end) c += p * taskCost(m, r, tj).cost;
      return c;
    }),
  );
  return { h, A };
}
