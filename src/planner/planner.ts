/**
 * The planner entry point: compile a GroundTask, build the named search
 * configuration and run it under a budget.
 */
import { CompiledTask, type CostType } from './compiled-task.js';
import { anytimeSearch, type Improvement } from './anytime.js';
import { makeHeuristic, parseSearchSpec, type HeuristicName, type SearchSpec } from './registry.js';
import { bestFirstSearch, makeSearchSpace, type BestFirstConfig, type SearchOptions } from './search/best-first.js';
import { emptyStats, type SearchResult } from './search/result.js';
import { pruneUnreachableOperators } from './prune-unreachable.js';
import { BudgetClock } from '../core/budget.js';
import type { GroundTask } from './task.js';

export interface PlanOptions extends SearchOptions {
  /** `lama`, `lama-first`, `gbfs`, `lazy-gbfs`, `wastar:W`, `lazy-wastar:W`, `astar`, `anytime` (default: `DEFAULT_SEARCH`). */
  search?: string | SearchSpec;
  /** Default: `ff` (`lmcut` for `astar`). */
  heuristic?: HeuristicName;
  /** Use preferred operators when the heuristic has them (default true, except for `astar`). */
  preferred?: boolean;
  /** Costs the heuristic sees (default: `one` for greedy search, `normal` otherwise). */
  heuristicCostType?: CostType;
  /** Preferred-queue boost on progress (default 1000). */
  boost?: number;
}

export type PlanResult = SearchResult & {
  /** The configuration that ran, e.g. `lazy-gbfs(ff,pref)`. */
  config: string;
  improvements?: Improvement[];
  /** True when the plan is proven optimal (A* with an admissible heuristic, or an exhausted anytime search). */
  optimal?: boolean;
};

/** LAMA's first search (Fast Downward's `lama-first`): lazy GBFS with h_FF and the landmark count. */
export const DEFAULT_SEARCH = 'lama-first';

/** Builds the search configuration for a single-search spec. */
export function buildConfig(task: CompiledTask, spec: Exclude<SearchSpec, { kind: 'anytime' } | { kind: 'lama'; first: false }>, options: PlanOptions = {}): { name: string; config: BestFirstConfig } {
  if (spec.kind === 'lama') {
    // LAMA's first iteration: lazy GBFS, h_FF and the landmark count on unit costs, preferred operators of both.
    const names = lamaHeuristics(options.heuristic);
    const heuristics = names.map((n) => makeHeuristic(n, task, options.heuristicCostType ?? 'one'));
    const preferred = (options.preferred ?? true) && heuristics.some((h) => h.providesPreferred);
    return {
      name: `lazy-gbfs(${names.join(',')}${preferred ? ',pref' : ''})`,
      config: { lazy: true, weightG: 0, weightH: 1, heuristics, preferred, boost: options.boost ?? 1000, reopen: false, costType: 'one' },
    };
  }
  const greedy = spec.kind === 'gbfs';
  const hName: HeuristicName = options.heuristic ?? (spec.kind === 'astar' ? 'lmcut' : 'ff');
  const hCost: CostType = options.heuristicCostType ?? (greedy ? 'one' : 'normal');
  const heuristic = makeHeuristic(hName, task, hCost);
  const preferred = (options.preferred ?? spec.kind !== 'astar') && heuristic.providesPreferred;
  const lazy = spec.kind === 'astar' ? false : spec.lazy;
  const weight = spec.kind === 'wastar' ? spec.weight : 1;
  const base = spec.kind === 'astar' ? 'astar' : spec.kind === 'gbfs' ? `${lazy ? 'lazy-' : ''}gbfs` : `${lazy ? 'lazy-' : ''}wastar:${weight}`;
  const name = `${base}(${hName}${preferred ? ',pref' : ''})`;
  return {
    name,
    config: {
      lazy,
      weightG: greedy ? 0 : 1,
      weightH: greedy ? 1 : weight,
      heuristics: [heuristic],
      preferred,
      boost: options.boost ?? 1000,
      reopen: !greedy,
      costType: greedy ? 'one' : 'normal',
    },
  };
}

/** LAMA's heuristics: h_FF (or the heuristic asked for) and the landmark count. */
function lamaHeuristics(first: HeuristicName | undefined): HeuristicName[] {
  const h = first ?? 'ff';
  return h === 'lmcount' ? ['lmcount'] : [h, 'lmcount'];
}

/**
 * Solves a ground task. The time limit covers everything done here: compiling,
 * the h^2 analysis, the successor generator and the heuristics' set-up (the
 * relaxed task, the landmark graph), not only the search; on a task with
 * hundreds of thousands of operators the set-up alone takes seconds.
 */
export function planTask(ground: GroundTask | CompiledTask, options: PlanOptions = {}): PlanResult {
  const now = options.now ?? (() => performance.now());
  const clock = new BudgetClock({ timeoutMs: options.timeoutMs, signal: options.signal }, now);
  const full = ground instanceof CompiledTask ? ground : new CompiledTask(ground);
  const spec = typeof options.search === 'object' ? options.search : parseSearchSpec(options.search ?? DEFAULT_SEARCH);
  // Operators no reachable state applies are removed first (the search runs on the smaller task).
  const pruned = pruneUnreachableOperators(full);
  if (pruned.kind === 'unsolvable') return { status: 'unsolvable', proven: true, stats: { ...emptyStats(), searchMs: clock.elapsedMs() }, config: `h^2 analysis: ${pruned.reason}` };
  const task = pruned.kind === 'pruned' ? pruned.task : full;
  const r = searchTask(task, spec, options, clock);
  if (r.status !== 'solved' || pruned.kind !== 'pruned') return r;
  return { ...r, plan: r.plan.map((op) => pruned.kept[op]) };
}

/** The run stopped (time limit or signal) before its search began. */
function stoppedBeforeSearch(clock: BudgetClock, config: string): PlanResult | undefined {
  const why = clock.exhausted();
  if (why !== 'timeout' && why !== 'cancelled') return undefined;
  return { status: why, stats: { ...emptyStats(), searchMs: clock.elapsedMs() }, config: `${config} (stopped before the search began)` };
}

function searchTask(task: CompiledTask, spec: SearchSpec, options: PlanOptions, clock: BudgetClock): PlanResult {
  const stopped = stoppedBeforeSearch(clock, spec.kind);
  if (stopped) return stopped;
  const space = makeSearchSpace(task);
  const remaining = (): number | undefined => (options.timeoutMs === undefined ? undefined : Math.max(1, clock.remainingMs()));
  if (spec.kind === 'anytime' || (spec.kind === 'lama' && !spec.first)) {
    const heuristics = spec.kind === 'lama' ? lamaHeuristics(options.heuristic) : [options.heuristic ?? 'ff'];
    const config = `${spec.kind}(${heuristics.join(',')})`;
    const late = stoppedBeforeSearch(clock, config);
    if (late) return late;
    const r = anytimeSearch(space, { ...options, heuristics, timeoutMs: remaining() });
    return { ...r, config };
  }
  const { name, config } = buildConfig(task, spec, options);
  const late = stoppedBeforeSearch(clock, name);
  if (late) return late;
  const r = bestFirstSearch(space, config, { ...options, timeoutMs: remaining() });
  const optimal = r.status === 'solved' && spec.kind === 'astar' && config.heuristics.every((h) => h.admissible);
  return { ...r, config: name, optimal };
}
