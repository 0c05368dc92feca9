import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../types.js';
import { groupRows } from './groups.js';
import { plotFile, plotSpecs, renderSvg } from './plots.js';
import { allElements, parseSvg, textContent } from '../../../test/xml.js';

function row(method: string, level: string, status: 'done' | 'error', success: boolean, task: string): ResultRow {
  return {
    key: `${method}/${level}/${task}`,
    spec: { suite: 'pddl & <ipc>', task, level, method, model: 'prior', seed: 0, config: {} },
    status, success, reward: success ? 1 : 0, steps: 3, planningSeconds: 0.2, wallSeconds: 0.3,
    llm: { calls: 0, inputTokens: 0, outputTokens: 0 }, metrics: { expansions: 10 },
    modelDescription: 'prior', warnings: 0, worker: 'local', finishedAt: '2026-01-01T00:00:00Z',
    ...(status === 'error' ? { error: 'x' } : {}),
  };
}

describe('plots', () => {
  const rows = [
    row('lama "first"', 'blocks', 'done', true, 'a'),
    row('lama "first"', 'blocks', 'done', false, 'b'),
    row('gbfs<ff>', 'blocks', 'done', true, 'c'),
    row('gbfs<ff>', 'logistics', 'error', false, 'd'), // a group with only an error: no bar
    row('lama "first"', 'logistics', 'done', true, 'e'),
  ];

  it('draws one bar per method × level group with finished episodes, none for error-only groups, and no token plot without LLM use', () => {
    const specs = plotSpecs(groupRows(rows));
    expect(specs.map((s) => s.kind)).toEqual(['success', 'reward', 'steps', 'planning']);
    expect(specs.every((s) => s.bars === 3)).toBe(true);
    expect(specs[0].file).toBe('pddl_ipc-success.svg');
    expect(plotSpecs(groupRows(rows), { timing: false }).map((s) => s.kind)).not.toContain('planning');
  });

  it('renders valid SVG with escaped names, the bars and the axis titles', async () => {
    const [success] = plotSpecs(groupRows(rows));
    const svg = await renderSvg(success.spec);
    const root = parseSvg(svg);
    const bars = allElements(root).find((e) => e.name === 'g' && (e.attrs.class ?? '').includes('bars_marks'));
    expect(bars?.children.filter((c) => c.name === 'path')).toHaveLength(3);
    const text = textContent(root);
    for (const s of ['Success (%)', 'Level', 'Method', 'gbfs<ff>', 'lama "first"', 'pddl & <ipc>']) expect(text).toContain(s);
    expect(await renderSvg(success.spec)).toBe(svg);
  });

  it('draws the failure causes per method, stacked, as failures per 100 episodes', async () => {
    const failing = (method: string, task: string, failures: string[]): ResultRow => ({ ...row(method, 'x', 'done', failures.length === 0, task), spec: { suite: 'household:multi', task, level: '3', method, model: 'synthetic', seed: 1, config: {} }, ...(failures.length ? { failures } : {}) });
    const rows = [
      failing('gavel', 'a', []),
      failing('gavel', 'b', ['extraction']),
      failing('llm-only', 'a', ['missing-precondition', 'missing-precondition']),
      failing('llm-only', 'b', ['extraction']),
    ];
    const plot = plotSpecs(groupRows(rows)).find((p) => p.kind === 'failures');
    expect(plot?.file).toBe('household_multi-failures.svg');
    const values = (plot?.spec.data as { values: Array<{ series: string; cause: string; per100: number }> }).values;
    expect(values.map((v) => [v.series, v.cause, v.per100])).toEqual([['gavel', 'extraction', 50], ['llm-only', 'extraction', 50], ['llm-only', 'missing-precondition', 100]]);
    const text = textContent(parseSvg(await renderSvg(plot?.spec as never)));
    for (const s of ['Failures per 100 episodes', 'Cause', 'missing-precondition', 'extraction']) expect(text).toContain(s);
  });

  it('gives each of 12 methods its own colour and prints long method names whole in the legend and axis', async () => {
    const long = (i: number): string => `tru-pomdp/no-lrp ${i} (synthetic, trials=100, knobs goalError=0.1)`;
    const many: ResultRow[] = [];
    for (let i = 0; i < 12; i++) many.push({ ...row(long(i), 'easy', 'done', i % 2 === 0, `t${i}`), llm: { calls: 1, inputTokens: 100 + i, outputTokens: 10 } });
    const specs = plotSpecs(groupRows(many));
    const success = specs.find((p) => p.kind === 'success');
    const svg = await renderSvg(success?.spec as never);
    const root = parseSvg(svg);
    const legendSymbols = allElements(root).filter((e) => (e.attrs.class ?? '').includes('role-legend-symbol')).flatMap((g) => allElements(g).filter((e) => e.name === 'path'));
    const fills = legendSymbols.map((e) => e.attrs.fill);
    expect(fills).toHaveLength(12);
    expect(new Set(fills).size).toBe(12);
    const text = textContent(root);
    expect(text).not.toContain('…');
    for (let i = 0; i < 12; i++) expect(text).toContain(long(i));
    const tokens = specs.find((p) => p.kind === 'tokens');
    expect(textContent(parseSvg(await renderSvg(tokens?.spec as never)))).not.toContain('…');
  });

  it('names plot files after the suite', () => {
    expect(plotFile('household:multi', 'success')).toBe('household_multi-success.svg');
    expect(plotFile('***', 'steps')).toBe('suite-steps.svg');
  });
});
