/**
 * The report's tables as plain data (title, header, cells, notes), built from
 * the grouped rows and rendered to Markdown or HTML by the callers. Numbers are
 * formatted here, locale-free, so both renderings show the same text.
 */
import { canonicalJson } from '../key.js';
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

/** Series identity of a group inside its suite: method, model and config. */
export function seriesKey(g: Pick<ReportGroup, 'method' | 'model' | 'config'>): string {
  return canonicalJson([g.method, g.model, g.config]);
}

/**
 * Short series labels for one suite's groups: the method name, with the model
 * id added when the method ran with several models and the config
 * (`trials=30`) when the method ran with several configs.
 */
export function seriesLabels(groups: readonly ReportGroup[]): Map<string, string> {
  const byMethod = new Map<string, ReportGroup[]>();
  for (const g of groups) {
    const list = byMethod.get(g.method) ?? [];
    if (!list.some((x) => seriesKey(x) === seriesKey(g))) list.push(g);
    byMethod.set(g.method, list);
  }
  const labels = new Map<string, string>();
  for (const [method, list] of byMethod) {
    const manyModels = new Set(list.map((g) => g.model)).size > 1;
    const manyConfigs = new Set(list.map((g) => canonicalJson(g.config))).size > 1;
    for (const g of list) {
      const parts = [...(manyModels ? [g.model] : []), ...(manyConfigs ? [configText(g.config) || 'default'] : [])];
      labels.set(seriesKey(g), parts.length > 0 ? `${method} (${parts.join(', ')})` : method);
    }
  }
  return labels;
}

function suiteGroups(grouped: GroupedRows, suite: string): ReportGroup[] {
  return grouped.groups.filter((g) => g.suite === suite);
}

function outcomeTable(groups: ReportGroup[], labels: Map<string, string>, timing: boolean): ReportTable {
  const metricNames = [...new Set(groups.flatMap((g) => Object.keys(g.metrics)))].sort().filter((m) => timing || !isTimingMetric(m));
  const header = ['method', 'model', 'level', 'n', 'errors', 'success %', 'reward', 'steps'];
  if (timing) header.push('planning s/episode', 'planning s/step');
  header.push(...metricNames);
  const rows = groups.map((g) => {
    const cells = [label(g, labels), modelCell(g), g.level, String(g.n), String(g.errors), formatStat(g.success, 1, 100), formatStat(g.reward, 2), formatStat(g.steps, 1)];
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

function label(g: ReportGroup, labels: Map<string, string>): string {
  return labels.get(seriesKey(g)) ?? g.method;
}

function modelCell(g: ReportGroup): string {
  return `${g.model}${g.synthetic ? ' †' : ''}`;
}

function usageTable(groups: ReportGroup[], labels: Map<string, string>): ReportTable | undefined {
  if (!groups.some((g) => g.llmCalls.mean > 0 || g.inputTokens.mean > 0)) return undefined;
  const header = ['method', 'model', 'level', 'n', 'LLM calls', 'input tokens', 'output tokens'];
  const rows = groups.map((g) => [label(g, labels), modelCell(g), g.level, String(g.n), formatStat(g.llmCalls, 2), formatStat(g.inputTokens, 0), formatStat(g.outputTokens, 0)]);
  return { title: 'LLM usage per episode', header, numeric: header.map((_, i) => i >= 3), rows, notes: [] };
}

function kindTable(groups: ReportGroup[], labels: Map<string, string>): ReportTable | undefined {
  const rows = groups.flatMap((g) => g.byKind.map((k) => [label(g, labels), g.level, k.kind, formatNumber(k.calls, 2), formatNumber(k.inputTokens, 0), formatNumber(k.outputTokens, 0)]));
  if (rows.length === 0) return undefined;
  const header = ['method', 'level', 'request kind', 'calls', 'input tokens', 'output tokens'];
  return { title: 'LLM usage per episode by request kind', header, numeric: header.map((_, i) => i >= 3), rows, notes: ['Means over all finished episodes of the group (0 for episodes without that kind).'] };
}

function modelTable(groups: ReportGroup[], labels: Map<string, string>): ReportTable {
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const g of groups) {
    const k = seriesKey(g);
    if (seen.has(k)) continue;
    seen.add(k);
    const descriptions = [...new Set(groups.filter((x) => seriesKey(x) === k).map((x) => x.modelDescription))].sort();
    rows.push([label(g, labels), modelCell(g), descriptions.join('; ') || '-', configText(g.config) || '-']);
  }
  return { title: 'Models and configurations', header: ['method', 'model', 'model description', 'config'], numeric: [false, false, false, false], rows, notes: [] };
}

/** Per suite: outcomes, LLM usage (when any), usage by request kind (when known), models. */
export function suiteTables(grouped: GroupedRows, options: TableOptions = {}): SuiteTables[] {
  const timing = options.timing ?? true;
  return grouped.suites.map((suite) => {
    const groups = suiteGroups(grouped, suite);
    const labels = seriesLabels(groups);
    const tables = [outcomeTable(groups, labels, timing), usageTable(groups, labels), kindTable(groups, labels), modelTable(groups, labels)]
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
