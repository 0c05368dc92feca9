/**
 * The landmark-count heuristic of LAMA (Richter & Westphal, "The LAMA
 * planner: guiding cost-based anytime planning with landmarks", JAIR 2010).
 *
 * Path-dependent: each state stores the set of *accepted* landmarks. The
 * initial state accepts the landmarks true in it; a transition accepts the
 * parent's set plus every landmark true in the child whose ordered
 * predecessors (greedy-necessary and reasonable) the parent had accepted.
 * When a state is reached again on another path its set is intersected with
 * the new one (as Fast Downward does). h = the summed cost of the landmarks not
 * accepted, plus those accepted but *required again*: false now and either a
 * goal or greedy-necessarily before a landmark not yet accepted. A landmark
 * costs its cheapest achiever's cost under the cost type (1 with unit costs).
 * h is 0 exactly on goal states (a non-goal state with nothing left counts 1).
 *
 * Preferred operators: applicable operators achieving an *interesting*
 * landmark (not accepted, every predecessor accepted, or required again),
 * only those achieving fact landmarks when some interesting landmark is a
 * fact (as Fast Downward's LAMA); when there is none, the applicable
 * operators of a relaxed plan (h_add supporters) to those landmarks.
 */
import type { CompiledTask, CostType } from '../compiled-task.js';
import { factHolds, type LandmarkGraph } from '../landmarks/graph.js';
import { rhwLandmarks } from '../landmarks/rhw.js';
import type { Heuristic } from './heuristic.js';
import { RelaxedExploration, RelaxedPlanMarker } from './relaxation.js';
import { relaxedTaskOf } from '../delete-relaxation/relaxed-task.js';
import { successorGeneratorOf } from '../successor-generator.js';

const graphs = new WeakMap<CompiledTask, LandmarkGraph>();

/** The RHW landmark graph of a task, built once per compiled task. */
export function landmarkGraphOf(task: CompiledTask): LandmarkGraph {
  let g = graphs.get(task);
  if (!g) {
    g = rhwLandmarks(task, { relaxed: relaxedTaskOf(task, 'one') });
    graphs.set(task, g);
  }
  return g;
}

export interface LandmarkCountOptions {
  costType?: CostType;
  /** Default: the task's RHW graph (`landmarkGraphOf`). */
  graph?: LandmarkGraph;
  /**
   * Compute preferred operators (default false, as Fast Downward's
   * `landmark_sum(pref=false)` in its `lama` and `lama-first` aliases: on
   * scheduling-like tasks they lead greedy search into dead ends).
   */
  preferred?: boolean;
}

export function landmarkCountHeuristic(task: CompiledTask, options: LandmarkCountOptions = {}): Heuristic {
  const costType = options.costType ?? 'one';
  const graph = options.graph ?? landmarkGraphOf(task);
  const wantsPreferred = options.preferred ?? false;
  const r = graph.relaxed;
  const n = graph.size;
  const LW = Math.max(1, (n + 31) >>> 5);
  const lms = graph.landmarks;
  const cost = new Float64Array(n);
  const isGoalLm = new Uint8Array(n);
  lms.forEach((l, i) => {
    let c = Infinity;
    for (const op of l.achievers) c = Math.min(c, task.adjustedCost(op, costType));
    cost[i] = Number.isFinite(c) ? c : 1;
    isGoalLm[i] = l.goal ? 1 : 0;
  });
  const flat = (lists: number[][]): { start: Int32Array; data: Int32Array } => {
    const start = new Int32Array(lists.length + 1);
    let t = 0;
    lists.forEach((l, i) => {
      start[i] = t;
      t += l.length;
    });
    start[lists.length] = t;
    return { start, data: Int32Array.from(lists.flat()) };
  };
  const { start: factStart, data: facts } = flat(lms.map((l) => l.facts));
  const { start: parStart, data: pars } = flat(graph.parents);
  const { start: gnStart, data: gns } = flat(graph.gnChildren);
  const holds = (i: number, state: Uint32Array): boolean => {
    for (let k = factStart[i], e = factStart[i + 1]; k < e; k++) if (factHolds(r, state, facts[k])) return true;
    return false;
  };
  const isSet = (a: Uint32Array, base: number, i: number): boolean => ((a[base + (i >>> 5)] >>> (i & 31)) & 1) === 1;

  // Accepted sets per state id, LW words each.
  let arena = new Uint32Array(LW * 1024);
  let known = new Uint8Array(1024);
  const ensure = (id: number): void => {
    if (id < known.length) return;
    let cap = known.length * 2;
    while (cap <= id) cap *= 2;
    const a = new Uint32Array(cap * LW);
    a.set(arena);
    arena = a;
    const k = new Uint8Array(cap);
    k.set(known);
    known = k;
  };
  const scratch = new Uint32Array(LW);
  const fresh = new Uint32Array(LW);
  /** Writes into `scratch` the progression of accepted set (arr, base) to `state`. */
  const progress = (arr: Uint32Array, base: number, state: Uint32Array): void => {
    for (let w = 0; w < LW; w++) scratch[w] = arr[base + w];
    for (let i = 0; i < n; i++) {
      if (isSet(arr, base, i) || !holds(i, state)) continue;
      let ok = true;
      for (let k = parStart[i], e = parStart[i + 1]; k < e && ok; k++) if (!isSet(arr, base, pars[k])) ok = false;
      if (ok) scratch[i >>> 5] |= 1 << (i & 31);
    }
  };
  const initialSet = (state: Uint32Array, out: Uint32Array): void => {
    out.fill(0);
    for (let i = 0; i < n; i++) if (holds(i, state)) out[i >>> 5] |= 1 << (i & 31);
  };

  // The relaxed plan to interesting landmarks (the preferred operators' fallback), built on first use.
  let relaxedPlan: { ex: RelaxedExploration; marker: RelaxedPlanMarker } | undefined;
  const successors = successorGeneratorOf(task);
  const applicableOps: number[] = [];
  // The relaxed operators of each task operator, and the landmarks each relaxed fact belongs to.
  const relLists: number[][] = Array.from({ length: task.numOps }, () => []);
  for (let u = 0; u < r.numOps; u++) if (r.opOf[u] >= 0) relLists[r.opOf[u]].push(u);
  const { start: relStart, data: rels } = flat(relLists);
  const lmLists: number[][] = Array.from({ length: r.numFacts }, () => []);
  lms.forEach((l, i) => {
    for (const f of new Set(l.facts)) lmLists[f].push(i);
  });
  const { start: lmOfStart, data: lmOf } = flat(lmLists);
  const wanted = new Int32Array(n);
  let stamp = 0;
  const targets: number[] = [];
  const interesting: number[] = [];

  return {
    name: 'lmcount',
    admissible: false,
    providesPreferred: wantsPreferred,
    notifyInitial(id, state) {
      known.fill(0);
      ensure(id);
      initialSet(state, fresh);
      arena.set(fresh, id * LW);
      known[id] = 1;
    },
    notifyTransition(parent, _op, child, state) {
      ensure(Math.max(parent, child));
      if (known[parent] === 0) return;
      progress(arena, parent * LW, state);
      const base = child * LW;
      if (known[child] === 0) {
        arena.set(scratch, base);
        known[child] = 1;
      } else for (let w = 0; w < LW; w++) arena[base + w] &= scratch[w];
    },
    evaluate(state, out, id) {
      if (out) out.length = 0;
      const preferred = wantsPreferred ? out : undefined;
      if (task.isGoal(state)) return 0;
      if (graph.unreachable) return Infinity;
      let acc: Uint32Array;
      let base = 0;
      if (id !== undefined && id < known.length && known[id] === 1) {
        acc = arena;
        base = id * LW;
      } else {
        initialSet(state, fresh);
        acc = fresh;
      }
      let h = 0;
      interesting.length = 0;
      for (let i = 0; i < n; i++) {
        if (!isSet(acc, base, i)) {
          h += cost[i];
          if (preferred) {
            let ok = true;
            for (let k = parStart[i], e = parStart[i + 1]; k < e && ok; k++) if (!isSet(acc, base, pars[k])) ok = false;
            if (ok) interesting.push(i);
          }
          continue;
        }
        if (holds(i, state)) continue;
        let again = isGoalLm[i] === 1;
        for (let k = gnStart[i], e = gnStart[i + 1]; k < e && !again; k++) if (!isSet(acc, base, gns[k])) again = true;
        if (again) {
          h += cost[i];
          if (preferred) interesting.push(i);
        }
      }
      if (preferred && interesting.length > 0) findPreferred(state, preferred);
      return h > 0 ? h : 1;
    },
  };

  function findPreferred(state: Uint32Array, preferred: number[]): void {
    stamp++;
    // As Fast Downward's LAMA: when a fact landmark is interesting, only achievers of fact landmarks are preferred.
    let simpleOnly = false;
    for (const i of interesting) if (factStart[i + 1] - factStart[i] === 1) simpleOnly = true;
    for (const i of interesting) if (!simpleOnly || factStart[i + 1] - factStart[i] === 1) wanted[i] = stamp;
    // The applicable operators with a firing (relaxed) effect on a wanted landmark, as FD walks them: far fewer
    // than the achievers of the landmarks' facts in large tasks.
    const numApplicable = successors.applicable(state, applicableOps);
    for (let a = 0; a < numApplicable; a++) {
      const op = applicableOps[a];
      search: for (let q = relStart[op], qe = relStart[op + 1]; q < qe; q++) {
        const u = rels[q];
        let fires = true;
        for (let p = r.preStart[u], pe = r.preStart[u + 1]; p < pe && fires; p++) if (!factHolds(r, state, r.pre[p])) fires = false;
        if (!fires) continue;
        for (let k = r.effStart[u], ke = r.effStart[u + 1]; k < ke; k++) {
          const g = r.eff[k];
          for (let l = lmOfStart[g], le = lmOfStart[g + 1]; l < le; l++) {
            if (wanted[lmOf[l]] === stamp) {
              preferred.push(op);
              break search;
            }
          }
        }
      }
    }
    if (preferred.length > 0) return;
    targets.length = 0;
    for (const i of interesting) for (let k = factStart[i], e = factStart[i + 1]; k < e; k++) targets.push(facts[k]);
    if (!relaxedPlan) {
      const ex = new RelaxedExploration(relaxedTaskOf(task, 'one', true), 'add');
      relaxedPlan = { ex, marker: new RelaxedPlanMarker(ex, task, 'one') };
    }
    relaxedPlan.ex.setTargets(targets);
    relaxedPlan.ex.explore(state, true);
    relaxedPlan.marker.mark(state, preferred, targets);
  }
}
