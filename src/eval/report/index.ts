/** Evaluation reports: tables (Markdown, HTML) and SVG plots from result rows. */
export { groupRows, suiteSections, compareLevels, naturalCompare, isSynthetic, type Stat, type GroupedRows, type ReportGroup, type ReportError, type KindUsageMean } from './groups.js';
export { buildTables, suiteTables, errorTable, isTimingMetric, SYNTHETIC_NOTE, type ReportTable, type SuiteTables, type TableOptions } from './tables.js';
export { plotSpecs, renderPlots, renderSvg, plotFile, type PlotKind, type PlotSpec, type RenderedPlot, type PlotOptions } from './plots.js';
export { renderMarkdown, markdownTable, type MarkdownOptions } from './markdown.js';
export { renderHtml, htmlTable, escapeHtml, type HtmlOptions } from './html.js';
export { buildReport, writeReport, type Report, type ReportOptions } from './build-report.js';
export { DOC_TABLES, docTable, type DocTable } from './doc-tables.js';
export { ABLATION_KNOBS } from './kitchen-doc-tables.js';
export { findBlocks, replaceBlocks, type DocBlock } from './doc-markers.js';
export { docFiles, renderDocTable, updateDocs, type DocBlockStatus } from './update-docs.js';
export { seedFigures, seedValue, type SeedFigure } from './seed-figures.js';
export { findReportInputs, isEpisodeRows, type ReportInputs } from './inputs.js';
export { benchSections, type BenchSection } from './bench-sections.js';
