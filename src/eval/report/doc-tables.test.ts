import { describe, expect, it } from 'vitest';
import type { EpisodeSpec, ResultRow } from '../types.js';
import { ABLATION_KNOBS, docTable } from './doc-tables.js';

function row(spec: Partial<EpisodeSpec>, success: boolean, extra: Partial<ResultRow> = {}): ResultRow {
  const s: EpisodeSpec = { suite: 'x', task: 't', level: 'l', method: 'm', model: 'synthetic', seed: 1, config: {}, ...spec };
  return {
    key: `${s.suite}|${s.task}|${s.method}|${s.seed}`, spec: s, status: 'done', success, reward: success ? 800 : -200, steps: 10, planningSeconds: 1, wallSeconds: 1,
    llm: { calls: 4, inputTokens: 0, outputTokens: 0 }, metrics: {}, modelDescription: 'synthetic LLM', warnings: 0, worker: 'local', finishedAt: '2026-01-01T00:00:00Z', ...extra,
  };
}

const render = (id: string, rows: ResultRow[][]): string | undefined => docTable(id)?.render(rows);

describe('doc tables', () => {
  it('household-multi: success ± SE, mean distance and the seed figure per method, n = task × seed pairs', () => {
    const methods = ['llm-only', 'sayplan', 'epog', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
    // gavel: 3 of 4 episodes succeed (75 %, SE = sqrt(0.25/3)/2·100 = 25.0), distances 10, 20, 30, 40 → 25.0
    const rows = methods.flatMap((m) =>
      [0, 1, 2, 3].map((i) => row({ suite: 'household:multi', method: m, task: `s1-${i % 2}`, seed: 1 + Math.floor(i / 2) }, m === 'gavel' ? i < 3 : true, { metrics: { distance: 10 * (i + 1), ...(m === 'gavel' ? { errandSuccess: i < 3 ? 1 : 0.5 } : {}) } })),
    );
    const text = render('household-multi', [rows]) ?? '';
    expect(text.split('\n')[0]).toBe('| Table II shape (multi-task, n = 4) | success % | per-errand success % | distance m | seed success % |');
    // per-errand: 1, 1, 1, 0.5 → 87.5 %, sample SD 0.25 → SE 0.125; rows without errandSuccess count success as 1/0
    expect(text).toContain('| gavel | 75.0 ± 25.0 | 87.5 ± 12.5 | 25.0 | 92.6 |');
    expect(text).toContain('| oracle | 100.0 ± 0.0 | 100.0 ± 0.0 | 25.0 | 100.0 |');
    // single-task rows alone are not this table's rows
    expect(render('household-multi', [[row({ suite: 'household:single', method: 'gavel' }, true)]])).toBeUndefined();
  });

  it('household-failures: failed errands counted per cause and method, errands summed; no causes at all is no table', () => {
    const rows = [
      row({ suite: 'household:multi', method: 'gavel', task: 's1-0' }, false, { metrics: { errands: 3 }, failures: ['extraction', 'unmet-goal'] }),
      row({ suite: 'household:multi', method: 'gavel', task: 's1-1' }, false, { metrics: { errands: 2 }, failures: ['extraction'] }),
      row({ suite: 'household:multi', method: 'sayplan', task: 's1-0' }, true, { metrics: { errands: 3 } }),
    ];
    const lines = (render('household-failures', [rows]) ?? '').split('\n');
    expect(lines[0]).toBe('| failed errands by cause (multi-task) | errands | extraction | unmet-goal |');
    expect(lines[2]).toBe('| gavel | 5 | 2 | 1 |');
    expect(lines[3]).toBe('| sayplan | 3 | 0 | 0 |');
    expect(render('household-failures', [[rows[2]!]])).toBeUndefined();
  });

  it('kitchen-ablations: one row per variant present, its knob beside it; the prior model is left out', () => {
    const rows = ['tru-pomdp', 'tru-pomdp/no-toh'].flatMap((method) =>
      ['easy', 'medium', 'hard'].flatMap((level) => [row({ method, level, task: `a-${level}` }, true), row({ method, level, task: `b-${level}` }, method === 'tru-pomdp')]),
    );
    rows.push(row({ method: 'tru-pomdp', level: 'easy', model: 'prior', task: 'p' }, false));
    const lines = (render('kitchen-ablations', [rows]) ?? '').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(`| full | 100 ± 0, 800 | 100 ± 0, 800 | 100 ± 0, 800 | 4.0 | ${ABLATION_KNOBS.full} |`);
    expect(lines[3]).toBe(`| w/o TOH | 50 ± 50, 300 | 50 ± 50, 300 | 50 ± 50, 300 | 4.0 | ${ABLATION_KNOBS['no-toh']} |`);
    expect(render('kitchen-ablations', [[]])).toBeUndefined();
  });
});
