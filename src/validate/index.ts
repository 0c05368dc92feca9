/**
 * Plan validation in the manner of VAL (Howey, Long & Fox, "VAL: Automatic Plan
 * Validation, Continuous Effects and Mixed Initiative Planning using PDDL",
 * ICTAI 2004): replay a plan on the lifted PDDL task under ADL semantics and
 * return a structured verdict with a plain-language explanation — the feedback
 * LLM-DM (Guan et al. 2023) back-prompts an LLM with.
 */
export { parsePlan, parsePlanLines, formatPlan, formatStep, type ParsedPlanStep } from './plan-file.js';
export { validatePlan, PlanValidator, initialState } from './validate-plan.js';
export type { ValidationResult, InvalidResult, TraceEntry, ValidateOptions, StepErrorReason } from './result.js';
export { explainResult, describeUnsat } from './explain.js';
export { holds, unsatisfied, render, nnf, type Unsat, type EvalContext } from './condition.js';
export { validateGroundPlan, operatorsByName, type GroundValidationResult } from './ground-plan.js';
export { Universe, factKey, type Bindings } from './world.js';
export { achieverIndex, repairHints, type AchieverIndex } from './achievers.js';
