/**
 * What household methods share: the method contract of the episode layer
 * (`HouseholdMethod`, its context with the LLM budget T, counters and
 * events; src/episode/household.ts) and the view they act through
 * (`HouseholdEnvView`, src/envs/household/view.ts: the instruction, the
 * known layer, beliefs over uncertain objects' rooms, the believed graph;
 * never the goals, the reference plan or the true rooms of unseen objects).
 */
export type { ExecFeedback, HouseholdEnvView } from '../../envs/household/index.js';
export type { HouseholdEvent, HouseholdMethod, HouseholdMethodContext, HouseholdRunResult, HouseholdStatus, PipelineStages } from '../../episode/index.js';
export { runHouseholdEpisode } from '../../episode/index.js';
