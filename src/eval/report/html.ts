/**
 * The report as one self-contained HTML page: inline CSS, the same tables as
 * the Markdown, and every plot's SVG inlined (no scripts, no external files).
 */
import type { ResultRow } from '../types.js';
import { buildTables, SYNTHETIC_NOTE, type ReportTable } from './tables.js';
import type { RenderedPlot } from './plots.js';
import { countLine, filesLine, sourcesLine } from './markdown.js';
import type { BenchSection } from './bench-sections.js';

export interface HtmlOptions {
  title?: string;
  /** Include planning-time columns (default true). */
  timing?: boolean;
  /** Rendered plots, shown under their suite. */
  plots?: readonly RenderedPlot[];
  preface?: string[];
  /** Benchmark tables from committed bench files (after the suites). */
  sections?: readonly BenchSection[];
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Markdown inline code (`x`) → <code>, **x** → <strong>, everything else escaped. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** The cells of a Markdown table row (`\|` is a pipe inside a cell). */
function markdownCells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** A benchmark table's Markdown (tables, headings, paragraphs) as HTML. */
export function markdownBlocksToHtml(markdown: string): string {
  const out: string[] = [];
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => l.trim().startsWith('|'))) {
      const [head, , ...body] = lines;
      const numeric = (c: string): boolean => /^[-+−]?[\d.,]+( ?[%±].*)?$/.test(c);
      const row = (l: string): string => `<tr>${markdownCells(l).map((c) => `<td${cellClass(c, numeric(c))}>${inline(c)}</td>`).join('')}</tr>`;
      out.push(`<div class="table-wrap"><table>\n<thead><tr>${markdownCells(head).map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead>\n<tbody>\n${body.map(row).join('\n')}\n</tbody>\n</table></div>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) out.push(`<h${Math.min(6, heading[1].length + 2)}>${inline(heading[2])}</h${Math.min(6, heading[1].length + 2)}>`);
    else out.push(`<p class="note">${inline(lines.join(' '))}</p>`);
  }
  return out.join('\n');
}

const CSS = `
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; padding-bottom: .3rem; } h3 { margin-top: 1.5rem; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .85rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; vertical-align: top; white-space: nowrap; }
td.wrap { white-space: normal; min-width: 20em; }
.table-wrap { overflow-x: auto; }
th { background: #f3f3f5; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafafa; }
p.note { color: #555; font-size: .85rem; margin: .2rem 0; }
p.synthetic { background: #fff6dd; border-left: 4px solid #e0a800; padding: .4rem .6rem; }
code { background: #f3f3f5; padding: 0 .2rem; border-radius: 3px; }
.plots { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
figure { margin: 0; } figcaption { font-size: .8rem; color: #555; }
`.trim();

/** Numbers right-aligned; long text (descriptions, errors) may wrap; the rest stays on one line. */
function cellClass(text: string, numeric: boolean): string {
  if (numeric) return ' class="num"';
  return text.length > 40 ? ' class="wrap"' : '';
}

export function htmlTable(t: ReportTable, heading = 'h3'): string {
  const head = t.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = t.rows
    .map((r) => `<tr>${r.map((c, i) => `<td${cellClass(c, t.numeric[i])}>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('\n');
  const notes = t.notes.map((n) => `<p class="note">${inline(n)}</p>`).join('\n');
  return `<${heading}>${escapeHtml(t.title)}</${heading}>\n<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>\n${notes}`;
}

/** Strips the XML prolog, if any, so the SVG can sit inside HTML. */
function inlineSvg(svg: string): string {
  return svg.replace(/^<\?xml[^>]*\?>\s*/, '');
}

export function renderHtml(rows: readonly ResultRow[], options: HtmlOptions = {}): string {
  const title = options.title ?? 'Groundplan evaluation report';
  const { suites, errors, grouped } = buildTables(rows, { timing: options.timing ?? true });
  const done = rows.filter((r) => r.status === 'done').length;
  const parts: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>\n${CSS}\n</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
  ];
  for (const line of options.preface ?? []) parts.push(`<p class="note">${inline(line)}</p>`);
  parts.push(`<p>${escapeHtml(countLine(rows.length, done, grouped.suites.length))}</p>`);
  for (const s of suites) {
    parts.push(`<section class="suite">`, `<h2>Suite <code>${escapeHtml(s.suite)}</code></h2>`);
    if (s.sources.length > 1 || s.sources[0] !== s.suite) parts.push(`<p class="note">${inline(sourcesLine(s.sources))}</p>`);
    if (s.synthetic) parts.push(`<p class="synthetic">${inline(SYNTHETIC_NOTE)}</p>`);
    for (const t of s.tables) parts.push(htmlTable(t));
    const plots = (options.plots ?? []).filter((p) => p.suite === s.suite);
    if (plots.length > 0) {
      parts.push('<h3>Plots</h3>', '<div class="plots">');
      for (const p of plots) parts.push(`<figure data-plot="${escapeHtml(p.kind)}">\n${inlineSvg(p.svg)}\n<figcaption>${escapeHtml(p.title)}</figcaption>\n</figure>`);
      parts.push('</div>');
    }
    parts.push('</section>');
  }
  if (errors) parts.push('<section class="errors">', htmlTable(errors, 'h2'), '</section>');
  if (options.sections?.length) {
    parts.push('<section class="bench">', '<h2>Benchmark tables</h2>');
    for (const s of options.sections) parts.push(`<h3><code>${escapeHtml(s.id)}</code></h3>`, `<p class="note">${inline(filesLine(s.files))}</p>`, markdownBlocksToHtml(s.markdown));
    parts.push('</section>');
  }
  parts.push('</body>', '</html>');
  return `${parts.join('\n')}\n`;
}
