/** Search outcomes are values: a discriminated union on `status`. */

export interface SearchStats {
  /** States expanded. */
  expansions: number;
  /** Heuristic evaluations. */
  evaluations: number;
  /** Successor states generated (including duplicates). */
  generated: number;
  /** Closed states reopened after a cheaper path was found. */
  reopened: number;
  /** Distinct states registered. */
  states: number;
  /** States recognized as dead ends (h = Infinity). */
  deadEnds: number;
  /** Heuristic value of the initial state. */
  initialH: number;
  /** Search time in milliseconds. */
  searchMs: number;
  /** Plan length when solved. */
  planLength?: number;
}

export type SearchResult =
  | { status: 'solved'; plan: number[]; cost: number; stats: SearchStats }
  | { status: 'unsolvable'; proven: boolean; stats: SearchStats }
  | { status: 'timeout' | 'cancelled'; stats: SearchStats }
  /** `reason`: which memory limit was reached, e.g. `typed arrays 3100 MiB above the limit of 3072 MiB`. */
  | { status: 'memout'; stats: SearchStats; reason?: string };

export interface SearchProgressEvent {
  kind: 'progress';
  expansions: number;
  evaluations: number;
  generated: number;
  states: number;
  /** Best (lowest) heuristic value seen so far. */
  bestH: number;
  elapsedMs: number;
  expansionsPerSec: number;
}

export interface PlanFoundEvent {
  kind: 'plan';
  cost: number;
  length: number;
  elapsedMs: number;
  /** The search configuration that found it (for anytime search). */
  config: string;
}

export type SearchEvent = SearchProgressEvent | PlanFoundEvent;

export function emptyStats(): SearchStats {
  return { expansions: 0, evaluations: 0, generated: 0, reopened: 0, states: 0, deadEnds: 0, initialH: NaN, searchMs: 0 };
}
