/**
 * What `npm pack` ships: the manifest (exports, repository, files), the licence and project docs,
 * the build's file set (no test-only modules, no source maps pointing at unshipped files) and
 * what `import 'groundplan'` loads (no AI SDK, providers or worker pool until they are used).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string;
  repository?: { type: string; url: string };
  exports?: Record<string, string | { types: string; import: string }>;
  files: string[];
  scripts: Record<string, string>;
};

/** The TypeScript source a `./dist/src/….js|.d.ts` path is built from. */
const sourceOf = (distPath: string): string => join(ROOT, distPath.replace(/^\.\/dist\//, '').replace(/\.d\.ts$|\.js$/, '.ts'));

/** The build's files: tsconfig.build.json's include/exclude. */
function buildConfig(): ts.ParsedCommandLine {
  const file = join(ROOT, 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
  if (!parsed) throw new Error('cannot read tsconfig.build.json');
  return parsed;
}

describe('package manifest', () => {
  it('has an exports map whose entries are built from existing sources, and a repository', () => {
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\//);
    const exp = pkg.exports ?? {};
    expect(Object.keys(exp)).toEqual(expect.arrayContaining(['.', './package.json']));
    expect(exp['./package.json']).toBe('./package.json');
    for (const [key, target] of Object.entries(exp)) {
      if (key === './package.json') continue;
      expect(typeof target, key).toBe('object');
      const { types, import: entry } = target as { types: string; import: string };
      expect(types, key).toMatch(/\.d\.ts$/);
      expect(existsSync(sourceOf(types)), `${key}: ${types}`).toBe(true);
      expect(existsSync(sourceOf(entry)), `${key}: ${entry}`).toBe(true);
    }
  });

  it('ships an MIT LICENSE, a CHANGELOG and a CONTRIBUTING guide', () => {
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    for (const f of ['CHANGELOG.md', 'CONTRIBUTING.md']) {
      expect(existsSync(join(ROOT, f)), f).toBe(true);
      expect(pkg.files, f).toContain(f);
    }
  });

  it("puts every file the README links to in the tarball (npm pack --dry-run)", () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--offline'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const packed = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path));
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
    expect(linked.length).toBeGreaterThan(10);
    expect(linked.filter((l) => !packed.has(l))).toEqual([]);
    for (const f of ['LICENSE', 'README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'package.json']) expect(packed.has(f), f).toBe(true);
  });
});

describe('package build', () => {
  const config = buildConfig();
  const files = config.fileNames.map((f) => relative(ROOT, f));
  const testOnly = (f: string): boolean => /\.test\.ts$|(^|\/)test-[^/]*\.ts$/.test(f) || f === 'src/planner/fixtures.ts' || f.startsWith('test/');

  it('compiles no test-only module', () => {
    expect(files).toContain('src/index.ts');
    expect(files.filter(testOnly)).toEqual([]);
  });

  it('starts from an empty dist/, so no module of an older build (a since deleted or excluded file) is packed', () => {
    expect(pkg.scripts.build).toMatch(/^node -e "require\('node:fs'\)\.rmSync\('dist', \{ recursive: true, force: true \}\)" && tsc -p tsconfig\.build\.json/);
  });

  it('is closed under imports: no built module imports a file outside the build (tsc would emit it too)', () => {
    const inBuild = new Set(files);
    const outside: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g)) {
        const spec = (m[1] ?? m[2]).replace(/\.js$/, '.ts');
        const target = relative(ROOT, resolve(dirname(join(ROOT, f)), spec));
        if (target.endsWith('.ts') && !inBuild.has(target)) outside.push(`${f} → ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('emits no source maps pointing at sources the package does not ship', () => {
    const shipsSources = pkg.files.some((f) => f === 'src' || f.startsWith('src/'));
    if (!shipsSources) {
      expect(config.options.sourceMap ?? false).toBe(false);
      expect(config.options.declarationMap ?? false).toBe(false);
    }
  });
});

describe("import 'groundplan'", () => {
  it('loads no AI SDK, provider, worker pool, queue, plotting or CLI package', () => {
    // A resolve hook reports every bare package the entry point pulls in.
    const hook = `data:text/javascript,${encodeURIComponent(`
      export async function resolve(s, c, next) {
        const r = await next(s, c);
        const m = r.url.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//);
        if (m) process.stderr.write('PKG ' + m[1] + '\\n');
        return r;
      }`)}`;
    const boot = `import { register } from 'node:module'; register(${JSON.stringify(hook)});`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(boot)}`, '-e', "await import('./src/index.ts')"], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const loaded = new Set([...r.stderr.matchAll(/^PKG (\S+)$/gm)].map((m) => m[1]));
    expect(loaded.has('zod')).toBe(true); // the hook works: zod is needed at import (schemas)
    const lazy = ['ai', '@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/openai-compatible', 'piscina', 'bullmq', 'ioredis', 'vega', 'vega-lite', 'cli-table3', 'cli-progress', 'commander'];
    expect(lazy.filter((p) => loaded.has(p))).toEqual([]);
  });
});
