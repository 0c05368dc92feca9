/**
 * Throughput of the sandboxed rollout policy (Tru-POMDP §4.3): the built-in
 * policy's JavaScript source run (a) synchronously through the Atomics worker
 * (`SyncPolicyRunner`, what DESPOT rollouts use), (b) asynchronously through
 * the piscina sandbox, next to (c) the TypeScript built-in policy in the main
 * thread, on sample states of generated galley/hard tasks.
 *
 *   npx tsx bench/policy-sandbox.ts [--batches 1,10,30,100,1000] [--calls 200000]
 */
import { generateTasks } from '../src/envs/kitchen/generator.js';
import { sampleQueries } from '../src/methods/tru-pomdp/policy/samples.js';
import { BUILTIN_POLICY_SOURCE } from '../src/methods/tru-pomdp/policy/builtin-source.js';
import { builtinAction } from '../src/methods/tru-pomdp/policy/batch-policy.js';
import { PolicySandbox } from '../src/methods/tru-pomdp/policy/sandbox.js';
import { SyncPolicyRunner } from '../src/methods/tru-pomdp/policy/sync-runner.js';
import type { PolicyQuery } from '../src/methods/tru-pomdp/policy/wire.js';
import { arg as flagValue, commandLine, num } from './args.js';

commandLine({
  command: 'npx tsx bench/policy-sandbox.ts',
  about: "Throughput of the sandboxed rollout policy: synchronously through the Atomics worker, asynchronously through the\nsandbox pool, and the TypeScript built-in in the main thread, on sample states of generated tasks.",
  flags: [
    { name: 'batches', value: 'a,b', help: 'batch sizes (default 1,10,30,100,1000)' },
    { name: 'calls', value: 'N', help: 'policy calls per measurement (default 200000)' },
  ],
});

const arg = (name: string, def: string): string => flagValue(name) ?? def;

const batchSizes = arg('batches', '1,10,30,100,1000').split(',').map(Number);
const totalCalls = num('calls', 200000);
const tasks = generateTasks({ kitchen: 'galley', level: 'hard', n: 10, seed: 1 });
const pool = sampleQueries(tasks, 1);

function batchOf(size: number, offset: number): PolicyQuery[] {
  const out: PolicyQuery[] = [];
  for (let i = 0; i < size; i++) out.push(pool[(offset + i) % pool.length]);
  return out;
}

interface Row { mode: string; batch: number; calls: number; ms: number; perCallUs: number; callsPerSec: number }
const rows: Row[] = [];
function record(mode: string, batch: number, calls: number, ms: number): void {
  rows.push({ mode, batch, calls, ms: Math.round(ms), perCallUs: +(1000 * ms / calls).toFixed(2), callsPerSec: Math.round(calls / (ms / 1000)) });
}

const t0 = performance.now();
const started = SyncPolicyRunner.start(BUILTIN_POLICY_SOURCE, { timeoutMs: 5000 });
if (started.status !== 'ok') throw new Error(started.message);
const startupMs = performance.now() - t0;
const runner = started.runner;
for (const b of batchSizes) {
  const batches = Math.max(20, Math.ceil(totalCalls / b));
  const work = Array.from({ length: 8 }, (_, k) => batchOf(b, k * 7));
  for (let i = 0; i < 20; i++) runner.evaluate(work[i % 8]);
  const t = performance.now();
  for (let i = 0; i < batches; i++) {
    const o = runner.evaluate(work[i % 8]);
    if (o.status !== 'ok') throw new Error(`sync runner: ${o.message}`);
  }
  record('sync worker (Atomics)', b, batches * b, performance.now() - t);
}
runner.close();

const sandbox = new PolicySandbox({ timeoutMs: 5000 });
for (const b of batchSizes) {
  const batches = Math.max(20, Math.ceil(totalCalls / b / 4));
  const work = Array.from({ length: 8 }, (_, k) => batchOf(b, k * 7));
  for (let i = 0; i < 10; i++) await sandbox.evaluate(BUILTIN_POLICY_SOURCE, work[i % 8]);
  const t = performance.now();
  for (let i = 0; i < batches; i++) {
    const o = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, work[i % 8]);
    if (o.status !== 'ok') throw new Error(`piscina: ${o.status}`);
  }
  record('piscina (async)', b, batches * b, performance.now() - t);
}
await sandbox.close();

{
  const work = batchOf(1000, 0);
  for (let i = 0; i < 20; i++) work.forEach(builtinAction);
  const reps = Math.ceil(totalCalls / 1000);
  const t = performance.now();
  for (let i = 0; i < reps; i++) for (const q of work) builtinAction(q);
  record('TypeScript, main thread', 1, reps * 1000, performance.now() - t);
}

console.log(`sync worker start-up (ses load, lockdown, compile): ${startupMs.toFixed(0)} ms; states: galley/hard, ${tasks[0].world.objects.length}+ objects, 41 areas`);
console.log('| mode | batch | calls | ms | µs/call | calls/s |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.mode} | ${r.batch} | ${r.calls} | ${r.ms} | ${r.perCallUs} | ${r.callsPerSec} |`);
