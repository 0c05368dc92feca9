import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Rng } from '../../core/rng.js';
import { InputError } from '../../core/errors.js';
import { packageRoot } from '../../core/package-data.js';
import type { ResultRow } from '../../eval/types.js';
import { runCommand, runCommandOut, scratchFiles } from '../../../test/cli-harness.js';
import { allElements, parseSvg, parseXml, textContent, type XmlElement } from '../../../test/xml.js';
import { DOC_TABLES } from '../../eval/report/index.js';
import { register } from './report.js';

/** Kitchen-like rows: 3 methods × 3 levels × 4 tasks, with LLM usage by kind for tru-pomdp, one error row. */
function kitchenRows(rng: Rng): ResultRow[] {
  const rows: ResultRow[] = [];
  const methods = [
    { method: 'tru-pomdp', p: 0.8, kinds: ['toh.goals', 'toh.places', 'tru.policy'] },
    { method: 'react', p: 0.4, kinds: [] },
    { method: 'react-star', p: 0.55, kinds: [] },
  ];
  for (const { method, p, kinds } of methods) {
    for (const [li, level] of ['easy', 'medium', 'hard'].entries()) {
      for (let t = 0; t < 4; t++) {
        const success = rng.next() < p - 0.15 * li;
        const steps = 6 + li * 4 + Math.floor(rng.next() * 6);
        const byKind: Record<string, { calls: number; inputTokens: number; outputTokens: number }> = {};
        for (const k of kinds) byKind[k] = { calls: 1, inputTokens: 800 + Math.floor(rng.next() * 400), outputTokens: 120 };
        const calls = kinds.length > 0 ? kinds.length : steps;
        const inputTokens = kinds.length > 0 ? Object.values(byKind).reduce((s, u) => s + u.inputTokens, 0) : steps * 1500;
        const outputTokens = kinds.length > 0 ? 120 * kinds.length : steps * 60;
        const spec = { suite: 'kitchen', task: `kitchen-${level}-${t}`, level, method, model: 'synthetic', seed: 7, config: { knobs: 'default' } };
        rows.push({
          key: `${spec.suite}|${spec.task}|${method}|synthetic|7`, spec, status: 'done', success,
          reward: success ? 10 - steps * 0.5 : -steps, steps, planningSeconds: steps * (method === 'tru-pomdp' ? 0.5 : 0.05), wallSeconds: steps,
          llm: { calls, inputTokens, outputTokens, ...(kinds.length > 0 ? { byKind } : {}) },
          metrics: {}, modelDescription: 'synthetic LLM, knobs: goalError=0.1', warnings: 0, worker: 'local', finishedAt: '2026-01-01T00:00:00Z',
        });
      }
    }
  }
  const spec = { suite: 'kitchen', task: 'kitchen-hard-9', level: 'hard', method: 'react', model: 'synthetic', seed: 7, config: { knobs: 'default' } };
  rows.push({
    key: 'kitchen|kitchen-hard-9|react|synthetic|7', spec, status: 'error', success: false, reward: 0, steps: 0, planningSeconds: 0, wallSeconds: 0,
    llm: { calls: 0, inputTokens: 0, outputTokens: 0 }, metrics: {}, modelDescription: 'synthetic LLM, knobs: goalError=0.1', warnings: 0,
    error: 'LLM_SCHEMA: answer did not match <schema> & repair failed', worker: 'w1', finishedAt: '2026-01-01T00:00:00Z',
  });
  return rows;
}

/** Household-like rows: 2 methods × 2 levels, distance metric, a real-model id. */
function householdRows(rng: Rng): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const method of ['gavel', 'llm-only']) {
    for (const level of ['2-errands', '3-errands']) {
      for (let t = 0; t < 3; t++) {
        const success = rng.next() < (method === 'gavel' ? 0.9 : 0.3);
        const spec = { suite: 'household:multi', task: `multi-${level}-${t}`, level, method, model: 'compat:qwen3-8b@http://127.0.0.1:8000/v1', seed: 1, config: {} };
        rows.push({
          key: `hh|${spec.task}|${method}`, spec, status: 'done', success, reward: success ? 1 : 0, steps: 20 + t, planningSeconds: 1.5 + t,
          wallSeconds: 2, llm: { calls: method === 'gavel' ? 2 : 1, inputTokens: 2000, outputTokens: 400 },
          metrics: { distance: 70 + rng.next() * 10, repairs: method === 'gavel' ? 3 : 0 }, modelDescription: 'compat:qwen3-8b', warnings: 0, worker: 'local', finishedAt: '2026-01-01T00:00:00Z',
        });
      }
    }
  }
  return rows;
}

function writeResults(dir: string, rows: ResultRow[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function svgsOf(html: string): string[] {
  return html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
}

function markGroup(svg: XmlElement, name: string): XmlElement | undefined {
  return allElements(svg).find((e) => e.name === 'g' && (e.attrs.class ?? '').split(' ').includes('role-mark') && (e.attrs.class ?? '').includes(`${name}_marks`));
}

describe('groundplan report', () => {
  const rng = new Rng('report-test');
  const kitchen = kitchenRows(rng);
  const household = householdRows(rng);
  const { dir } = scratchFiles('gp-report-');
  writeResults(join(dir, 'kitchen'), kitchen);
  writeResults(join(dir, 'household'), household);
  const householdFile = join(dir, 'household', 'results.jsonl');

  it('writes index.md, a self-contained index.html and valid SVG plots whose bars match the groups', async () => {
    const out = join(dir, 'report');
    const json = JSON.parse(await runCommandOut([register], ['report', join(dir, 'kitchen'), householdFile, '--out', out, '--title', 'Kitchen & household', '--json'])) as { suites: string[]; rows: number; errors: number; plots: string[] };
    expect(json.suites).toEqual(['household:multi', 'kitchen']);
    expect(json.rows).toBe(kitchen.length + household.length);
    expect(json.errors).toBe(1);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<title>Kitchen &amp; household</title>');
    expect(html).not.toMatch(/<script|<link |src="http/);

    const svgs = svgsOf(html);
    expect(svgs.length).toBe(json.plots.length);
    const files = readdirSync(join(out, 'plots')).sort();
    expect(files).toEqual([...json.plots].sort());
    const byFile = new Map(files.map((f) => [f, readFileSync(join(out, 'plots', f), 'utf8')]));
    for (const [file, text] of byFile) {
      const root = parseSvg(text);
      expect(root.attrs.xmlns, file).toBe('http://www.w3.org/2000/svg');
    }
    for (const s of svgs) parseSvg(s);

    // Success by level and method: one bar and one error bar per method × level group with finished episodes.
    const success = parseSvg(byFile.get('kitchen-success.svg') ?? '');
    expect(markGroup(success, 'bars')?.children.filter((c) => c.name === 'path')).toHaveLength(9);
    expect(markGroup(success, 'errorbars')?.children.filter((c) => c.name === 'line')).toHaveLength(9);
    const text = textContent(success);
    expect(text).toContain('Success (%)');
    expect(text).toContain('Level');
    for (const m of ['tru-pomdp', 'react', 'react-star', 'easy', 'medium', 'hard']) expect(text).toContain(m);

    const hh = parseSvg(byFile.get('household_multi-success.svg') ?? '');
    expect(markGroup(hh, 'bars')?.children.filter((c) => c.name === 'path')).toHaveLength(4);
    for (const kind of ['reward', 'steps', 'planning']) {
      const svg = parseSvg(byFile.get(`kitchen-${kind}.svg`) ?? '');
      expect(markGroup(svg, 'bars')?.children.filter((c) => c.name === 'path')).toHaveLength(9);
    }
    expect(textContent(parseSvg(byFile.get('kitchen-planning.svg') ?? ''))).toContain('Planning time (s)');

    // Tokens: input and output stacked per method; by kind only where rows carry kinds (tru-pomdp: 3 kinds).
    const tokens = parseSvg(byFile.get('kitchen-tokens.svg') ?? '');
    expect(markGroup(tokens, 'bars')?.children.filter((c) => c.name === 'path')).toHaveLength(6);
    expect(textContent(tokens)).toContain('Tokens per episode');
    const kinds = parseSvg(byFile.get('kitchen-tokens-by-kind.svg') ?? '');
    expect(markGroup(kinds, 'bars')?.children.filter((c) => c.name === 'path')).toHaveLength(3);
    expect(textContent(kinds)).toContain('toh.places');
    expect(byFile.has('household_multi-tokens-by-kind.svg')).toBe(false);
    const distance = parseSvg(byFile.get('household_multi-distance.svg') ?? '');
    expect(markGroup(distance, 'bars')?.children.filter((c) => c.name === 'path')).toHaveLength(4);
    expect(byFile.has('kitchen-distance.svg')).toBe(false);

    const md = readFileSync(join(out, 'index.md'), 'utf8');
    expect(md).toContain('## Suite `kitchen`');
    expect(md).toContain('![Success rate — kitchen](plots/kitchen-success.svg)');
    expect(md).toMatch(/\| react \| synthetic † \| hard \| 4 \| 1 \|/);
    expect(md).toContain('| method | model | level | n | errors | success % | reward | steps | planning s/episode | planning s/step | distance | repairs |');
    expect(md).toContain('LLM_SCHEMA: answer did not match \\<schema> & repair failed');
    expect(html).toContain('LLM_SCHEMA: answer did not match &lt;schema&gt; &amp; repair failed');
    expect(md).toContain('synthetic LLM, knobs: goalError=0.1');
  });

  it('gives byte-identical files for the same rows in another order', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    const shuffled = rng.shuffle([...kitchen, ...household]);
    writeResults(join(dir, 'shuffled'), shuffled);
    writeResults(join(dir, 'inorder'), [...kitchen, ...household]);
    await runCommandOut([register], ['report', join(dir, 'inorder'), '--out', a, '--title', 'T']);
    await runCommandOut([register], ['report', join(dir, 'shuffled'), '--out', b, '--title', 'T']);
    const list = (d: string): string[] => readdirSync(join(d, 'plots')).sort();
    expect(list(b)).toEqual(list(a));
    for (const f of list(a)) expect(readFileSync(join(b, 'plots', f), 'utf8'), f).toBe(readFileSync(join(a, 'plots', f), 'utf8'));
    // The preface names the inputs, so compare from the row count on.
    const body = (d: string, f: string): string => readFileSync(join(d, f), 'utf8').replace(/Inputs: .*\n/, '');
    expect(body(b, 'index.md')).toBe(body(a, 'index.md'));
    expect(body(b, 'index.html')).toBe(body(a, 'index.html'));
  });

  it('--no-timing leaves out time columns and the planning plot', async () => {
    const out = join(dir, 'notiming');
    await runCommandOut([register], ['report', join(dir, 'kitchen'), '--out', out, '--no-timing']);
    expect(readFileSync(join(out, 'index.md'), 'utf8')).not.toContain('planning s');
    expect(existsSync(join(out, 'plots', 'kitchen-planning.svg'))).toBe(false);
    expect(existsSync(join(out, 'plots', 'kitchen-success.svg'))).toBe(true);
  });

  it('renders every committed store and bench file under results/ (subfolders included) without a warning', async () => {
    const results = join(packageRoot(), 'results');
    const warnings: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
    let r;
    try {
      r = await runCommand([register], ['report', results, '--out', join(dir, 'committed'), '--json']);
    } finally {
      spy.mockRestore();
    }
    expect(r.error).toBeUndefined();
    expect(warnings).toEqual([]);
    const summary = JSON.parse(r.out) as { stores: string[]; benchTables: string[]; warnings: string[] };
    expect(summary.warnings).toEqual([]);
    // every store (a folder with results.jsonl, at any depth) and every file-based doc table
    const stores = (readdirSync(results, { recursive: true }) as string[]).filter((f) => f.endsWith('results.jsonl')).map((f) => join(results, f, '..'));
    expect(stores.length).toBeGreaterThanOrEqual(10);
    expect([...summary.stores].sort()).toEqual(stores.sort());
    const fileTables = DOC_TABLES.filter((t) => t.sources.length === 0).map((t) => t.id);
    expect([...summary.benchTables].sort()).toEqual([...fileTables].sort());
    const md = readFileSync(join(dir, 'committed', 'index.md'), 'utf8');
    for (const id of ['planner-ipc', 'pomdp', 'llmdm-summary', 'household-rsn']) expect(md).toContain(`### \`${id}\``);
    expect(md).toContain('prior:unseen@'); // the prior-after reruns are their own suites, not dropped
  });

  it('reads a planner rows file given alone as its benchmark tables, not as malformed episode rows', async () => {
    const r = await runCommand([register], ['report', join(packageRoot(), 'results', 'planner', 'ipc.jsonl'), '--out', join(dir, 'ipc'), '--json']);
    expect(r.error).toBeUndefined();
    const summary = JSON.parse(r.out) as { rows: number; benchTables: string[]; warnings: string[] };
    expect(summary).toMatchObject({ rows: 0, warnings: [], benchTables: ['planner-ipc-summary', 'planner-ipc'] });
  });

  it('rejects a missing input with an input error naming it', async () => {
    const r = await runCommand([register], ['report', join(dir, 'nope'), '--out', join(dir, 'x')]);
    expect(r.error).toBeInstanceOf(InputError);
    expect(String(r.error)).toContain(join(dir, 'nope'));
  });
});

describe('groundplan report --update-docs', () => {
  it('rewrites a stale block from the rows, --check exits 1 on a difference, a block without rows is left as written', async () => {
    const { dir, file } = scratchFiles('gp-update-docs-');
    const rows = readFileSync(join(packageRoot(), 'results', 'household', 'results.jsonl'), 'utf8');
    mkdirSync(join(dir, 'results', 'household'), { recursive: true });
    writeFileSync(join(dir, 'results', 'household', 'results.jsonl'), rows);
    const readme = file('README.md', ['# x', '<!-- report:household-single -->', 'stale', '<!-- /report -->', '<!-- report:kitchen-ablations -->', 'typed by hand', '<!-- /report -->', ''].join('\n'));
    const check = await runCommand([register], ['report', '--update-docs', '--check', '--root', dir]);
    expect(check.code).toBe(1);
    expect(check.out).toContain('README.md:2: household-single: DIFFERS from the rows');
    expect(check.out).toContain('README.md:5: kitchen-ablations: pending (none of its rows in results/kitchen yet; left as written)');
    expect(readFileSync(readme, 'utf8')).toContain('stale');
    await runCommandOut([register], ['report', '--update-docs', '--root', dir]);
    const text = readFileSync(readme, 'utf8');
    // the gavel row: success and plan calls recomputed here from the rows themselves
    const gavel = rows.trim().split('\n').map((l) => JSON.parse(l) as ResultRow).filter((r) => r.spec.suite === 'household:single' && r.spec.method === 'gavel' && r.status === 'done');
    const pct = ((100 * gavel.filter((r) => r.success).length) / gavel.length).toFixed(1);
    const calls = (gavel.reduce((t, r) => t + (r.llm.byKind?.['gavel.plan']?.calls ?? 0), 0) / gavel.length).toFixed(2);
    expect(text).toMatch(new RegExp(`\\| gavel \\| ${pct.replace('.', '\\.')} ± [0-9.]+ \\| ${calls.replace('.', '\\.')} \\| 91\\.8 \\|`));
    expect(text).not.toContain('stale');
    expect(text).toContain('typed by hand');
    const again = await runCommand([register], ['report', '--update-docs', '--check', '--root', dir]);
    expect(again.code).toBeUndefined();
    expect(again.out).toContain('household-single: matches the rows');
  });

  it('--root or --results-dir that does not exist is an input error, not a silent pass', async () => {
    const r = await runCommand([register], ['report', '--update-docs', '--check', '--root', '/nonexistent']);
    expect(r.error).toBeInstanceOf(InputError);
    expect(String(r.error)).toContain('--root /nonexistent: no README.md or docs/*.md there');
    const { dir, file } = scratchFiles('gp-update-docs-');
    file('README.md', '# x\n<!-- report:eval-tiger -->\n<!-- /report -->\n');
    const noResults = await runCommand([register], ['report', '--update-docs', '--check', '--root', dir, '--results-dir', 'nope']);
    expect(String(noResults.error)).toContain('--results-dir nope: no such folder');
  });

  it('an unknown table id is an input error at its line; --update-docs takes no inputs', async () => {
    const { dir, file } = scratchFiles('gp-update-docs-');
    file('README.md', 'a\n<!-- report:nope -->\n<!-- /report -->\n');
    const r = await runCommand([register], ['report', '--update-docs', '--root', dir]);
    expect(r.error).toBeInstanceOf(InputError);
    expect(String(r.error)).toMatch(/README\.md:2:1: no report table 'nope' \(known: prior, kitchen-ablations, [^)]*\bhousehold-failures\b[^)]*\bplanner-ipc\b[^)]*\bpomdp\b[^)]*\)/);
    const both = await runCommand([register], ['report', 'x', '--update-docs']);
    expect(both.error).toBeInstanceOf(InputError);
  });
});

describe('test/xml parser', () => {
  it('accepts well-formed XML with entities and rejects malformed documents', () => {
    const doc = parseXml('<?xml version="1.0"?><a x="1" y=\'&lt;&#65;&#x42;\'><b/>t&amp;<!-- c --><![CDATA[<raw>]]></a>');
    expect(doc.attrs.y).toBe('<AB');
    expect(textContent(doc)).toBe('t&<raw>');
    for (const bad of ['<a><b></a></b>', '<a x=1/>', '<a x="1" x="2"/>', '<a>&nbsp;</a>', '<a>&amp</a>', '<a>x < y</a>', '<a/><b/>', '<a>', 'text', '<a x="<"/>', '<a>&#0;</a>']) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    expect(() => parseSvg('<svg width="10" height="10"/>')).toThrow(/viewBox/);
    expect(() => parseSvg('<g width="10" height="10" viewBox="0 0 10 10"/>')).toThrow(/root/);
    expect(parseSvg('<svg width="10" height="5" viewBox="0 0 10 5"></svg>').name).toBe('svg');
  });
});
