/**
 * `groundplan mcp` as a child process, over stdio and over Streamable HTTP,
 * driven by the SDK's own Client: tools, planning and validation, located
 * diagnostics, cancellation with progress, the concurrency limit, and errors
 * (oversized input, malformed JSON-RPC, unknown tool, crashes inside a call)
 * that leave the server serving.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDomain } from '../pddl/parse-domain.js';
import { parseProblem } from '../pddl/parse-problem.js';
import { parsePlanLines } from '../validate/plan-file.js';
import { validatePlan } from '../validate/validate-plan.js';
import { KITCHEN_GOLD_PLAN } from './demo-agent.js';
import { startHttp, startStdio, type McpChild } from './test-harness.js';

const DEMO = join(import.meta.dirname, '../../data/demo');
const domain = readFileSync(join(DEMO, 'domain.pddl'), 'utf8');
const problem = readFileSync(join(DEMO, 'problem.pddl'), 'utf8');

/** Three planted errors; their positions counted by hand. */
const BAD_DOMAIN = `(define (domain bad)
  (:requirements :strips :typing)
  (:types block)
  (:predicates (on ?x ?y - block) (clear ?x - block))
  (:action stack
    :parameters (?x ?y - block)
    :precondition (and (clera ?x) (clear ?y ?x))
    :effect (and (on ?x ?z) (not (clear ?y)))))
`;

/** n switches, all off; the goal turns all on. Blind A* expands every state with fewer than n switches on: 2^n - 1 of them. */
function toggles(n: number): { domain: string; problem: string } {
  const objs = Array.from({ length: n }, (_, i) => `s${i}`);
  return {
    domain: `(define (domain toggles) (:requirements :strips)
  (:predicates (on ?x) (off ?x))
  (:action flip-on :parameters (?x) :precondition (off ?x) :effect (and (on ?x) (not (off ?x))))
  (:action flip-off :parameters (?x) :precondition (on ?x) :effect (and (off ?x) (not (on ?x)))))`,
    problem: `(define (problem all-on) (:domain toggles) (:objects ${objs.join(' ')})
  (:init ${objs.map((o) => `(off ${o})`).join(' ')})
  (:goal (and ${objs.map((o) => `(on ${o})`).join(' ')})))`,
  };
}

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };

interface CallMeta {
  startedMs: number;
  endedMs: number;
  queuedMs: number;
  inFlightAtStart: number;
  worker: number;
}

function meta(r: Result): CallMeta {
  return (r._meta as Record<string, CallMeta>)['groundplan/call'];
}

async function call(s: McpChild, name: string, args: Record<string, unknown>): Promise<Result> {
  return (await s.client.callTool({ name, arguments: args })) as Result;
}

/** The largest number of [start, end] intervals that overlap at one time. */
function maxOverlap(intervals: readonly [number, number][]): number {
  const events = intervals.flatMap(([a, b]) => [
    [a, 1],
    [b, -1],
  ]);
  // ends before starts at the same instant: touching intervals do not overlap
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let cur = 0;
  let best = 0;
  for (const [, d] of events) best = Math.max(best, (cur += d));
  return best;
}

const TRANSPORTS: [string, (args: string[]) => Promise<McpChild>][] = [
  ['stdio', startStdio],
  ['http', startHttp],
];

describe.each(TRANSPORTS)('groundplan mcp over %s', (transport, start) => {
  let s: McpChild;
  beforeAll(async () => {
    // a generous wall-clock limit: the CPU-limit tests below must not depend on the machine's load
    s = await start(['--concurrency', '4', '--max-input-kb', '64', '--max-cpu-seconds', '600', '--wall-seconds', '600']);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists the tools, each with an input and an output schema', async () => {
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['debug_crash', 'household_repair', 'household_verify', 'pddl_check', 'pddl_explain', 'pddl_plan', 'pddl_repair_hints', 'pddl_validate']);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.description?.length ?? 0, t.name).toBeGreaterThan(40);
    }
    const plan = tools.find((t) => t.name === 'pddl_plan');
    expect(plan?.inputSchema.required).toEqual(['domain', 'problem']);
  });

  it('plans the bundled demo problem and validates the plan it returns', async () => {
    const res = await s.client.readResource({ uri: 'groundplan://demo/kitchen-tidy/domain.pddl' });
    const text = res.contents[0] && 'text' in res.contents[0] ? res.contents[0].text : '';
    expect(text).toBe(domain);
    const planned = await call(s, 'pddl_plan', { domain, problem });
    expect(planned.isError).toBe(false);
    const out = planned.structuredContent as { status: string; plan: string[]; cost: number; valid: boolean };
    expect(out.status).toBe('solved');
    expect(out.valid).toBe(true);
    // Independent re-check in this process with the library validator.
    const d = parseDomain(domain);
    const v = validatePlan(d, parseProblem(problem, d), parsePlanLines(out.plan));
    expect(v.status).toBe('valid');
    if (v.status === 'valid') expect(v.cost).toBe(out.cost);
    // The optimal cost of the demo is 45 (A* with LM-cut, an admissible heuristic): no plan is cheaper.
    expect(out.cost).toBeGreaterThanOrEqual(45);
    const validated = await call(s, 'pddl_validate', { domain, problem, plan: out.plan });
    expect(validated.isError).toBe(false);
    expect(validated.structuredContent).toMatchObject({ valid: true, status: 'valid', cost: out.cost, length: out.plan.length });
  });

  it('validates with lenient what VAL refuses (an ill-typed init fact), the departure a located warning', async () => {
    const fx = (f: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures/compat/init-type-mismatch', f), 'utf8');
    const args = { domain: fx('domain.pddl'), problem: fx('problem.pddl'), plan: fx('plan.txt') };
    const strict = await call(s, 'pddl_validate', args);
    expect(strict.structuredContent).toMatchObject({ status: 'invalid-input', diagnostics: [{ severity: 'error', code: 'init-type-mismatch', line: 4, col: 18 }] });
    const lenient = await call(s, 'pddl_validate', { ...args, lenient: true });
    expect(lenient.isError).toBe(false);
    expect(lenient.structuredContent).toMatchObject({ valid: true, status: 'valid', diagnostics: [{ severity: 'warning', code: 'init-type-mismatch', source: 'problem', line: 4, col: 18 }] });
  });

  it('checks a domain with three planted errors and reports all three with their locations', async () => {
    const r = await call(s, 'pddl_check', { domain: BAD_DOMAIN });
    expect(r.isError).toBe(true);
    const out = r.structuredContent as { ok: boolean; errors: number; diagnostics: { code: string; line: number; col: number; source: string; hint?: string }[] };
    expect(out.ok).toBe(false);
    expect(out.errors).toBe(3);
    expect(out.diagnostics.map((d) => [d.code, d.source, d.line, d.col])).toEqual([
      ['undeclared-predicate', 'domain', 7, 24],
      ['arity', 'domain', 7, 35],
      ['undeclared-parameter', 'domain', 8, 25],
    ]);
    expect(out.diagnostics[0].hint).toMatch(/did you mean clear/);
  });

  it('validates a broken plan and names the failing step, its line and the unmet literal', async () => {
    // The gold plan without (open fridge): step 5 puts the milk into a closed fridge.
    const broken = KITCHEN_GOLD_PLAN.filter((st) => st !== '(open fridge)').join('\n');
    const r = await call(s, 'pddl_validate', { domain, problem, plan: broken });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      valid: false,
      status: 'invalid',
      reason: 'precondition',
      failingStep: { index: 5, action: '(place-in-container milk fridge)', line: 5 },
      unmet: [{ literal: '(opened fridge)' }],
    });
    const hints = await call(s, 'pddl_repair_hints', { domain, problem, plan: broken });
    expect(hints.isError).toBe(false);
    expect(hints.structuredContent).toMatchObject({ status: 'repaired', repairedValid: true });
    expect((hints.structuredContent as { edits: { op: string; step: string }[] }).edits).toEqual([expect.objectContaining({ op: 'insert', step: '(open fridge)' })]);
  });

  it('streams progress for a long search, cancels it, and answers the next call with no search left running', async () => {
    const t = toggles(28);
    const controller = new AbortController();
    const progress: { progress: number; message?: string }[] = [];
    const search = s.client.callTool({ name: 'pddl_plan', arguments: { ...t, search: 'astar', heuristic: 'blind', cpuSeconds: 600 } }, undefined, {
      signal: controller.signal,
      timeout: 600_000,
      onprogress: (p) => {
        progress.push(p);
        if (progress.filter((x) => x.message?.startsWith('search:')).length >= 2) controller.abort();
      },
    });
    await expect(search).rejects.toThrow();
    expect(progress.filter((x) => x.message?.startsWith('search:')).length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < progress.length; i++) expect(progress[i].progress).toBeGreaterThan(progress[i - 1].progress);
    const next = await call(s, 'pddl_check', { domain, problem });
    expect(next.isError).toBe(false);
    // The cancelled search's worker was terminated: this call ran alone.
    expect(meta(next).inFlightAtStart).toBe(1);
  });

  it('stops a search at its CPU limit with status timeout and the stats so far (a result, not an error)', async () => {
    const r = await call(s, 'pddl_plan', { ...toggles(28), search: 'astar', heuristic: 'blind', cpuSeconds: 1 });
    expect(r.isError).toBe(false);
    const out = r.structuredContent as { status: string; stats: { expansions: number }; cpuMs: number };
    expect(out.status).toBe('timeout');
    expect(out.stats.expansions).toBeGreaterThan(1000);
    // measured on the thread's CPU clock: at least the limit, and well below the watchdog's 1 s grace
    expect(out.cpuMs).toBeGreaterThanOrEqual(1000);
    expect(out.cpuMs).toBeLessThan(2000);
  });

  it('answers 20 concurrent calls under a concurrency limit of 4, never running more than 4 at once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => call(s, 'pddl_plan', { domain, problem })));
    for (const r of results) expect(r.structuredContent).toMatchObject({ status: 'solved', valid: true });
    const intervals = results.map((r) => [meta(r).startedMs, meta(r).endedMs] as [number, number]);
    // All 20 arrive together: the first 4 start at once, the other 16 wait their turn.
    expect(maxOverlap(intervals)).toBe(4);
    expect(Math.max(...results.map((r) => meta(r).inFlightAtStart))).toBe(4);
    expect(results.filter((r) => meta(r).queuedMs > 0).length).toBeGreaterThanOrEqual(16);
  });

  it('refuses an oversized input with a tool error and keeps serving', async () => {
    const r = await call(s, 'pddl_check', { domain: `${domain}\n; ${'x'.repeat(70 * 1024)}` });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ diagnostics: [{ code: 'input-too-large', source: 'input', path: 'domain' }] });
    expect((await call(s, 'pddl_check', { domain })).isError).toBe(false);
  });

  it('answers a malformed JSON-RPC message with a parse error and keeps serving', async () => {
    if (transport === 'stdio') {
      s.writeRaw?.('{"jsonrpc": "2.0", "id": 99, "method": \n');
      await expect.poll(() => s.stray.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(s.stray[0]).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    } else {
      const res = await fetch(s.url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': s.client.transport?.sessionId ?? '', 'mcp-protocol-version': '2025-06-18' },
        body: '{"jsonrpc": "2.0", "id": 99, "method": ',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    }
    expect((await call(s, 'pddl_check', { domain })).isError).toBe(false);
  });

  it('refuses at the transport what is over its bound (or not local, over HTTP), and keeps serving', async () => {
    const huge = `{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "pddl_check", "arguments": {"domain": "${'x'.repeat(1536 * 1024)}"}}}`;
    if (transport === 'stdio') {
      // answered with the request's own id: the client matches the refusal to its call at once (not after its timeout)
      const t0 = Date.now();
      await expect(s.client.callTool({ name: 'pddl_check', arguments: { domain: 'x'.repeat(1536 * 1024) } }, undefined, { timeout: 30_000 })).rejects.toMatchObject({ code: -32600, message: expect.stringMatching(/over the server's limit/) });
      expect(Date.now() - t0).toBeLessThan(30_000);
    } else {
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': s.client.transport?.sessionId ?? '', 'mcp-protocol-version': '2025-06-18' };
      // the server reads the whole body (8 MiB: more than the socket buffers hold) before it answers, so the client gets the 413, not a reset
      for (const body of [huge, `${huge}${' '.repeat(8 * 1024 * 1024)}`]) {
        const big = await fetch(s.url as string, { method: 'POST', headers, body });
        expect(big.status).toBe(413);
        expect(big.headers.get('connection')).toBe('close');
        expect(await big.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^Payload Too Large: .* over the server's limit of \d+ bytes$/) } });
      }
      const port = new URL(s.url as string).port;
      const status = (extra: Record<string, string>): Promise<number | undefined> =>
        new Promise((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { ...headers, ...extra } }, (res) => {
            res.resume();
            resolve(res.statusCode);
          });
          req.on('error', reject);
          req.end('{}');
        });
      expect(await status({ host: `evil.example:${port}` })).toBe(403);
      expect(await status({ origin: 'http://evil.example' })).toBe(403);
    }
    expect((await call(s, 'pddl_check', { domain })).isError).toBe(false);
  });

  it('answers an unknown tool name and arguments that fail the input schema with errors, and keeps serving', async () => {
    const r = await call(s, 'no_such_tool', {});
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/no_such_tool not found/);
    const bad = await call(s, 'pddl_check', { domain: 42 });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/Input validation error/);
    expect((await call(s, 'pddl_check', { domain })).isError).toBe(false);
  });

  it('turns a crash inside a call (throw, worker exit, CPU spin past the limit) into a tool error and keeps serving', async () => {
    const codes: string[] = [];
    for (const args of [{ mode: 'throw' }, { mode: 'exit' }, { mode: 'spin', cpuSeconds: 0.3 }]) {
      const r = await call(s, 'debug_crash', args);
      expect(r.isError, args.mode).toBe(true);
      codes.push((r.structuredContent as { diagnostics: { code: string }[] }).diagnostics[0].code);
      expect((await call(s, 'pddl_check', { domain })).isError).toBe(false);
    }
    expect(codes).toEqual(['internal-error', 'internal-error', 'cpu-limit']);
    // the limit hit and the configured limits are in the answer's _meta (structuredContent must fit the output schema)
    const spun = await call(s, 'debug_crash', { mode: 'spin', cpuSeconds: 0.2 });
    expect((spun._meta as Record<string, unknown>)['groundplan/call']).toMatchObject({ stoppedBy: 'cpu-limit', cpuLimitMs: 200, wallLimitMs: 600_000, memoryLimitMb: 1024 });
  });
});

describe('groundplan mcp --http on SIGTERM', () => {
  it('drains: a call running when SIGTERM arrives is still answered, then the server exits', async () => {
    const s = await startHttp(['--concurrency', '1', '--drain-seconds', '20']);
    try {
      await call(s, 'debug_crash', { mode: 'sleep', ms: 10 });
      const running = call(s, 'debug_crash', { mode: 'sleep', ms: 1500 });
      await new Promise((r) => setTimeout(r, 500));
      const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
      s.child.kill('SIGTERM');
      expect(await running).toMatchObject({ isError: false });
      expect(await exited).toBe(0);
      expect(s.stderr()).toMatch(/shutting down: 1 request\(s\) in flight/);
    } finally {
      await s.close();
    }
  });
});

describe('groundplan mcp memory limit', () => {
  it('a call that exhausts its worker heap is an out-of-memory tool error; a fresh worker serves the next call', async () => {
    const s = await startStdio(['--concurrency', '1', '--memory-mb', '96']);
    try {
      const r = await call(s, 'debug_crash', { mode: 'oom' });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ diagnostics: [{ code: 'out-of-memory' }] });
      const next = await call(s, 'pddl_check', { domain });
      expect(next.isError).toBe(false);
      expect(meta(next).worker).toBe(meta(r).worker + 1);
    } finally {
      await s.close();
    }
  });
});
