/**
 * The import graph of src/ (non-test files): every relative `import` and
 * `export … from` specifier, type-only ones included, resolved to a file
 * under src/. Read with the TypeScript scanner (`ts.preProcessFile`), so
 * comments and strings do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const SRC = resolve(new URL('../../src', import.meta.url).pathname);

export interface ImportEdge {
  /** Importing file, relative to the repository (`src/eval/runner.ts`). */
  from: string;
  /** Imported file, relative to the repository. */
  to: string;
  /** The names imported (empty for `import '…'` and `export * from`). */
  names: string[];
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const repo = (p: string): string => relative(resolve(SRC, '..'), p);

/** The names an import or re-export of `spec` brings in (by a light parse of its statement). */
function importedNames(text: string, spec: string): string[] {
  const names: string[] = [];
  const re = new RegExp(String.raw`(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`, 'g');
  for (const m of text.matchAll(re)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
      if (name) names.push(name);
    }
  }
  return names;
}

export function importGraph(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), ref.fileName.replace(/\.js$/, '.ts'));
      if (!target.startsWith(SRC)) continue;
      edges.push({ from: repo(file), to: repo(target), names: importedNames(text, ref.fileName) });
    }
  }
  return edges;
}

/** The top folder of a file under src (`src/methods/gavel/x.ts` → `methods`). */
export function layerOf(file: string): string {
  return file.split('/')[1] ?? '';
}

/** Every cycle of the graph, each as the list of files around it (Tarjan's strongly connected components of size > 1, or a self-import). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (next.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}
