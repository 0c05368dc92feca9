/**
 * The import graph of src/ (non-test files): every relative `import` and
 * `export … from` specifier, type-only ones included, resolved to a file
 * under src/. Read from the TypeScript syntax tree, so comments and strings
 * do not count.
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

/**
 * The module specifiers of one file with the names each brings in: static
 * imports and re-exports (`export * as ns from` included, which
 * `ts.preProcessFile` misses), `import x = require(…)`, dynamic `import(…)`
 * and `import('…').Type` type references.
 */
function specifiers(file: string, text: string): Array<{ spec: string; names: string[] }> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Array<{ spec: string; names: string[] }> = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      if (ts.isImportDeclaration(node) && node.importClause?.name) names.push('default');
      out.push({ spec: node.moduleSpecifier.text, names });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push({ spec: node.moduleReference.expression.text, names: [] });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
      out.push({ spec: node.arguments[0].text, names: [] });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ spec: node.argument.literal.text, names: node.qualifier ? [ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.right.text] : [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

export function importGraph(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(SRC)) {
    for (const { spec, names } of specifiers(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      if (!target.startsWith(SRC)) continue;
      edges.push({ from: repo(file), to: repo(target), names });
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
