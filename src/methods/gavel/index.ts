/**
 * GAVEL (Graph World Models for Verified and Efficient Long-Horizon LLM Task
 * Planning) on the household tasks: the method interface and episode runner,
 * the LLM request kinds, and the method variants of the seed's §V-C.
 */
export * from './method.js';
export { createHouseholdView, householdSnapshot, beliefSummary, type HouseholdEnvView, type ExecFeedback } from './view.js';
export * from './prompts.js';
