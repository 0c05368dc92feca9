/**
 * The multi-room household environment of GAVEL (Graph World Models for
 * Verified and Efficient Long-Horizon LLM Task Planning, §V): BEHAVIOR homes
 * (room lists of BEHAVIOR-1K scenes, synthetic geometry), single long-horizon
 * tasks translated from the EAI BEHAVIOR PDDL problems and their gold plans,
 * and multi-task instructions of 2–5 independent errands placed by real
 * BEHAVIOR-1K activity placements.
 */
export { householdDataDir, loadBehaviorData, loadEaiProblems, parseCsv, synsetAncestors, categoryIsA, type BehaviorData, type EaiProblemFile } from './data.js';
export { buildHome, homeScenes, roomType, TYPICAL_AREA, type Home } from './homes.js';
export { homeLayer, type Furniture, type HomeLayer } from './home-scene.js';
export { synsetAffordances } from './affordances.js';
export { activityPlacements, type PlacementSample } from './placements.js';
export { eaiTasks, translateEai, EAI_ACTION_MAP, eaiSynset, type EaiSubset, type EaiTranslation } from './eai.js';
export { generateMultiTasks, ERRAND_KINDS, EAI_HOMES, type ErrandKind, type MultiTaskOptions } from './errands.js';
export { describeGoal, describeLiteral, objectPhrase } from './instruction.js';
export { HouseholdEnv, W_COV, type StepOutcome, type SearchOutcome } from './env.js';
export type { HouseholdTask } from './task.js';
export { trainRsn, frequencyPrior, evaluateRsn, evaluateModel, scenePlacements, roomBeliefFor, STRUCTURAL, type RoomTypeModel, type RsnMetrics, type RsnEvaluation, type Placement } from './rsn.js';
export { homeRoomModel, isRoomModelKind, ROOM_MODEL_KINDS, type RoomModelKind } from './room-model.js';
export { runOrdering, searchUntilSeen, localizeObserved, stopIds, stopsFor, ORDERING_VARIANTS, type OrderingVariant, type OrderingRun } from './ordering-sim.js';
export { readHouseholdTask, householdTaskFromJson, householdTaskToJson } from './task-file.js';
export {
  createHouseholdView,
  householdSnapshot,
  beliefSummary,
  supportOf,
  STATED_WEIGHT,
  type HouseholdEnvView,
  type ExecFeedback,
  type HouseholdSnapshot,
  type HouseholdViewStep,
  type LocationSummary,
  type ViewOptions as HouseholdViewOptions,
} from './view.js';
export * from './paper/index.js';
