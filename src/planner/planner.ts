/**
 * The planner entry point: compile a GroundTask, build the named search
 * configuration and run it under a budget.
 */
import { CompiledTask, type CostType } from './compiled-task.js';
import { anytimeSearch, type Improvement } from './anytime.js';
import { makeHeuristic, parseSearchSpec, type HeuristicName, type SearchSpec } from './registry.js';
import { bestFirstSearch, makeSearchSpace, type BestFirstConfig, type SearchOptions } from './search/best-first.js';
import type { SearchResult } from './search/result.js';
import type { GroundTask } from './task.js';

export interface PlanOptions extends SearchOptions {
  /** `gbfs`, `lazy-gbfs`, `wastar:W`, `lazy-wastar:W`, `astar`, `anytime` (default: `gbfs`). */
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

export const DEFAULT_SEARCH = 'gbfs';

/** Builds the search configuration for a spec (not for `anytime`). */
export function buildConfig(task: CompiledTask, spec: Exclude<SearchSpec, { kind: 'anytime' }>, options: PlanOptions = {}): { name: string; config: BestFirstConfig } {
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
      heuristic,
      preferred,
      boost: options.boost ?? 1000,
      reopen: !greedy,
      costType: greedy ? 'one' : 'normal',
    },
  };
}

/** Solves a ground task. */
export function planTask(ground: GroundTask | CompiledTask, options: PlanOptions = {}): PlanResult {
  const task = ground instanceof CompiledTask ? ground : new CompiledTask(ground);
  const spec = typeof options.search === 'object' ? options.search : parseSearchSpec(options.search ?? DEFAULT_SEARCH);
  const space = makeSearchSpace(task);
  if (spec.kind === 'anytime') {
    const r = anytimeSearch(space, { ...options, heuristic: options.heuristic });
    return { ...r, config: `anytime(${options.heuristic ?? 'ff'})` };
  }
  const { name, config } = buildConfig(task, spec, options);
  const r = bestFirstSearch(space, config, options);
  const optimal = r.status === 'solved' && spec.kind === 'astar' && config.heuristic.admissible;
  return { ...r, config: name, optimal };
}
