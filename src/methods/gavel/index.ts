/**
 * GAVEL (Graph World Models for Verified and Efficient Long-Horizon LLM Task
 * Planning) on the household tasks: the method interface and episode runner,
 * the LLM request kinds, task understanding, the plan / verify / repair /
 * complaint rounds, belief-aware ordering and execution, and the method
 * variants of the seed's §V-C, listed in the catalogue (catalogue.ts).
 */
export * from './method.js';
export * from './prompts.js';
export { understand, decompose, extractTask, sceneCatalog, goalText, type TaskSpec } from './understand.js';
export { planTasks, verdictProblems, answerSteps, type PlanPolicy, type TaskPlan, type PlanBudget, type RoundReport } from './plan-round.js';
export { executeTasks, orderTasks, MAX_RECOVERIES, type LoopPolicy, type OrderPolicy } from './execute.js';
export { GAVEL_VARIANTS, gavelMethod } from './gavel.js';
export { GAVEL_CATALOGUE } from './catalogue.js';
