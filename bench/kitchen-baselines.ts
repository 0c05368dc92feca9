/**
 * The kitchen baselines of Tru-POMDP §5.2 (ReAct, Reflexion, ReAct*,
 * Reflexion*, LLM-MCTS) on generated tasks with the synthetic LLM: success
 * rate, evaluation reward, steps (failures count the step limit), planning
 * time and LLM calls/tokens per episode. These numbers measure the agents'
 * machinery against a noisy oracle-like stand-in, NOT a real LLM.
 *
 *   npx tsx bench/kitchen-baselines.ts [--kitchens one_wall] [--levels easy,medium,hard] [--n 10 (per kitchen)]
 *        [--methods react,reflexion,react-star,reflexion-star,llm-mcts] [--trials 200 (LLM-MCTS simulations)]
 *        [--seed 1] [--synthetic k=v,...] [--workers 2] [--out bench/out/kitchen-baselines] [--report-only]
 *
 * The same driver as bench/kitchen.ts (the `kitchen:*` suites on the eval
 * pool into a result store) with the baselines' defaults; every flag of
 * bench/kitchen.ts works here too.
 */
import { commandLine } from './args.js';
import { KITCHEN_FLAGS } from './kitchen-flags.js';

commandLine({
  command: 'npx tsx bench/kitchen-baselines.ts',
  about: "The kitchen baselines of Tru-POMDP §5.2 with the synthetic LLM: the driver of bench/kitchen.ts with the baselines'\ndefaults (one_wall, 10 tasks per kitchen, 200 LLM-MCTS simulations, bench/out/kitchen-baselines).",
  flags: [{ name: 'kitchen', value: 'NAME', help: 'one kitchen (as --kitchens NAME)' }, ...KITCHEN_FLAGS],
});
// --kitchen NAME is this script's spelling of --kitchens NAME
const one = process.argv.indexOf('--kitchen');
const kitchenName = one >= 0 ? process.argv.splice(one, 2)[1] : undefined;
const defaults: Array<[string, string]> = [
  ['kitchens', kitchenName ?? 'one_wall'],
  ['n', process.argv.includes('--quick') ? '2' : '10'],
  ['models', 'synthetic'],
  ['methods', 'react,reflexion,react-star,reflexion-star,llm-mcts'],
  ['trials', '200'],
  ['out', process.argv.includes('--quick') ? 'bench/out/kitchen-baselines-quick' : 'bench/out/kitchen-baselines'],
];
// the caller's flags come first, so they win (bench/args.ts takes the first occurrence)
for (const [name, value] of defaults) if (!process.argv.includes(`--${name}`)) process.argv.push(`--${name}`, value);
await import('./kitchen.js');
