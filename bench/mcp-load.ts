/**
 * Load test of `groundplan mcp --http` (bounded, 127.0.0.1 only): the CLI as
 * a child process, driven with raw Streamable HTTP requests.
 *
 *   npx tsx bench/mcp-load.ts [--calls 50] [--burst 100] [--max-queue 64] [--max-sessions 20]
 *
 * Phases: (1) `--calls` concurrent pddl_plan calls on the demo problem from 5
 * sessions (latency p50/p95, queue wait); (2) a burst of `--burst` short calls
 * against the queue cap (how many are refused with server-busy); (3) four
 * clients that disconnect mid-call (how long the next call waits for a
 * worker); (4) sessions opened past the session cap (how many get 503);
 * (5) SIGTERM with four calls running (which are answered, how long the exit
 * takes). Prints the figures and the peak RSS of the server process (sampled
 * from /proc every 50 ms) as JSON.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openSession, postRpc, rpcHeaders, startHttp } from '../src/mcp/test-harness.js';
import { commandLine, num } from './args.js';

commandLine({
  command: 'npx tsx bench/mcp-load.ts',
  about: 'Load test of `groundplan mcp --http` on 127.0.0.1: concurrent calls, a burst against the queue cap, disconnects,\nsessions past the cap, SIGTERM with calls running; prints the figures and peak RSS as JSON.',
  flags: [
    { name: 'calls', value: 'N', help: 'concurrent pddl_plan calls (default 50)' },
    { name: 'burst', value: 'N', help: 'short calls in the burst (default 100)' },
    { name: 'max-queue', value: 'N', help: "the server's queue cap (default 64)" },
    { name: 'max-sessions', value: 'N', help: "the server's session cap (default 20)" },
  ],
});

const calls = num('calls', 50);
const burst = num('burst', 100);
const maxQueue = num('max-queue', 64);
const maxSessions = num('max-sessions', 20);
const concurrency = 4;
const drainSeconds = 5;

const DEMO = join(import.meta.dirname, '../data/demo');
const domain = readFileSync(join(DEMO, 'domain.pddl'), 'utf8');
const problem = readFileSync(join(DEMO, 'problem.pddl'), 'utf8');

let nextId = 1;
const toolCall = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } });

interface Answer {
  ms: number;
  isError: boolean;
  code?: string;
  queuedMs?: number;
}

async function timedCall(url: string, h: Record<string, string>, name: string, args: Record<string, unknown>): Promise<Answer> {
  const t0 = performance.now();
  const body = toolCall(name, args);
  const r = await postRpc(url, body, h);
  const ms = performance.now() - t0;
  const result = r.messages.find((m) => m.id === body.id)?.result as { isError?: boolean; structuredContent?: { diagnostics?: { code: string }[] }; _meta?: Record<string, { queuedMs?: number }> } | undefined;
  if (!result) return { ms, isError: true, code: `http-${r.status}` };
  const code = result.isError ? result.structuredContent?.diagnostics?.[0]?.code : undefined;
  return { ms, isError: result.isError === true, ...(code ? { code } : {}), ...(result._meta?.['groundplan/call']?.queuedMs !== undefined ? { queuedMs: result._meta['groundplan/call'].queuedMs } : {}) };
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN);
}

function countBy(xs: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of xs) out[a.code ?? 'ok'] = (out[a.code ?? 'ok'] ?? 0) + 1;
  return out;
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const sleepMs = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  const s = await startHttp(['--concurrency', String(concurrency), '--max-queue', String(maxQueue), '--max-sessions', String(maxSessions), '--drain-seconds', String(drainSeconds), '--session-idle-seconds', '600']);
  const url = s.url as string;
  const pid = s.child.pid as number;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const idleRss = Math.round(peak);
  const report: Record<string, unknown> = { loadavgAtStart: load, concurrency, maxQueue, maxSessions, idleRssMb: idleRss };
  try {
    // (1) concurrent planning calls from 5 sessions
    const sessions = await Promise.all(Array.from({ length: 5 }, () => openSession(url)));
    await timedCall(url, sessions[0], 'pddl_check', { domain }); // one warm worker
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: calls }, (_, i) => timedCall(url, sessions[i % 5], 'pddl_plan', { domain, problem })));
    const ok = answers.filter((a) => !a.isError);
    report.concurrent = {
      calls,
      outcomes: countBy(answers),
      wallMs: Math.round(performance.now() - t0),
      latencyP50Ms: pct(ok.map((a) => a.ms), 50),
      latencyP95Ms: pct(ok.map((a) => a.ms), 95),
      queuedP95Ms: pct(ok.map((a) => a.queuedMs ?? 0), 95),
    };
    // (2) a burst over the queue cap
    const b = await Promise.all(Array.from({ length: burst }, (_, i) => timedCall(url, sessions[i % 5], 'debug_crash', { mode: 'sleep', ms: 200 })));
    report.burst = { calls: burst, outcomes: countBy(b), refusedIfAllArrivedAtOnce: Math.max(0, burst - concurrency - maxQueue) };
    // (3) clients that disconnect mid-call: their workers are freed at once
    const port = new URL(url).port;
    for (let i = 0; i < concurrency; i++) {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: rpcHeaders(sessions[i]) });
      req.on('error', () => undefined);
      req.end(JSON.stringify(toolCall('debug_crash', { mode: 'sleep', ms: 60_000, cpuSeconds: 60 })));
      setTimeout(() => req.destroy(), 1000);
    }
    await sleepMs(1500);
    const after = await timedCall(url, sessions[0], 'pddl_check', { domain });
    report.disconnect = { clients: concurrency, callSleepMs: 60_000, nextCall: { ms: Math.round(after.ms), queuedMs: Math.round(after.queuedMs ?? -1), code: after.code ?? 'ok' } };
    // (4) sessions past the cap (6 are open: the harness client and the 5 above)
    let opened = 0;
    let refused = 0;
    for (let i = 0; i < maxSessions + 10; i++) {
      try {
        await openSession(url);
        opened++;
      } catch (err) {
        if (/answered 503/.test(String(err))) refused++;
        else throw err;
      }
    }
    report.sessions = { attempts: maxSessions + 10, alreadyOpen: 6, opened, refused503: refused };
    // (5) SIGTERM with calls running: three finish within the drain, one is stopped after it
    // (workers warmed first: the cancelled ones were replaced, and loading a worker takes seconds on a busy machine)
    await Promise.all(Array.from({ length: concurrency }, () => timedCall(url, sessions[0], 'debug_crash', { mode: 'sleep', ms: 10 })));
    const running = [1500, 1500, 1500, 30_000].map((ms) => timedCall(url, sessions[0], 'debug_crash', { mode: 'sleep', ms, cpuSeconds: 60 }));
    await sleepMs(800);
    const tKill = performance.now();
    const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
    s.child.kill('SIGTERM');
    const done = await Promise.all(running);
    const code = await exited;
    report.sigterm = { inFlight: running.length, drainSeconds, outcomes: countBy(done), exitCode: code, exitAfterMs: Math.round(performance.now() - tKill) };
  } finally {
    clearInterval(sampler);
    report.peakRssMb = Math.round(peak);
    report.loadavgAtEnd = loadavg().map((x) => x.toFixed(2)).join(' ');
    await s.close();
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
