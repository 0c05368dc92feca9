/**
 * The LM-cut heuristic (Helmert & Domshlak, "Landmarks, critical paths and
 * abstractions: what's the difference anyway?", ICAPS 2009). Repeatedly:
 * compute h_max under the remaining costs, pick for every relaxed operator a
 * precondition of maximal h_max (its supporter), find the goal zone (facts
 * from which the goal is reached through zero-cost operators of the
 * justification graph), cut the operators that enter the zone from the part
 * reachable from the state without passing through it, add the cut's minimum
 * cost to h and subtract it from the cut operators. Admissible. Conditional
 * effects use the auxiliary "fired" fact encoding so each operator's cost is
 * counted at most once per landmark.
 */
import type { CompiledTask, CostType } from '../compiled-task.js';
import type { Heuristic } from './heuristic.js';
import { MinHeap } from './min-heap.js';
import { initialFacts, RelaxedTask } from '../delete-relaxation/relaxed-task.js';

export function lmCutHeuristic(task: CompiledTask, options: { costType?: CostType } = {}): Heuristic {
  const costType = options.costType ?? 'normal';
  const r = new RelaxedTask(task, { costType, auxForConditional: true, artificialInit: true });
  // Add the artificial goal fact and goal operator.
  const GOAL = r.numFacts;
  const nf = r.numFacts + 1;
  const goalOp = r.numOps;
  const no = r.numOps + 1;
  const preStart = new Int32Array(no + 1);
  preStart.set(r.preStart);
  const goalPre = r.goals.length > 0 ? Array.from(r.goals) : [r.initFact];
  preStart[no] = r.preStart[r.numOps] + goalPre.length;
  const pre = new Int32Array(preStart[no]);
  pre.set(r.pre);
  pre.set(goalPre, r.pre.length);
  const effStart = new Int32Array(no + 1);
  effStart.set(r.effStart);
  effStart[no] = r.effStart[r.numOps] + 1;
  const eff = new Int32Array(effStart[no]);
  eff.set(r.eff);
  eff[eff.length - 1] = GOAL;
  const base = new Float64Array(no);
  base.set(r.baseCost);
  base[goalOp] = 0;
  const precondOfLists: number[][] = Array.from({ length: nf }, () => []);
  const achieverLists: number[][] = Array.from({ length: nf }, () => []);
  for (let u = 0; u < no; u++) {
    for (let k = preStart[u]; k < preStart[u + 1]; k++) precondOfLists[pre[k]].push(u);
    for (let k = effStart[u]; k < effStart[u + 1]; k++) achieverLists[eff[k]].push(u);
  }
  const flat = (lists: number[][]): { s: Int32Array; d: Int32Array } => {
    const s = new Int32Array(lists.length + 1);
    let t = 0;
    lists.forEach((l, i) => {
      s[i] = t;
      t += l.length;
    });
    s[lists.length] = t;
    const d = new Int32Array(t);
    let k = 0;
    for (const l of lists) for (const v of l) d[k++] = v;
    return { s, d };
  };
  const { s: pcs, d: pc } = flat(precondOfLists);
  const { s: achs, d: ach } = flat(achieverLists);
  const numPre = new Int32Array(no);
  for (let u = 0; u < no; u++) numPre[u] = preStart[u + 1] - preStart[u];

  const remaining = new Float64Array(no);
  const factCost = new Float64Array(nf);
  const opCost = new Float64Array(no);
  const unsat = new Int32Array(no);
  const pcf = new Int32Array(no);
  const done = new Uint8Array(nf);
  const zone = new Uint8Array(nf);
  const seen = new Uint8Array(nf);
  const inCut = new Uint8Array(no);
  const heap = new MinHeap(1024);
  const stack: number[] = [];
  const cut: number[] = [];
  const seeds: number[] = [];
  const EPS = 1e-9;

  const hmax = (state: Uint32Array): void => {
    factCost.fill(Infinity);
    done.fill(0);
    unsat.set(numPre);
    pcf.fill(-1);
    heap.clear();
    for (let u = 0; u < no; u++) opCost[u] = -Infinity;
    const numSeeds = initialFacts(r, state, seeds);
    for (let i = 0; i < numSeeds; i++) {
      factCost[seeds[i]] = 0;
      heap.push(0, seeds[i]);
    }
    while (heap.size > 0) {
      const c = heap.peekKey();
      const f = heap.pop();
      if (done[f] === 1 || c > factCost[f]) continue;
      done[f] = 1;
      for (let k = pcs[f], e = pcs[f + 1]; k < e; k++) {
        const u = pc[k];
        if (c > opCost[u]) {
          opCost[u] = c;
          pcf[u] = f;
        }
        if (--unsat[u] === 0) {
          const oc = opCost[u] + remaining[u];
          for (let j = effStart[u], je = effStart[u + 1]; j < je; j++) {
            const g = eff[j];
            if (oc < factCost[g]) {
              factCost[g] = oc;
              heap.push(oc, g);
            }
          }
        }
      }
    }
  };

  return {
    name: 'lmcut',
    admissible: true,
    providesPreferred: false,
    evaluate(state, preferred) {
      if (preferred) preferred.length = 0;
      remaining.set(base);
      let h = 0;
      for (;;) {
        hmax(state);
        const gc = factCost[GOAL];
        if (gc === Infinity) return Infinity;
        if (gc <= EPS) return h;
        // Goal zone: backward from GOAL through zero-cost justification edges.
        zone.fill(0);
        zone[GOAL] = 1;
        stack.length = 0;
        stack.push(GOAL);
        while (stack.length > 0) {
          const f = stack.pop() as number;
          for (let k = achs[f], e = achs[f + 1]; k < e; k++) {
            const u = ach[k];
            if (unsat[u] !== 0 || remaining[u] > EPS) continue;
            const p = pcf[u];
            if (zone[p] === 0) {
              zone[p] = 1;
              stack.push(p);
            }
          }
        }
        // Forward from the state (and the init fact) without entering the zone.
        seen.fill(0);
        stack.length = 0;
        cut.length = 0;
        const numSeeds = initialFacts(r, state, seeds);
        for (let i = 0; i < numSeeds; i++) {
          seen[seeds[i]] = 1;
          stack.push(seeds[i]);
        }
        while (stack.length > 0) {
          const f = stack.pop() as number;
          for (let k = pcs[f], e = pcs[f + 1]; k < e; k++) {
            const u = pc[k];
            if (unsat[u] !== 0 || pcf[u] !== f) continue;
            for (let j = effStart[u], je = effStart[u + 1]; j < je; j++) {
              const g = eff[j];
              if (zone[g] === 1) {
                if (inCut[u] === 0) {
                  inCut[u] = 1;
                  cut.push(u);
                }
              } else if (seen[g] === 0) {
                seen[g] = 1;
                stack.push(g);
              }
            }
          }
        }
        let m = Infinity;
        for (const u of cut) m = Math.min(m, remaining[u]);
        if (!(m > EPS) || m === Infinity) {
          // Cannot happen for a correct cut; stop with what we have (still admissible).
          for (const u of cut) inCut[u] = 0;
          return h;
        }
        h += m;
        for (const u of cut) {
          remaining[u] -= m;
          inCut[u] = 0;
        }
      }
    },
  };
}
