import { describe, expect, it } from 'vitest';
import { pomdpExtraSeedsTable, pomdpSummary, pomdpTable, type PomdpRow } from './pomdp-tables.js';

const row = (problem: string, solver: string, T: number, seed: number, discounted: number, steps: number, trials: number): PomdpRow => ({
  problem, solver, timePerMove: T, seed, discounted, undiscounted: discounted * 2, steps, trialsPerStep: trials, nodesPerStep: 10 * trials, expandedPerStep: trials,
  maxTrialDepth: 5, searchTimePerStep: T * 0.9, beliefResets: 0, wallSeconds: 1, cpuSeconds: 1, date: '2026-12-03',
});

// Tag at 1 s (reference −5.41 ± 1.05, interval [−7.47, −3.35], 117.2 trials/move)
const ROWS = [row('tag', 'despot', 1, 1, -4, 10, 100), row('tag', 'despot', 1, 2, -8, 30, 140), row('tag', 'despot', 1, 2, 99, 1, 1)];

describe('POMDP tables', () => {
  it('mean ± SE over episodes (a repeated seed counts once), trials per step weighted by steps, against the reference interval', () => {
    // discounted −4, −8: mean −6, SE = sd/√2 = 2.83/1.41 = 2.00; trials (100·10 + 140·30)/40 = 130
    const line = (pomdpTable(ROWS) ?? '').split('\n')[2];
    expect(line).toBe('| tag | 1 | despot | 2 | -6.00 ± 2.00 | -12.00 ± 4.00 | 20.0 | 130.0 | 1300 | 5.0 | 0.900 | -5.41 ± 1.05 [-7.47, -3.35] (n=30) | 117.2 | yes | yes |');
  });

  it('a mean below the interval is NO; the README row names n', () => {
    const low = [row('tag', 'despot', 1, 1, -9, 10, 50), row('tag', 'despot', 1, 2, -9, 10, 50)];
    expect(pomdpTable(low)).toContain('| NO | NO |');
    expect(pomdpSummary(low)).toContain('| Tag | 1 s | -9.00 ± 0.00 (n=2) | -5.41 ± 1.05 [-7.47, -3.35] | 50.0 vs 117.2 |');
  });

  it('extra seeds: the main seeds, the extra ones and both pooled (a shared seed once), the pooled mean against the interval', () => {
    const extra = [row('tag', 'despot', 1, 2, 5, 10, 100), row('tag', 'despot', 1, 3, -12, 10, 100), row('tag', 'pomcp', 1, 4, 0, 10, 100)];
    // main −4, −8 (seeds 1–2); extra seed 2 repeats (the main row counts), seed 3 −12; pooled −4, −8, −12: mean −8, SE 4/√3 = 2.31, below −7.47
    expect((pomdpExtraSeedsTable(ROWS, extra) ?? '').split('\n').slice(2)).toEqual([
      '| tag | 1 | 1–2 | -6.00 ± 2.00 (n=2) | 2–3 | -3.50 ± 8.50 (n=2) | -8.00 ± 2.31 (n=3) | -5.41 ± 1.05 [-7.47, -3.35] | NO |',
    ]);
    expect(pomdpExtraSeedsTable([], extra)).toBeUndefined();
  });

  it('no rows, no table', () => {
    expect(pomdpTable([])).toBeUndefined();
    expect(pomdpSummary([])).toBeUndefined();
  });
});
