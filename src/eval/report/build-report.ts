/**
 * A whole report from result rows: the Markdown, the HTML page and the plots'
 * SVGs; `writeReport` puts them in a folder as `index.md`, `index.html` and
 * `plots/*.svg`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow } from '../types.js';
import type { BenchSection } from './bench-sections.js';
import { groupRows } from './groups.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { plotSpecs, renderPlots, type RenderedPlot } from './plots.js';

export interface ReportOptions {
  title?: string;
  /** Include planning-time columns and the planning-time plot (default true). */
  timing?: boolean;
  /** Lines shown under the title (e.g. the input paths). */
  preface?: string[];
  /** Benchmark tables from committed bench files (`benchSections`), after the suites. */
  sections?: readonly BenchSection[];
  /** Called after each plot is rendered. */
  onProgress?: (done: number, total: number) => void;
}

export interface Report {
  markdown: string;
  html: string;
  plots: RenderedPlot[];
}

export async function buildReport(rows: readonly ResultRow[], options: ReportOptions = {}): Promise<Report> {
  const timing = options.timing ?? true;
  const plots = await renderPlots(plotSpecs(groupRows(rows), { timing }), options.onProgress);
  const common = { timing, ...(options.title !== undefined ? { title: options.title } : {}), ...(options.preface ? { preface: options.preface } : {}), ...(options.sections ? { sections: options.sections } : {}) };
  const markdown = renderMarkdown(rows, { ...common, plots: plots.map((p) => ({ suite: p.suite, kind: p.kind, title: p.title, path: `plots/${p.file}` })) });
  const html = renderHtml(rows, { ...common, plots });
  return { markdown, html, plots };
}

/** Writes `index.md`, `index.html` and `plots/*.svg` under `dir`; returns the written paths. */
export function writeReport(dir: string, report: Report): string[] {
  mkdirSync(join(dir, 'plots'), { recursive: true });
  const written: string[] = [];
  const put = (path: string, text: string): void => {
    writeFileSync(path, text);
    written.push(path);
  };
  put(join(dir, 'index.md'), report.markdown);
  put(join(dir, 'index.html'), report.html);
  for (const p of report.plots) put(join(dir, 'plots', p.file), p.svg);
  return written;
}
