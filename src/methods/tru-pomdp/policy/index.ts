/**
 * The LLM-written rollout policy of Tru-POMDP (Tang et al. 2025, "Tru-POMDP:
 * Task Planning Under Uncertainty via Tree of Hypotheses and Open-Ended
 * POMDPs", §4.3 and appendix A.2): the LLM writes `nextAction(unreachedGoals,
 * scene)` once per domain; we vet it on sample kitchen states and run it in a
 * sandbox — an `ses` Compartment (Agoric SES, hardened JavaScript) inside a
 * worker thread with time and memory limits — falling back to a built-in
 * policy with a warning on any fault.
 */
export type { PolicyGoal, PolicyArea, PolicyObject, PolicyScene, PolicyAction, NextActionFn } from './types.js';
export { ACTION_CODE } from './types.js';
export { BUILTIN_POLICY_SOURCE } from './builtin-source.js';
export { navMatrix, type PolicyQuery, type BatchOutcome } from './wire.js';
export { PolicySandbox, DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox.js';
export { SyncPolicyRunner, type SyncRunnerOptions } from './sync-runner.js';
export { sampleTasks, sampleQueries, type SampleTask, type SampleOptions } from './samples.js';
export { vetPolicy, describeQuery, type VetOptions, type VetReport } from './vet.js';
export { POLICY_KIND, POLICY_PROMPT_VARS, policyMessages, policyRepairMessage, policySourceFromAnswer } from './prompt.js';
export {
  builtinRolloutPolicy,
  sandboxedRolloutPolicy,
  builtinAction,
  asRolloutFunction,
  type RolloutFunction,
  type BatchRolloutPolicy,
  type PolicyWarning,
  type PolicyWarningCode,
  type PolicyStats,
  type SandboxedPolicyOptions,
  queryKey,
} from './batch-policy.js';
export { loadLlmPolicy, type LoadLlmPolicyOptions, type LoadedPolicy } from './load.js';
export { registerPolicySynthetic, buggyPolicySource, POLICY_BUGS, type PolicyBug } from './synthetic.js';

