/**
 * One best-first search family, parametrized by the priority
 * f = wG·g + wH·h: greedy best-first (wG = 0), weighted A* (wG = 1, wH = w)
 * and A* (w = 1); eager (`eager.ts`: evaluate successors on generation) or
 * lazy (`lazy.ts`: deferred evaluation, Richter & Helmert 2009). With several
 * heuristics (LAMA: h_FF and the landmark count) each has its own open list,
 * and preferred operators (the union of the heuristics' preferred operators)
 * get one more list per heuristic; all lists alternate and the preferred ones
 * are boosted whenever a heuristic reaches a new best value, as in Fast
 * Downward (`core.ts`). Deterministic: FIFO among equal keys.
 */
import { SearchCore, type SearchSpace } from './core.js';
import { eagerSearch } from './eager.js';
import { lazySearch } from './lazy.js';
import type { BestFirstConfig, SearchOptions } from './options.js';
import type { SearchResult } from './result.js';

export { makeSearchSpace, type SearchSpace } from './core.js';
export { processCpuMs, type BestFirstConfig, type SearchOptions } from './options.js';

export function bestFirstSearch(space: SearchSpace, config: BestFirstConfig, options: SearchOptions = {}): SearchResult {
  const core = new SearchCore(space, config, options);
  const init = core.start();
  if (typeof init !== 'number') return init;
  return config.lazy ? lazySearch(core, init) : eagerSearch(core, init);
}
