/**
 * Delete-relaxation heuristics computed by a generalized Dijkstra exploration
 * over relaxed operators (Bonet & Geffner 2001 for h_add / h_max; Hoffmann &
 * Nebel 2001 for h_FF). h_FF extracts a relaxed plan from the h_add best
 * supporters (as Fast Downward's `ff()` does) and counts each operator once;
 * preferred operators are the relaxed-plan operators applicable in the state.
 */
import type { CompiledTask, CostType } from '../compiled-task.js';
import { csr } from '../csr.js';
import type { Heuristic } from './heuristic.js';
import { BucketQueue, MinHeap } from './min-heap.js';
import { factHolds, initialFacts, RelaxedTask, relaxedTaskOf } from '../delete-relaxation/relaxed-task.js';

type Mode = 'add' | 'max';

/**
 * The shared exploration: fact costs and best supporters for one state at a time.
 *
 * Relaxed operators with the same preconditions and cost become applicable at the
 * same moment with the same cost (hiking's drive operators differ only in a
 * destination that is static), so the exploration keeps one counter per such
 * group and walks the group's effects together; `supporter` still names the
 * relaxed operator (the lowest-numbered member adding the fact). Fact costs are
 * those of the ungrouped exploration.
 */
export class RelaxedExploration {
  readonly relaxed: RelaxedTask;
  readonly factCost: Float64Array;
  readonly supporter: Int32Array;
  /** Number of operator groups (relaxed operators sharing preconditions and cost). */
  readonly numGroups: number;
  private readonly groupBase: Float64Array;
  private readonly groupCost: Float64Array;
  private readonly unsat: Int32Array;
  private readonly numPre: Int32Array;
  /** Per group, its effects (facts) and the relaxed operator of each. */
  private readonly effStart: Int32Array;
  private readonly eff: Int32Array;
  private readonly effOp: Int32Array;
  /** Groups having fact f as precondition: CSR over facts. */
  private readonly precondOfStart: Int32Array;
  private readonly precondOf: Int32Array;
  private readonly done: Int32Array;
  private readonly isGoal: Uint8Array;
  private readonly noPreGroups: Int32Array;
  private readonly heap: MinHeap | BucketQueue;
  private epoch = 0;
  private readonly mode: Mode;
  private readonly seeds: number[] = [];

  constructor(relaxed: RelaxedTask, mode: Mode) {
    this.relaxed = relaxed;
    this.mode = mode;
    const nf = relaxed.numFacts;
    const no = relaxed.numOps;
    this.factCost = new Float64Array(nf);
    this.supporter = new Int32Array(nf);
    // Group relaxed operators by (sorted distinct preconditions, cost), through a numeric hash.
    const byHash = new Map<number, number[]>();
    const pres: number[][] = [];
    const members: number[][] = [];
    const base: number[] = [];
    for (let u = 0; u < no; u++) {
      const pre = sortedDistinct(relaxed.pre.subarray(relaxed.preStart[u], relaxed.preStart[u + 1]));
      const c = relaxed.baseCost[u];
      let h = Math.imul(Math.trunc(c * 1024) ^ pre.length, 0x9e3779b1);
      for (const f of pre) h = Math.imul(h ^ f, 0x85ebca6b) ^ (h >>> 13);
      let candidates = byHash.get(h);
      if (!candidates) byHash.set(h, (candidates = []));
      let gi = -1;
      for (const cand of candidates) {
        if (base[cand] === c && sameList(pres[cand], pre)) {
          gi = cand;
          break;
        }
      }
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
    this.numGroups = ng;
    this.groupBase = Float64Array.from(base);
    this.groupCost = new Float64Array(ng);
    this.unsat = new Int32Array(ng);
    if (ng === no) {
      // Nothing shared: group u is relaxed operator u; use the relaxed task's own arrays.
      this.numPre = Int32Array.from({ length: no }, (_, u) => relaxed.preStart[u + 1] - relaxed.preStart[u]);
      this.effStart = relaxed.effStart;
      this.eff = relaxed.eff;
      this.effOp = new Int32Array(relaxed.eff.length);
      for (let u = 0; u < no; u++) this.effOp.fill(u, relaxed.effStart[u], relaxed.effStart[u + 1]);
      this.precondOfStart = relaxed.precondOfStart;
      this.precondOf = relaxed.precondOf;
    } else {
      const effs: number[][] = [];
      const effOps: number[][] = [];
      const seen = new Int32Array(nf).fill(-1);
      for (let gi = 0; gi < ng; gi++) {
        const e: number[] = [];
        const eo: number[] = [];
        for (const u of members[gi]) {
          for (let k = relaxed.effStart[u]; k < relaxed.effStart[u + 1]; k++) {
            const g = relaxed.eff[k];
            if (seen[g] === gi) continue; // a later member never improves on the first (same cost)
            seen[g] = gi;
            e.push(g);
            eo.push(u);
          }
        }
        effs.push(e);
        effOps.push(eo);
      }
      this.numPre = Int32Array.from(pres, (p) => p.length);
      ({ start: this.effStart, data: this.eff } = csr(effs));
      this.effOp = Int32Array.from(effOps.flat());
      const precondOf: number[][] = Array.from({ length: nf }, () => []);
      pres.forEach((p, gi) => p.forEach((f) => precondOf[f].push(gi)));
      ({ start: this.precondOfStart, data: this.precondOf } = csr(precondOf));
    }
    const noPre: number[] = [];
    for (let gi = 0; gi < ng; gi++) if (this.numPre[gi] === 0) noPre.push(gi);
    this.noPreGroups = Int32Array.from(noPre);
    let small = true;
    for (let u = 0; u < no; u++) if (!Number.isInteger(relaxed.baseCost[u]) || relaxed.baseCost[u] > 100) small = false;
    this.heap = small ? new BucketQueue() : new MinHeap(1024);
    this.done = new Int32Array(nf);
    this.isGoal = new Uint8Array(nf);
    this.setTargets(relaxed.goals);
  }

  private numTargets = 0;

  /** The facts `explore` stops at (default: the task's goals). */
  setTargets(facts: ArrayLike<number>): void {
    this.isGoal.fill(0);
    let n = 0;
    for (let i = 0; i < facts.length; i++) {
      if (this.isGoal[facts[i]] === 0) n++;
      this.isGoal[facts[i]] = 1;
    }
    this.numTargets = n;
  }

  /**
   * Computes fact costs from `state`. Stops once every goal is settled when
   * `stopAtGoals`. Returns false when some goal is unreachable.
   */
  explore(state: Uint32Array, stopAtGoals = true): boolean {
    const factCost = this.factCost;
    const supporter = this.supporter;
    const groupCost = this.groupCost;
    const unsat = this.unsat;
    const done = this.done;
    const heap = this.heap;
    const isAdd = this.mode === 'add';
    factCost.fill(Infinity);
    supporter.fill(-1);
    unsat.set(this.numPre);
    groupCost.set(this.groupBase);
    heap.clear();
    const epoch = ++this.epoch;
    let goalsLeft = this.numTargets;
    const seeds = this.seeds;
    const numSeeds = initialFacts(this.relaxed, state, seeds);
    for (let i = 0; i < numSeeds; i++) {
      factCost[seeds[i]] = 0;
      heap.push(0, seeds[i]);
    }
    const effStart = this.effStart;
    const eff = this.eff;
    const effOp = this.effOp;
    for (let i = 0; i < this.noPreGroups.length; i++) {
      const gi = this.noPreGroups[i];
      const c = groupCost[gi];
      for (let k = effStart[gi], e = effStart[gi + 1]; k < e; k++) {
        const g = eff[k];
        if (c < factCost[g]) {
          factCost[g] = c;
          supporter[g] = effOp[k];
          heap.push(c, g);
        }
      }
    }
    if (goalsLeft === 0) return true;
    const pcs = this.precondOfStart;
    const pc = this.precondOf;
    const base = this.groupBase;
    const isGoal = this.isGoal;
    while (heap.size > 0) {
      const c = heap.peekKey();
      const f = heap.pop();
      if (done[f] === epoch || c > factCost[f]) continue;
      done[f] = epoch;
      if (isGoal[f] === 1 && --goalsLeft === 0 && stopAtGoals) return true;
      for (let k = pcs[f], e = pcs[f + 1]; k < e; k++) {
        const gi = pc[k];
        if (isAdd) groupCost[gi] += c;
        else if (base[gi] + c > groupCost[gi]) groupCost[gi] = base[gi] + c;
        if (--unsat[gi] === 0) {
          const oc = groupCost[gi];
          for (let j = effStart[gi], je = effStart[gi + 1]; j < je; j++) {
            const g = eff[j];
            if (oc < factCost[g]) {
              factCost[g] = oc;
              supporter[g] = effOp[j];
              heap.push(oc, g);
            }
          }
        }
      }
    }
    return goalsLeft === 0;
  }
}

/** Relaxed-plan marking shared by h_FF, h_add's and the landmark count's preferred operators. */
export class RelaxedPlanMarker {
  private readonly factMark: Int32Array;
  private readonly opMark: Int32Array;
  private epoch = 0;
  private readonly stack: Int32Array;
  constructor(
    private readonly ex: RelaxedExploration,
    private readonly task: CompiledTask,
    private readonly costType: CostType,
  ) {
    this.factMark = new Int32Array(ex.relaxed.numFacts);
    this.stack = new Int32Array(ex.relaxed.numFacts);
    this.opMark = new Int32Array(task.numOps);
  }

  /** Marks the relaxed plan to `targets` (default: the goals); returns its cost; fills preferred if given. */
  mark(state: Uint32Array, preferred: number[] | undefined, targets: ArrayLike<number> = this.ex.relaxed.goals): number {
    const r = this.ex.relaxed;
    const sup = this.ex.supporter;
    const epoch = ++this.epoch;
    const stack = this.stack; // each fact enters at most once per call
    let sp = 0;
    let cost = 0;
    for (let i = 0; i < targets.length; i++) {
      const g = targets[i];
      if (this.factMark[g] !== epoch) {
        this.factMark[g] = epoch;
        stack[sp++] = g;
      }
    }
    while (sp > 0) {
      const f = stack[--sp];
      const u = sup[f];
      if (u < 0) continue;
      const op = r.opOf[u];
      const firstUse = op >= 0 && this.opMark[op] !== epoch; // an axiom (op -1) costs nothing and is never preferred
      if (firstUse) {
        this.opMark[op] = epoch;
        cost += this.task.adjustedCost(op, this.costType);
      }
      let applicable = true;
      for (let k = r.preStart[u], e = r.preStart[u + 1]; k < e; k++) {
        const p = r.pre[k];
        if (applicable && !factHolds(r, state, p)) applicable = false;
        if (this.factMark[p] !== epoch) {
          this.factMark[p] = epoch;
          stack[sp++] = p;
        }
      }
      if (preferred && applicable && firstUse) preferred.push(op);
    }
    return cost;
  }
}

export interface RelaxationOptions {
  costType?: CostType;
}

/** h_add (additive; not admissible). Preferred operators as for h_FF. */
export function addHeuristic(task: CompiledTask, options: RelaxationOptions = {}): Heuristic {
  const costType = options.costType ?? 'normal';
  const ex = new RelaxedExploration(relaxedTaskOf(task, costType, true), 'add');
  const marker = new RelaxedPlanMarker(ex, task, costType);
  const goals = ex.relaxed.goals;
  return {
    name: 'add',
    admissible: false,
    providesPreferred: true,
    evaluate(state, preferred) {
      if (preferred) preferred.length = 0;
      if (!ex.explore(state)) return Infinity;
      let h = 0;
      for (let i = 0; i < goals.length; i++) h += ex.factCost[goals[i]];
      if (preferred) marker.mark(state, preferred);
      return h;
    },
  };
}

/** h_FF: cost of a relaxed plan extracted from h_add best supporters. */
export function ffHeuristic(task: CompiledTask, options: RelaxationOptions = {}): Heuristic {
  const costType = options.costType ?? 'normal';
  const ex = new RelaxedExploration(relaxedTaskOf(task, costType, true), 'add');
  const marker = new RelaxedPlanMarker(ex, task, costType);
  return {
    name: 'ff',
    admissible: false,
    providesPreferred: true,
    evaluate(state, preferred) {
      if (preferred) preferred.length = 0;
      if (!ex.explore(state)) return Infinity;
      return marker.mark(state, preferred);
    },
  };
}

/** h_max (admissible). Conditional effects use the admissible auxiliary-fact encoding. */
export function maxHeuristic(task: CompiledTask, options: RelaxationOptions = {}): Heuristic {
  const costType = options.costType ?? 'normal';
  const ex = new RelaxedExploration(new RelaxedTask(task, { costType, auxForConditional: true }), 'max');
  const goals = ex.relaxed.goals;
  return {
    name: 'max',
    admissible: true,
    providesPreferred: false,
    evaluate(state, preferred) {
      if (preferred) preferred.length = 0;
      if (!ex.explore(state)) return Infinity;
      let h = 0;
      for (let i = 0; i < goals.length; i++) h = Math.max(h, ex.factCost[goals[i]]);
      return h;
    },
  };
}

function sortedDistinct(xs: Int32Array): number[] {
  let ascending = true;
  for (let i = 1; i < xs.length && ascending; i++) if (xs[i] <= xs[i - 1]) ascending = false;
  if (ascending) return Array.from(xs);
  const out = Array.from(xs).sort((a, b) => a - b);
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[w - 1]) out[w++] = out[i];
  out.length = w;
  return out;
}

function sameList(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
