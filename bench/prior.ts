/**
 * The offline `prior` model measured honestly (issue 16): Tru-POMDP (full
 * method) with `--model prior` on three kitchen task sets, all five kitchens,
 * easy/medium/hard:
 * - `tuned`: generator task seed 1, the seed of the kitchen benchmark whose
 *   easy tasks the prior's hand-written word lists and weights were tuned on;
 * - `unseen`: task seed 1001, never used while writing the prior;
 * - `paraphrase`: the tasks of bench/data/kitchen-paraphrases.json (task seed
 *   1001, two per kitchen and level) with the hand-written paraphrase in place
 *   of the generator's template instruction (the same tasks as `unseen`
 *   indices 0-1, so the two can be compared pair by pair).
 *
 *   npx tsx bench/prior.ts [--sets tuned,unseen,paraphrase] [--levels easy,medium,hard]
 *        [--kitchens all] [--n 10 (tasks per kitchen and level)] [--max-trials 10]
 *        [--seed 1] [--out bench/out/prior] [--report-only]
 *
 * The search budget is `--max-trials` DESPOT trials per move (the wall-clock cap
 * per move is 60 s, so the trial budget decides and the outcome does not depend
 * on machine load). Rows go to one result store per set
 * (`OUT/SET/results.jsonl`, suite `prior:SET`), so a rerun resumes and
 * `groundplan report` reads them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../src/core/errors.js';
import { packageRoot } from '../src/core/package-data.js';
import { hashString, Rng } from '../src/core/rng.js';
import { generateTasks, KITCHEN_NAMES, type KitchenLevel, type KitchenName, type KitchenTask } from '../src/envs/kitchen/index.js';
import { doneRow, episodeKey, errorRow, ResultStore, type EpisodeSpec, type ResultRow } from '../src/eval/index.js';
import { usageByKind } from '../src/episode/index.js';
import { clientFromSettings } from '../src/llm/index.js';
import { runKitchenEpisode } from '../src/methods/index.js';
import { registerPriorModel, truPomdpMethod } from '../src/methods/tru-pomdp/index.js';
import { arg, commandLine, flag, list, num } from './args.js';

export const PRIOR_SETS = ['tuned', 'unseen', 'paraphrase'] as const;
export type PriorSet = (typeof PRIOR_SETS)[number];
const TASK_SEED: Record<PriorSet, number> = { tuned: 1, unseen: 1001, paraphrase: 1001 };
const LEVELS: readonly KitchenLevel[] = ['easy', 'medium', 'hard'];
const TIME_CAP_PER_MOVE = 60;

interface Paraphrase {
  task: string;
  template: string;
  paraphrase: string;
}

const sets = list('sets', PRIOR_SETS.join(',')) as PriorSet[];
const levels = list('levels', LEVELS.join(',')) as KitchenLevel[];
const kitchenArg = list('kitchens', 'all');
const kitchens = (kitchenArg.includes('all') ? [...KITCHEN_NAMES] : kitchenArg) as KitchenName[];
const n = num('n', 10);
const maxTrials = num('max-trials', 10);
const seed = num('seed', 1);
const out = arg('out') ?? 'bench/out/prior';

function check(): void {
  for (const s of sets) if (!(PRIOR_SETS as readonly string[]).includes(s)) throw new InputError('CLI_OPTION', `--sets: expected ${PRIOR_SETS.join(', ')}, got '${s}'`);
  for (const l of levels) if (!LEVELS.includes(l)) throw new InputError('CLI_OPTION', `--levels: expected easy, medium or hard, got '${l}'`);
  for (const k of kitchens) if (!(KITCHEN_NAMES as readonly string[]).includes(k)) throw new InputError('CLI_OPTION', `--kitchens: expected all or some of ${KITCHEN_NAMES.join(', ')}, got '${k}'`);
  for (const [name, v] of [['n', n], ['max-trials', maxTrials], ['seed', seed]] as const) {
    if (!Number.isInteger(v) || v < 1) throw new InputError('CLI_OPTION', `--${name}: expected a positive integer`);
  }
}

export const PARAPHRASES_FILE = join(packageRoot(), 'bench', 'data', 'kitchen-paraphrases.json');

export function paraphrases(): Map<string, Paraphrase> {
  const file = JSON.parse(readFileSync(PARAPHRASES_FILE, 'utf8')) as { tasks: Paraphrase[] };
  return new Map(file.tasks.map((p) => [p.task, p]));
}

/** The tasks of one set, in round-robin order (index, then kitchen), with their ids (`n` per kitchen; the paraphrase set has 2). */
export function priorTasks(set: PriorSet, level: KitchenLevel, kitchens: readonly KitchenName[], n: number): Array<{ id: string; task: KitchenTask }> {
  const taskSeed = TASK_SEED[set];
  const para = set === 'paraphrase' ? paraphrases() : undefined;
  const count = para ? 2 : n;
  const byKitchen = kitchens.map((kitchen) => generateTasks({ kitchen, level, n: count, seed: taskSeed }));
  const outTasks: Array<{ id: string; task: KitchenTask }> = [];
  for (let i = 0; i < count; i++)
    for (const [k, kitchen] of kitchens.entries()) {
      const id = `${kitchen}-${level}-${taskSeed}-${i}`;
      const task = byKitchen[k][i];
      if (!para) {
        outTasks.push({ id, task });
        continue;
      }
      const p = para.get(id);
      if (!p) throw new InputError('BENCH_DATA', `bench/data/kitchen-paraphrases.json: no paraphrase for task ${id}`);
      if (p.template !== task.description) throw new InputError('BENCH_DATA', `bench/data/kitchen-paraphrases.json: task ${id}'s template is no longer the generator's instruction ('${task.description}')`);
      outTasks.push({ id, task: { ...task, description: p.paraphrase } });
    }
  return outTasks;
}

async function runOne(spec: EpisodeSpec, task: KitchenTask): Promise<ResultRow> {
  const key = episodeKey(spec);
  const t0 = performance.now();
  const episodeSeed = hashString(`${spec.task}|${spec.seed}`);
  registerPriorModel();
  const llm = await clientFromSettings({ model: 'prior', seed: episodeSeed });
  const method = truPomdpMethod;
  try {
    const r = await runKitchenEpisode(method, task, {
      llm: llm.client,
      meter: llm.meter,
      rng: new Rng(episodeSeed),
      methodOptions: { maxTrials, timePerMove: TIME_CAP_PER_MOVE, clock: 'wall' },
    });
    const outcome = {
      success: r.success,
      reward: r.reward,
      steps: r.steps,
      planningSeconds: r.planningSeconds,
      llm: { ...r.llm, byKind: usageByKind(llm.meter) },
      metrics: { targets: task.goals[0]?.length ?? 0 },
      modelDescription: llm.description,
      warnings: r.warnings,
    };
    return doneRow(key, spec, outcome, (performance.now() - t0) / 1000, 'local');
  } catch (err) {
    return errorRow(key, spec, err instanceof Error ? err.message : String(err), (performance.now() - t0) / 1000, 'local');
  }
}

async function runSet(set: PriorSet): Promise<ResultRow[]> {
  const store = new ResultStore(join(out, set));
  const done = store.finished();
  const release = store.lock();
  try {
    for (const level of levels) {
      const tasks = priorTasks(set, level, kitchens, n);
      let k = 0;
      for (const { id, task } of tasks) {
        k++;
        const spec: EpisodeSpec = { suite: `prior:${set}`, task: id, level, method: 'tru-pomdp', model: 'prior', seed, config: { maxTrials, timePerMove: TIME_CAP_PER_MOVE } };
        if (done.has(episodeKey(spec))) continue;
        const row = await runOne(spec, task);
        store.append(row);
        const what = row.status === 'done' ? `${row.success ? 'success' : 'failure'}, ${row.steps} steps` : `error: ${row.error ?? ''}`;
        process.stderr.write(`[prior ${set} ${level} ${k}/${tasks.length}] ${id}: ${what}, ${row.wallSeconds.toFixed(1)} s\n`);
      }
    }
  } finally {
    release();
  }
  return store.latestRows();
}

function pct(rows: readonly ResultRow[]): string {
  if (rows.length === 0) return '—';
  const k = rows.filter((r) => r.success).length;
  return `${k}/${rows.length} (${((100 * k) / rows.length).toFixed(0)} %)`;
}

async function main(): Promise<void> {
  check();
  const t0 = performance.now();
  const bySet = new Map<PriorSet, ResultRow[]>();
  for (const set of sets) bySet.set(set, flag('report-only') ? new ResultStore(join(out, set)).latestRows() : await runSet(set));
  const lines = [`| level | ${sets.join(' | ')} |`, `|---|${sets.map(() => '---').join('|')}|`];
  for (const level of levels) lines.push(`| ${level} | ${sets.map((s) => pct((bySet.get(s) ?? []).filter((r) => r.spec.level === level && r.status === 'done'))).join(' | ')} |`);
  process.stdout.write(`prior model, Tru-POMDP full method, ${maxTrials} DESPOT trials per move, kitchens ${kitchens.join(', ')}\n${lines.join('\n')}\n`);
  process.stdout.write(`(${((performance.now() - t0) / 1000).toFixed(0)} s wall)\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  commandLine({
    command: 'npx tsx bench/prior.ts',
    about: "The offline `prior` model with Tru-POMDP on three kitchen task sets (tuned, unseen, paraphrase), all kitchens and\nlevels, at a DESPOT trial budget per move; one result store per set (a rerun resumes).",
    flags: [
      { name: 'sets', value: 'a,b', help: `task sets: ${PRIOR_SETS.join(', ')} (default all)` },
      { name: 'levels', value: 'a,b', help: 'easy, medium, hard (default all)' },
      { name: 'kitchens', value: 'a,b', help: 'kitchens, or all (default)' },
      { name: 'n', value: 'N', help: 'tasks per kitchen and level (default 10)' },
      { name: 'max-trials', value: 'N', help: 'DESPOT trials per move (default 10)' },
      { name: 'seed', value: 'S', help: 'episode seed (default 1)' },
      { name: 'out', value: 'DIR', help: 'result stores (default bench/out/prior)' },
      { name: 'report-only', help: 'print the tables from the rows already there; run nothing' },
    ],
  });
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
