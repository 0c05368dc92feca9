/**
 * What a best-first search is asked to do: the configuration of the family
 * (priority weights, heuristics, preferred operators, boosting, reopening,
 * cost type, cost bound) and the run's limits and observers.
 */
import type { Budget } from '../../core/budget.js';
import type { EventHandler } from '../../core/events.js';
import type { CostType } from '../compiled-task.js';
import type { Heuristic } from '../heuristics/heuristic.js';
import type { SearchEvent } from './result.js';

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
