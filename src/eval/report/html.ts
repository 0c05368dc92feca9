/**
 * The report as one self-contained HTML page: inline CSS, the same tables as
 * the Markdown, and every plot's SVG inlined (no scripts, no external files).
 */
import type { ResultRow } from '../types.js';
import { buildTables, SYNTHETIC_NOTE, type ReportTable } from './tables.js';
import type { RenderedPlot } from './plots.js';
import { countLine, sourcesLine } from './markdown.js';

export interface HtmlOptions {
  title?: string;
  /** Include planning-time columns (default true). */
  timing?: boolean;
  /** Rendered plots, shown under their suite. */
  plots?: readonly RenderedPlot[];
  preface?: string[];
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Markdown inline code (`x`) → <code>, everything else escaped. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
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
  parts.push('</body>', '</html>');
  return `${parts.join('\n')}\n`;
}
