/**
 * Regenerating the report blocks of README.md and docs/*.md from the committed
 * result rows: each `<!-- report:ID -->` block gets its doc table rendered from
 * the stores under the results folder. A table whose stores are not all there
 * yet is `pending` and its block is left as written.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { readResults, RESULTS_FILE } from '../store.js';
import { findBlocks, replaceBlocks } from './doc-markers.js';
import { DOC_TABLES, docTable, type DocTable } from './doc-tables.js';

export interface DocBlockStatus {
  file: string;
  id: string;
  line: number;
  /** `updated`: the text changed; `current`: it already equals the report; `pending`: rows missing. */
  status: 'updated' | 'current' | 'pending';
  /** Pending blocks: the stores that are not there yet, or (all there) the stores that hold none of the table's rows. */
  missing: string[];
}

/** README.md and docs/*.md under `root` (the ones that exist), in a fixed order. */
export function docFiles(root: string): string[] {
  const docs = existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => join(root, 'docs', f)) : [];
  return [join(root, 'README.md'), ...docs].filter((f) => existsSync(f));
}

/** The table's Markdown from the stores under `resultsDir`, or the stores that are missing. */
export function renderDocTable(table: DocTable, resultsDir: string): { text: string | undefined; missing: string[] } {
  const files = table.files ?? [];
  const missing = [...table.sources.filter((s) => !existsSync(join(resultsDir, s, RESULTS_FILE))), ...files.filter((f) => !existsSync(join(resultsDir, f)))];
  if (missing.length > 0) return { text: undefined, missing };
  const text = table.render(
    table.sources.map((s) => readResults(join(resultsDir, s)).rows),
    files.map((f) => readFileSync(join(resultsDir, f), 'utf8')),
  );
  return { text, missing: text === undefined ? [...table.sources, ...files] : [] };
}

/** Checks (and with `write`, rewrites) every report block of `files`. */
export function updateDocs(files: readonly string[], resultsDir: string, options: { write: boolean }): DocBlockStatus[] {
  const statuses: DocBlockStatus[] = [];
  const rendered = new Map<string, { text: string | undefined; missing: string[] }>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const blocks = findBlocks(text, file);
    for (const b of blocks) {
      const table = docTable(b.id);
      if (!table) throw new InputError('DOC_MARKERS', `${file}:${b.line}:1: no report table '${b.id}' (known: ${DOC_TABLES.map((t) => t.id).join(', ')})`);
      if (!rendered.has(b.id)) rendered.set(b.id, renderDocTable(table, resultsDir));
      const r = rendered.get(b.id) as { text: string | undefined; missing: string[] };
      statuses.push({ file, id: b.id, line: b.line, status: r.text === undefined ? 'pending' : r.text === b.content ? 'current' : 'updated', missing: r.missing });
    }
    if (!options.write) continue;
    const next = replaceBlocks(text, file, (id) => rendered.get(id)?.text);
    if (next !== text) writeFileSync(file, next);
  }
  return statuses;
}
