/**
 * Integration (slow: a build, `npm pack` and one Node process per snippet, ~1–2 min): the library
 * examples of README.md and docs/*.md run against the packed package. The tarball is installed
 * into an empty folder the way `npm install` lays it out — extracted to node_modules/groundplan,
 * its `dependencies` linked from this checkout's node_modules (no network) — and every ```js
 * block that imports 'groundplan' runs there as an ES module. Every other fenced block that
 * imports from the package must name bindings the package exports, and no doc imports from ./src.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

interface Block {
  where: string;
  lang: string;
  code: string;
}

/** Fenced code blocks of a Markdown file, with `file:line` of the opening fence. */
function fencedBlocks(file: string): Block[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    blocks.push({ where: `${file}:${start + 1}`, lang: open[1], code: body.join('\n') });
  }
  return blocks;
}

const blocks = DOCS.flatMap(fencedBlocks);
const usesPackage = (b: Block): boolean => /from '(groundplan(\/[\w-]+)?)'/.test(b.code);
const runnable = blocks.filter((b) => b.lang === 'js' && usesPackage(b));

let app = '';

beforeAll(() => {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'pipe' });
  const tmp = mkdtempSync(join(tmpdir(), 'groundplan-pack-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--offline', '--pack-destination', tmp], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { filename: string }[];
  app = join(tmp, 'app');
  const modules = join(app, 'node_modules');
  mkdirSync(modules, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync('tar', ['-xzf', join(tmp, packed[0].filename), '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'groundplan'));
  const manifest = JSON.parse(readFileSync(join(modules, 'groundplan', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(manifest.dependencies)) {
    if (dep.includes('/')) mkdirSync(join(modules, dep.split('/')[0]), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep), 'dir');
  }
}, 600_000);

afterAll(() => {
  if (app) rmSync(resolve(app, '..'), { recursive: true, force: true });
});

describe('documented library snippets, against the packed package', () => {
  it('finds the documented examples, and no doc imports from ./src', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(10);
    expect(blocks.filter((b) => /from '\.\.?\/src\//.test(b.code)).map((b) => b.where)).toEqual([]);
  });

  it.each(runnable.map((b) => [b.where, b] as const))('%s runs', (where, block) => {
    const file = join(app, `${where.replace(/[^\w]+/g, '-')}.mjs`);
    writeFileSync(file, block.code);
    const r = spawnSync(process.execPath, [file], { cwd: app, encoding: 'utf8', timeout: 240_000 });
    expect(r.status, `${where}\n${r.stdout}\n${r.stderr}`).toBe(0);
  }, 300_000);

  it('names only exported bindings in the other blocks that import the package', () => {
    const checks: string[] = [];
    for (const b of blocks.filter((x) => x.lang !== 'js' && usesPackage(x))) {
      for (const m of b.code.matchAll(/import\s+\{([^}]*)\}\s+from\s+'(groundplan(?:\/[\w-]+)?)'/g)) {
        const names = m[1].split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type '));
        checks.push(`{ const m = await import('${m[2]}'); for (const n of ${JSON.stringify(names)}) if (!(n in m)) missing.push('${b.where}: ' + n); }`);
      }
    }
    expect(checks.length).toBeGreaterThan(0);
    const file = join(app, 'bindings.mjs');
    writeFileSync(file, `const missing = [];\n${checks.join('\n')}\nconsole.log(JSON.stringify(missing));`);
    const r = spawnSync(process.execPath, [file], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });
});
