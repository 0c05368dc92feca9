/**
 * Relaxed operators grouped by (preconditions, cost). Members of a group
 * become applicable at the same moment with the same cost in any exploration
 * (hiking's drive operators differ only in a static destination), so an
 * exploration can keep one counter per group and walk the group's effects
 * together. Computed once per relaxed task and shared (h_FF, h_add and the
 * landmark count's relaxed plans explore the same one); never modified.
 */
import { csr } from '../csr.js';
import { preconditionKey, sameSubset, sortedSet } from './precondition-sets.js';
import type { RelaxedTask } from './relaxed-task.js';

export interface OperatorGroups {
  readonly numGroups: number;
  readonly baseCost: Float64Array;
  /** Distinct preconditions per group. */
  readonly numPre: Int32Array;
  /** Per group, its effects (facts) and the relaxed operator of each: the lowest-numbered member adding it. */
  readonly effStart: Int32Array;
  readonly eff: Int32Array;
  readonly effOp: Int32Array;
  /** Groups having fact f as precondition: CSR over facts. */
  readonly precondOfStart: Int32Array;
  readonly precondOf: Int32Array;
  readonly noPre: Int32Array;
}

const cache = new WeakMap<RelaxedTask, OperatorGroups>();

export function operatorGroupsOf(relaxed: RelaxedTask): OperatorGroups {
  let g = cache.get(relaxed);
  if (!g) {
    g = build(relaxed);
    cache.set(relaxed, g);
  }
  return g;
}

function build(relaxed: RelaxedTask): OperatorGroups {
  const nf = relaxed.numFacts;
  const no = relaxed.numOps;
  const byHash = new Map<number, number[]>();
  const pres: (readonly number[])[] = [];
  const members: number[][] = [];
  const base: number[] = [];
  for (let u = 0; u < no; u++) {
    const pre = sortedSet(relaxed.pre.subarray(relaxed.preStart[u], relaxed.preStart[u + 1]));
    const c = relaxed.baseCost[u];
    const h = preconditionKey(Math.trunc(c * 1024), pre, -1);
    let candidates = byHash.get(h);
    if (!candidates) byHash.set(h, (candidates = []));
    let gi = candidates.find((x) => base[x] === c && sameSubset(pre, -1, pres[x])) ?? -1;
    if (gi < 0) {
      gi = pres.length;
      candidates.push(gi);
      pres.push(pre);
      members.push([]);
      base.push(c);
    }
    members[gi].push(u);
  }
  const ng = pres.length;
  let numPre: Int32Array;
  let effStart: Int32Array;
  let eff: Int32Array;
  let effOp: Int32Array;
  let precondOfStart: Int32Array;
  let precondOf: Int32Array;
  if (ng === no) {
    // Nothing shared: group u is relaxed operator u; use the relaxed task's own arrays.
    numPre = Int32Array.from({ length: no }, (_, u) => relaxed.preStart[u + 1] - relaxed.preStart[u]);
    ({ effStart, eff, precondOfStart, precondOf } = relaxed);
    effOp = new Int32Array(eff.length);
    for (let u = 0; u < no; u++) effOp.fill(u, effStart[u], effStart[u + 1]);
  } else {
    const effs: number[][] = [];
    const effOps: number[][] = [];
    const seen = new Int32Array(nf).fill(-1);
    for (let gi = 0; gi < ng; gi++) {
      const e: number[] = [];
      const eo: number[] = [];
      for (const u of members[gi]) {
        for (let k = relaxed.effStart[u]; k < relaxed.effStart[u + 1]; k++) {
          const f = relaxed.eff[k];
          if (seen[f] === gi) continue; // a later member never improves on the first (same cost)
          seen[f] = gi;
          e.push(f);
          eo.push(u);
        }
      }
      effs.push(e);
      effOps.push(eo);
    }
    numPre = Int32Array.from(pres, (p) => p.length);
    ({ start: effStart, data: eff } = csr(effs));
    effOp = Int32Array.from(effOps.flat());
    const lists: number[][] = Array.from({ length: nf }, () => []);
    pres.forEach((p, gi) => p.forEach((f) => lists[f].push(gi)));
    ({ start: precondOfStart, data: precondOf } = csr(lists));
  }
  const noPre: number[] = [];
  for (let gi = 0; gi < ng; gi++) if (numPre[gi] === 0) noPre.push(gi);
  return { numGroups: ng, baseCost: Float64Array.from(base), numPre, effStart, eff, effOp, precondOfStart, precondOf, noPre: Int32Array.from(noPre) };
}
