/**
 * The sandboxed LLM-written rollout policy inside Tru-POMDP's DESPOT search:
 * the same episodes (synthetic LLM, fixed number of DESPOT trials per move)
 * with (a) the agent's own TypeScript rollout policy and (b) the synthetic
 * `tru.policy` answer served from the sandbox worker through
 * `asRolloutFunction` (one worker round trip per particle call, as the agent's
 * majority vote calls it today). Planning seconds show the sandbox overhead.
 *
 *   npx tsx bench/policy-in-despot.ts [--kitchen one_wall] [--level easy] [--n 5] [--trials 100]
 */
import { Rng } from '../src/core/rng.js';
import { generateTasks, isKitchenName, type KitchenLevel } from '../src/envs/kitchen/index.js';
import { createSyntheticModel } from '../src/llm/index.js';
import { kitchenTruth, runKitchenEpisode, TRU_POMDP_CATALOGUE } from '../src/methods/index.js';
import { truPomdpMethod as method } from '../src/methods/tru-pomdp/index.js';
import { asRolloutFunction, loadLlmPolicy } from '../src/methods/tru-pomdp/policy/index.js';
import { arg as flagValue, commandLine, num } from './args.js';

commandLine({
  command: 'npx tsx bench/policy-in-despot.ts',
  about: "Tru-POMDP's DESPOT with the agent's own rollout policy and with the LLM-written one served from the sandbox:\nthe same episodes at a fixed trial budget; planning seconds show the sandbox's overhead.",
  flags: [
    { name: 'kitchen', value: 'NAME', help: 'kitchen (default one_wall)' },
    { name: 'level', value: 'LEVEL', help: 'easy, medium, hard (default easy)' },
    { name: 'n', value: 'N', help: 'tasks (default 5)' },
    { name: 'trials', value: 'N', help: 'DESPOT trials per move (default 100)' },
    { name: 'modes', value: 'a,b', help: 'builtin, llm (default both)' },
  ],
});

const arg = (name: string, def: string): string => flagValue(name) ?? def;
const kitchen = arg('kitchen', 'one_wall');
if (!isKitchenName(kitchen)) throw new Error(`unknown kitchen ${kitchen}`);
const level = arg('level', 'easy') as KitchenLevel;
const n = num('n', 5);
const trials = num('trials', 100);
TRU_POMDP_CATALOGUE.installSynthetic();

const loaded = await loadLlmPolicy(createSyntheticModel({ seed: 1 }));
if (loaded.policy.origin !== 'llm') throw new Error(`policy not accepted: ${loaded.warnings.map((w) => w.message).join('; ')}`);
const sandboxed = asRolloutFunction(loaded.policy);
const tasks = generateTasks({ kitchen, level, n, seed: 1 });
console.log(`${kitchen}/${level}, ${n} tasks, ${trials} DESPOT trials per move, ${createSyntheticModel().describe()}`);
console.log('| rollout policy | success | reward (mean) | steps (mean) | planning s/episode | policy calls | memo hits | worker batches |');
console.log('|---|---|---|---|---|---|---|---|');
for (const mode of arg('modes', 'builtin,llm').split(',').map((m) => (m === 'llm' ? 'LLM-written, sandboxed' : 'agent built-in (TypeScript)'))) {
  let wins = 0, reward = 0, steps = 0, planning = 0;
  const { calls: calls0, cacheHits: hits0, batches: batches0 } = loaded.policy.stats;
  for (const [i, task] of tasks.entries()) {
    const llm = createSyntheticModel({ seed: 100 + i, truth: kitchenTruth(task) });
    const methodOptions: Record<string, unknown> = { maxTrials: trials, timePerMove: 60, clock: 'wall' };
    if (mode.startsWith('LLM')) methodOptions.policy = sandboxed;
    const r = await runKitchenEpisode(method, task, { llm, rng: new Rng(7 + i), methodOptions });
    if (r.success) wins++;
    reward += r.reward;
    steps += r.steps;
    planning += r.planningSeconds;
  }
  console.log(`| ${mode} | ${wins}/${n} | ${(reward / n).toFixed(1)} | ${(steps / n).toFixed(1)} | ${(planning / n).toFixed(2)} | ${loaded.policy.stats.calls - calls0} | ${loaded.policy.stats.cacheHits - hits0} | ${loaded.policy.stats.batches - batches0} |`);
}
loaded.policy.close();
