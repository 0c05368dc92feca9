/**
 * The bookkeeping shared by eager and lazy best-first search (Fast Downward's
 * SearchEngine and the parts eager_search and lazy_search have in common):
 * the state registry and per-state data, evaluation of every heuristic with
 * the union of their preferred operators and boosting of the preferred
 * queues on progress, pushing entries into the alternating open lists,
 * polling the limits (budget, states, memory) with progress events, and plan
 * extraction with the final statistics.
 */
import { BudgetClock } from '../../core/budget.js';
import { throttle } from '../../core/events.js';
import { DEFAULT_MAX_ARRAY_BYTES, memoryExhausted } from '../../core/memory.js';
import type { CompiledTask } from '../compiled-task.js';
import type { Heuristic } from '../heuristics/heuristic.js';
import { StateRegistry } from '../state-registry.js';
import { successorGeneratorOf, type SuccessorGenerator } from '../successor-generator.js';
import { AlternationOpenList, type OpenList } from './open-list.js';
import type { BestFirstConfig, SearchOptions } from './options.js';
import { emptyStats, type SearchEvent, type SearchResult, type SearchStats } from './result.js';
import { StateData } from './state-data.js';

/** Shared per-task machinery (successor generator), reusable across searches. */
export interface SearchSpace {
  task: CompiledTask;
  successors: SuccessorGenerator;
}

export function makeSearchSpace(task: CompiledTask): SearchSpace {
  return { task, successors: successorGeneratorOf(task) };
}

/** Budget, state count and memory are polled when the tick counter reaches this. */
const POLL_EVERY = 256;
/**
 * The clock (a system call for CPU time) and the memory are read at most this
 * often in wall time: in dead-end-heavy tasks a poll comes every few
 * microseconds and reading them took a fifth of the run (a system call costs
 * tens of microseconds here).
 */
const CLOCK_EVERY_MS = 20;

export class SearchCore {
  readonly task: CompiledTask;
  readonly successors: SuccessorGenerator;
  readonly config: BestFirstConfig;
  readonly stats: SearchStats = emptyStats();
  readonly reg: StateRegistry;
  readonly data: StateData;
  readonly open: AlternationOpenList;
  /** Whether preferred operators are used (asked for and some heuristic provides them). */
  readonly usePref: boolean;
  /** Real-cost bound: paths reaching it are pruned (anytime search). */
  readonly bound: number;
  /** Search cost of each operator under the configured cost type. */
  readonly adjCost: Float64Array;
  /** Set when some path was pruned by the cost bound (then "unsolvable" is not proven). */
  pruned = false;
  /** Scratch buffers for a parent state and a successor. */
  readonly parentBuf: Uint32Array;
  readonly childBuf: Uint32Array;
  readonly applicableOps: number[] = [];
  /** Heuristics that follow transitions (path-dependent, e.g. the landmark count). */
  readonly tracked: Heuristic[];

  private readonly hs: Heuristic[];
  private readonly nH: number;
  private readonly lists: OpenList[];
  private readonly wG: number;
  private readonly wH: number;
  private readonly tieOnH: boolean;
  private readonly clock: BudgetClock;
  private readonly maxStates: number;
  private readonly maxBytes: number;
  private readonly progress: ((e: SearchEvent) => void) | undefined;
  private readonly bestH: Float64Array;
  private readonly prefs: number[] = [];
  private readonly prefUnion: number[] = [];
  private readonly unionStamp: Int32Array;
  private unionEpoch = 0;
  private readonly prefStamp: Int32Array;
  private stamp = 0;
  /** Poll the budget before the first expansion. */
  private tick = POLL_EVERY - 1;
  private clockReadAt = -Infinity;

  constructor(space: SearchSpace, config: BestFirstConfig, options: SearchOptions) {
    const { task, successors } = space;
    this.task = task;
    this.successors = successors;
    this.config = config;
    this.clock = new BudgetClock(options, options.now);
    this.reg = new StateRegistry(task.words, 4096);
    this.hs = config.heuristics;
    this.nH = this.hs.length;
    if (this.nH === 0) throw new Error('bestFirstSearch needs at least one heuristic');
    this.data = new StateData(4096, this.nH);
    this.usePref = config.preferred && this.hs.some((x) => x.providesPreferred);
    this.wG = config.weightG;
    this.wH = config.weightH;
    this.tieOnH = this.wG > 0;
    // Greedy search never sets a secondary key: bucket lists give the heap's order at a fraction of the cost.
    this.open = new AlternationOpenList(this.usePref ? 2 * this.nH : this.nH, !this.tieOnH);
    this.lists = this.open.lists;
    this.bound = config.costBound ?? Infinity;
    this.maxStates = options.maxStates ?? Infinity;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_ARRAY_BYTES;
    this.progress = throttle(options.onEvent, options.progressEveryMs ?? 250);
    this.tracked = this.hs.filter((x) => x.notifyTransition !== undefined);
    this.bestH = new Float64Array(this.nH).fill(Infinity);
    this.parentBuf = new Uint32Array(task.words);
    this.childBuf = new Uint32Array(task.words);
    this.unionStamp = new Int32Array(task.numOps);
    this.prefStamp = new Int32Array(task.numOps);
    this.adjCost = new Float64Array(task.numOps);
    for (let op = 0; op < task.numOps; op++) this.adjCost[op] = task.adjustedCost(op, config.costType);
  }

  /** Registers and evaluates the initial state: its id, or the result when it is a dead end. */
  start(): number | SearchResult {
    const { task, reg, data } = this;
    const init = reg.insert(task.initState, -1, -1);
    data.ensure(init);
    data.g[init] = 0;
    data.realG[init] = 0;
    for (const x of this.hs) x.notifyInitial?.(init, task.initState);
    const alive = this.evaluate(init, task.initState);
    this.stats.initialH = data.h[init * this.nH];
    if (!alive) return this.finish({ status: 'unsolvable', proven: true, stats: this.stats });
    return init;
  }

  /** Evaluates every heuristic on `state`; returns false for a dead end. */
  evaluate(id: number, state: Uint32Array): boolean {
    const { hs, nH, data, usePref, prefs, prefUnion, unionStamp, bestH } = this;
    this.stats.evaluations++;
    const base = id * nH;
    let improved = false;
    prefUnion.length = 0;
    const epoch = ++this.unionEpoch;
    for (let i = 0; i < nH; i++) {
      const hi = hs[i];
      const wantPref = usePref && hi.providesPreferred;
      const v = hi.evaluate(state, wantPref ? prefs : undefined, id);
      data.h[base + i] = v;
      if (v === Infinity) {
        for (let j = i + 1; j < nH; j++) data.h[base + j] = Infinity;
        if (usePref) data.storePrefs(id, []);
        return false;
      }
      if (wantPref) {
        for (const op of prefs) {
          if (unionStamp[op] !== epoch) {
            unionStamp[op] = epoch;
            prefUnion.push(op);
          }
        }
      }
      if (v < bestH[i]) {
        bestH[i] = v;
        improved = true;
      }
    }
    if (usePref) data.storePrefs(id, prefUnion);
    if (improved && usePref && this.config.boost > 0) for (let i = 0; i < nH; i++) this.open.boost(nH + i, this.config.boost);
    return true;
  }

  /** Pushes an entry (a, b) with cost-so-far g and heuristic values of state `hId` into every list (and the preferred ones). */
  pushEntry(g: number, hId: number, preferred: boolean, a: number, b: number): void {
    const { nH, lists, wG, wH, tieOnH } = this;
    const h = this.data.h;
    const base = hId * nH;
    for (let i = 0; i < nH; i++) {
      const hv = h[base + i];
      const key = wG * g + wH * hv;
      const k2 = tieOnH ? hv : 0;
      lists[i].push(key, k2, a, b);
      if (preferred) lists[nH + i].push(key, k2, a, b);
    }
  }

  /** Tells the path-dependent heuristics of the transition parent --op--> child. */
  notify(parent: number, op: number, child: number, state: Uint32Array): void {
    const tracked = this.tracked;
    for (let i = 0; i < tracked.length; i++) (tracked[i].notifyTransition as NonNullable<Heuristic['notifyTransition']>)(parent, op, child, state);
  }

  /** Records a cheaper path to `id` through `parent` and `op`. */
  setPath(id: number, g: number, realG: number, parent: number, op: number): void {
    this.data.g[id] = g;
    this.data.realG[id] = realG;
    this.reg.parent[id] = parent;
    this.reg.parentOp[id] = op;
  }

  /** Marks the preferred operators of `id` (the state about to be expanded) for `isPreferred`. */
  markPreferred(id: number): void {
    this.stamp++;
    if (!this.usePref) return;
    const data = this.data;
    const s = data.prefStart[id];
    for (let k = 0, n = data.prefCount[id]; k < n; k++) this.prefStamp[data.prefArena[s + k]] = this.stamp;
  }

  /** Whether `op` is preferred in the state last given to `markPreferred`. */
  isPreferred(op: number): boolean {
    return this.usePref && this.prefStamp[op] === this.stamp;
  }

  /** Advances the tick counter by `step`; every `POLL_EVERY` ticks checks the limits: the result to stop with, if any. */
  poll(step: number): SearchResult | undefined {
    this.tick += step;
    if (this.tick < POLL_EVERY) return undefined;
    this.tick = 0;
    return this.checkLimits();
  }

  private checkLimits(): SearchResult | undefined {
    const { stats, reg, clock } = this;
    const wall = performance.now();
    const readClock = wall - this.clockReadAt >= CLOCK_EVERY_MS;
    const why = clock.exhausted(stats.expansions, readClock);
    if (why) return this.finish({ status: why === 'cancelled' ? 'cancelled' : 'timeout', stats });
    if (reg.size > this.maxStates) return this.finish({ status: 'memout', stats, reason: `more than ${this.maxStates} states` });
    if (!readClock) return undefined;
    this.clockReadAt = wall;
    const memory = memoryExhausted(this.maxBytes);
    if (memory) return this.finish({ status: 'memout', stats, reason: memory });
    if (this.progress) {
      const ms = clock.elapsedMs();
      this.progress({
        kind: 'progress',
        expansions: stats.expansions,
        evaluations: stats.evaluations,
        generated: stats.generated,
        states: reg.size,
        bestH: this.bestH[0],
        elapsedMs: ms,
        expansionsPerSec: ms > 0 ? (stats.expansions * 1000) / ms : 0,
      });
    }
    return undefined;
  }

  /** The plan to goal state `id`. */
  solved(id: number): SearchResult {
    const plan = this.reg.pathTo(id);
    return this.finish({ status: 'solved', plan, cost: this.task.planCost(plan), stats: this.stats });
  }

  /** The open lists ran empty: unsolvable, proven unless the cost bound pruned a path. */
  exhausted(): SearchResult {
    return this.finish({ status: 'unsolvable', proven: !this.pruned, stats: this.stats });
  }

  private finish(r: SearchResult): SearchResult {
    this.stats.states = this.reg.size;
    this.stats.searchMs = this.clock.elapsedMs();
    if (r.status === 'solved') this.stats.planLength = r.plan.length;
    return r;
  }
}
