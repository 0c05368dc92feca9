/**
 * The evaluation core: episode specs and keys, the append-only result store
 * with per-episode traces, the episode runner, the suite registry, the local
 * worker pool and the summary (mean ± SE per method and level).
 */
export type * from './types.js';
export { canonicalJson, episodeKey, slug, specHash } from './key.js';
export { ResultStore, readResults, parseResults, latestByKey, formatMalformed, RESULTS_FILE, TRACES_DIR, type LoadedResults, type MalformedLine } from './store.js';
export { openTraceFile, toJson, type TraceWriter } from './trace.js';
export { runEpisode, doneRow, errorRow, EpisodeAbortedError, type RunEpisodeOptions } from './runner.js';
export { episodeLlm, parseGivenKnobs, specKnobs, describeKnobs, usageByKind, type EpisodeLlm } from '../episode/index.js';
export { summarize, summaryTable, groupKey, formatStat, configText, modelDescriptions, stat, type Stat, type SummaryGroup } from './summary.js';
export { suite, suiteNames, allSuites, kitchenSuites, householdSuites, pomdpSuites, ipcSuite } from './suites/index.js';
export { configNumber } from '../episode/index.js';
export { planSpecs, parseSeeds, parseSettings, type PlanOptions } from './plan.js';
export { runPool, poolWorkerFile, type PoolOptions, type PoolResult } from './pool.js';
export { repairBenchmark, MUTATIONS, type Mutation, type MutationStats } from './household/repair-bench.js';
export { orderingBenchmark, rSquared, type OrderingBench, type OrderingBenchRow } from './household/ordering-bench.js';
