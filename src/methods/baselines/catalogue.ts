/**
 * The kitchen baselines catalogue (Tru-POMDP §5.2): ReAct, Reflexion and
 * their structured-prompt variants, and LLM-MCTS with `trials` as its
 * simulations per move (default 100); the synthetic stand-in's generators
 * (`react.step`, `reflect`, `mcts.*`) with the kitchen truth they answer from.
 */
import type { KitchenTask } from '../../envs/kitchen/index.js';
import { configNumber, type Catalogue, type KitchenMethod } from '../../episode/index.js';
import { kitchenTruth } from '../method.js';
import { llmMctsMethod } from './llm-mcts.js';
import { REACT_VARIANTS, reactMethod } from './react.js';
import { registerBaselineSynthetic } from './synthetic.js';

/** LLM-MCTS simulations per move unless the spec says otherwise. */
export const DEFAULT_SIMULATIONS = 100;

export const KITCHEN_BASELINES_CATALOGUE: Catalogue<KitchenMethod, KitchenTask> = {
  family: 'baselines',
  entries: [
    ...REACT_VARIANTS.map((v) => {
      const method = reactMethod(v);
      return { name: method.name, method, description: method.description, defaultFor: ['kitchen'] };
    }),
    {
      name: llmMctsMethod.name,
      method: llmMctsMethod,
      description: llmMctsMethod.description,
      defaultFor: ['kitchen'],
      defaultConfig: { trials: DEFAULT_SIMULATIONS },
      options: (c) => ({ simulations: configNumber(c, 'trials', DEFAULT_SIMULATIONS, 1) }),
    },
  ],
  truth: kitchenTruth,
  installSynthetic: registerBaselineSynthetic,
};
