/**
 * The test tiers of vitest.config.ts: every test file is in exactly one, and the
 * unit tier stays pure (no child processes, worker threads, reference data from
 * ../shared, Redis, Chromium or the MCP server), so that it runs in about a minute.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../vitest.config.js';

const ROOT = join(import.meta.dirname, '..');

/** A glob (`**`, `*`) as a regular expression over repository-relative paths. */
function globRegExp(glob: string): RegExp {
  const re = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${re}$`);
}

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : testFiles(rel);
    return d.name.endsWith('.test.ts') ? [rel] : [];
  });
}

const FILES = ['src', 'test', 'bench', 'viewer'].flatMap(testFiles);
const matches = (globs: string[], f: string): boolean => globs.some((g) => globRegExp(g).test(f));
const tiersOf = (f: string): string[] => Object.entries(TIERS).filter(([, t]) => matches(t.include, f) && !matches(t.exclude, f)).map(([name]) => name);

describe('test tiers', () => {
  it('every test file is in exactly one tier', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(FILES.filter((f) => tiersOf(f).length !== 1).map((f) => `${f}: ${tiersOf(f).join(', ') || 'none'}`)).toEqual([]);
  });

  it('unit tests start no process, worker, browser or server and read nothing from ../shared', () => {
    const impure = /node:child_process|node:worker_threads|piscina|PolicySandbox|sharedPath\(|\.\.\/shared|cli-harness|startTestRedis|playwright|startStdio/;
    const unit = FILES.filter((f) => tiersOf(f)[0] === 'unit' && f !== 'test/tiers.test.ts');
    expect(unit.length).toBeGreaterThan(50);
    expect(unit.filter((f) => impure.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
