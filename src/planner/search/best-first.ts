/**
 * One best-first search engine for the whole family, parametrized by the
 * priority f = wG·g + wH·h: greedy best-first (wG = 0), weighted A* (wG = 1,
 * wH = w) and A* (w = 1); eager (evaluate successors on generation) or lazy
 * (deferred evaluation: successors enter the open list with the parent's h and
 * are evaluated when expanded, Richter & Helmert 2009). With several
 * heuristics (LAMA: h_FF and the landmark count) each has its own open list,
 * and preferred operators (the union of the heuristics' preferred operators)
 * get one more list per heuristic; all lists alternate and the preferred ones
 * are boosted whenever a heuristic reaches a new best value, as in Fast
 * Downward. Deterministic: FIFO among equal keys.
 */
import { BudgetClock, type Budget } from '../../core/budget.js';
import { throttle, type EventHandler } from '../../core/events.js';
import { memoryExhausted } from '../../core/memory.js';
import type { CompiledTask, CostType } from '../compiled-task.js';
import type { Heuristic } from '../heuristics/heuristic.js';
import { StateRegistry } from '../state-registry.js';
import { SuccessorGenerator } from '../successor-generator.js';
import { AlternationOpenList } from './open-list.js';
import { emptyStats, type SearchEvent, type SearchResult, type SearchStats } from './result.js';

export interface BestFirstConfig {
  /** Deferred evaluation (lazy search). */
  lazy: boolean;
  /** Weight of g in the priority (0 = greedy). */
  weightG: number;
  /** Weight of h in the priority. */
  weightH: number;
  /** One or more heuristics, each with its own open list (alternated). */
  heuristics: Heuristic[];
  /** Use the heuristics' preferred operators (one more open list per heuristic). */
  preferred: boolean;
  /** Priority boost of the preferred list on progress (Fast Downward: 1000; 0 = none). */
  boost: number;
  /** Reopen closed states when a cheaper path is found (A*, weighted A*). */
  reopen: boolean;
  /** Costs the search's g uses (plans are always reported with real costs). */
  costType: CostType;
  /** Prune every path whose real cost reaches this bound (anytime search). */
  costBound?: number;
}

export interface SearchOptions extends Budget {
  onEvent?: EventHandler<SearchEvent>;
  /** Stop with `memout` above this many registered states. */
  maxStates?: number;
  /** Stop with `memout` when the process's typed arrays exceed this many bytes (default 3 GiB) or the V8 heap nears its limit. */
  maxBytes?: number;
  /** Minimum interval between progress events (default 250 ms). */
  progressEveryMs?: number;
  /** Clock in milliseconds for `timeoutMs` (default: wall time; e.g. process CPU time). */
  now?: () => number;
}

/** Process CPU time (user + system) in milliseconds, usable as `SearchOptions.now`. */
export function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const NEW = 0;
const OPEN = 1;
const CLOSED = 2;
const DEAD = 3;

/** Per-state search data in growable typed arrays. */
class StateData {
  g: Float64Array;
  realG: Float64Array;
  /** Heuristic values, `numH` per state. */
  h: Float64Array;
  readonly numH: number;
  status: Uint8Array;
  prefStart: Int32Array;
  prefCount: Int32Array;
  prefArena: Int32Array;
  prefUsed = 0;
  constructor(cap: number, numH: number) {
    this.numH = numH;
    this.g = new Float64Array(cap);
    this.realG = new Float64Array(cap);
    this.h = new Float64Array(cap * numH);
    this.status = new Uint8Array(cap);
    this.prefStart = new Int32Array(cap);
    this.prefCount = new Int32Array(cap);
    this.prefArena = new Int32Array(1024);
  }
  ensure(id: number): void {
    if (id < this.g.length) return;
    let cap = this.g.length * 2;
    while (cap <= id) cap *= 2;
    const f = (x: Float64Array): Float64Array => {
      const y = new Float64Array(cap);
      y.set(x);
      return y;
    };
    const i = (x: Int32Array): Int32Array => {
      const y = new Int32Array(cap);
      y.set(x);
      return y;
    };
    this.g = f(this.g);
    this.realG = f(this.realG);
    const h = new Float64Array(cap * this.numH);
    h.set(this.h);
    this.h = h;
    const s = new Uint8Array(cap);
    s.set(this.status);
    this.status = s;
    this.prefStart = i(this.prefStart);
    this.prefCount = i(this.prefCount);
  }
  storePrefs(id: number, prefs: number[]): void {
    const n = prefs.length;
    if (this.prefUsed + n > this.prefArena.length) {
      let cap = this.prefArena.length * 2;
      while (cap < this.prefUsed + n) cap *= 2;
      const a = new Int32Array(cap);
      a.set(this.prefArena);
      this.prefArena = a;
    }
    this.prefStart[id] = this.prefUsed;
    this.prefCount[id] = n;
    for (let k = 0; k < n; k++) this.prefArena[this.prefUsed + k] = prefs[k];
    this.prefUsed += n;
  }
}

/** Shared per-task machinery (successor generator), reusable across searches. */
export interface SearchSpace {
  task: CompiledTask;
  successors: SuccessorGenerator;
}

export function makeSearchSpace(task: CompiledTask): SearchSpace {
  return { task, successors: new SuccessorGenerator(task) };
}

export function bestFirstSearch(space: SearchSpace, config: BestFirstConfig, options: SearchOptions = {}): SearchResult {
  const { task, successors } = space;
  const clock = new BudgetClock(options, options.now);
  const stats: SearchStats = emptyStats();
  const W = task.words;
  const reg = new StateRegistry(W, 4096);
  const hs = config.heuristics;
  const nH = hs.length;
  if (nH === 0) throw new Error('bestFirstSearch needs at least one heuristic');
  const data = new StateData(4096, nH);
  const usePref = config.preferred && hs.some((x) => x.providesPreferred);
  const open = new AlternationOpenList(usePref ? 2 * nH : nH);
  const lists = open.lists;
  const wG = config.weightG;
  const wH = config.weightH;
  const tieOnH = wG > 0;
  const bound = config.costBound ?? Infinity;
  const costType = config.costType;
  const maxStates = options.maxStates ?? Infinity;
  const maxBytes = options.maxBytes ?? 3 * 1024 ** 3;
  const progress = throttle(options.onEvent, options.progressEveryMs ?? 250);
  const tracked = hs.filter((x) => x.notifyTransition !== undefined);
  let pruned = false;
  const bestH = new Float64Array(nH).fill(Infinity);

  const parentBuf = new Uint32Array(W);
  const childBuf = new Uint32Array(W);
  const applicableOps: number[] = [];
  const prefs: number[] = [];
  const prefUnion: number[] = [];
  const unionStamp = new Int32Array(task.numOps);
  let unionEpoch = 0;
  const prefStamp = new Int32Array(task.numOps);
  let stamp = 0;
  const adjCost = new Float64Array(task.numOps);
  for (let op = 0; op < task.numOps; op++) adjCost[op] = task.adjustedCost(op, costType);

  const finish = (r: SearchResult): SearchResult => {
    stats.states = reg.size;
    stats.searchMs = clock.elapsedMs();
    if (r.status === 'solved') stats.planLength = r.plan.length;
    return r;
  };
  /** Evaluates every heuristic on `state`; returns false for a dead end. */
  const evaluate = (id: number, state: Uint32Array): boolean => {
    stats.evaluations++;
    const base = id * nH;
    let improved = false;
    prefUnion.length = 0;
    unionEpoch++;
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
          if (unionStamp[op] !== unionEpoch) {
            unionStamp[op] = unionEpoch;
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
    if (improved && usePref && config.boost > 0) for (let i = 0; i < nH; i++) open.boost(nH + i, config.boost);
    return true;
  };
  /** Pushes an entry (a, b) with cost-so-far g and heuristic values of state `hId` into every list. */
  const pushEntry = (g: number, hId: number, preferred: boolean, a: number, b: number): void => {
    const base = hId * nH;
    for (let i = 0; i < nH; i++) {
      const hv = data.h[base + i];
      const key = wG * g + wH * hv;
      const k2 = tieOnH ? hv : 0;
      lists[i].push(key, k2, a, b);
      if (preferred) lists[nH + i].push(key, k2, a, b);
    }
  };
  const notify = (parent: number, op: number, child: number, state: Uint32Array): void => {
    for (let i = 0; i < tracked.length; i++) (tracked[i].notifyTransition as NonNullable<Heuristic['notifyTransition']>)(parent, op, child, state);
  };
  const solved = (id: number): SearchResult => {
    const plan = reg.pathTo(id);
    return finish({ status: 'solved', plan, cost: task.planCost(plan), stats });
  };
  const checkLimits = (): SearchResult | undefined => {
    const why = clock.exhausted(stats.expansions);
    if (why) return finish({ status: why === 'cancelled' ? 'cancelled' : 'timeout', stats });
    if (reg.size > maxStates) return finish({ status: 'memout', stats, reason: `more than ${maxStates} states` });
    const memory = memoryExhausted(maxBytes);
    if (memory) return finish({ status: 'memout', stats, reason: memory });
    if (progress) {
      const ms = clock.elapsedMs();
      progress({
        kind: 'progress',
        expansions: stats.expansions,
        evaluations: stats.evaluations,
        generated: stats.generated,
        states: reg.size,
        bestH: bestH[0],
        elapsedMs: ms,
        expansionsPerSec: ms > 0 ? (stats.expansions * 1000) / ms : 0,
      });
    }
    return undefined;
  };
  const markPreferred = (id: number): void => {
    stamp++;
    if (!usePref) return;
    const s = data.prefStart[id];
    for (let k = 0, n = data.prefCount[id]; k < n; k++) prefStamp[data.prefArena[s + k]] = stamp;
  };

  let tick = 255; // poll the budget before the first expansion

  // Initial state.
  const init = reg.insert(task.initState, -1, -1);
  data.ensure(init);
  data.g[init] = 0;
  data.realG[init] = 0;
  for (const x of hs) x.notifyInitial?.(init, task.initState);
  const alive0 = evaluate(init, task.initState);
  stats.initialH = data.h[init * nH];
  if (!alive0) return finish({ status: 'unsolvable', proven: true, stats });

  if (!config.lazy) {
    data.status[init] = OPEN;
    pushEntry(0, init, usePref, init, 0);
    for (;;) {
      if (++tick >= 256) {
        tick = 0;
        const stop = checkLimits();
        if (stop) return stop;
      }
      const list = open.pop();
      if (!list) break;
      const id = list.poppedA;
      if (data.status[id] !== OPEN) continue;
      data.status[id] = CLOSED;
      reg.copy(id, parentBuf);
      if (task.isGoal(parentBuf)) return solved(id);
      stats.expansions++;
      markPreferred(id);
      const g = data.g[id];
      const rg = data.realG[id];
      successors.applicable(parentBuf, applicableOps);
      for (let i = 0; i < applicableOps.length; i++) {
        const op = applicableOps[i];
        const childRealG = rg + task.cost[op];
        if (childRealG >= bound) {
          pruned = true;
          continue;
        }
        stats.generated++;
        task.apply(parentBuf, op, childBuf);
        const before = reg.size;
        const cid = reg.insert(childBuf, id, op);
        const childG = g + adjCost[op];
        if (cid === before) {
          data.ensure(cid);
          data.g[cid] = childG;
          data.realG[cid] = childRealG;
          if (tracked.length > 0) notify(id, op, cid, childBuf);
          const alive = evaluate(cid, childBuf);
          // Evaluations dominate the cost: poll the budget inside wide expansions too.
          tick += 4;
          if (tick >= 256) {
            tick = 0;
            const stop = checkLimits();
            if (stop) return stop;
          }
          if (!alive) {
            data.status[cid] = DEAD;
            stats.deadEnds++;
            continue;
          }
          data.status[cid] = OPEN;
          pushEntry(childG, cid, prefStamp[op] === stamp && usePref, cid, 0);
        } else {
          const st = data.status[cid];
          if (st === DEAD) continue;
          if (tracked.length > 0) notify(id, op, cid, childBuf);
          if (childG < data.g[cid] || (childG === data.g[cid] && childRealG < data.realG[cid])) {
            if (st === CLOSED) {
              if (!config.reopen) continue;
              stats.reopened++;
            }
            data.g[cid] = childG;
            data.realG[cid] = childRealG;
            reg.parent[cid] = id;
            reg.parentOp[cid] = op;
            data.status[cid] = OPEN;
            pushEntry(childG, cid, prefStamp[op] === stamp && usePref, cid, 0);
          }
        }
      }
    }
    return finish({ status: 'unsolvable', proven: !pruned, stats });
  }

  // Lazy search: open entries are (parent, operator) with the parent's h.
  let current = init;
  let currentG = 0;
  let currentRealG = 0;
  let currentParent = -1;
  let currentOp = -1;
  const ordered: number[] = [];
  let first = true;
  for (;;) {
    tick += 4;
    if (tick >= 256) {
      tick = 0;
      const stop = checkLimits();
      if (stop) return stop;
    }
    let expand = false;
    if (first) {
      first = false;
      expand = true;
      reg.copy(current, parentBuf);
    } else {
      const st = data.status[current];
      if (st === NEW) {
        reg.copy(current, parentBuf);
        data.g[current] = currentG;
        data.realG[current] = currentRealG;
        if (!evaluate(current, parentBuf)) {
          data.status[current] = DEAD;
          stats.deadEnds++;
        } else expand = true;
      } else if (st === CLOSED && config.reopen && (currentG < data.g[current] || (currentG === data.g[current] && currentRealG < data.realG[current]))) {
        reg.copy(current, parentBuf);
        data.g[current] = currentG;
        data.realG[current] = currentRealG;
        reg.parent[current] = currentParent;
        reg.parentOp[current] = currentOp;
        stats.reopened++;
        expand = true;
      }
    }
    if (expand) {
      data.status[current] = CLOSED;
      if (task.isGoal(parentBuf)) return solved(current);
      stats.expansions++;
      markPreferred(current);
      successors.applicable(parentBuf, applicableOps);
      const g = data.g[current];
      const rg = data.realG[current];
      ordered.length = 0;
      if (usePref) {
        for (const op of applicableOps) if (prefStamp[op] === stamp) ordered.push(op);
        for (const op of applicableOps) if (prefStamp[op] !== stamp) ordered.push(op);
      } else for (const op of applicableOps) ordered.push(op);
      for (let i = 0; i < ordered.length; i++) {
        const op = ordered[i];
        if (rg + task.cost[op] >= bound) {
          pruned = true;
          continue;
        }
        stats.generated++;
        pushEntry(g + adjCost[op], current, usePref && prefStamp[op] === stamp, current, op);
      }
    }
    // Fetch the next (parent, op) whose successor is worth looking at.
    for (;;) {
      const list = open.pop();
      if (!list) return finish({ status: 'unsolvable', proven: !pruned, stats });
      const parent = list.poppedA;
      const op = list.poppedB;
      reg.copy(parent, parentBuf);
      task.apply(parentBuf, op, childBuf);
      const before = reg.size;
      const cid = reg.insert(childBuf, parent, op);
      const childG = data.g[parent] + adjCost[op];
      const childRealG = data.realG[parent] + task.cost[op];
      if (cid === before) {
        data.ensure(cid);
        data.status[cid] = NEW;
        if (tracked.length > 0) notify(parent, op, cid, childBuf);
      } else {
        const st = data.status[cid];
        if (st === DEAD) continue;
        if (st === CLOSED) {
          if (!config.reopen) continue;
          if (!(childG < data.g[cid] || (childG === data.g[cid] && childRealG < data.realG[cid]))) continue;
        }
        // As Fast Downward's lazy search: path-dependent heuristics hear of new and reopened states only.
        if (tracked.length > 0) notify(parent, op, cid, childBuf);
      }
      current = cid;
      currentG = childG;
      currentRealG = childRealG;
      currentParent = parent;
      currentOp = op;
      break;
    }
  }
}
