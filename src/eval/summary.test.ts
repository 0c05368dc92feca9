import { describe, expect, it } from 'vitest';
import { doneRow, errorRow } from './runner.js';
import { configText, formatStat, summarize, summaryTable } from './summary.js';
import type { EpisodeSpec, ResultRow } from './types.js';

function spec(method: string, level: string, seed: number, config = {}): EpisodeSpec {
  return { suite: 'kitchen:easy', task: `t-${seed}`, level, method, model: 'synthetic', seed, config };
}

function row(s: EpisodeSpec, success: boolean, reward: number, steps = 10): ResultRow {
  return doneRow(`${s.method}|${s.level}|${s.seed}|${JSON.stringify(s.config)}`, s, { success, reward, steps, planningSeconds: 1, llm: { calls: 2, inputTokens: 100, outputTokens: 10 }, metrics: { m: reward / 10 }, modelDescription: 'synthetic LLM, knobs: a=1', warnings: [] }, 1, 'local');
}

describe('summarize', () => {
  it('computes mean ± SE per method and level over done rows, counting errors apart', () => {
    const rows = [
      row(spec('a', 'easy', 1), true, 10),
      row(spec('a', 'easy', 2), false, 20),
      row(spec('a', 'easy', 3), true, 30),
      row(spec('b', 'easy', 1), true, 5),
      errorRow('b|easy|2|{}', spec('b', 'easy', 2), 'boom', 1, 'local'),
    ];
    const g = summarize(rows);
    expect(g.map((x) => [x.method, x.n, x.errors])).toEqual([
      ['a', 3, 0],
      ['b', 1, 1],
    ]);
    expect(g[0].success.mean).toBeCloseTo(2 / 3);
    expect(g[0].reward.mean).toBe(20);
    expect(g[0].reward.se).toBeCloseTo(10 / Math.sqrt(3)); // sd 10, n 3
    expect(g[0].metrics.m.mean).toBe(2);
    expect(g[1].reward.se).toBe(0);
  });

  it('an episode with an error row and a later done row counts once, as done', () => {
    const s = spec('a', 'easy', 1);
    const r = row(s, true, 10);
    const g = summarize([errorRow(r.key, s, 'x', 1, 'local'), r, errorRow(r.key, s, 'y', 1, 'local')]);
    expect(g).toHaveLength(1);
    expect(g[0].n).toBe(1);
    expect(g[0].errors).toBe(0);
  });

  it('keeps different configs apart and shows the config column only then', () => {
    const g = summarize([row(spec('a', 'easy', 1, { trials: 10 }), true, 1), row(spec('a', 'easy', 1, { trials: 20 }), false, 0)]);
    expect(g).toHaveLength(2);
    const t = summaryTable(g);
    expect(t.head).toContain('config');
    expect(t.rows.map((r) => r[t.head.indexOf('config')])).toEqual(['trials=10', 'trials=20']);
    expect(summaryTable(summarize([row(spec('a', 'easy', 1), true, 1)])).head).not.toContain('config');
  });

  it('formats statistics', () => {
    expect(formatStat({ mean: 0.5, se: 0.1, n: 4 }, 0, 100)).toBe('50 ± 10');
    expect(formatStat({ mean: 3, se: 0, n: 1 }, 1)).toBe('3.0');
    expect(formatStat({ mean: NaN, se: 0, n: 0 })).toBe('-');
    expect(configText({ trials: 5, synthetic: { b: 0.2, a: 'x' } })).toBe('synthetic.a=x synthetic.b=0.2 trials=5');
    // trials 0 is no trial cap (the CPU budget decides), not zero trials
    expect(configText({ trials: 0 })).toBe('trials=uncapped');
  });
});
