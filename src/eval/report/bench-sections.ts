/**
 * The benchmark tables of a report: the doc tables that read committed bench
 * files rather than result stores (planner, POMDP and LLM-DM rows, the
 * household world-model benches, the kitchen generator), rendered from the
 * data files found among the report's inputs. A table file matches a found
 * file by its path's end (`planner/ipc.jsonl` matches `results/planner/ipc.jsonl`);
 * the table's other files are then also looked for beside it (the same results folder).
 */
import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { DOC_TABLES } from './doc-tables.js';

export interface BenchSection {
  /** The doc table's id (its `<!-- report:ID -->` marker). */
  id: string;
  /** The files it was rendered from. */
  files: string[];
  markdown: string;
}

/** The results folder (with a trailing `/`, or '') when `found` is the table file `entry` in it. */
function rootOf(found: string, entry: string): string | undefined {
  const f = found.split(sep).join('/');
  if (f === entry) return '';
  return f.endsWith(`/${entry}`) ? f.slice(0, f.length - entry.length) : undefined;
}

/** The table's files among `dataFiles`, the rest beside the first one found; undefined when one is missing. */
function tableFiles(entries: readonly string[], dataFiles: readonly string[]): string[] | undefined {
  let root: string | undefined;
  for (const entry of entries) {
    for (const f of dataFiles) root ??= rootOf(f, entry);
  }
  if (root === undefined) return undefined;
  const files = entries.map((entry) => dataFiles.find((f) => rootOf(f, entry) !== undefined) ?? `${root}${entry}`);
  return files.every((f) => existsSync(f)) ? files : undefined;
}

/** The sections rendered from `dataFiles`, and the files no table reads. */
export function benchSections(dataFiles: readonly string[]): { sections: BenchSection[]; unread: string[] } {
  const used = new Set<string>();
  const sections: BenchSection[] = [];
  for (const table of DOC_TABLES) {
    if (table.sources.length > 0 || !table.files) continue;
    const paths = tableFiles(table.files, dataFiles);
    if (!paths) continue;
    const markdown = table.render([], paths.map((f) => readFileSync(f, 'utf8')));
    if (markdown === undefined) continue;
    for (const f of paths) used.add(f);
    sections.push({ id: table.id, files: paths, markdown });
  }
  return { sections, unread: dataFiles.filter((f) => !used.has(f)) };
}
