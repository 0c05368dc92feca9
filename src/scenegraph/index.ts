/**
 * The graph world model of GAVEL (Graph World Models for Verified and
 * Efficient Long-Horizon LLM Task Planning): a typed scene graph (§III-A),
 * the nine primitives with pre/effects (§IV-E), plan verification and
 * model-derived repair (§IV-F, Algorithm 2), room-location beliefs (§IV-C),
 * expected search cost and belief-aware task ordering (§III-B, Eq. 7).
 */
export * from './types.js';
export { WorldState } from './state.js';
export { Scene } from './scene.js';
export { parseScene, sceneFromJson, sceneToJson, sceneFileSchema, SAFETY_CRITICAL_APPLIANCES, type SceneFile } from './scene-file.js';
export { APPLIANCES, settle, type ApplianceSpec } from './appliances.js';
export { PRIMITIVES, PRIMITIVE_NAMES, FAILURE_CODES, primitiveName, closedEnclosure, type PrimitiveSpec, type Failure, type FailureCode, type ParamKind } from './primitives.js';
export { verifyPlan, resolveStep, literalHolds, unmetLiterals, rank, compareRank, type Verdict, type StepFailure, type SafetyViolation, type StepTrace } from './verify.js';
export { repairPlan, proposeEdit, REPAIR_RULES, type RepairRule, type RepairEdit, type RepairResult, type RepairOptions } from './repair.js';
export { parsePlanText, parseStep } from './plan-format.js';
export { parseGoalText, parseLiteral, goalFromJson, goalSchema, unknownGoalIds } from './goal-format.js';
export { BeliefState, initialBelief, localize, ruleOut, believedScene, type RoomBelief } from './belief.js';
export { costModel, sweepCost, searchOrder, kappas, expectedSearchCost, taskCost, costMatrices, type CostModel, type Stop } from './search-cost.js';
export { orderCost, permutations, rankedOrders, chooseOrder, orderIsValid, type OrderingResult } from './ordering.js';
export { renderScene, type RenderOptions } from './render.js';
export { runPaperPlan, explainPaperVerdict, paperLiteralHolds, formatPaperStep, confers, PAPER_ACTIONS, PAPER_FAULTS, type PaperStep, type PaperVerdict, type PaperFault, type PaperFaultKind, type PaperStatus, type PaperAction } from './paper-machine.js';
export { repairPaperPlan, proposePaperEdit, comparePaperRank, type PaperEdit, type PaperRepairResult } from './paper-repair.js';
export { resolveName, sameName, nameKey, type NameRef } from './paper-names.js';
export { repairLoop, type RepairStop, type RepairLoopSpec, type RepairLoopResult } from './repair-loop.js';
