/**
 * Household benchmark for GAVEL (§V-E/§V-F): the shape of the seed's Table I
 * (single long-horizon tasks: success and LLM calls for llm-only, sayplan,
 * gavel-basic, gavel) and Table II (multi-task instructions: success and
 * travel for llm-only, sayplan, epog, gavel-map, gavel-static, gavel,
 * oracle), with the synthetic LLM at stated knob values, with per-errand
 * (partial) success next to full success and the failed errands by cause
 * (the seed's Fig. 3 kind); plus the ordering time per instruction (the seed
 * reports 17 ms).
 *
 *   npm run bench:household -- [--quick] [--single 52] [--multi 500] [--seeds 5]
 *        [--single-methods llm-only,sayplan,gavel-basic,gavel]
 *        [--multi-methods llm-only,sayplan,epog,gavel-map,gavel-static,gavel,oracle]
 *        [--model synthetic | openai:NAME ... [--base-url URL]] [--synthetic gavel.fixProb=0.4,...]
 *        [--rsn softmax] [--feedback 5]
 *        [--out bench/out/household] [--report-only]
 *
 * Episodes run through the `household:single` / `household:multi` suites
 * (src/eval/suites/household.ts); each finished episode is appended to the
 * JSONL file at once as a result row, and a rerun skips the keys already
 * there (resumable). Means are over episodes (tasks × seeds) ± their
 * standard error.
 */
import { mean, median, standardError } from '../src/core/stats.js';
import { generateMultiTasks, householdDataDir, loadBehaviorData, runOrdering, stopIds, stopsFor, type HouseholdTask } from '../src/envs/household/index.js';
import { episodeKey } from '../src/eval/key.js';
import { ResultStore } from '../src/eval/store.js';
import { doneRow, errorRow } from '../src/eval/runner.js';
import { householdSuites, multiTasks, roomModel, singleTasks } from '../src/eval/suites/index.js';
import { parseGivenKnobs } from '../src/episode/index.js';
import type { EpisodeSpec, Json, ResultRow, Suite } from '../src/eval/types.js';
import { createSyntheticModel, describeSynthetic, syntheticRegistry } from '../src/llm/index.js';
import { registerGavelSynthetic } from '../src/methods/gavel/synthetic.js';
import { FAILURE_CAUSE_NAMES } from '../src/episode/index.js';
import { BeliefState, chooseOrder, costMatrices, costModel, initialBelief, orderIsValid, sceneFromJson, verifyPlan } from '../src/scenegraph/index.js';
import { arg, commandLine, flag, list, num } from './args.js';

commandLine({
  command: 'npm run bench:household --',
  about: "GAVEL's household benchmark: single long-horizon tasks (Table I) and multi-task instructions (Table II) with the\nsynthetic LLM (or a real one), success, partial success, travel and LLM calls; rows to a result store (a rerun resumes).",
  flags: [
    { name: 'quick', help: '12 single and 16 multi tasks, 2 seeds' },
    { name: 'single', value: 'N', help: 'single tasks (default 52)' },
    { name: 'multi', value: 'N', help: 'multi-task instructions (default 500)' },
    { name: 'seeds', value: 'N', help: 'seeds per task (default 5)' },
    { name: 'single-methods', value: 'a,b', help: 'default llm-only,sayplan,gavel-basic,gavel' },
    { name: 'multi-methods', value: 'a,b', help: 'default llm-only,sayplan,epog,gavel-map,gavel-static,gavel,oracle' },
    { name: 'model', value: 'NAME', help: 'synthetic (default) or openai:NAME ...' },
    { name: 'base-url', value: 'URL', help: 'the endpoint of an OpenAI-compatible model' },
    { name: 'synthetic', value: 'k=v,...', help: 'synthetic LLM knobs (e.g. gavel.fixProb=0.4)' },
    { name: 'rsn', value: 'NAME', help: 'room-selection rule (default softmax)' },
    { name: 'feedback', value: 'N', help: 'feedback rounds (default 5)' },
    { name: 'out', value: 'DIR', help: 'result store (default bench/out/household)' },
    { name: 'report-only', help: 'print the tables from the rows already there; run nothing' },
  ],
});

registerGavelSynthetic();

const quick = flag('quick');
const out = arg('out') ?? 'bench/out/household';
const seeds = num('seeds', quick ? 2 : 5);
const nSingle = num('single', quick ? 12 : 52);
const nMulti = num('multi', quick ? 16 : 500);
const singleMethods = list('single-methods', 'llm-only,sayplan,gavel-basic,gavel');
const multiMethods = list('multi-methods', 'llm-only,sayplan,epog,gavel-map,gavel-static,gavel,oracle');
const rsn = arg('rsn') ?? 'softmax';
const feedback = num('feedback', 5);
const model = arg('model') ?? 'synthetic';
const baseUrl = arg('base-url');
const knobText = arg('synthetic');
const given = parseGivenKnobs(knobText);
const knobs = createSyntheticModel({ knobs: knobText ?? '' }).knobs;
const gavelKnobs = Object.fromEntries(Object.entries(knobs).filter(([k]) => syntheticRegistry.declaredKnobs().get(k)?.owner === 'gavel'));

/** The rows already in the store, one per key (`done` beats `error`). */
function loadRows(store: ResultStore): Map<string, ResultRow> {
  return new Map(store.latestRows().map((r) => [r.key, r]));
}

function specsFor(suite: Suite, tasks: { id: string; level: string }[], methods: string[]): EpisodeSpec[] {
  const config: { [k: string]: Json } = { rsn, feedback, ...(model === 'synthetic' && Object.keys(given).length > 0 ? { synthetic: given } : {}), ...(baseUrl ? { baseUrl } : {}) };
  const specs: EpisodeSpec[] = [];
  for (let seed = 1; seed <= seeds; seed++) for (const t of tasks) for (const method of methods) specs.push({ suite: suite.name, task: t.id, level: t.level, method, model, seed, config });
  return specs;
}

async function runAll(store: ResultStore, specs: EpisodeSpec[], rows: Map<string, ResultRow>): Promise<void> {
  const release = store.lock();
  const todo = specs.filter((s) => rows.get(episodeKey(s))?.status !== 'done');
  const suites = new Map(householdSuites.map((s) => [s.name, s]));
  const t0 = performance.now();
  let done = 0;
  for (const spec of todo) {
    const key = episodeKey(spec);
    const a = performance.now();
    let row: ResultRow;
    try {
      const o = await (suites.get(spec.suite) as Suite).run(spec, { trace: () => undefined });
      row = doneRow(key, spec, o, (performance.now() - a) / 1000, 'local');
    } catch (err) {
      row = errorRow(key, spec, err instanceof Error ? err.message : String(err), (performance.now() - a) / 1000, 'local');
    }
    store.append(row);
    rows.set(key, row);
    done++;
    const el = (performance.now() - t0) / 1000;
    process.stderr.write(`\r[household] ${done}/${todo.length} episodes (${specs.length - todo.length} already done)  ${el.toFixed(0)} s, ~${((el / done) * (todo.length - done)).toFixed(0)} s left  ${spec.method.padEnd(12)} ${spec.task.slice(0, 40).padEnd(40)}`);
  }
  release();
  if (todo.length > 0) process.stderr.write('\n');
}

const pct = (xs: number[]): string => `${(100 * mean(xs)).toFixed(1)} ± ${(100 * standardError(xs)).toFixed(1)}`;
const pm = (xs: number[], d = 2): string => (xs.length === 0 ? '-' : `${mean(xs).toFixed(d)} ± ${standardError(xs).toFixed(d)}`);

function table(head: string[], body: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** `gavel.plan` calls: the seed's "attempts" (decomposition and extraction are shared by every method). */
const planCalls = (r: ResultRow): number => r.llm.byKind?.['gavel.plan']?.calls ?? 0;

function tableI(rows: ResultRow[]): string {
  const body = singleMethods.map((m) => {
    const rs = rows.filter((r) => r.spec.method === m && r.status === 'done');
    return [m, pct(rs.map((r) => (r.success ? 1 : 0))), pct(rs.map(errandSuccess)), pm(rs.map(planCalls)), pm(rs.map((r) => r.llm.calls)), pm(rs.map((r) => r.metrics.repairs ?? 0), 1), pm(rs.map((r) => r.planningSeconds), 3), String(rs.length)];
  });
  return table(['method', 'success %', 'goal met % (safety aside)', 'plan calls (attempts)', 'LLM calls (all kinds)', 'repair edits', 'planning s', 'n'], body);
}

function tableII(rows: ResultRow[]): string {
  const by = new Map<string, ResultRow>();
  for (const r of rows) by.set(`${r.spec.method}|${r.spec.task}|${r.spec.seed}`, r);
  const episodes = [...new Set(rows.map((r) => `${r.spec.task}|${r.spec.seed}`))];
  // matched set: the episodes every verifying LLM method (and the oracle) completed, as the seed compares distance
  const matchedMethods = multiMethods.filter((m) => ['sayplan', 'gavel-map', 'gavel-static', 'gavel', 'oracle'].includes(m));
  const matched = episodes.filter((e) => matchedMethods.every((m) => by.get(`${m}|${e}`)?.success === true));
  const base = multiMethods.includes('gavel-map') ? 'gavel-map' : undefined;
  const body = multiMethods.map((m) => {
    const rs = rows.filter((r) => r.spec.method === m && r.status === 'done');
    const md = matched.map((e) => by.get(`${m}|${e}`)?.metrics.distance ?? NaN).filter(Number.isFinite);
    const diff = base ? matched.map((e) => (by.get(`${m}|${e}`)?.metrics.distance ?? NaN) - (by.get(`${base}|${e}`)?.metrics.distance ?? NaN)).filter(Number.isFinite) : [];
    return [
      m,
      pct(rs.map((r) => (r.success ? 1 : 0))),
      pct(rs.map(errandSuccess)),
      pm(rs.map((r) => r.metrics.distance ?? 0)),
      matchedMethods.includes(m) ? pm(md) : '-',
      matchedMethods.includes(m) && base ? pm(diff) : '-',
      pm(rs.map((r) => r.metrics.searches ?? 0), 1),
      pm(rs.map(planCalls), 1),
      pm(rs.map((r) => r.planningSeconds), 3),
      String(rs.length),
    ];
  });
  return `${table(['method', 'success %', 'per-errand success %', 'distance m (all)', `distance m (matched, ${matched.length})`, `vs ${base ?? '-'} (matched, paired)`, 'room searches', 'plan calls', 'planning s', 'n'], body)}`;
}

/** Errands achieved / errands of one row (the seed's per-errand success; rows of older stores lack it: full success). */
const errandSuccess = (r: ResultRow): number => r.metrics.errandSuccess ?? (r.success ? 1 : 0);

/** Failed errands by cause per method (the seed's Fig. 3 kind): counts over the finished episodes, and per 100 episodes. */
function causeTable(rows: ResultRow[], methods: string[]): string {
  const done = rows.filter((r) => r.status === 'done');
  const causes = FAILURE_CAUSE_NAMES.filter((c) => done.some((r) => r.failures?.includes(c)));
  if (causes.length === 0) return '(no failures)';
  const body = methods.map((m) => {
    const rs = done.filter((r) => r.spec.method === m);
    const count = (c: string): number => rs.reduce((t, r) => t + (r.failures ?? []).filter((x) => x === c).length, 0);
    const total = rs.reduce((t, r) => t + (r.failures?.length ?? 0), 0);
    const cell = (k: number): string => (k === 0 ? '0' : `${k} (${((100 * k) / rs.length).toFixed(1)})`);
    return [m, String(rs.length), String(rs.filter((r) => !r.success).length), ...causes.map((c) => cell(count(c))), cell(total)];
  });
  return table(['method', 'episodes', 'failed episodes', ...causes, 'all causes'], body);
}

/** Cost matrices + chooseOrder (with the interference check) per instruction, on the reference subplans and RSN beliefs. */
function orderingTimes(tasks: readonly HouseholdTask[]): { first: number[]; whole: number[] } {
  const model = roomModel(rsn, householdDataDir());
  const first: number[] = [];
  const whole: number[] = [];
  for (const t of tasks) {
    const scene = sceneFromJson(t.scene, t.id);
    const m = costModel(scene);
    const state = scene.initialState();
    const beliefs = new BeliefState();
    for (const o of t.uncertain) beliefs.set(o, initialBelief(scene, model ? model.scores(scene.objects.get(o)?.category ?? o) : {}, state.robot.room, model ? 1e-3 : 0));
    const a = performance.now();
    const { h, A } = costMatrices(m, state.robot.room, t.subplans.map((p) => stopsFor(scene, stopIds(p), beliefs, false)));
    chooseOrder(h, A, (o) => orderIsValid((p, g) => verifyPlan(scene, p, g, state), t.subplans, t.goals, o));
    first.push(performance.now() - a);
    // every (re)ordering of one gavel run, with its simulated execution and searches
    const b = performance.now();
    runOrdering(t, model ?? { types: [], scores: () => ({}) }, 'gavel');
    whole.push(performance.now() - b);
  }
  return { first, whole };
}

const SEMANTIC = new Set(['cooked', 'washed', 'dried']);

const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))];

async function main(): Promise<void> {
  const t0 = performance.now();
  const store = new ResultStore(out);
  const rows = loadRows(store);
  const [single, multi] = householdSuites;
  const dir = householdDataDir();
  const sTasks = singleTasks(dir).slice(0, nSingle).map((t) => ({ id: t.id, level: 'single' }));
  const mTasks = multiTasks(dir, 1, nMulti).map((t, i) => ({ id: `s1-${i}`, level: String(t.goals.length) }));
  const sSpecs = specsFor(single, sTasks, singleMethods);
  const mSpecs = specsFor(multi, mTasks, multiMethods);
  if (!flag('report-only')) await runAll(store, [...sSpecs, ...mSpecs], rows);
  const pick = (specs: EpisodeSpec[]) => specs.flatMap((s) => rows.get(episodeKey(s)) ?? []);
  const sRows = pick(sSpecs);
  const mRows = pick(mSpecs);
  const errors = [...sRows, ...mRows].filter((r) => r.status === 'error');
  const lines: string[] = [];
  lines.push(`Model: ${model === 'synthetic' ? describeSynthetic(gavelKnobs) : model}; RSN beliefs: ${rsn}; LLM budget T = ${feedback}; seeds 1..${seeds}.`);
  lines.push('');
  lines.push(`Table I shape: ${sTasks.length} EAI single tasks × ${seeds} seeds (mean ± SE over episodes).`);
  lines.push('');
  lines.push(tableI(sRows));
  lines.push('');
  lines.push(`Table II shape: ${mTasks.length} multi-task instructions (task seed 1) × ${seeds} seeds.`);
  lines.push('');
  lines.push(tableII(mRows));
  const semantic = new Set(multiTasks(dir, 1, nMulti).flatMap((t, i) => (t.goal.literals.some((l) => l.kind === 'flag' && SEMANTIC.has(l.flag) && !l.negated) ? [`s1-${i}`] : [])));
  const split = (m: string, needs: boolean): string => {
    const rs = mRows.filter((r) => r.spec.method === m && r.status === 'done' && semantic.has(r.spec.task) === needs);
    return rs.length ? `${(100 * mean(rs.map((r) => (r.success ? 1 : 0)))).toFixed(1)} % of ${rs.length}` : '-';
  };
  lines.push('');
  lines.push('Failure causes (failed errands; an episode whose errands all hold but that left something open or on counts once as unsafe), count (per 100 episodes):');
  lines.push('');
  lines.push(`Single tasks:\n\n${causeTable(sRows, singleMethods)}`);
  lines.push('');
  lines.push(`Multi-task instructions:\n\n${causeTable(mRows, multiMethods)}`);
  lines.push('');
  lines.push(`${semantic.size} of ${mTasks.length} instructions need an appliance-made state (cooked, washed, dried). Success without / with one: ${multiMethods.map((m) => `${m} ${split(m, false)} / ${split(m, true)}`).join('; ')}.`);
  const ord = orderingTimes(nMulti > 0 ? generateMultiTasks(loadBehaviorData(dir), { count: nMulti, seed: 1 }) : []);
  // (no multi-task instructions: no ordering to time)
  if (ord.first.length > 0) lines.push('', `Ordering time per instruction (${ord.first.length} instructions): cost matrices + chooseOrder with the interference check, at the start: median ${median(ord.first).toFixed(2)} ms, p95 ${p95(ord.first).toFixed(2)} ms; every reordering of a whole gavel run (with its simulated execution): median ${median(ord.whole).toFixed(2)} ms, p95 ${p95(ord.whole).toFixed(2)} ms.`);
  if (errors.length > 0) lines.push('', `${errors.length} episode(s) ended in an error, e.g. ${errors[0].spec.method} ${errors[0].spec.task}: ${errors[0].error}`);
  lines.push('', `(${((performance.now() - t0) / 1000).toFixed(1)} s; rows in ${out})`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
