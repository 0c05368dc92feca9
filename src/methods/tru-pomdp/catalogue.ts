/**
 * The Tru-POMDP catalogue: the method and its ablations of §5.3 under the
 * suite names `tru-pomdp/no-belief` etc., their options from a spec's
 * config (`trials`: DESPOT trials per move, default 100; `timePerMove`: a
 * generous wall-second cap per search, default 30, so the trial budget
 * decides), and the synthetic stand-in's generators (`toh.*`, `tru.act`)
 * with the kitchen truth they answer from.
 */
import type { KitchenTask } from '../../envs/kitchen/index.js';
import { configNumber, type Catalogue, type CatalogueEntry, type KitchenMethod, type SpecConfig } from '../../episode/index.js';
import { kitchenTruth } from '../method.js';
import { ABLATIONS, truPomdpMethod, type Ablation } from './agent.js';
import { registerTruSynthetic } from './synthetic.js';

export const DEFAULT_TRIALS = 100;
export const DEFAULT_TIME_PER_MOVE = 30;

const ABLATION_TEXT: Record<Ablation, string> = {
  'no-belief': 'Tru-POMDP planning on the most likely hypothesis only (no belief)',
  'no-hbu': 'Tru-POMDP without the hybrid belief update: the LLM regenerates the belief after every step',
  'no-toh': 'Tru-POMDP with one flat LLM call for the hypotheses instead of the Tree of Hypotheses',
  'no-lrp': "Tru-POMDP without the rollout policy (DESPOT's default rollouts)",
  'no-bts': 'Tru-POMDP without belief-tree search: the LLM chooses each action (tru.act)',
};

/** DESPOT's budget from the spec; the wall clock for the cap, since worker threads share the process CPU clock. */
function searchOptions(config: SpecConfig): Record<string, unknown> {
  return { maxTrials: configNumber(config, 'trials', DEFAULT_TRIALS, 1), timePerMove: configNumber(config, 'timePerMove', DEFAULT_TIME_PER_MOVE, 0), clock: 'wall' };
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
  installSynthetic: registerTruSynthetic,
};
