/**
 * The report as Markdown: per suite the outcome, LLM-usage and model tables,
 * the plots as image links (when given), then the error rows.
 * `renderMarkdown(rows, { timing: false })` leaves out every time column and
 * plot, so its text depends only on the episodes' outcomes: a queue run and a
 * single-process run of the same specs give the same text.
 */
import type { ResultRow } from '../types.js';
import { buildTables, SYNTHETIC_NOTE, type ReportTable } from './tables.js';
import type { PlotKind } from './plots.js';
import type { BenchSection } from './bench-sections.js';

export interface MarkdownOptions {
  title?: string;
  /** Include planning-time columns (default true). */
  timing?: boolean;
  /** Plot images to link under their suite (path relative to the Markdown file). */
  plots?: Array<{ suite: string; kind: PlotKind; title: string; path: string }>;
  /** Lines printed under the title (e.g. the input files). */
  preface?: string[];
  /** Benchmark tables from committed bench files (after the suites). */
  sections?: readonly BenchSection[];
}

/** `From `a`, `b`.` under a benchmark table's heading. */
export function filesLine(files: readonly string[]): string {
  return `From ${files.map((f) => `\`${f}\``).join(', ')}.`;
}

/** Escapes a table cell: backslash, `|`, `<` (so `<x>` is not read as HTML), newlines. */
export function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '\\<').replace(/\r?\n/g, ' ');
}

/** One table as GitHub Markdown, with its notes underneath. */
export function markdownTable(t: ReportTable, heading = '###'): string {
  const lines = [`${heading} ${t.title}`, ''];
  lines.push(`| ${t.header.map(escapeCell).join(' | ')} |`);
  lines.push(`|${t.numeric.map((n) => (n ? ' ---: ' : ' --- ')).join('|')}|`);
  for (const r of t.rows) lines.push(`| ${r.map(escapeCell).join(' | ')} |`);
  if (t.notes.length > 0) lines.push('', ...t.notes);
  return lines.join('\n');
}

/** `N result rows: D finished episodes, E errors, S suites.` */
export function countLine(rows: number, done: number, suites: number): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(rows, 'result row')}: ${plural(done, 'finished episode')}, ${plural(rows - done, 'error')}, ${plural(suites, 'suite')}.`;
}

/** `From suites `a`, `b`.` */
export function sourcesLine(sources: readonly string[]): string {
  return `From suites ${sources.map((x) => `\`${x}\``).join(', ')}.`;
}

export function renderMarkdown(rows: readonly ResultRow[], options: MarkdownOptions = {}): string {
  const { suites, errors, grouped } = buildTables(rows, { timing: options.timing ?? true });
  const done = rows.filter((r) => r.status === 'done').length;
  const parts: string[] = [`# ${options.title ?? 'Groundplan evaluation report'}`, ''];
  if (options.preface) parts.push(...options.preface, '');
  parts.push(countLine(rows.length, done, grouped.suites.length));
  for (const s of suites) {
    parts.push('', `## Suite \`${s.suite}\``);
    if (s.sources.length > 1 || s.sources[0] !== s.suite) parts.push('', sourcesLine(s.sources));
    if (s.synthetic) parts.push('', SYNTHETIC_NOTE);
    for (const t of s.tables) parts.push('', markdownTable(t));
    const plots = (options.plots ?? []).filter((p) => p.suite === s.suite);
    if (plots.length > 0) {
      parts.push('', '### Plots', '');
      for (const p of plots) parts.push(`![${escapeCell(p.title)}](${p.path})`);
    }
  }
  if (errors) parts.push('', markdownTable(errors, '##'));
  if (options.sections?.length) {
    parts.push('', '## Benchmark tables');
    for (const s of options.sections) parts.push('', `### \`${s.id}\``, '', filesLine(s.files), '', s.markdown);
  }
  return `${parts.join('\n')}\n`;
}
