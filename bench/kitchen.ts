/**
 * Kitchen benchmark for Tru-POMDP (Tang et al. 2025, §5): generated tasks per
 * kitchen and level, the full method and each ablation of §5.3, with the
 * synthetic LLM at stated knob values (and the offline `prior` model):
 * success %, evaluation reward, steps (failures count the step limit),
 * planning seconds per step, LLM calls and tokens per episode.
 *
 *   npm run bench:kitchen -- [--quick] [--kitchens one_wall,galley] [--levels easy,medium,hard]
 *        [--n 15 (per kitchen)] [--variants full,no-belief,no-hbu,no-toh,no-lrp,no-bts] [--models synthetic,prior]
 *        [--prior-levels easy] [--synthetic goalRecall=0.7,...] [--trials 30] [--time-per-move 30]
 *        [--out bench/out/kitchen.jsonl] [--report-only] [--reverse]
 *
 * The search budget per move is a TRIAL budget (`--trials`, default 30) with a
 * generous CPU-time cap, so the search effort does not depend on machine load
 * (other benchmarks share the two cores). Each finished episode is appended to
 * the JSONL file at once; a rerun skips rows already there (resumable), and
 * workers sharing the file skip each other's finished episodes (`--reverse`
 * runs the plan from the other end, for a second worker).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hashString, Rng } from '../src/core/rng.js';
import { mean, standardError } from '../src/core/stats.js';
import { generateTasks, STEP_LIMITS, type KitchenLevel, type KitchenName } from '../src/envs/kitchen/index.js';
import { createSyntheticModel, describeSynthetic, UsageMeter, wrapClient, type LlmClient } from '../src/llm/index.js';
import { kitchenTruth, runKitchenEpisode } from '../src/methods/index.js';
import { createPriorModel, TRU_KNOBS, truPomdpMethod } from '../src/methods/tru-pomdp/index.js';
import { arg, flag, list } from './args.js';

interface Row {
  key: string;
  model: string;
  knobs: string;
  variant: string;
  kitchen: string;
  level: string;
  index: number;
  trials: number;
  success: boolean;
  status: string;
  reward: number;
  steps: number;
  actualSteps: number;
  planningSeconds: number;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  warnings: number;
  wallSeconds: number;
  cpuSeconds: number;
  date: string;
}


const quick = flag('quick');
const kitchens = list('kitchens', quick ? 'one_wall' : 'one_wall,galley') as KitchenName[];
const levels = list('levels', quick ? 'easy' : 'easy,medium,hard') as KitchenLevel[];
const n = Number(arg('n') ?? (quick ? 2 : 15)); // per kitchen: 2 kitchens × 15 = 30 tasks per level
const variants = list('variants', 'full,no-belief,no-hbu,no-toh,no-lrp,no-bts');
const models = list('models', 'synthetic,prior');
const priorLevels = list('prior-levels', 'easy');
const trials = Number(arg('trials') ?? (quick ? 20 : 30));
const timePerMove = Number(arg('time-per-move') ?? 30);
const knobSpec = arg('synthetic') ?? 'goalRecall=0.7,locationRecall=0.8,hallucination=0.1,invalidRate=0.05,actError=0.2';
const out = arg('out') ?? (quick ? 'bench/out/kitchen-quick.jsonl' : 'bench/out/kitchen.jsonl');
const seed = Number(arg('seed') ?? 1);

function load(): Row[] {
  if (!existsSync(out)) return [];
  return readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row)
    .filter((r, i, all) => all.findIndex((x) => x.key === r.key) === i); // parallel workers may repeat an episode
}

// report only the knobs Tru-POMDP's generators read (other methods declare their own)
const allKnobs = createSyntheticModel({ knobs: knobSpec }).knobs;
const knobsText = describeSynthetic(Object.fromEntries(Object.keys(TRU_KNOBS).map((k) => [k, allKnobs[k]])));

async function runOne(model: string, variant: string, kitchen: KitchenName, level: KitchenLevel, index: number, key: string): Promise<Row> {
  const task = generateTasks({ kitchen, level, n: index + 1, seed })[index];
  const epSeed = hashString(`${kitchen}|${level}|${index}|${seed}`);
  const meter = new UsageMeter();
  const base: LlmClient = model === 'prior' ? createPriorModel() : createSyntheticModel({ knobs: knobSpec, seed: epSeed, truth: kitchenTruth(task) });
  const llm = wrapClient(base, { meter, retry: false });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runKitchenEpisode(truPomdpMethod, task, {
    llm,
    meter,
    rng: new Rng(epSeed),
    methodOptions: { maxTrials: trials, timePerMove, ...(variant === 'full' ? {} : { ablation: variant }) },
  });
  const cpu = process.cpuUsage(cpu0);
  return {
    key,
    model,
    knobs: model === 'synthetic' ? knobsText : 'prior',
    variant,
    kitchen,
    level,
    index,
    trials,
    success: r.success,
    status: r.status,
    reward: r.reward,
    steps: r.steps,
    actualSteps: r.success ? r.steps : STEP_LIMITS[level],
    planningSeconds: Math.round(r.planningSeconds * 1000) / 1000,
    llmCalls: r.llm.calls,
    inputTokens: r.llm.inputTokens,
    outputTokens: r.llm.outputTokens,
    warnings: r.warnings.length,
    wallSeconds: Math.round((performance.now() - t0) / 10) / 100,
    cpuSeconds: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    date: new Date().toISOString(),
  };
}

function fmt(xs: number[], digits = 0): string {
  if (xs.length === 0) return '-';
  const m = mean(xs);
  return xs.length > 1 ? `${m.toFixed(digits)} ± ${standardError(xs).toFixed(digits)}` : m.toFixed(digits);
}

function report(rows: Row[]): void {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.trials !== trials) continue;
    const k = `${r.knobs}\u0000${r.level}\u0000${r.variant}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const byModel = new Map<string, string[]>();
  for (const k of groups.keys()) {
    const m = k.split('\u0000')[0];
    byModel.set(m, [...(byModel.get(m) ?? []), k]);
  }
  const order = ['full', 'no-belief', 'no-hbu', 'no-toh', 'no-lrp', 'no-bts'];
  const levelOrder = ['easy', 'medium', 'hard'];
  for (const [m, keys] of byModel) {
    process.stdout.write(`\n${m === 'prior' ? 'offline prior model (BEHAVIOR-1K placement statistics)' : m}; ${trials} DESPOT trials per move, K=30, depth 20, rollout depth 10, ε=0.7\n`);
    process.stdout.write(`| level | variant | episodes | kitchens | success % | reward | steps | planning s/step | LLM calls/ep | tokens in/out per ep |\n|---|---|---|---|---|---|---|---|---|---|\n`);
    keys.sort((a, b) => {
      const [, la, va] = a.split('\u0000');
      const [, lb, vb] = b.split('\u0000');
      return levelOrder.indexOf(la) - levelOrder.indexOf(lb) || order.indexOf(va) - order.indexOf(vb);
    });
    for (const k of keys) {
      const rs = groups.get(k) as Row[];
      const [, level, variant] = k.split('\u0000');
      const succ = (100 * rs.filter((r) => r.success).length) / rs.length;
      const stepsTaken = rs.map((r) => r.actualSteps);
      const perStep = rs.map((r) => r.planningSeconds / Math.max(1, r.success ? r.steps : r.actualSteps));
      const ks = [...new Set(rs.map((r) => r.kitchen))].join(',');
      process.stdout.write(
        `| ${level} | ${variant} | ${rs.length} | ${ks} | ${succ.toFixed(0)} | ${fmt(rs.map((r) => r.reward))} | ${fmt(stepsTaken, 1)} | ${fmt(perStep, 2)} | ${fmt(rs.map((r) => r.llmCalls), 1)} | ${mean(rs.map((r) => r.inputTokens)).toFixed(0)} / ${mean(rs.map((r) => r.outputTokens)).toFixed(0)} |\n`,
      );
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(dirname(out), { recursive: true });
  const done = new Set(load().map((r) => r.key));
  if (!flag('report-only')) {
    const plan: Array<[string, string, KitchenName, KitchenLevel, number]> = [];
    for (const model of models)
      for (const level of levels) {
        if (model === 'prior' && !priorLevels.includes(level)) continue;
        for (const kitchen of kitchens)
          for (let i = 0; i < n; i++)
            for (const variant of model === 'prior' ? ['full'] : variants) plan.push([model, variant, kitchen, level, i]);
      }
    if (flag('reverse')) plan.reverse(); // a second worker on the same plan starts from the other end
    let k = 0;
    for (const [model, variant, kitchen, level, i] of plan) {
      k++;
      const key = `${model === 'synthetic' ? knobsText : 'prior'}|${variant}|${kitchen}|${level}|${i}|seed${seed}|trials${trials}`;
      if (done.has(key)) continue;
      // other workers may have finished it meanwhile
      for (const r of load()) done.add(r.key);
      if (done.has(key)) continue;
      const row = await runOne(model, variant, kitchen, level, i, key);
      appendFileSync(out, `${JSON.stringify(row)}\n`);
      process.stderr.write(`[${k}/${plan.length}] ${model} ${variant} ${kitchen} ${level} #${i}: ${row.status}, reward ${row.reward}, ${row.steps} steps, ${row.wallSeconds}s wall, ${row.cpuSeconds}s cpu\n`);
    }
  }
  report(load());
}

await main();
