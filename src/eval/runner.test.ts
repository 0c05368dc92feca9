import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GroundplanError } from '../core/errors.js';
import { episodeKey } from './key.js';
import { EpisodeAbortedError, runEpisode } from './runner.js';
import { ResultStore } from './store.js';
import type { EpisodeSpec, Suite, TraceRecord } from './types.js';

/** The span the fake suite's `run` itself measured (ms), to bound the row's wall time. */
let innerMs = 0;

function fakeSuite(behaviour: 'ok' | 'throw' | 'steps-then-throw' | 'wait'): Suite {
  return {
    name: 'fake',
    description: 'test suite',
    methods: ['m'],
    defaultMethods: ['m'],
    env: 'pomdp',
    tasks: () => [{ id: 't0', level: 'l' }],
    async run(spec, ctx) {
      if (behaviour === 'ok') {
        const t0 = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
        innerMs = performance.now() - t0;
      }
      if (behaviour === 'wait') {
        await new Promise<void>((resolve) => ctx.signal?.addEventListener('abort', () => resolve()));
      }
      if (behaviour === 'throw') throw new GroundplanError('FAKE_FAULT', 'the fake suite failed');
      ctx.trace({ type: 'episode', spec, env: 'pomdp', instruction: 'do it', world: {} });
      ctx.trace({ type: 'step', step: 1, action: 'a', feasible: true, reward: 2, totalReward: 2, planningSeconds: 0.01 });
      if (behaviour === 'steps-then-throw') throw new Error('after one step');
      return { success: true, reward: 2, steps: 1, planningSeconds: 0.01, llm: { calls: 1, inputTokens: 10, outputTokens: 5 }, metrics: { x: 1 }, modelDescription: 'fake model', warnings: ['w1'] };
    },
  };
}

const spec: EpisodeSpec = { suite: 'fake', task: 't0', level: 'l', method: 'm', model: 'none', seed: 1, config: {} };

function readTrace(store: ResultStore): TraceRecord[] {
  return readFileSync(store.tracePath(episodeKey(spec)), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as TraceRecord);
}

describe('runEpisode', () => {
  it('returns a done row and writes episode, step and result lines', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-run-')));
    const t0 = performance.now();
    const row = await runEpisode(spec, { store, suite: fakeSuite('ok'), worker: 'w7' });
    const outerMs = performance.now() - t0;
    expect(row).toMatchObject({ key: episodeKey(spec), status: 'done', success: true, reward: 2, steps: 1, warnings: 1, worker: 'w7', modelDescription: 'fake model' });
    // wall seconds, not ms: at least what the suite's run measured itself, at most the whole call (± the row's 1 ms rounding)
    expect(row.wallSeconds).toBeGreaterThanOrEqual(innerMs / 1000 - 0.0005);
    expect(row.wallSeconds).toBeLessThanOrEqual(outerMs / 1000 + 0.0005);
    const lines = readTrace(store);
    expect(lines.map((l) => l.type)).toEqual(['episode', 'step', 'result']);
    const last = lines[2];
    expect(last.type === 'result' && last.row.key).toBe(row.key);
    expect(last.type === 'result' && last.warnings).toEqual(['w1']);
  });

  it('turns a throw into an error row with its message, and the trace still opens and closes', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-run-')));
    const row = await runEpisode(spec, { store, suite: fakeSuite('throw') });
    expect(row.status).toBe('error');
    expect(row.success).toBe(false);
    expect(row.error).toBe('FAKE_FAULT: the fake suite failed');
    expect(readTrace(store).map((l) => l.type)).toEqual(['episode', 'result']);
  });

  it('keeps the steps written before a throw', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-run-')));
    const row = await runEpisode(spec, { store, suite: fakeSuite('steps-then-throw') });
    expect(row.error).toBe('after one step');
    expect(readTrace(store).map((l) => l.type)).toEqual(['episode', 'step', 'result']);
  });

  it('an unknown method is an error row naming the known ones', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-run-')));
    const row = await runEpisode({ ...spec, method: 'nope' }, { store, suite: fakeSuite('ok') });
    expect(row.status).toBe('error');
    expect(row.error).toContain("no method 'nope' (known: m)");
  });

  it('a cancelled episode throws EpisodeAbortedError and leaves no trace', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-run-')));
    const ac = new AbortController();
    const p = runEpisode(spec, { store, suite: fakeSuite('wait'), signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(EpisodeAbortedError);
    expect(existsSync(store.tracePath(episodeKey(spec)))).toBe(false);
  });

  it('runs a registered suite: a pomdp:tiger row equals its trace, and a rerun gives the same row', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-run-')));
    const s: EpisodeSpec = { suite: 'pomdp:tiger', task: 'ep-3', level: 'tiger', method: 'despot', model: 'none', seed: 4, config: { trials: 20, maxSteps: 8 } };
    const a = await runEpisode(s, { store });
    expect(a.status).toBe('done');
    // the row agrees with its own trace: one step line per step, the reward their sum
    const steps = readFileSync(store.tracePath(a.key), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as TraceRecord)
      .filter((l) => l.type === 'step');
    expect(steps).toHaveLength(8);
    expect(a.steps).toBe(8);
    expect(a.reward).toBeCloseTo(steps.reduce((t, l) => t + l.reward, 0), 9);
    // a second run in the same process (no state carried over) gives the same row
    const b = await runEpisode(s, { store });
    expect([b.reward, b.metrics.discounted]).toEqual([a.reward, a.metrics.discounted]);
  });
});
