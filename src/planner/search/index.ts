/**
 * The best-first search family of Fast Downward (Helmert, "The Fast Downward
 * planning system", JAIR 2006): one engine for eager and lazy greedy
 * best-first search, weighted A* and A*, with preferred operators in boosted
 * alternating queues (Richter & Helmert, "Preferred operators and deferred
 * evaluation in satisficing planning", ICAPS 2009).
 */
export { bestFirstSearch, makeSearchSpace, processCpuMs, type BestFirstConfig, type SearchOptions, type SearchSpace } from './best-first.js';
export { TieBreakingHeap, BucketOpenList, AlternationOpenList, type OpenList } from './open-list.js';
export { emptyStats, type SearchResult, type SearchStats, type SearchEvent, type SearchProgressEvent, type PlanFoundEvent } from './result.js';
