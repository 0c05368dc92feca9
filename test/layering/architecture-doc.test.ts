/** docs/architecture.md names only paths that exist (every `src/…`, `test/…` or `docs/…` path in backticks), and its table of layers is test/layering/layers.ts. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS_END, LAYERS_START, renderLayers } from './layers.js';

const root = resolve(new URL('../..', import.meta.url).pathname);
const text = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
const paths = [...new Set([...text.matchAll(/`((?:src|test|docs|bench)\/[^`\s]*)`/g)].map((m) => m[1]))].filter((p) => !p.includes('<')); // `src/methods/<family>/` is a pattern, not a path

describe('docs/architecture.md', () => {
  it('names paths', () => {
    expect(paths.length).toBeGreaterThan(30);
  });

  it('every path it names exists', () => {
    expect(paths.filter((p) => !existsSync(resolve(root, p)))).toEqual([]);
  });
});

describe('docs/architecture.md, the table of layers', () => {
  it('is the rendering of test/layering/layers.ts (rewrite: npx tsx test/layering/render-layers.ts)', () => {
    const start = text.indexOf(LAYERS_START);
    const end = text.indexOf(LAYERS_END);
    expect(start).toBeGreaterThan(0);
    expect(text.slice(start + LAYERS_START.length, end).trim()).toBe(renderLayers());
  });
});
