/**
 * The layering of src/ (docs/architecture.md): core ← … ← envs ← episode ←
 * methods, eval ← cli. The methods never import the evaluation; the
 * evaluation takes methods only through the registries and catalogues of
 * src/methods/index.ts, never a method by name; the episode layer imports
 * neither; the environments import none of the layers above them; nothing
 * imports the CLI; and there is no import cycle anywhere in src (type-only
 * imports count) but the ones listed below.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { importCycles, importGraph, layerOf, SRC, type ImportEdge } from './import-graph.js';
import { LAYERS } from './layers.js';

const edges = importGraph();
const crossing = (from: string, to: readonly string[]): string[] =>
  edges.filter((e) => layerOf(e.from) === from && to.includes(layerOf(e.to))).map((e) => `${e.from} → ${e.to}`);

/** What the evaluation may take from src/methods: registries, catalogues and the synthetic installer. */
const CATALOGUE_NAME = /^(?:[A-Z_]+_(?:CATALOGUES?|REGISTRY)|installSyntheticModels)$/;

/** Cycles left to fix elsewhere; each must still exist (so the entry is removed when it is fixed). None today. */
const KNOWN_CYCLES: string[][] = [];

describe('import layering of src/', () => {
  it('reads a graph of the whole tree', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from === 'src/eval/suites/index.ts' && e.to === 'src/methods/index.ts')).toBe(true);
  });

  it('the graph sees re-exports as namespaces (`export * as ns from`) and dynamic imports', () => {
    expect(edges.some((e) => e.from === 'src/index.ts' && e.to === 'src/pddl/index.ts')).toBe(true);
    expect(edges.some((e) => e.from === 'src/cli/main.ts' && e.to.startsWith('src/cli/commands/'))).toBe(true);
  });

  it('every top folder of src/ has a row in the table of layers (test/layering/layers.ts)', () => {
    const top = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => e.name)
      .sort();
    expect(LAYERS.map((l) => l.folder).sort()).toEqual(top);
  });

  it('every import between top folders is one the table allows', () => {
    const allowed = new Map(LAYERS.map((l) => [l.folder, new Set(l.imports)]));
    const bad = edges.filter((e) => layerOf(e.from) !== layerOf(e.to) && !allowed.get(layerOf(e.from))?.has(layerOf(e.to))).map((e) => `${e.from} → ${e.to}`);
    expect(bad).toEqual([]);
  });

  it('every allowance of the table is used (the map claims no edge the code lacks)', () => {
    const used = new Set(edges.map((e) => `${layerOf(e.from)} → ${layerOf(e.to)}`));
    const unused = LAYERS.flatMap((l) => l.imports.map((i) => `${l.folder} → ${i}`)).filter((k) => !used.has(k));
    expect(unused).toEqual([]);
  });

  it('the table has no cycle between folders', () => {
    const folderEdges: ImportEdge[] = LAYERS.flatMap((l) => l.imports.map((i) => ({ from: l.folder, to: i, names: [] })));
    expect(importCycles(folderEdges)).toEqual([]);
  });

  it('src/methods imports nothing from src/eval or src/cli', () => {
    expect(crossing('methods', ['eval', 'cli'])).toEqual([]);
  });

  it('src/eval takes methods only as registries and catalogues from src/methods/index.ts', () => {
    const bad = edges
      .filter((e: ImportEdge) => layerOf(e.from) === 'eval' && layerOf(e.to) === 'methods')
      .filter((e) => e.to !== 'src/methods/index.ts' || e.names.length === 0 || !e.names.every((n) => CATALOGUE_NAME.test(n)))
      .map((e) => `${e.from} → ${e.to} {${e.names.join(', ')}}`);
    expect(bad).toEqual([]);
  });

  it('src/episode imports neither the methods, the evaluation nor the CLI', () => {
    expect(crossing('episode', ['methods', 'eval', 'cli'])).toEqual([]);
  });

  it('src/envs imports no layer above it', () => {
    expect(crossing('envs', ['episode', 'methods', 'eval', 'cli'])).toEqual([]);
  });

  it('nothing outside src/cli imports src/cli', () => {
    expect(edges.filter((e) => layerOf(e.to) === 'cli' && layerOf(e.from) !== 'cli').map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('has no import cycle but the known ones, and the known ones still exist', () => {
    const cycles = importCycles(edges);
    const key = (c: string[]): string => c.join(' ↔ ');
    expect(cycles.map(key).filter((k) => !KNOWN_CYCLES.map(key).includes(k))).toEqual([]);
    for (const c of KNOWN_CYCLES) expect(cycles.map(key)).toContain(key(c));
  });

  it('has no cycle between the sub-folders of a top folder (e.g. planner/heuristics and planner/landmarks)', () => {
    // A file in a sub-folder counts as its sub-folder; a file directly in a top folder stands for itself.
    const unit = (f: string): string => {
      const p = f.split('/');
      return p.length > 3 ? `${p.slice(0, 3).join('/')}/` : f;
    };
    const folderEdges = edges.map((e) => ({ from: unit(e.from), to: unit(e.to), names: [] })).filter((e) => e.from !== e.to);
    expect(importCycles(folderEdges)).toEqual([]);
  });

  it('the cycle finder finds a planted cycle', () => {
    const planted: ImportEdge[] = [
      { from: 'a', to: 'b', names: [] },
      { from: 'b', to: 'c', names: [] },
      { from: 'c', to: 'a', names: [] },
      { from: 'c', to: 'd', names: [] },
    ];
    expect(importCycles(planted)).toEqual([['a', 'b', 'c']]);
  });
});
