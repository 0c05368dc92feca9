/**
 * Delete-relaxation heuristics computed by a generalized Dijkstra exploration
 * over relaxed operators (Bonet & Geffner 2001 for h_add / h_max; Hoffmann &
 * Nebel 2001 for h_FF). h_FF extracts a relaxed plan from the h_add best
 * supporters (as Fast Downward's `ff()` does) and counts each operator once;
 * preferred operators are the relaxed-plan operators applicable in the state.
 */
import type { CompiledTask, CostType } from '../compiled-task.js';
import { operatorGroupsOf, type OperatorGroups } from '../delete-relaxation/operator-groups.js';
import type { Heuristic } from './heuristic.js';
import { BucketQueue, MinHeap } from './min-heap.js';
import { factHolds, initialFacts, RelaxedTask, relaxedTaskOf } from '../delete-relaxation/relaxed-task.js';

type Mode = 'add' | 'max';

/**
 * The shared exploration: fact costs and best supporters for one state at a time.
 * It keeps one counter per group of relaxed operators with the same preconditions
 * and cost (`operatorGroupsOf`); `supporter` still names a relaxed operator. Fact
 * costs are those of the ungrouped exploration.
 */
export class RelaxedExploration {
  readonly relaxed: RelaxedTask;
  readonly factCost: Float64Array;
  readonly supporter: Int32Array;
  /** Number of operator groups (relaxed operators sharing preconditions and cost). */
  readonly numGroups: number;
  private readonly groups: OperatorGroups;
  private readonly groupCost: Float64Array;
  private readonly unsat: Int32Array;
  private readonly done: Int32Array;
  private readonly isGoal: Uint8Array;
  private readonly heap: MinHeap | BucketQueue;
  private epoch = 0;
  private readonly mode: Mode;
  private readonly seeds: number[] = [];

  constructor(relaxed: RelaxedTask, mode: Mode) {
    this.relaxed = relaxed;
    this.mode = mode;
    const nf = relaxed.numFacts;
    this.factCost = new Float64Array(nf);
    this.supporter = new Int32Array(nf);
    this.groups = operatorGroupsOf(relaxed);
    this.numGroups = this.groups.numGroups;
    this.groupCost = new Float64Array(this.numGroups);
    this.unsat = new Int32Array(this.numGroups);
    let small = true;
    for (let u = 0; u < relaxed.numOps; u++) if (!Number.isInteger(relaxed.baseCost[u]) || relaxed.baseCost[u] > 100) small = false;
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
    const { numPre, baseCost: base, effStart, eff, effOp, precondOfStart: pcs, precondOf: pc, noPre } = this.groups;
    unsat.set(numPre);
    groupCost.set(base);
    heap.clear();
    const epoch = ++this.epoch;
    let goalsLeft = this.numTargets;
    const seeds = this.seeds;
    const numSeeds = initialFacts(this.relaxed, state, seeds);
    for (let i = 0; i < numSeeds; i++) {
      factCost[seeds[i]] = 0;
      heap.push(0, seeds[i]);
    }
    for (let i = 0; i < noPre.length; i++) {
      const gi = noPre[i];
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
