/**
 * The kitchen baselines of Tru-POMDP §5.2 (ReAct, Reflexion, ReAct*,
 * Reflexion*, LLM-MCTS) on generated tasks with the synthetic LLM: success
 * rate, evaluation reward, steps (failures count the step limit), planning
 * time and LLM calls/tokens per episode. These numbers measure the agents'
 * machinery against a noisy oracle-like stand-in, NOT a real LLM.
 *
 *   npx tsx bench/kitchen-baselines.ts [--kitchen one_wall] [--levels easy,medium,hard] [--n 10]
 *        [--methods react,reflexion,react-star,reflexion-star,llm-mcts] [--seed 1] [--synthetic k=v,...]
 */
import { Rng } from '../src/core/rng.js';
import { generateTasks, isKitchenName, type KitchenLevel } from '../src/envs/kitchen/index.js';
import { createSyntheticModel, UsageMeter, wrapClient } from '../src/llm/index.js';
import { kitchenMethod, kitchenTruth, runKitchenEpisode } from '../src/methods/index.js';
import { arg as flagValue } from './args.js';

const arg = (name: string, def: string): string => flagValue(name) ?? def;

const kitchen = arg('kitchen', 'one_wall');
if (!isKitchenName(kitchen)) throw new Error(`unknown kitchen ${kitchen}`);
const levels = arg('levels', 'easy,medium,hard').split(',') as KitchenLevel[];
const n = Number(arg('n', '10'));
const seed = Number(arg('seed', '1'));
const methods = arg('methods', 'react,reflexion,react-star,reflexion-star,llm-mcts').split(',');
const knobs = arg('synthetic', '');

console.log(`kitchen ${kitchen}, ${n} tasks per level (seed ${seed}), ${createSyntheticModel({ knobs }).describe()}`);
console.log('| method | level | success | reward (mean) | steps (mean) | planning s/episode | LLM calls | tokens in / out |');
console.log('|---|---|---|---|---|---|---|---|');
for (const name of methods) {
  const method = kitchenMethod(name);
  if (!method) throw new Error(`unknown method ${name}`);
  for (const level of levels) {
    const tasks = generateTasks({ kitchen, level, n, seed });
    let wins = 0, reward = 0, steps = 0, planning = 0, calls = 0, tin = 0, tout = 0;
    for (const [i, task] of tasks.entries()) {
      const meter = new UsageMeter();
      const llm = wrapClient(createSyntheticModel({ seed: seed * 1000 + i, truth: kitchenTruth(task), knobs }), { meter, retry: false });
      const r = await runKitchenEpisode(method, task, { llm, meter, rng: new Rng(seed * 7919 + i) });
      if (r.success) wins++;
      reward += r.reward;
      steps += r.steps;
      planning += r.planningSeconds;
      calls += r.llm.calls;
      tin += r.llm.inputTokens;
      tout += r.llm.outputTokens;
    }
    const m = (x: number): string => (x / tasks.length).toFixed(1);
    console.log(`| ${name} | ${level} | ${wins}/${tasks.length} | ${m(reward)} | ${m(steps)} | ${(planning / tasks.length).toFixed(2)} | ${m(calls)} | ${Math.round(tin / tasks.length)} / ${Math.round(tout / tasks.length)} |`);
  }
}
