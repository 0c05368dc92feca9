/**
 * groundplan planner: heuristic state-space search on ground tasks.
 * Implements the best-first family of Fast Downward (Helmert, JAIR 2006):
 * eager and lazy greedy best-first search with preferred operators and
 * boosted dual queues (Richter & Helmert, ICAPS 2009), weighted A* and A*;
 * LAMA (Richter & Westphal, JAIR 2010): RHW landmarks (Richter, Helmert &
 * Westphal 2008), the landmark count and its anytime search; heuristics
 * h_add / h_max (Bonet & Geffner 2001), h_FF (Hoffmann & Nebel 2001),
 * LM-cut (Helmert & Domshlak 2009), goal count and blind; h^2 mutexes
 * (Haslum & Geffner 2000) remove operators no reachable state applies.
 * Search never sees PDDL: it takes a GroundTask.
 */
export type { GroundTask, GroundOperator, ConditionalEffect } from './task.js';
export { CompiledTask, type CostType } from './compiled-task.js';
export { StateRegistry } from './state-registry.js';
export { SuccessorGenerator } from './successor-generator.js';
export type { Heuristic } from './heuristics/heuristic.js';
export { ffHeuristic, addHeuristic, maxHeuristic } from './heuristics/relaxation.js';
export { lmCutHeuristic } from './heuristics/lm-cut.js';
export { landmarkCountHeuristic, landmarkGraphOf, type LandmarkCountOptions } from './heuristics/landmark-count.js';
export { LandmarkGraph, rhwLandmarks, type Landmark, type LandmarkOrder, type OrderKind, type RhwOptions } from './landmarks/index.js';
export { goalCountHeuristic } from './heuristics/goal-count.js';
export { blindHeuristic } from './heuristics/blind.js';
export { bestFirstSearch, makeSearchSpace, processCpuMs, type BestFirstConfig, type SearchOptions, type SearchSpace } from './search/best-first.js';
export type { SearchResult, SearchStats, SearchEvent, SearchProgressEvent, PlanFoundEvent } from './search/result.js';
export { anytimeSearch, type AnytimeResult, type AnytimeOptions, type Improvement } from './anytime.js';
export { makeHeuristic, parseSearchSpec, parseHeuristicName, HEURISTIC_NAMES, SEARCH_NAMES, type HeuristicName, type SearchSpec } from './registry.js';
export { h2MutexesOf, MutexPairs, type H2Options } from './h2-mutexes.js';
export { pruneUnreachableOperators, type Pruned } from './prune-unreachable.js';
export { planTask, buildConfig, DEFAULT_SEARCH, type PlanOptions, type PlanResult } from './planner.js';
export { buildStrips, simulatePlan, type StripsSpec, type StripsOperatorSpec } from './strips-builder.js';
