/**
 * Kitchen baselines of Tru-POMDP §5.2 (Tang et al. 2025): ReAct (Yao et al.
 * 2022), Reflexion (Shinn et al. 2023), ReAct* and Reflexion* with the
 * structured system prompt of appendix A.6, and LLM-MCTS (Zhao, Lee & Hsu
 * 2023) — each a `KitchenMethod` listed in the catalogue (catalogue.ts) as
 * `react`, `reflexion`, `react-star`, `reflexion-star`, `llm-mcts`, with
 * synthetic answers for offline runs.
 */

export { parseAnswer, answerFormatProblems, type ParsedAnswer } from './action-text.js';
export { observationText, REACT_PLAIN_SYSTEM, REACT_STAR_SYSTEM } from './prompts.js';
export {
  REACT_VARIANTS,
  REACT_STEP_KIND,
  REFLECT_KIND,
  DEFAULT_REACT_OPTIONS,
  parseReactOptions,
  reactMethod,
  runReact,
  type ReactVariant,
  type ReactOptions,
  type ReactStepVars,
} from './react.js';
export {
  llmMctsMethod,
  runLlmMcts,
  parseMctsOptions,
  DEFAULT_MCTS_OPTIONS,
  MCTS_GOAL_KIND,
  MCTS_LOCATIONS_KIND,
  MCTS_PRIOR_KIND,
  type LlmMctsOptions,
} from './llm-mcts.js';
export { BASELINE_KNOBS, registerBaselineSynthetic } from './synthetic.js';
export { KITCHEN_BASELINES_CATALOGUE, DEFAULT_SIMULATIONS } from './catalogue.js';
