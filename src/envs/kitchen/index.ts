/**
 * Kitchen rearrangement environment of Tru-POMDP (Tang et al. 2025,
 * "Tru-POMDP: Task Planning Under Uncertainty via Tree of Hypotheses and
 * Open-Ended POMDPs"), on the five RoboCasa kitchens (Nasiriany et al. 2024,
 * "RoboCasa: Large-Scale Simulation of Everyday Tasks for Generalist Robots"):
 * layouts with pose-graph navigation costs, a compact scene-graph state,
 * OPEN/PICK/PLACE/NONE dynamics, observations hiding closed areas, the planning
 * and evaluation reward models, OR-of-AND goals, the task-file loader and a
 * catalogue-based task generator with a solvability check.
 */
export { KITCHEN_NAMES, isKitchenName, loadLayout, loadLayoutFile, parseLayout, navCost, areaKind } from './layout.js';
export type { KitchenLayout, KitchenName, AreaKind } from './layout.js';
export {
  STEP_LIMITS,
  EPISODE_WALL_TIME_MS,
  MANIPULATION_COST,
  TARGET_COUNTS,
  MAX_OBJECTS,
  PLANNING_REWARD,
  EVALUATION_REWARD,
  KITCHEN_LEVELS,
} from './config.js';
export type { KitchenLevel, PlanningRewardParams, EvaluationRewardParams } from './config.js';
export { IN_HAND, EMPTY_HAND, makeWorld, cloneState, statesEqual, stateKey, objectsIn, stateFromNames } from './state.js';
export type { KitchenState, KitchenWorld } from './state.js';
export {
  NONE,
  applyAction,
  isFeasible,
  infeasibleReason,
  actionCost,
  feasibleActions,
  actionsEqual,
  formatAction,
  parseAction,
} from './actions.js';
export type { KitchenAction, InfeasibleReason, StepResult } from './actions.js';
export {
  ActionCodec,
  codecOf,
  blocker,
  applyEffects,
  moveCost,
  metCount,
  writesOpen,
  stepInPlace,
  planningStepReward,
  OPEN_KIND,
  PLACE_KIND,
  PICK_KIND,
  NONE_KIND,
  FEASIBLE,
  IDLE,
  BLOCKED,
} from './kernel.js';
export type { ActionKind, WritableKitchenState } from './kernel.js';
export { HIDDEN, observe, observationKey, observationsEqual, describeObservation } from './observation.js';
export type { KitchenObservation, NamedObservation } from './observation.js';
export { goalSatisfied, alternativeSatisfied, satisfiedAlternative, countMet, pairMet } from './goal.js';
export type { GoalPair, GoalAlternative, GoalSet } from './goal.js';
export { planningReward, planningTerminal, evaluationReward } from './reward.js';
export { loadTask, parseTask, taskToJson, taskFileSchema } from './task.js';
export type { KitchenTask, KitchenTaskFile, ParseTaskOptions } from './task.js';
export { generateTasks } from './generator.js';
export type { GenerateTasksOptions, GeneratedTask } from './generator.js';
export { planFullyObserved } from './oracle-plan.js';
export { KitchenEpisode } from './episode.js';
export { createKitchenView, kitchenSnapshot, type KitchenEnvView, type KitchenSnapshot, type NamedAction, type StepFeedback, type KitchenViewStatus } from './view.js';
export type { EpisodeStep, EpisodeStatus } from './episode.js';
export type { OraclePlan } from './oracle-plan.js';
export { CATALOGUE_OBJECTS, TASK_THEMES, TASK_CONTEXTS, catalogueObject, matchAreas } from './catalogue.js';
export type { CatalogueObject, TaskTheme, ThemeSlot } from './catalogue.js';
export { closestName, didYouMean } from './suggest.js';
