/**
 * `npx tsx bench/fuzz-pddl.ts --cases 2000 --seed 1` — the PDDL fuzz run:
 * mutated IPC tasks through check, plan and validate (bench/fuzz-pddl-cases.ts),
 * counting crashes (anything but a located input error), unlocated errors and
 * the slowest case per tool; then the paren-location hit rate over as many
 * single-parenthesis edits of the IPC files. Exit 1 on any crash, unlocated
 * error or case over --max-case-ms.
 *
 * Flags: --cases N (default 2000), --seed S (default 1), --paren N (parenthesis
 * edits, default = cases), --plan-timeout MS (the planner's budget per case,
 * default 2000), --max-case-ms MS (a hang, default 30000), --case I (run and
 * print case I only), --json (the summary as JSON).
 */
import { join, resolve } from 'node:path';
import { Rng } from '../src/core/rng.js';
import { arg, commandLine, flag, num } from './args.js';
import { caseTexts, loadPddlFiles, loadTasks, parenCase, runCase, TOOLS, type CaseResult, type Mutation, type ParenEdit, type Tool, type Verdict } from './fuzz-pddl-cases.js';

commandLine({
  command: 'npx tsx bench/fuzz-pddl.ts',
  about: 'Mutated IPC tasks through check, plan and validate: crashes, unlocated errors, the slowest case per tool; then the\nparen-location hit rate. Exit 1 on any crash, unlocated error or case over --max-case-ms.',
  flags: [
    { name: 'cases', value: 'N', help: 'mutated tasks (default 2000)' },
    { name: 'seed', value: 'S', help: 'mutation seed (default 1)' },
    { name: 'paren', value: 'N', help: 'single-parenthesis edits (default: as many as --cases)' },
    { name: 'plan-timeout', value: 'MS', help: "the planner's budget per case (default 2000)" },
    { name: 'max-case-ms', value: 'MS', help: 'a case slower than this is a hang (default 30000)' },
    { name: 'case', value: 'I', help: 'run and print case I only' },
    { name: 'json', help: 'the summary as JSON' },
  ],
});

const IPC = resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'ipc');
const cases = num('cases', 2000);
const seed = num('seed', 1);
const parenCases = num('paren', cases);
const planTimeoutMs = num('plan-timeout', 2000);
const maxCaseMs = num('max-case-ms', 30_000);

const tasks = loadTasks(IPC);
const only = arg('case');
if (only !== undefined) {
  const c = caseTexts(tasks, seed, Number(only));
  process.stdout.write(`case ${only}: ${c.task}, ${c.target} mutated by ${c.mutations.join(', ')}\n----- ${c.target}\n${c.texts[c.target]}\n-----\n`);
  const r = runCase(tasks, seed, Number(only), planTimeoutMs);
  process.stdout.write(`${JSON.stringify({ verdicts: r.verdicts, ms: r.ms, detail: r.detail }, null, 2)}\n`);
  process.exit(0);
}

const verdicts: Record<Tool, Record<Verdict, number>> = Object.fromEntries(TOOLS.map((t) => [t, { accepted: 0, rejected: 0, crash: 0, unlocated: 0 }])) as never;
const maxMs: Record<Tool, number> = { check: 0, plan: 0, validate: 0 };
const byMutation: Partial<Record<Mutation, number>> = {};
const findings: CaseResult[] = [];
let errors = 0;
let located = 0;
const t0 = performance.now();
for (let i = 0; i < cases; i++) {
  const r = runCase(tasks, seed, i, planTimeoutMs);
  for (const m of r.mutations) byMutation[m] = (byMutation[m] ?? 0) + 1;
  for (const t of TOOLS) {
    verdicts[t][r.verdicts[t]]++;
    maxMs[t] = Math.max(maxMs[t], r.ms[t]);
  }
  errors += r.errors;
  located += r.located;
  const slow = TOOLS.some((t) => r.ms[t] > maxCaseMs);
  if (slow || TOOLS.some((t) => r.verdicts[t] === 'crash' || r.verdicts[t] === 'unlocated')) findings.push({ ...r, detail: r.detail ?? `over ${maxCaseMs} ms: ${JSON.stringify(r.ms)}` });
}
const fuzzSeconds = (performance.now() - t0) / 1000;

const files = loadPddlFiles(IPC);
const rng = new Rng(`paren:${seed}`);
const paren: Record<ParenEdit, { edits: number; hits: number }> = { 'delete (': { edits: 0, hits: 0 }, 'delete )': { edits: 0, hits: 0 }, 'insert (': { edits: 0, hits: 0 }, 'insert )': { edits: 0, hits: 0 } };
const misses: string[] = [];
for (let i = 0; i < parenCases; i++) {
  const f = rng.pick(files);
  const p = parenCase(f.text, rng);
  if (p.hit === undefined) continue;
  paren[p.edit].edits++;
  if (p.hit) paren[p.edit].hits++;
  else if (misses.length < 5) misses.push(`${f.name} (${p.edit}): ${p.message?.slice(0, 200)}`);
}
const edits = Object.values(paren).reduce((n, p) => n + p.edits, 0);
const hits = Object.values(paren).reduce((n, p) => n + p.hits, 0);

const crashes = TOOLS.reduce((n, t) => n + verdicts[t].crash, 0);
const unlocated = TOOLS.reduce((n, t) => n + verdicts[t].unlocated, 0);
const summary = {
  cases,
  seed,
  tasks: tasks.length,
  seconds: Math.round(fuzzSeconds),
  verdicts,
  maxMs: Object.fromEntries(TOOLS.map((t) => [t, Math.round(maxMs[t])])),
  crashes,
  unlocated,
  errors,
  locatedPercent: errors ? Math.round((1000 * located) / errors) / 10 : 100,
  mutations: byMutation,
  paren: { edits, hits, hitPercent: edits ? Math.round((1000 * hits) / edits) / 10 : 100, byEdit: paren },
};
if (flag('json')) process.stdout.write(`${JSON.stringify({ ...summary, findings: findings.map((f) => ({ index: f.index, task: f.task, target: f.target, mutations: f.mutations, detail: f.detail })) }, null, 2)}\n`);
else {
  const lines = [
    `fuzz-pddl: ${cases} cases (seed ${seed}) over ${tasks.length} IPC tasks in ${summary.seconds} s`,
    ...TOOLS.map((t) => `  ${t.padEnd(8)} accepted ${verdicts[t].accepted}, rejected (located) ${verdicts[t].rejected}, crash ${verdicts[t].crash}, unlocated ${verdicts[t].unlocated}; slowest ${summary.maxMs[t]} ms`),
    `  errors: ${errors}, located ${summary.locatedPercent}%; crashes ${crashes}, unlocated ${unlocated}, over ${maxCaseMs} ms ${findings.filter((f) => f.detail?.startsWith('over')).length}`,
    `  mutations: ${Object.entries(byMutation).map(([m, n]) => `${m} ${n}`).join(', ')}`,
    `paren locations: ${hits}/${edits} single-parenthesis edits reported in the edited block (${summary.paren.hitPercent}%): ${Object.entries(paren).map(([e, p]) => `${e} ${p.hits}/${p.edits}`).join(', ')}`,
    ...misses.map((m) => `  miss: ${m}`),
    ...findings.slice(0, 10).map((f) => `FINDING case ${f.index} (${f.task}, ${f.target}: ${f.mutations.join(', ')}): ${f.detail?.split('\n').slice(0, 4).join(' | ')}\n  rerun: npx tsx ${join('bench', 'fuzz-pddl.ts')} --seed ${seed} --case ${f.index}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
process.exitCode = findings.length ? 1 : 0;
