import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandOut, scratchFiles } from '../../../test/cli-harness.js';
import { allElements, parseSvg, textContent } from '../../../test/xml.js';
import { register as registerBench } from './bench.js';
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
    expect(json.rows).toBe(6);
    expect(json.errors).toBe(0);
    const success = parseSvg(readFileSync(join(out, 'plots', 'kitchen-success.svg'), 'utf8'));
    const bars = allElements(success).find((e) => e.name === 'g' && (e.attrs.class ?? '').includes('bars_marks'));
    expect(bars?.children.filter((c) => c.name === 'path')).toHaveLength(4);
    expect(textContent(success)).toContain('react-star');
    const md = readFileSync(join(out, 'index.md'), 'utf8');
    expect(md).toContain('From suites `kitchen:easy`, `kitchen:medium`.');
    expect(md).toMatch(/\| react-star \| synthetic † \| medium \| 1 \| 0 \|/);
    expect(md).toContain('react.step');
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const svg of html.match(/<svg[\s\S]*?<\/svg>/g) ?? []) parseSvg(svg);
  });
});
