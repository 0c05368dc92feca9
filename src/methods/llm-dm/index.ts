/**
 * LLM-DM: building, checking and correcting PDDL world models with an LLM,
 * then planning with them — Guan, Valmeekam, Sreedharan & Kambhampati,
 * "Leveraging Pre-trained Large Language Models to Construct and Utilize
 * World Models for Model-based Task Planning" (NeurIPS 2023).
 * Construction action by action with a growing predicate list (§4.1),
 * automatic checks with the seed's feedback messages and correction from a
 * person's feedback (§4.2, A.3), goal/init translation and planning with a
 * sound planner or an LLM planner back-prompted by validation (§4.3, A.4).
 */
export * from './errors.js';
export * from './inputs.js';
export * from '../../pddl/described/predicates.js';
export * from './answer-format.js';
export type { ActionModel, ActionParam, DomainModel, Region, Section, TypeSpec } from '../../pddl/described/model.js';
export { assembleDomain, predicatesText, sexprProblem, type Assembled } from './assemble.js';
export { CHECK_CATEGORIES, SEED_ERROR_TYPE, checkModel, checkText, checkAnswer, feedbackText, predicateClashMessage, unsupportedKeywordMessage, type CheckCategory, type Issue, type AnswerCheck } from './checks.js';
export { modelFromPddl, type FromPddl } from '../../pddl/described/from-pddl.js';
export { ACTION_MODEL_KIND, constructAction, constructDomain, type ConstructOptions, type ConstructionResult, type ConstructEvent, type HistoryTurn, type ActionOutcome } from './construct.js';
export { ACTION_MODEL_SYSTEM, actionModelMessages, type ActionModelVars } from './prompts.js';
export { EXPLAIN_KIND, explainActionWithLlm } from './explain.js';
export { explainAction, explainModel, atomText } from '../../pddl/described/explain.js';
export { applyCorrections, parseFeedback, readFeedbackFile, dialoguesFromHistory, changelogMarkdown, findAction, correctionMessage, type ChangelogEntry, type ReviewResult } from './review.js';
export { readSceneObjects, type SceneObject } from './objects.js';
export { GOAL_KIND, INIT_KIND, translateGoal, translateInit, problemText, type Translation } from './translate.js';
export { PLAN_KIND, planWithModel, checkProposedPlan, llmPlan, planFeedback, type PlannerOutcome, type LlmPlanOutcome, type ProposedPlanCheck } from './planning.js';
export { compareAction, conjuncts, type Agreement } from './compare.js';
export { classifyAnnotation, annotationCaught, type AnnotationCategory } from './annotations.js';
export { readStoredActions, modelFromStored, readAnnotations, newPredicatesOf, type StoredAction, type AnnotatedAction } from './recorded.js';
export { LLMDM_KNOBS, registerLlmDmSynthetic, type LlmDmTruth } from './synthetic.js';
export { writeBuild, readBuild, readHistory, readPredicates, type StoredBuild } from './store.js';
