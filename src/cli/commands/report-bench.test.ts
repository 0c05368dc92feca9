import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandOut, scratchFiles } from '../../../test/cli-harness.js';
import { allElements, parseSvg, textContent } from '../../../test/xml.js';
import { register as registerBench } from './bench.js';
import type { ResultRow } from '../../eval/types.js';
import { register as registerReport } from './report.js';

describe('groundplan bench → groundplan report', () => {
  it('reports real kitchen and POMDP runs: one bar per method × level, valid SVG, errors none', async () => {
    const { dir } = scratchFiles('gp-report-bench-');
    const kitchen = join(dir, 'kitchen');
    const pomdp = join(dir, 'pomdp');
    await runCommandOut([registerBench], ['bench', 'kitchen:easy,kitchen:medium', '--methods', 'react,react-star', '--n', '1', '--out', kitchen, '--json']);
    await runCommandOut([registerBench], ['bench', 'pomdp:tiger', '--methods', 'pomcp', '--trials', '50', '--n', '2', '--out', pomdp, '--json']);
    const out = join(dir, 'report');
    const json = JSON.parse(await runCommandOut([registerReport], ['report', kitchen, pomdp, '--out', out, '--json'])) as { suites: string[]; rows: number; errors: number };
    expect(json.suites).toEqual(['kitchen', 'pomdp']);
    // 2 kitchen levels × 2 methods × 1 task, and 2 Tiger episodes
    expect(json.rows).toBe(2 * 2 * 1 + 2);
    expect(json.errors).toBe(0);
    const success = parseSvg(readFileSync(join(out, 'plots', 'kitchen-success.svg'), 'utf8'));
    const bars = allElements(success).find((e) => e.name === 'g' && (e.attrs.class ?? '').includes('bars_marks'));
    expect(bars?.children.filter((c) => c.name === 'path')).toHaveLength(2 * 2);
    expect(textContent(success)).toContain('react-star');
    const md = readFileSync(join(out, 'index.md'), 'utf8');
    expect(md).toContain('From suites `kitchen:easy`, `kitchen:medium`.');
    // the row's own outcome, as the store holds it (n = 1: the mean alone)
    const rows = readFileSync(join(kitchen, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ResultRow);
    const r = rows.find((x) => x.spec.method === 'react-star' && x.spec.level === 'medium');
    if (!r) throw new Error('no react-star medium row');
    expect(md).toContain(`| react-star | synthetic † | medium | 1 | 0 | ${(r.success ? 100 : 0).toFixed(1)} | ${r.reward.toFixed(2)} | ${r.steps.toFixed(1)} |`);
    expect(md).toContain('react.step');
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const svg of html.match(/<svg[\s\S]*?<\/svg>/g) ?? []) parseSvg(svg);
  });
});
