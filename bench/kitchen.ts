/**
 * Kitchen benchmark for Tru-POMDP (Tang et al. 2025, §5) as the paper ran it:
 * generated tasks on all five kitchens (spread evenly), easy / medium / hard
 * with the paper's step limits (25 / 30 / 35), Tru-POMDP, its five ablations
 * of §5.3 and the five baselines of §5.2 in one table per level (success %,
 * cumulative reward, steps with failures at the step limit, planning seconds
 * per step, LLM tokens per episode), with the synthetic LLM at stated knob
 * values (and the offline `prior` model for the full method).
 *
 *   npm run bench:kitchen -- [--quick] [--kitchens one_wall,galley,...] [--levels easy,medium,hard]
 *        [--n 6 (per kitchen)] [--variants full,no-belief,no-hbu,no-toh,no-lrp,no-bts]
 *        [--baselines react,reflexion,react-star,reflexion-star,llm-mcts] [--models synthetic,prior]
 *        [--prior-levels easy] [--synthetic goalRecall=0.7,...] [--time-per-move 1] [--max-trials N]
 *        [--methods M,...] [--seed 1] [--task-seed 1] [--workers 2] [--out bench/out/kitchen] [--report-only]
 *
 * Budget: by default the paper's 1 s of search per move, on each worker
 * thread's own CPU clock (`--time-per-move S` changes it); `--max-trials N`
 * (alias `--trials`) gives DESPOT N trials per move instead (and LLM-MCTS N
 * simulations; without it LLM-MCTS has 100), which makes the outcome
 * independent of machine load. A thin driver over the evaluation core
 * (src/eval): the episodes are the `kitchen:easy|medium|hard` suites' specs
 * (variant `full` = method `tru-pomdp`, the others `tru-pomdp/no-belief` ...;
 * task ids `KITCHEN-LEVEL-TASKSEED-INDEX`), run on the eval worker pool into a
 * result store (`DIR/results.jsonl` + one trace per episode), so a rerun
 * resumes and `groundplan report DIR` / `groundplan view` read the same rows;
 * the tables are the report's (`kitchen-easy` … doc tables). `--methods`
 * runs any kitchen suite methods instead of the variants and baselines.
 */
import { InputError } from '../src/core/errors.js';
import { episodeKey, planSpecs, ResultStore, runPool, suite, type EpisodeSpec, type Json, type ResultRow } from '../src/eval/index.js';
import { parseGivenKnobs } from '../src/episode/index.js';
import { kitchenLevelTable } from '../src/eval/report/kitchen-doc-tables.js';
import { KITCHEN_SUITE_KITCHENS, parseKitchenTaskId } from '../src/eval/suites/kitchen.js';
import { installSyntheticModels } from '../src/methods/index.js';
import { ABLATIONS } from '../src/methods/tru-pomdp/index.js';
import { arg, commandLine, flag, list, num } from './args.js';
import { KITCHEN_FLAGS } from './kitchen-flags.js';

commandLine({
  command: 'npm run bench:kitchen --',
  about: "Tru-POMDP's kitchen benchmark as the paper ran it: generated tasks on five kitchens, easy/medium/hard, the method,\nits ablations and five baselines, one table per level; episodes on the eval worker pool into a result store (a rerun resumes).",
  flags: KITCHEN_FLAGS,
});

const quick = flag('quick');
const kitchens = list('kitchens', quick ? 'one_wall' : KITCHEN_SUITE_KITCHENS.join(','));
const levels = list('levels', quick ? 'easy' : 'easy,medium,hard');
const n = num('n', quick ? 2 : 6); // per kitchen: 5 kitchens × 6 = 30 tasks per level
const variants = list('variants', 'full,no-belief,no-hbu,no-toh,no-lrp,no-bts');
const baselines = list('baselines', 'react,reflexion,react-star,reflexion-star,llm-mcts');
// any kitchen suite methods instead of the Tru-POMDP variants and the baselines (bench/kitchen-baselines.ts)
const methodsArg = arg('methods');
const models = list('models', 'synthetic,prior');
const priorLevels = list('prior-levels', 'easy');
const trialsArg = arg('max-trials') ?? arg('trials') ?? (quick ? '20' : undefined);
const trials = trialsArg !== undefined ? Number(trialsArg) : undefined;
const timePerMove = arg('time-per-move');
const knobText = arg('synthetic');
const seed = num('seed', 1);
const taskSeed = num('task-seed', 1);
const workers = num('workers', 2);
const out = arg('out') ?? (quick ? 'bench/out/kitchen-quick' : 'bench/out/kitchen');

const LEVEL_ORDER = ['easy', 'medium', 'hard'];
const methodOf = (variant: string): string => (variant === 'full' ? 'tru-pomdp' : `tru-pomdp/${variant}`);
const variantOf = (method: string): string => (method === 'tru-pomdp' ? 'full' : method.startsWith('tru-pomdp/') ? method.slice('tru-pomdp/'.length) : method);
const methods = methodsArg !== undefined ? list('methods', '') : [...variants.map(methodOf), ...baselines];

function check(): void {
  for (const k of kitchens) if (!KITCHEN_SUITE_KITCHENS.includes(k as never)) throw new InputError('CLI_OPTION', `--kitchens: the kitchen suites have ${KITCHEN_SUITE_KITCHENS.join(', ')}, not '${k}'`);
  for (const l of [...levels, ...priorLevels]) if (!LEVEL_ORDER.includes(l)) throw new InputError('CLI_OPTION', `--levels/--prior-levels: expected easy, medium or hard, got '${l}'`);
  if (methodsArg === undefined) for (const v of variants) if (v !== 'full' && !(ABLATIONS as readonly string[]).includes(v)) throw new InputError('CLI_OPTION', `--variants: expected full or one of ${ABLATIONS.join(', ')}, got '${v}'`);
  if (timePerMove !== undefined && !(Number(timePerMove) > 0)) throw new InputError('CLI_OPTION', '--time-per-move: expected a positive number of seconds');
  for (const [name, v] of [['n', n], ['max-trials', trials ?? 1], ['workers', workers + 1], ['seed', seed]] as const) {
    if (!Number.isInteger(v) || v < 1) throw new InputError('CLI_OPTION', `--${name}: expected a positive integer`);
  }
}

/**
 * The episodes: the kitchen suites' specs for the chosen levels, variants and
 * models, `n` tasks per kitchen, in round-robin order (task index outermost,
 * then kitchen, level, model, variant) so a run stopped early is balanced.
 */
function plan(): EpisodeSpec[] {
  installSyntheticModels();
  const given = parseGivenKnobs(knobText);
  const set: { [k: string]: Json } = timePerMove !== undefined ? { timePerMove: Number(timePerMove) } : {};
  const specs: EpisodeSpec[] = [];
  for (const model of models)
    for (const level of levels) {
      if (model === 'prior' && !priorLevels.includes(level)) continue;
      const all = planSpecs(suite(`kitchen:${level}`), { methods: model === 'prior' ? ['tru-pomdp'] : methods, seeds: [seed], n: n * KITCHEN_SUITE_KITCHENS.length, taskSeed, model, ...(trials !== undefined ? { trials } : {}), set, synthetic: given });
      specs.push(...all.filter((s) => kitchens.includes(parseKitchenTaskId(s.task).kitchen)));
    }
  const rank = (s: EpisodeSpec): number[] => {
    const t = parseKitchenTaskId(s.task);
    return [t.index, kitchens.indexOf(t.kitchen), LEVEL_ORDER.indexOf(t.level), models.indexOf(s.model), methods.indexOf(s.method)];
  };
  return specs
    .map((s) => ({ s, r: rank(s) }))
    .sort((a, b) => {
      for (let i = 0; i < a.r.length; i++) if (a.r[i] !== b.r[i]) return a.r[i] - b.r[i];
      return 0;
    })
    .map((x) => x.s);
}

async function run(store: ResultStore, specs: EpisodeSpec[]): Promise<void> {
  const done = store.finished();
  const todo = specs.filter((s) => !done.has(episodeKey(s)));
  process.stderr.write(`[kitchen] ${specs.length} episodes, ${specs.length - todo.length} already done, ${todo.length} to run on ${workers} worker(s) into ${out}\n`);
  if (todo.length === 0) return;
  const release = store.lock();
  const abort = new AbortController();
  const onSigint = (): void => {
    if (abort.signal.aborted) process.exit(130);
    process.stderr.write('\n[kitchen] stopping: running episodes are dropped, rerun to resume (Ctrl-C again to quit now)\n');
    abort.abort();
  };
  process.on('SIGINT', onSigint);
  const t0 = performance.now();
  let k = 0;
  try {
    await runPool(todo, {
      store,
      workers,
      signal: abort.signal,
      onRow: (r) => {
        k++;
        const el = (performance.now() - t0) / 1000;
        const what = r.status === 'done' ? `${r.success ? 'success' : 'failure'}, reward ${r.reward}, ${r.steps} steps` : `error: ${r.error ?? ''}`;
        process.stderr.write(`[${k}/${todo.length}] ${r.spec.model} ${variantOf(r.spec.method)} ${r.spec.task}: ${what}, ${r.wallSeconds.toFixed(1)} s  (${el.toFixed(0)} s, ~${((el / k) * (todo.length - k)).toFixed(0)} s left)\n`);
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
    release();
  }
  if (abort.signal.aborted) process.exitCode = 130;
}

/** The report's per-level tables (src/eval/report/doc-tables.ts), synthetic then prior. */
function report(rows: ResultRow[]): string {
  const lines: string[] = [];
  for (const model of models)
    for (const level of LEVEL_ORDER) {
      const t = kitchenLevelTable(level, rows, model);
      if (t) lines.push('', model === 'prior' ? `offline prior model (BEHAVIOR-1K statistics and hand-written word lists tuned on task seed 1), ${t}` : t);
    }
  lines.push('', `episode seed ${seed}, task seed ${taskSeed}`);
  const err = rows.find((r) => r.status === 'error');
  if (err) lines.push('', `${rows.filter((r) => r.status === 'error').length} episode(s) ended in an error, e.g. ${err.spec.method} ${err.spec.task}: ${err.error ?? ''}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  check();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const store = new ResultStore(out);
  const specs = plan();
  if (!flag('report-only')) await run(store, specs);
  const keys = new Set(specs.map(episodeKey));
  const rows = store.latestRows().filter((r) => keys.has(r.key));
  const cpu = process.cpuUsage(cpu0);
  const episodeWall = rows.reduce((s, r) => s + r.wallSeconds, 0);
  process.stdout.write(`${report(rows)}\n\n`);
  process.stdout.write(
    `(${rows.length} of ${specs.length} episodes in ${out}; this run ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; all listed episodes together ${episodeWall.toFixed(0)} s of episode wall time)\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
