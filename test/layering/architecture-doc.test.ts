/** docs/architecture.md names only paths that exist (every `src/…`, `test/…` or `docs/…` path in backticks). */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(new URL('../..', import.meta.url).pathname);
const text = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
const paths = [...new Set([...text.matchAll(/`((?:src|test|docs|bench)\/[^`\s]*)`/g)].map((m) => m[1]))];

describe('docs/architecture.md', () => {
  it('names paths', () => {
    expect(paths.length).toBeGreaterThan(30);
  });

  it('every path it names exists', () => {
    expect(paths.filter((p) => !existsSync(resolve(root, p)))).toEqual([]);
  });
});
