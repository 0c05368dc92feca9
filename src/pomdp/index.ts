/**
 * groundplan POMDP engine: DESPOT (Ye, Somani, Hsu, Lee, "DESPOT: Online
 * POMDP Planning with Regularization", JAIR 58:231–266, 2017; algorithm as in
 * the AdaCompNUS/despot reference code) and POMCP (Silver & Veness, NIPS
 * 2010) over a generative, scenario-driven model; weighted particle beliefs
 * with a particle filter; the reference problems Tiger, Tag and RockSample.
 */
export type { Obs, StepOutcome, ValuedAction, DefaultPolicy, ScenarioLowerBound, PomdpModel } from './model.js';
export { legalActions, range } from './model.js';
export { History } from './history.js';
export {
  makeBelief,
  effectiveSampleSize,
  systematicResample,
  splitParticles,
  modeState,
  updateBelief,
  beliefFromHistory,
  type ParticleBelief,
  type BeliefUpdate,
  type UpdateOptions,
} from './belief.js';
export { Despot, despotSearch, type DespotOptions, type DespotResult, type DespotStats, type RootActionValue } from './despot.js';
export { VNode, QNode, forEachVNode, countVNodes } from './despot-tree.js';
export { Pomcp, type PomcpOptions } from './pomcp.js';
export type { Planner, PlanStep, SearchStats } from './planner.js';
export { runEpisode, episodeRngs, type EpisodeOptions, type EpisodeResult, type EpisodeEvent, type StepRecord } from './episode.js';
export { clockSeconds, readClock, type Clock, type ClockKind } from './clock.js';
export * from './problems/index.js';
export { summarizeEpisodes, type EpisodeSummary, type EpisodeSummaryInput, type MeanSe } from './summary.js';
