/**
 * Tru-POMDP (Tang, Zhang, Cai et al. 2025, "Tru-POMDP: Task Planning Under
 * Uncertainty via Tree of Hypotheses and Open-Ended POMDPs", arXiv 2506.02860):
 * an LLM Tree of Hypotheses builds a particle belief over placement goals and
 * hidden object locations (§4.1); a hybrid Bayesian/LLM update keeps it
 * consistent (§4.2); DESPOT (Ye et al. 2017) searches the belief tree over an
 * action space built from the particles with a rollout policy (§4.3).
 * Ablations of §5.3 are options; offline `synthetic` generators and the
 * `prior` model answer its prompt kinds without a network. The method and
 * its ablations are listed in the catalogue (catalogue.ts).
 */

export { ABSENT, AgentWorld, baseName, particleObsKey, reconcile, visibleOf, type Particle } from './agent-world.js';
export { nearestTargetPolicy, unreachedGoals, type RolloutPolicy, type RolloutScene } from './rollout-policy.js';
export { filterBelief, normalizeBelief, supplement, needsSupplement, type Belief, type FilterResult } from './hybrid-belief.js';
export { beliefActions, kitchenPomdp, type KitchenPomdpOptions } from './kitchen-pomdp.js';
export { treeOfHypotheses, sceneVars, DEFAULT_TOH, type TohInput, type TohOptions, type TohResult } from './tree-of-hypotheses.js';
export * from './prompts.js';
export {
  ABLATIONS,
  DEFAULT_OPTIONS,
  parseTruOptions,
  runTruPomdp,
  summarizeBelief,
  summarizeLocations,
  truPomdpMethod,
  type Ablation,
  type LocationSummary,
  type TruPomdpOptions,
} from './agent.js';
export { TRU_KNOBS, registerTruSynthetic } from './synthetic.js';
export { PriorKnowledge, createPriorModel, loadPrior, priorAnswer, registerPriorModel, type PriorActVars, type PriorFlatVars, type PriorGoalPair, type PriorGoalsVars, type PriorLocationsVars, type PriorSceneVars } from './prior-model.js';
export { TRU_POMDP_CATALOGUE, DEFAULT_TRIALS, DEFAULT_CPU_PER_MOVE, DEFAULT_TIME_PER_MOVE, searchOptions } from './catalogue.js';
/** The LLM-written rollout policy: asked once, vetted, run sandboxed (`truPomdp.policy.loadLlmPolicy`). */
export * as policy from './policy/index.js';
