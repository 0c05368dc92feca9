import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../test/cli-harness.js';
import { readResults } from '../../eval/store.js';
import { startFakeOpenAiServer } from '../../../test/fake-openai-server.js';
import type { TraceRecord } from '../../eval/types.js';
import { benchEstimate, benchModel, register } from './bench.js';

const repo = join(import.meta.dirname, '../../..');

function startCli(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

function rowCount(file: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').length;
}

describe('groundplan bench', () => {
  it('killed halfway (SIGKILL), interrupted (SIGINT) and started again, finishes with exactly one row per episode', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gp-bench-kill-'));
    const results = join(out, 'results.jsonl');
    const args = ['bench', 'kitchen:easy', '--methods', 'react,tru-pomdp', '--n', '4', '--seeds', '1', '--trials', '5', '--model', 'synthetic', '--synthetic', 'goalRecall=0.9', '--out', out, '--json'];
    const total = 8;
    /** Sends `signal` to the run once the results file has `atLeast` rows. */
    const stopWhen = async (run: ReturnType<typeof startCli>, atLeast: number, signal: NodeJS.Signals) => {
      let sentAt = -1;
      const poll = setInterval(() => {
        const n = rowCount(results);
        if (n >= atLeast && sentAt < 0) {
          sentAt = n;
          run.child.kill(signal);
        }
      }, 20);
      const r = await run.done;
      clearInterval(poll);
      return { ...r, sentAt };
    };

    // 1. SIGKILL once two rows are on disk (the tru-pomdp episodes take a while each)
    const r1 = await stopWhen(startCli(args), 2, 'SIGKILL');
    expect(r1.signal).toBe('SIGKILL');
    const afterKill = readResults(out);
    expect(afterKill.all.length).toBeGreaterThanOrEqual(2);
    expect(afterKill.all.length).toBeLessThan(total);
    expect(afterKill.malformed).toEqual([]);

    // 2. resume on two worker threads, then Ctrl-C once one more row is in
    const r2 = await stopWhen(startCli([...args, '--workers', '2']), afterKill.all.length + 1, 'SIGINT');
    expect(r2.stderr).toContain(`resuming: ${afterKill.all.length} of ${total} already done`);
    expect(r2.code).toBe(130);
    expect(r2.stderr).toContain('interrupted');
    const afterInt = readResults(out);
    expect(afterInt.malformed).toEqual([]);
    expect(afterInt.truncatedTail).toBe(false);
    expect(afterInt.all.length).toBeLessThan(total);
    // no partial trace of the interrupted episodes: every trace on disk belongs to a row
    const traced = new Set(afterInt.all.map((r) => `${r.key}.jsonl`));
    expect(readdirSync(join(out, 'traces')).filter((f) => !traced.has(f))).toEqual([]);

    // 3. the rest, in the test's own thread
    const r3 = await runCommand([register], [...args, '--workers', '0']);
    expect(r3.error).toBeUndefined();
    const after = readResults(out);
    expect(after.malformed).toEqual([]);
    expect(after.all).toHaveLength(total);
    expect(new Set(after.all.map((r) => r.key)).size).toBe(total);
    expect(after.all.every((r) => r.status === 'done')).toBe(true);
    const summary = JSON.parse(r3.out.trim().split('\n').at(-1) ?? '{}') as { episodes: number; alreadyDone: number; done: number; groups: Array<{ method: string; n: number; modelDescription: string }> };
    expect(summary.alreadyDone).toBe(afterInt.all.length);
    expect(summary.done).toBe(total);
    expect(summary.groups.map((g) => [g.method, g.n])).toEqual([
      ['react', 4],
      ['tru-pomdp', 4],
    ]);
    expect(summary.groups[1].modelDescription).toContain('goalRecall=0.9');
    // every trace opens with the episode and closes with its row
    for (const row of after.all) {
      const lines = readFileSync(join(out, row.trace ?? ''), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceRecord);
      expect(lines[0].type).toBe('episode');
      const last = lines.at(-1);
      expect(last?.type === 'result' && last.row.key).toBe(row.key);
    }
  }, 120_000);

  it('prints an estimate for a long run: remaining episodes × measured seconds ÷ workers; nothing for a short one', () => {
    expect(benchEstimate(59, 31.2, 1, 'measured on the first')).toBe('estimate: about 31 min for 59 episodes (31.2 s each, measured on the first; 1 worker)');
    expect(benchEstimate(60, 40, 2, 'x')).toContain('about 20 min');
    expect(benchEstimate(1, 40, 4, 'x')).toBeUndefined(); // 40 s: not long
    expect(benchEstimate(10, 0.1, 1, 'x')).toBeUndefined();
  });

  it('chooses the model as every command does (flag, env, config), with synthetic as the last resort', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'gp-bench-model-'));
    expect(await benchModel(undefined, {}, empty)).toBe('synthetic');
    expect(await benchModel(undefined, { GROUNDPLAN_MODEL: 'prior' }, empty)).toBe('prior');
    expect(await benchModel('openai:gpt-4.1', { GROUNDPLAN_MODEL: 'prior' }, empty)).toBe('openai:gpt-4.1');
  });

  it('rejects unknown suites, methods and seed syntax with the known names', async () => {
    const unknown = await runCommand([register], ['bench', 'kitchen:impossible']);
    expect(String(unknown.error)).toContain("unknown suite 'kitchen:impossible' (known: kitchen:easy");
    const method = await runCommand([register], ['bench', 'pomdp:tiger', '--methods', 'despot,magic']);
    expect(String(method.error)).toContain("suite pomdp:tiger has no method 'magic' (known: despot, pomcp)");
    const seeds = await runCommand([register], ['bench', 'pomdp:tiger', '--seeds', '5..1']);
    expect(String(seeds.error)).toContain('--seeds: range 5..1 runs backwards');
  });

  it('runs pomdp:tiger in-process, prints mean ± SE per method, and a rerun resumes without new rows', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gp-bench-tiger-'));
    const args = ['bench', 'pomdp:tiger', '--n', '3', '--seeds', '1..2', '--trials', '10', '--set', 'maxSteps=5', '--workers', '0', '--out', out];
    const r = await runCommand([register], args);
    expect(r.error).toBeUndefined();
    expect(r.out).toMatch(/pomdp:tiger │ tiger +│ despot +│ 6 /);
    expect(r.out).toMatch(/pomdp:tiger │ tiger +│ pomcp +│ 6 /);
    expect(r.out).toContain('config: ');
    expect(r.out).toContain('12 of 12 episodes done');
    const again = await runCommand([register], [...args, '--json']);
    const json = JSON.parse(again.out.trim()) as { alreadyDone: number; groups: Array<{ success: { n: number } }> };
    expect(json.alreadyDone).toBe(12);
    expect(readResults(out).all).toHaveLength(12);
  }, 60_000);

  it('runs a network model (a local OpenAI-compatible server): usage is counted, --cache answers a rerun without requests', async () => {
    const server = await startFakeOpenAiServer(() => ({ content: 'Action: Open(Cutlery_Drawer)', promptTokens: 100, completionTokens: 5 }));
    const before = process.env.GROUNDPLAN_LLM_CACHE;
    try {
      const cache = mkdtempSync(join(tmpdir(), 'gp-bench-cache-'));
      const model = `compat:fake-model@${server.url}`;
      const args = (out: string) => ['bench', 'kitchen:easy', '--methods', 'react', '--n', '1', '--model', model, '--cache', cache, '--workers', '0', '--out', out, '--json'];
      const first = await runCommand([register], args(mkdtempSync(join(tmpdir(), 'gp-bench-net-'))));
      expect(first.error).toBeUndefined();
      const g = (JSON.parse(first.out.trim()) as { groups: Array<{ n: number; errors: number; modelDescription: string; llmCalls: { mean: number }; inputTokens: { mean: number }; success: { mean: number } }> }).groups[0];
      expect(g).toMatchObject({ n: 1, errors: 0, modelDescription: model });
      const requests = server.requests.length;
      expect(requests).toBeGreaterThan(0);
      expect(g.llmCalls.mean).toBe(requests);
      expect(g.inputTokens.mean).toBe(100 * requests);
      expect(g.success.mean).toBe(0); // opening one drawer forever does not rearrange the kitchen
      const second = await runCommand([register], args(mkdtempSync(join(tmpdir(), 'gp-bench-net-'))));
      expect(second.error).toBeUndefined();
      expect(server.requests.length).toBe(requests);
    } finally {
      if (before === undefined) delete process.env.GROUNDPLAN_LLM_CACHE;
      else process.env.GROUNDPLAN_LLM_CACHE = before;
      await server.close();
    }
  }, 60_000);
});
