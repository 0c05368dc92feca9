/**
 * `groundplan bench SUITE[,SUITE] [--methods a,b] [--seeds 1..5] [--n N]
 * [--task-seed S] [--trials N] [--set k=v,...] [--model ID] [--synthetic k=v,...]
 * [--workers N] [--out DIR] [--json]`: runs every (task, method, seed)
 * episode of a suite that has no `done` row in DIR/results.jsonl yet (errors
 * are retried), on N worker threads, with a progress bar on stderr; then
 * prints mean ± SE per method and level over this command's episodes.
 * Ctrl-C stops scheduling and exits; finished rows are on disk and a rerun of
 * the same command resumes.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import Table from 'cli-table3';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { createModel, parseRegisteredModelId, resolveModel } from '../../llm/index.js';
import { parseGivenKnobs } from '../../episode/index.js';
import { episodeKey } from '../../eval/key.js';
import { parseSeeds, parseSettings, planSpecs } from '../../eval/plan.js';
import { runPool } from '../../eval/pool.js';
import { formatMalformed, ResultStore } from '../../eval/store.js';
import { configText, modelDescriptions, summarize, summaryTable, type SummaryGroup } from '../../eval/summary.js';
import { allSuites, suite as findSuite } from '../../eval/suites/index.js';
import { installSyntheticModels } from '../../methods/index.js';
import type { EpisodeSpec, ResultRow } from '../../eval/types.js';
import { int } from './kitchen-run.js';
import { canRedraw } from '../terminal.js';

interface BenchOptions {
  methods?: string;
  seeds: string;
  n?: string;
  taskSeed?: string;
  trials?: string;
  set?: string;
  model?: string;
  baseUrl?: string;
  synthetic?: string;
  workers: string;
  out?: string;
  dataDir?: string;
  queue?: string;
  queueName?: string;
  json?: boolean;
  list?: boolean;
  cache?: string;
}

/** Default results folder: bench/out/<suite names> (git-ignored in the repository). */
export function defaultOutDir(suites: readonly string[]): string {
  return `bench/out/${suites.map((s) => s.replace(/[^A-Za-z0-9.-]+/g, '-')).join('+')}`;
}

/**
 * The model, chosen as every command chooses it (`--model`, `GROUNDPLAN_MODEL`, the config file)
 * except for the last resort: `synthetic`, not `prior` — a suite runs every method of its family,
 * and only the synthetic stand-in answers all of their prompt kinds (`prior`: Tru-POMDP's only).
 */
export async function benchModel(flag: string | undefined, env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Promise<string> {
  return (await resolveModel({ flag, env, cwd, fallback: 'synthetic' })).id;
}

/** Minutes or seconds, for the estimate line. */
function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/**
 * `about 31 min for 59 episodes (31.2 s each, measured on the first; 1 worker)`, or undefined
 * when the run is short (under `minSeconds`): the remaining episodes × the measured seconds per
 * episode, shared among the workers.
 */
export function benchEstimate(remaining: number, secondsEach: number, workers: number, basis: string, minSeconds = 60): string | undefined {
  const total = (remaining * secondsEach) / Math.max(1, Math.min(workers, remaining));
  if (!(total >= minSeconds)) return undefined;
  return `estimate: about ${duration(total)} for ${remaining} episode${remaining === 1 ? '' : 's'} (${secondsEach.toFixed(1)} s each, ${basis}; ${workers} worker${workers === 1 ? '' : 's'})`;
}

/** Validates the model id (and that a network model has its key) before any episode runs. */
async function checkModel(model: string, baseUrl: string | undefined): Promise<void> {
  const spec = parseRegisteredModelId(model, baseUrl);
  if (spec.kind === 'network') await createModel(model, { env: process.env, ...(baseUrl ? { baseUrl } : {}) });
}

/** The summary table as text (cli-table3), with the model and config lines above it. */
export function formatSummary(groups: readonly SummaryGroup[]): string {
  if (groups.length === 0) return 'no finished episodes\n';
  const { head, rows } = summaryTable(groups);
  const table = new Table({ head, style: { head: [], border: [] } });
  for (const r of rows) table.push(r);
  const lines = modelDescriptions(groups).map((d) => `model: ${d}`);
  const configs = [...new Set(groups.map((g) => configText(g.config)))];
  if (configs.length === 1 && configs[0] !== '') lines.push(`config: ${configs[0]}`);
  return `${lines.join('\n')}${lines.length ? '\n' : ''}${table.toString()}\n`;
}

interface Progress {
  start(total: number, done: number): void;
  row(row: ResultRow): void;
  stop(): void;
}

function progress(enabled: boolean, total: number, label: (spec: EpisodeSpec) => string): Progress {
  let wins = 0;
  let finished = 0;
  let count = 0;
  const rate = (): string => (finished > 0 ? `${((100 * wins) / finished).toFixed(0)}%` : '-');
  if (enabled && canRedraw(process.stderr)) {
    const bar = new cliProgress.SingleBar(
      { format: 'episodes |{bar}| {value}/{total} | ETA {eta_formatted} | success {rate} | errors {errors}', stream: process.stderr, etaBuffer: 20, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let errors = 0;
    return {
      start: (t, d) => {
        count = d;
        bar.start(t, d, { rate: rate(), errors });
      },
      row: (r) => {
        count++;
        if (r.status === 'done') {
          finished++;
          if (r.success) wins++;
        } else errors++;
        bar.update(count, { rate: rate(), errors });
      },
      stop: () => bar.stop(),
    };
  }
  return {
    start: (_t, d) => {
      count = d;
    },
    row: (r) => {
      count++;
      if (r.status === 'done') {
        finished++;
        if (r.success) wins++;
      }
      if (!enabled) return;
      const what = r.status === 'done' ? `${r.success ? 'success' : 'failure'}, reward ${r.reward}, ${r.steps} steps` : `error: ${r.error ?? ''}`;
      process.stderr.write(`[${count}/${total}] ${label(r.spec)}: ${what} (${r.wallSeconds.toFixed(1)} s; success so far ${rate()})\n`);
    },
    stop: () => {},
  };
}

function listSuites(json: boolean): void {
  const all = allSuites().map((s) => ({ name: s.name, description: s.description, methods: [...s.methods], defaultMethods: [...s.defaultMethods], llm: s.llm !== false }));
  if (json) {
    process.stdout.write(`${JSON.stringify(all)}\n`);
    return;
  }
  for (const s of all) process.stdout.write(`${s.name}: ${s.description}\n  methods: ${s.methods.map((m) => (s.defaultMethods.includes(m) ? `${m}*` : m)).join(', ')}  (* = default)\n`);
}

async function bench(suiteArg: string | undefined, opts: BenchOptions): Promise<void> {
  if (opts.list || suiteArg === undefined) {
    if (!opts.list) throw new InputError('CLI_OPTION', `missing SUITE (known: ${allSuites().map((s) => s.name).join(', ')}); --list describes them`);
    listSuites(Boolean(opts.json));
    return;
  }
  const suiteNames = suiteArg.split(',').map((s) => s.trim()).filter(Boolean);
  const suites = suiteNames.map((s) => findSuite(s));
  const seeds = parseSeeds(opts.seeds);
  const n = int(opts.n, '--n', 1);
  const taskSeed = int(opts.taskSeed, '--task-seed', 0);
  const trials = int(opts.trials, '--trials', 1);
  const workers = int(opts.workers, '--workers', 0) ?? 1;
  const model = await benchModel(opts.model);
  // read by every episode's LLM (worker threads copy the environment when they start)
  if (opts.cache) process.env.GROUNDPLAN_LLM_CACHE = resolve(opts.cache);
  const methods = opts.methods?.split(',').map((m) => m.trim()).filter(Boolean);
  installSyntheticModels();
  const synthetic = parseGivenKnobs(opts.synthetic);
  if (suites.some((s) => s.llm !== false)) await checkModel(model, opts.baseUrl);
  // with several suites, each takes the listed methods it knows; a method no suite knows is an error
  if (methods && suites.length > 1) {
    for (const m of methods) {
      if (!suites.some((s) => s.methods.includes(m))) throw new InputError('CLI_OPTION', `--methods: no suite of ${suiteNames.join(', ')} has a method '${m}'`);
    }
  }
  const specs: EpisodeSpec[] = [];
  for (const s of suites) {
    const mine = methods && suites.length > 1 ? methods.filter((m) => s.methods.includes(m)) : methods;
    if (mine && mine.length === 0) throw new InputError('CLI_OPTION', `--methods: none of them runs on ${s.name} (known: ${s.methods.join(', ')})`);
    specs.push(
      ...planSpecs(s, {
        seeds,
        model,
        synthetic,
        ...(mine ? { methods: mine } : {}),
        ...(n !== undefined ? { n } : {}),
        ...(taskSeed !== undefined ? { taskSeed } : {}),
        ...(trials !== undefined ? { trials } : {}),
        ...(opts.set ? { set: parseSettings(opts.set) } : {}),
        ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
        ...(opts.dataDir ? { dataDir: resolve(opts.dataDir) } : {}),
      }),
    );
  }
  const keys = specs.map(episodeKey);
  const unique = new Map<string, EpisodeSpec>();
  specs.forEach((s, i) => unique.set(keys[i], s));
  const out = resolve(opts.out ?? defaultOutDir(suiteNames));
  mkdirSync(out, { recursive: true });
  const store = new ResultStore(out);
  const unlock = store.lock();
  try {
    await runBench(store, unique, suiteNames, out, workers, opts);
  } finally {
    unlock();
  }
}

/** Runs what is not done yet (the store is locked by the caller), then prints the summary. */
async function runBench(store: ResultStore, unique: Map<string, EpisodeSpec>, suiteNames: string[], out: string, workers: number, opts: BenchOptions): Promise<void> {
  const loaded = store.load();
  for (const w of formatMalformed(loaded)) process.stderr.write(`warning: ${w} (skipped)\n`);
  if (loaded.truncatedTail) process.stderr.write(`warning: ${loaded.path}: the last line was cut short by a crash; it is dropped\n`);
  const finished = new Set(loaded.all.filter((r) => r.status === 'done').map((r) => r.key));
  const todo = [...unique].filter(([k]) => !finished.has(k)).map(([, s]) => s);
  const already = unique.size - todo.length;
  const json = Boolean(opts.json);
  if (already > 0) process.stderr.write(`resuming: ${already} of ${unique.size} already done (${out})\n`);
  else if (!json) process.stderr.write(`${unique.size} episodes → ${out}\n`);
  // an estimate before a long run: from this store's finished episodes of the same suites and
  // methods when there are some, else from the first episode to finish
  const kinds = new Set(todo.map((t) => `${t.suite}|${t.method}`));
  const earlier = loaded.all.filter((r) => r.status === 'done' && kinds.has(`${r.spec.suite}|${r.spec.method}`));
  let estimated = false;
  const printEstimate = (secondsEach: number, remaining: number, basis: string): void => {
    const line = benchEstimate(remaining, secondsEach, opts.queue ? 1 : Math.max(1, workers), basis);
    if (line && !json) process.stderr.write(`${line}\n`);
    estimated = true;
  };
  if (todo.length > 0 && earlier.length > 0) printEstimate(earlier.reduce((t, r) => t + r.wallSeconds, 0) / earlier.length, todo.length, `the mean of ${earlier.length} finished in this store`);

  const ac = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    process.stderr.write('\ninterrupted: stopping (finished episodes are saved; Ctrl-C again to quit at once)\n');
    ac.abort();
  };
  process.on('SIGINT', onSigint);
  const label = (s: EpisodeSpec): string => `${s.suite} ${s.method} ${s.task} seed ${s.seed}`;
  const bar = progress(true, unique.size, label);
  bar.start(unique.size, already);
  let aborted = false;
  try {
    if (todo.length > 0) {
      if (opts.queue) aborted = (await runQueued(opts.queue, opts.queueName, todo, store, ac.signal, bar)).aborted;
      else {
        let seen = 0;
        const onRow = (r: ResultRow): void => {
          seen++;
          if (!estimated && r.status === 'done') printEstimate(r.wallSeconds, todo.length - seen, 'measured on the first');
          bar.row(r);
        };
        aborted = (await runPool(todo, { store, workers, signal: ac.signal, ...(opts.dataDir ? { dataDir: resolve(opts.dataDir) } : {}), onRow })).aborted;
      }
    }
  } finally {
    bar.stop();
    process.off('SIGINT', onSigint);
  }
  // rows in plan order (not completion order), so groups list methods and levels as asked
  const order = new Map([...unique.keys()].map((k, i) => [k, i]));
  const rows = store
    .load()
    .all.filter((r) => order.has(r.key))
    .sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  const groups = summarize(rows);
  const doneNow = new Set(rows.filter((r) => r.status === 'done').map((r) => r.key)).size;
  if (json) {
    process.stdout.write(`${JSON.stringify({ suites: suiteNames, out, episodes: unique.size, alreadyDone: already, done: doneNow, aborted, groups })}\n`);
  } else {
    process.stdout.write(formatSummary(groups));
    process.stdout.write(`${doneNow} of ${unique.size} episodes done; results in ${out}/results.jsonl, traces in ${out}/traces/\n`);
  }
  if (aborted) {
    process.stderr.write(`stopped early: rerun the same command to resume\n`);
    process.exitCode = 130;
  }
}

/** Hands the specs to the queue (`--queue redis://HOST:PORT`); rows and traces land in the same store as local runs. */
async function runQueued(url: string, queueName: string | undefined, specs: EpisodeSpec[], store: ResultStore, signal: AbortSignal, bar: Progress): Promise<{ aborted: boolean }> {
  const { enqueueSuite, storeQueuedRow } = await import('../../eval/queue/index.js'); // loads bullmq only when asked
  const r = await enqueueSuite({
    url,
    ...(queueName !== undefined ? { queueName } : {}),
    specs,
    signal,
    onRow: (row, trace) => {
      storeQueuedRow(store, row, trace);
      bar.row(row);
    },
    onError: (err) => process.stderr.write(`queue: ${err.message}\n`),
  });
  if (r.aborted && r.pending.length > 0) process.stderr.write(`${r.pending.length} episodes stay queued; a rerun collects them\n`);
  return { aborted: r.aborted };
}

export function register(program: Command): void {
  program
    .command('bench')
    .description('run a benchmark suite (resumable): every task × method × seed, results in DIR/results.jsonl, traces in DIR/traces/; mean ± SE per method and level')
    .argument('[suite]', `suite name(s), comma-separated: ${allSuites().map((s) => s.name).join(', ')}`)
    .option('--methods <list>', "methods, comma-separated (default: the suite's default methods)")
    .option('--seeds <list>', 'episode seeds: N, A..B or a comma list', '1')
    .option('--n <n>', 'tasks per level (suite default otherwise)')
    .option('--task-seed <s>', 'task generation seed (kitchen, household:multi)')
    .option('--trials <n>', 'search trials per move for the methods that search (DESPOT, POMCP, LLM-MCTS)')
    .option('--set <k=v,...>', 'extra config for every episode, e.g. timeout=10,maxSteps=30')
    .option('--model <id>', 'LLM: synthetic, prior, openai:NAME, anthropic:NAME, compat:NAME@URL (default: env GROUNDPLAN_MODEL, the config file, else synthetic: only it answers every method of a suite)')
    .option('--base-url <url>', 'OpenAI-compatible server for --model openai:NAME')
    .option('--synthetic <knobs>', 'synthetic model knobs, key=value,...')
    .option('--cache <dir>', 'response cache for network models (also: llm.cache in groundplan.config.json)')
    .option('--workers <n>', 'worker threads (0 = run in the main thread, where Ctrl-C waits for the running episode)', '1')
    .option('--out <dir>', 'results folder (default bench/out/SUITE)')
    .option('--data-dir <dir>', 'shared data folder (ipc; default ../shared/data next to the repository, or $GROUNDPLAN_DATA)')
    .option('--queue <url>', 'hand the episodes to queue workers at redis://HOST:PORT instead of running them here')
    .option('--queue-name <name>', 'queue name, to keep separate runs apart (workers take the same --queue-name; default groundplan-eval)')
    .option('--list', 'list the suites and their methods')
    .option('--json', 'print the summary as JSON')
    .action((suiteArg: string | undefined, opts: BenchOptions) => bench(suiteArg, opts));
}
