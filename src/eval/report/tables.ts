/**
 * The report's tables as plain data (title, header, cells, notes), built from
 * the grouped rows and rendered to Markdown or HTML by the callers. Numbers are
 * formatted here, locale-free, so both renderings show the same text.
 */
import { configText, formatStat } from '../summary.js';
import type { ResultRow } from '../types.js';
import { groupRows, type GroupedRows, type ReportGroup } from './groups.js';

export interface ReportTable {
  title: string;
  header: string[];
  /** Right-align these columns (numbers). */
  numeric: boolean[];
  rows: string[][];
  notes: string[];
}

export interface SuiteTables {
  suite: string;
  /** The `spec.suite` names reported here (more than one for a family split by level). */
  sources: string[];
  /** True when some of the suite's rows used the `synthetic` stand-in. */
  synthetic: boolean;
  tables: ReportTable[];
}

export interface TableOptions {
  /** Include the planning-time columns (default true). Without them the tables depend only on the outcomes. */
  timing?: boolean;
}

export const SYNTHETIC_NOTE =
  'Rows marked † used the offline `synthetic` stand-in model: they measure the planning machinery (belief search, verification, repair) around scripted LLM answers with tunable error rates, not an LLM.';

/** Metrics that measure time (`searchMs`, `llmSeconds`, `totalTime`...): left out with `timing: false`. */
export function isTimingMetric(name: string): boolean {
  return /(ms|msec|millis|seconds|secs|sec|time)$/i.test(name);
}

export function formatNumber(x: number | undefined, digits: number): string {
  return x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits);
}

function suiteGroups(grouped: GroupedRows, suite: string): ReportGroup[] {
  return grouped.groups.filter((g) => g.suite === suite);
}

function outcomeTable(groups: ReportGroup[], timing: boolean): ReportTable {
  const metricNames = [...new Set(groups.flatMap((g) => Object.keys(g.metrics)))].sort().filter((m) => timing || !isTimingMetric(m));
  const header = ['method', 'model', 'level', 'n', 'errors', 'success %', 'reward', 'steps'];
  if (timing) header.push('planning s/episode', 'planning s/step');
  header.push(...metricNames);
  const rows = groups.map((g) => {
    const cells = [g.series, modelCell(g), g.level, String(g.n), String(g.errors), formatStat(g.success, 1, 100), formatStat(g.reward, 2), formatStat(g.steps, 1)];
    if (timing) cells.push(formatStat(g.planningSeconds, 3), formatNumber(g.planningPerStep, 4));
    for (const name of metricNames) {
      const m = g.metrics[name];
      const text = m ? formatStat(m, 2) : '-';
      cells.push(m && m.n < g.n && m.n > 0 ? `${text} (n=${m.n})` : text);
    }
    return cells;
  });
  const notes = ['Mean ± standard error over the finished episodes (error rows excluded; the mean alone for n = 1).'];
  if (timing) notes.push('planning s/step = total planning seconds / total steps of the group.');
  return { title: 'Outcomes', header, numeric: header.map((_, i) => i >= 3), rows, notes };
}

function modelCell(g: ReportGroup): string {
  return `${g.model}${g.synthetic ? ' †' : ''}`;
}

function usageTable(groups: ReportGroup[]): ReportTable | undefined {
  if (!groups.some((g) => g.llmCalls.mean > 0 || g.inputTokens.mean > 0)) return undefined;
  const header = ['method', 'model', 'level', 'n', 'LLM calls', 'input tokens', 'output tokens'];
  const rows = groups.map((g) => [g.series, modelCell(g), g.level, String(g.n), formatStat(g.llmCalls, 2), formatStat(g.inputTokens, 0), formatStat(g.outputTokens, 0)]);
  return { title: 'LLM usage per episode', header, numeric: header.map((_, i) => i >= 3), rows, notes: [] };
}

function kindTable(groups: ReportGroup[]): ReportTable | undefined {
  const rows = groups.flatMap((g) => g.byKind.map((k) => [g.series, g.level, k.kind, formatNumber(k.calls, 2), formatNumber(k.inputTokens, 0), formatNumber(k.outputTokens, 0)]));
  if (rows.length === 0) return undefined;
  const header = ['method', 'level', 'request kind', 'calls', 'input tokens', 'output tokens'];
  return { title: 'LLM usage per episode by request kind', header, numeric: header.map((_, i) => i >= 3), rows, notes: ['Means over all finished episodes of the group (0 for episodes without that kind).'] };
}

function modelTable(groups: ReportGroup[]): ReportTable {
  const rows = new Map<string, { cells: string[]; levels: string[] }>();
  for (const g of groups) {
    const k = JSON.stringify([g.series, g.model, g.modelDescription, configText(g.config)]);
    const entry = rows.get(k) ?? { cells: [g.series, modelCell(g), g.modelDescription || '-', configText(g.config) || '-'], levels: [] };
    entry.levels.push(g.level);
    rows.set(k, entry);
  }
  return {
    title: 'Models and configurations',
    header: ['method', 'model', 'model description', 'config', 'levels'],
    numeric: [false, false, false, false, false],
    rows: [...rows.values()].map((r) => [...r.cells, r.levels.join(', ')]),
    notes: [],
  };
}

/** Per suite: outcomes, LLM usage (when any), usage by request kind (when known), models. */
export function suiteTables(grouped: GroupedRows, options: TableOptions = {}): SuiteTables[] {
  const timing = options.timing ?? true;
  return grouped.suites.map((suite) => {
    const groups = suiteGroups(grouped, suite);
    const tables = [outcomeTable(groups, timing), usageTable(groups), kindTable(groups), modelTable(groups)]
      .filter((t): t is ReportTable => t !== undefined);
    return { suite, sources: grouped.sources.get(suite) ?? [suite], synthetic: groups.some((g) => g.synthetic), tables };
  });
}

/** The error rows as a table (undefined when there are none). */
export function errorTable(grouped: GroupedRows): ReportTable | undefined {
  if (grouped.errors.length === 0) return undefined;
  const header = ['suite', 'method', 'model', 'level', 'task', 'seed', 'error'];
  const rows = grouped.errors.map((e) => [e.suite, e.method, e.model, e.level, e.task, String(e.seed), e.error.length > 300 ? `${e.error.slice(0, 297)}...` : e.error]);
  return { title: 'Errors', header, numeric: header.map((_, i) => i === 5), rows, notes: ['Episodes that threw; counted in the `errors` column above and excluded from every mean.'] };
}

/** Groups the rows and builds every table. */
export function buildTables(rows: readonly ResultRow[], options: TableOptions = {}): { suites: SuiteTables[]; errors: ReportTable | undefined; grouped: GroupedRows } {
  const grouped = groupRows(rows);
  return { suites: suiteTables(grouped, options), errors: errorTable(grouped), grouped };
}
