import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ResultRow } from '../types.js';
import { compareLevels, groupRows, naturalCompare } from './groups.js';
import { buildTables, SYNTHETIC_NOTE } from './tables.js';
import { renderMarkdown } from './markdown.js';

interface RowInput {
  suite?: string;
  method?: string;
  model?: string;
  level?: string;
  task?: string;
  seed?: number;
  status?: 'done' | 'error';
  success?: boolean;
  reward?: number;
  steps?: number;
  planningSeconds?: number;
  calls?: number;
  inputTokens?: number;
  outputTokens?: number;
  byKind?: ResultRow['llm']['byKind'];
  metrics?: Record<string, number>;
  modelDescription?: string;
  error?: string;
}

let counter = 0;
function row(x: RowInput): ResultRow {
  const spec = {
    suite: x.suite ?? 'kitchen', task: x.task ?? `t${counter++}`, level: x.level ?? 'easy', method: x.method ?? 'tru-pomdp',
    model: x.model ?? 'synthetic', seed: x.seed ?? 1, config: {},
  };
  return {
    key: `${spec.suite}/${spec.task}/${spec.method}/${spec.seed}`,
    spec,
    status: x.status ?? 'done',
    success: x.success ?? false,
    reward: x.reward ?? 0,
    steps: x.steps ?? 0,
    planningSeconds: x.planningSeconds ?? 0,
    wallSeconds: 1,
    llm: { calls: x.calls ?? 0, inputTokens: x.inputTokens ?? 0, outputTokens: x.outputTokens ?? 0, ...(x.byKind ? { byKind: x.byKind } : {}) },
    metrics: x.metrics ?? {},
    modelDescription: x.modelDescription ?? 'synthetic LLM, knobs: (none)',
    warnings: 0,
    ...(x.error !== undefined ? { error: x.error } : {}),
    worker: 'local',
    finishedAt: '2026-01-01T00:00:00Z',
  };
}

describe('groupRows', () => {
  it('computes mean ± SE by hand and leaves error rows out of every mean', () => {
    const rows = [
      row({ success: true, reward: 10, steps: 4, planningSeconds: 2, calls: 3, inputTokens: 100, outputTokens: 10, metrics: { distance: 5 } }),
      row({ success: false, reward: -2, steps: 8, planningSeconds: 2, calls: 5, inputTokens: 300, outputTokens: 30, metrics: { distance: 7 } }),
      row({ success: true, reward: 4, steps: 6, planningSeconds: 2, calls: 4, inputTokens: 200, outputTokens: 20 }),
      row({ status: 'error', success: false, reward: -1000, steps: 999, planningSeconds: 99, calls: 99, error: 'boom | bad' }),
    ];
    const g = groupRows(rows);
    expect(g.groups).toHaveLength(1);
    const x = g.groups[0];
    expect(x.n).toBe(3);
    expect(x.errors).toBe(1);
    // success: values 1,0,1 → mean 2/3, sd = sqrt(((1/3)²·2 + (2/3)²)/2) = sqrt(1/3), SE = sqrt(1/3)/sqrt(3) = 1/3
    expect(x.success.mean).toBeCloseTo(2 / 3, 12);
    expect(x.success.se).toBeCloseTo(1 / 3, 12);
    // reward 10, -2, 4 → mean 4, sd = sqrt((36+36+0)/2) = 6, SE = 6/sqrt(3)
    expect(x.reward.mean).toBeCloseTo(4, 12);
    expect(x.reward.se).toBeCloseTo(6 / Math.sqrt(3), 12);
    // steps 4, 8, 6 → mean 6, SE = 2/sqrt(3)
    expect(x.steps.mean).toBeCloseTo(6, 12);
    expect(x.steps.se).toBeCloseTo(2 / Math.sqrt(3), 12);
    expect(x.planningPerStep).toBeCloseTo(6 / 18, 12);
    expect(x.llmCalls.mean).toBeCloseTo(4, 12);
    expect(x.inputTokens.mean).toBeCloseTo(200, 12);
    // distance only on two rows: 5, 7 → 6 ± 1
    expect(x.metrics).toEqual({ distance: { mean: 6, se: 1, n: 2 } });
    expect(x.synthetic).toBe(true);
    expect(g.errors).toEqual([{ suite: 'kitchen', method: 'tru-pomdp', model: 'synthetic', level: 'easy', task: rows[3].spec.task, seed: 1, error: 'boom | bad' }]);
  });

  it('averages by-kind usage over every finished episode (0 where a row lacks the kind)', () => {
    const rows = [
      row({ calls: 2, byKind: { 'toh.goals': { calls: 2, inputTokens: 40, outputTokens: 4 } } }),
      row({ calls: 1, byKind: { 'toh.places': { calls: 1, inputTokens: 10, outputTokens: 2 } } }),
    ];
    const [x] = groupRows(rows).groups;
    expect(x.byKind).toEqual([
      { kind: 'toh.goals', calls: 1, inputTokens: 20, outputTokens: 2 },
      { kind: 'toh.places', calls: 0.5, inputTokens: 5, outputTokens: 1 },
    ]);
  });

  it('orders groups the same whatever the row order (levels by difficulty)', () => {
    const base = ['hard', 'easy', 'medium'].flatMap((level) => ['react', 'tru-pomdp'].map((method) => row({ level, method, success: level === 'easy' })));
    fc.assert(
      fc.property(fc.shuffledSubarray(base, { minLength: base.length, maxLength: base.length }), (shuffled) => {
        const a = renderMarkdown(shuffled, { timing: false });
        expect(a).toBe(renderMarkdown(base, { timing: false }));
      }),
      { numRuns: 25 },
    );
    expect(groupRows(base).groups.map((g) => `${g.method}:${g.level}`)).toEqual([
      'react:easy', 'react:medium', 'react:hard', 'tru-pomdp:easy', 'tru-pomdp:medium', 'tru-pomdp:hard',
    ]);
  });

  it('reports suites split by level (kitchen:easy, kitchen:hard) as one suite, others apart', () => {
    const rows = [
      row({ suite: 'kitchen:hard', level: 'hard' }), row({ suite: 'kitchen:medium', level: 'medium' }), row({ suite: 'kitchen:easy', level: 'easy' }),
      row({ suite: 'household:multi', level: '2-errands' }), row({ suite: 'kitchen:hard', level: 'hard', status: 'error', error: 'x' }),
    ];
    const g = groupRows(rows);
    expect(g.suites).toEqual(['household:multi', 'kitchen']);
    expect(g.groups.filter((x) => x.suite === 'kitchen').map((x) => x.level)).toEqual(['easy', 'medium', 'hard']);
    expect(g.errors[0].suite).toBe('kitchen');
    expect(g.sources.get('kitchen')).toEqual(['kitchen:easy', 'kitchen:medium', 'kitchen:hard']);
    expect(renderMarkdown(rows)).toContain('## Suite `kitchen`\n\nFrom suites `kitchen:easy`, `kitchen:medium`, `kitchen:hard`.');
  });

  it('natural and level orders', () => {
    expect(['n10', 'n2', 'n1'].sort(naturalCompare)).toEqual(['n1', 'n2', 'n10']);
    expect(['4-errands', 'hard', '2-errands', 'easy'].sort(compareLevels)).toEqual(['easy', 'hard', '2-errands', '4-errands']);
  });
});

describe('tables', () => {
  it('prints the hand case in the outcome table, counts errors and lists them separately', () => {
    const rows = [
      row({ success: true, reward: 10, steps: 4, planningSeconds: 2 }),
      row({ success: false, reward: -2, steps: 8, planningSeconds: 2 }),
      row({ success: true, reward: 4, steps: 6, planningSeconds: 2 }),
      row({ status: 'error', error: 'kaput' }),
    ];
    const { suites, errors } = buildTables(rows);
    const outcomes = suites[0].tables[0];
    expect(outcomes.header.slice(0, 10)).toEqual(['method', 'model', 'level', 'n', 'errors', 'success %', 'reward', 'steps', 'planning s/episode', 'planning s/step']);
    expect(outcomes.rows[0].slice(0, 10)).toEqual(['tru-pomdp', 'synthetic †', 'easy', '3', '1', '66.7 ± 33.3', '4.00 ± 3.46', '6.0 ± 1.2', '2.000 ± 0.000', '0.3333']);
    expect(errors?.rows).toEqual([['kitchen', 'tru-pomdp', 'synthetic', 'easy', rows[3].spec.task, '1', 'kaput']]);
    expect(suites[0].synthetic).toBe(true);
  });

  it('drops the time columns without timing and marks synthetic suites only', () => {
    const rows = [row({ model: 'openai:gpt-4.1', modelDescription: 'openai:gpt-4.1', calls: 2, inputTokens: 50 })];
    const md = renderMarkdown(rows, { timing: false });
    expect(md).not.toContain('planning');
    expect(md).not.toContain(SYNTHETIC_NOTE);
    expect(md).toContain('| tru-pomdp | openai:gpt-4.1 | easy | 1 | 2.00 | 50 | 0 |');
    expect(renderMarkdown([row({})])).toContain(SYNTHETIC_NOTE);
    const withTimes = [row({ metrics: { expansions: 12, searchMs: 31 } })];
    expect(renderMarkdown(withTimes, { timing: false })).not.toContain('searchMs');
    expect(renderMarkdown(withTimes, { timing: false })).toContain('expansions');
    expect(renderMarkdown(withTimes)).toContain('searchMs');
  });

  it('labels one method run with two models apart', () => {
    const rows = [row({ method: 'gavel', model: 'synthetic' }), row({ method: 'gavel', model: 'compat:qwen3-8b@http://x', modelDescription: 'qwen' })];
    const labels = buildTables(rows).suites[0].tables[0].rows.map((r) => r[0]);
    expect(labels).toEqual(['gavel (compat:qwen3-8b@http://x)', 'gavel (synthetic)']);
  });

  it('labels one method run with two configs by the config', () => {
    const a = row({ method: 'tru-pomdp' });
    const b = { ...row({ method: 'tru-pomdp' }), spec: { ...row({}).spec, config: { trials: 30 } } };
    const labels = buildTables([a, b]).suites[0].tables[0].rows.map((r) => r[0]);
    expect(labels).toEqual(['tru-pomdp (default)', 'tru-pomdp (trials=30)']);
  });

  it('keeps configs that only differ between levels (per-problem budgets) in one series', () => {
    const tiger = { ...row({ method: 'despot', suite: 'pomdp:tiger', level: 'tiger' }), spec: { ...row({}).spec, suite: 'pomdp:tiger', level: 'tiger', method: 'despot', config: { trials: 50 } } };
    const tag = { ...row({ method: 'despot', suite: 'pomdp:tag', level: 'tag' }), spec: { ...row({}).spec, suite: 'pomdp:tag', level: 'tag', method: 'despot', config: { trials: 100 } } };
    const { suites, grouped } = buildTables([tiger, tag]);
    expect(grouped.groups.map((g) => [g.suite, g.series, g.level])).toEqual([['pomdp', 'despot', 'tag'], ['pomdp', 'despot', 'tiger']]);
    const models = suites[0].tables.find((t) => t.title === 'Models and configurations');
    expect(models?.rows.map((r) => [r[3], r[4]])).toEqual([['trials=100', 'tag'], ['trials=50', 'tiger']]);
  });

  it('counts a retried episode (error, then done under the same key) as done only', () => {
    const failed = row({ status: 'error', error: 'timeout', task: 'same' });
    const retried = { ...row({ success: true, task: 'same' }), key: failed.key };
    const g = groupRows([failed, retried]);
    expect(g.groups[0].n).toBe(1);
    expect(g.groups[0].errors).toBe(0);
    expect(g.errors).toEqual([]);
  });

  it('escapes pipes in Markdown cells', () => {
    const md = renderMarkdown([row({ status: 'error', error: 'a | b' })]);
    expect(md).toContain('a \\| b');
  });

});
