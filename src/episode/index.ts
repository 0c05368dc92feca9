/**
 * The episode layer between the environments and the methods / evaluation:
 * the trace schema, the one `Method<View>` contract, catalogues and the
 * registry built from them, the one runner (time budget, planning clock,
 * LLM usage from the meter; the hidden truth reaches only the synthetic
 * stand-in through the client settings, and the oracle), and the LLM
 * settings of a spec. Kitchen and household episodes are the runner with
 * their environment's view.
 */
export type * from './schema.js';
export type { Method, MethodContext } from './method.js';
export { MethodRegistry, type Catalogue, type CatalogueEntry, type Resolved, type SpecConfig } from './catalogue.js';
export { EpisodeClock, DEFAULT_EPISODE_MS } from './clock.js';
export { prepareEpisode, entryOptions, modelLine, type PreparedEpisode } from './prepare.js';
export { runMethod, metered, type EpisodeServices, type MethodRun, type MethodRunEnd } from './runner.js';
export { usageByKind, usageSince } from './usage.js';
export { toJson } from './to-json.js';
export { taskRecords, episodeOutcomes, assignTasks, causeOfCode, type TaskRecord, type ErrandOutcome, type EpisodeOutcomes } from './errand-outcome.js';
export { FAILURE_CAUSES, FAILURE_CAUSE_NAMES, isFailureCause, type FailureCause } from './failure-causes.js';
export { configNumber, configString } from './spec-config.js';
export { episodeLlm, networkSettings, parseGivenKnobs, specKnobs, specSeed, describeKnobs, type EpisodeLlm, type EpisodeLlmFactory } from './llm.js';
export {
  runKitchenEpisode,
  runKitchenSpec,
  kitchenTraceEpisode,
  kitchenTraceStep,
  stepRecord,
  type KitchenMethod,
  type KitchenMethodContext,
  type KitchenRegistry,
  type KitchenRunResult,
  type KitchenSpecRun,
  type KitchenStatus,
  type MethodStepRecord,
  type RunKitchenOptions,
} from './kitchen.js';
export {
  runHouseholdEpisode,
  runHouseholdSpec,
  finalSafety,
  householdWorld,
  type HouseholdEvent,
  type HouseholdMethod,
  type HouseholdMethodContext,
  type HouseholdRegistry,
  type HouseholdRunResult,
  type HouseholdSpecRun,
  type HouseholdStatus,
  type PipelineStages,
  type RunHouseholdOptions,
} from './household.js';
