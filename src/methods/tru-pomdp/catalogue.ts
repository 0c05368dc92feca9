/**
 * The Tru-POMDP catalogue: the method and its ablations of §5.3 under the
 * suite names `tru-pomdp/no-belief` etc., their options from a spec's
 * config, and the synthetic stand-in's generators (`toh.*`, `tru.act`)
 * with the kitchen truth they answer from.
 */
import type { KitchenTask } from '../../envs/kitchen/index.js';
import { configNumber, type Catalogue, type CatalogueEntry, type KitchenMethod, type SpecConfig } from '../../episode/index.js';
import { kitchenTruth } from '../method.js';
import { ABLATIONS, truPomdpMethod, type Ablation } from './agent.js';
import { registerPolicySynthetic } from './policy/synthetic.js';
import { registerPriorModel } from './prior-model.js';
import { registerTruSynthetic } from './synthetic.js';

/** `trials` 0 (the default): the paper's budget, `timePerMove` CPU seconds of the search's own thread. */
export const DEFAULT_TRIALS = 0;
/** The paper's planning time per move, in CPU seconds. */
export const DEFAULT_CPU_PER_MOVE = 1;
/** The wall-second cap per move under a trial budget (generous, so the trials decide). */
export const DEFAULT_TIME_PER_MOVE = 30;

const ABLATION_TEXT: Record<Ablation, string> = {
  'no-belief': 'Tru-POMDP planning on the most likely hypothesis only (no belief)',
  'no-hbu': 'Tru-POMDP without the hybrid belief update: the LLM regenerates the belief after every step',
  'no-toh': 'Tru-POMDP with one flat LLM call for the hypotheses instead of the Tree of Hypotheses',
  'no-lrp': "Tru-POMDP without the rollout policy (DESPOT's default rollouts)",
  'no-bts': 'Tru-POMDP without belief-tree search: the LLM chooses each action (tru.act)',
};

/**
 * DESPOT's budget from the spec. `trials` 0: `timePerMove` CPU seconds per move
 * (default 1, the paper's) on the thread's own CPU clock (worker threads share
 * the process clock, not this one). `trials` N > 0: N trials per move
 * (deterministic), with `timePerMove` a wall-second cap (default 30).
 */
export function searchOptions(config: SpecConfig): Record<string, unknown> {
  const trials = configNumber(config, 'trials', DEFAULT_TRIALS, 0, true);
  if (trials === 0) return { timePerMove: configNumber(config, 'timePerMove', DEFAULT_CPU_PER_MOVE, 0), clock: 'thread' };
  return { maxTrials: trials, timePerMove: configNumber(config, 'timePerMove', DEFAULT_TIME_PER_MOVE, 0), clock: 'wall' };
}

function ablation(a: Ablation): CatalogueEntry<KitchenMethod> {
  return { name: `tru-pomdp/${a}`, method: truPomdpMethod, description: ABLATION_TEXT[a], defaultConfig: { trials: DEFAULT_TRIALS }, options: (c) => ({ ...searchOptions(c), ablation: a }) };
}

export const TRU_POMDP_CATALOGUE: Catalogue<KitchenMethod, KitchenTask> = {
  family: 'tru-pomdp',
  entries: [
    { name: 'tru-pomdp', method: truPomdpMethod, description: truPomdpMethod.description, defaultFor: ['kitchen'], defaultConfig: { trials: DEFAULT_TRIALS }, options: searchOptions },
    ...ABLATIONS.map(ablation),
  ],
  truth: kitchenTruth,
  // the stand-in's hypotheses and actions, its rollout-policy answers (tru.policy, for --rollout llm), and the offline prior model
  installSynthetic: () => {
    registerTruSynthetic();
    registerPolicySynthetic();
    registerPriorModel();
  },
};
