/**
 * The report's plots, after the seeds' figures: success %, reward and steps by
 * level and method with standard-error bars (Tru-POMDP Fig. 2/4, GAVEL Tables
 * I/II), distance traveled where the suite reports it (GAVEL Table II),
 * token use by method (Tru-POMDP Fig. 3) and planning time by method
 * (Tru-POMDP Fig. 5), and the failure causes by method where rows carry
 * them (GAVEL Fig. 3 kind: household errands). Each plot is a Vega-Lite spec rendered to SVG in Node
 * with Vega's headless renderer (no browser, no canvas); the output carries no
 * time or random ids, so equal rows give byte-identical SVGs.
 */
import type { TopLevelSpec } from 'vega-lite';
import { slug } from '../key.js';
import type { ReportGroup, GroupedRows } from './groups.js';

export type PlotKind = 'success' | 'reward' | 'steps' | 'distance' | 'tokens' | 'tokens-by-kind' | 'planning' | 'failures';

export interface PlotSpec {
  suite: string;
  kind: PlotKind;
  /** File name without folder, e.g. `kitchen-success.svg`. */
  file: string;
  title: string;
  /** Number of bars the plot draws. */
  bars: number;
  spec: TopLevelSpec;
}

export interface RenderedPlot extends Omit<PlotSpec, 'spec'> {
  svg: string;
}

export interface PlotOptions {
  /** Include the planning-time plot (default true). */
  timing?: boolean;
}

/** Plot file name: the suite's slug (eval's `slug`), then the plot kind. */
export function plotFile(suite: string, kind: PlotKind): string {
  return `${slug(suite) || 'suite'}-${kind}.svg`;
}

const WIDTH_PER_BAR = 22;

/**
 * Kelly's 20 colours of maximum contrast (Kelly 1965, white and black left out): one distinct
 * colour per method when a plot has more than tableau10's ten.
 */
const KELLY_20 = ['#f3c300', '#875692', '#f38400', '#a1caf1', '#be0032', '#c2b280', '#848482', '#008856', '#e68fac', '#0067a5', '#f99379', '#604e97', '#f6a600', '#b3446c', '#dcd300', '#882d17', '#8db600', '#654522', '#e25822', '#2b3d26'];

/** The method colours: tableau10 up to ten series, else Kelly's 20 (each series its own colour up to 20). */
export function seriesColorScale(n: number): { scheme: 'tableau10' } | { range: string[] } {
  return n <= 10 ? { scheme: 'tableau10' } : { range: KELLY_20 };
}

/** Legend and axis labels are never cut: series names such as `tru-pomdp (prior, trials=100)` are long. */
const FULL_LABELS = { labelLimit: 1000 };

interface BarDatum {
  level: string;
  series: string;
  value: number;
  lo: number;
  hi: number;
  n: number;
}

function grouped(
  suite: string, kind: PlotKind, title: string, yTitle: string,
  groups: ReportGroup[], pick: (g: ReportGroup) => { mean: number; se: number; n: number }, scale: number,
  domain?: [number, number],
): PlotSpec | undefined {
  const data: BarDatum[] = [];
  for (const g of groups) {
    const e = pick(g);
    if (e.n === 0 || !Number.isFinite(e.mean)) continue;
    const value = e.mean * scale;
    const se = e.se * scale;
    // Error bars stay inside a fixed domain (success cannot pass 0 % or 100 %).
    const clamp = (x: number): number => (domain ? Math.min(domain[1], Math.max(domain[0], x)) : x);
    data.push({ level: g.level, series: g.series, value, lo: clamp(value - se), hi: clamp(value + se), n: e.n });
  }
  if (data.length === 0) return undefined;
  const levels = [...new Set(data.map((d) => d.level))];
  const series = [...new Set(groups.map((g) => g.series))];
  const y = { field: 'value', type: 'quantitative' as const, title: yTitle, ...(domain ? { scale: { domain } } : {}) };
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${title} — ${suite}`,
    background: 'white',
    width: Math.max(160, data.length * WIDTH_PER_BAR + levels.length * 12),
    height: 200,
    data: { values: data.map((d) => ({ ...d })) },
    encoding: {
      x: { field: 'level', type: 'nominal', sort: levels, title: 'Level', axis: { labelAngle: 0 } },
      xOffset: { field: 'series', type: 'nominal', sort: series },
    },
    layer: [
      {
        name: 'bars',
        mark: { type: 'bar' },
        encoding: {
          y,
          color: { field: 'series', type: 'nominal', sort: series, title: 'Method', scale: seriesColorScale(series.length), legend: FULL_LABELS },
          tooltip: [{ field: 'series' }, { field: 'level' }, { field: 'value', format: '.3f' }, { field: 'n' }],
        },
      },
      {
        name: 'errorbars',
        mark: { type: 'rule', color: 'black' },
        encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
      },
    ],
  };
  return { suite, kind, file: plotFile(suite, kind), title: `${title} — ${suite}`, bars: data.length, spec };
}

interface StackDatum {
  series: string;
  part: string;
  tokens: number;
}

/** Pooled mean over the series' finished episodes (groups weighted by n). */
function pooled(groups: ReportGroup[], f: (g: ReportGroup) => number): number {
  const n = groups.reduce((s, g) => s + g.n, 0);
  return n === 0 ? 0 : groups.reduce((s, g) => s + (g.n > 0 ? f(g) * g.n : 0), 0) / n;
}

function stacked(suite: string, kind: PlotKind, title: string, data: StackDatum[], series: string[], parts: string[]): PlotSpec | undefined {
  const kept = data.filter((d) => d.tokens > 0);
  if (kept.length === 0) return undefined;
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${title} — ${suite}`,
    background: 'white',
    width: Math.max(160, series.length * 40),
    height: 200,
    data: { values: kept.map((d) => ({ ...d, order: parts.indexOf(d.part) })) },
    name: 'bars',
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'series', type: 'nominal', sort: series, title: 'Method', axis: { labelAngle: -30, ...FULL_LABELS } },
      y: { field: 'tokens', type: 'quantitative', title: 'Tokens per episode', stack: 'zero' },
      color: { field: 'part', type: 'nominal', sort: parts, title: kind === 'tokens' ? 'Tokens' : 'Request kind', scale: { scheme: 'tableau20' }, legend: FULL_LABELS },
      order: { field: 'order', type: 'quantitative' },
      tooltip: [{ field: 'series' }, { field: 'part' }, { field: 'tokens', format: '.0f' }],
    },
  };
  return { suite, kind, file: plotFile(suite, kind), title: `${title} — ${suite}`, bars: kept.length, spec };
}

function tokenPlots(suite: string, groups: ReportGroup[]): PlotSpec[] {
  const series = [...new Set(groups.map((g) => g.series))];
  const inOut: StackDatum[] = [];
  const byKind: StackDatum[] = [];
  const kinds = [...new Set(groups.flatMap((g) => g.byKind.map((k) => k.kind)))];
  series.forEach((label, i) => {
    const gs = groups.filter((g) => g.series === label);
    inOut.push({ series: series[i], part: 'input', tokens: pooled(gs, (g) => g.inputTokens.mean) });
    inOut.push({ series: series[i], part: 'output', tokens: pooled(gs, (g) => g.outputTokens.mean) });
    for (const kind of kinds) {
      const tokens = pooled(gs, (g) => { const u = g.byKind.find((x) => x.kind === kind); return u ? u.inputTokens + u.outputTokens : 0; });
      byKind.push({ series: series[i], part: kind, tokens });
    }
  });
  return [
    stacked(suite, 'tokens', 'LLM tokens per episode (input / output)', inOut, series, ['input', 'output']),
    stacked(suite, 'tokens-by-kind', 'LLM tokens per episode by request kind', byKind, series, kinds),
  ].filter((p): p is PlotSpec => p !== undefined);
}

/**
 * GAVEL Fig. 3 kind: the rows' failure causes per method, stacked, as failures
 * per 100 finished episodes (all levels pooled). A household episode counts
 * one failure per failed errand, so a bar's height is failed errands per 100
 * instructions. Absent when no row of the suite carries a cause.
 */
function failurePlot(suite: string, groups: ReportGroup[]): PlotSpec | undefined {
  const series = [...new Set(groups.map((g) => g.series))];
  const causes = [...new Set(groups.flatMap((g) => g.failures.map((f) => f.cause)))].sort();
  if (causes.length === 0) return undefined;
  const data: Array<{ series: string; cause: string; per100: number; count: number; order: number }> = [];
  for (const label of series) {
    const gs = groups.filter((g) => g.series === label);
    const n = gs.reduce((t, g) => t + g.n, 0);
    for (const cause of causes) {
      const count = gs.reduce((t, g) => t + (g.failures.find((f) => f.cause === cause)?.count ?? 0), 0);
      if (count > 0 && n > 0) data.push({ series: label, cause, per100: (100 * count) / n, count, order: causes.indexOf(cause) });
    }
  }
  const title = `Failure causes per 100 episodes — ${suite}`;
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    background: 'white',
    width: Math.max(160, series.length * 40),
    height: 200,
    data: { values: data },
    name: 'bars',
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'series', type: 'nominal', sort: series, title: 'Method', axis: { labelAngle: -30, ...FULL_LABELS } },
      y: { field: 'per100', type: 'quantitative', title: 'Failures per 100 episodes', stack: 'zero' },
      color: { field: 'cause', type: 'nominal', sort: causes, title: 'Cause', scale: { scheme: 'tableau20' }, legend: FULL_LABELS },
      order: { field: 'order', type: 'quantitative' },
      tooltip: [{ field: 'series' }, { field: 'cause' }, { field: 'count' }, { field: 'per100', format: '.1f' }],
    },
  };
  return { suite, kind: 'failures', file: plotFile(suite, 'failures'), title, bars: data.length, spec };
}

/** The plot specs for every suite, in a fixed order. */
export function plotSpecs(groupedRows: GroupedRows, options: PlotOptions = {}): PlotSpec[] {
  const timing = options.timing ?? true;
  const out: PlotSpec[] = [];
  for (const suite of groupedRows.suites) {
    const groups = groupedRows.groups.filter((g) => g.suite === suite);
    const add = (p: PlotSpec | undefined): void => { if (p) out.push(p); };
    add(grouped(suite, 'success', 'Success rate', 'Success (%)', groups, (g) => g.success, 100, [0, 100]));
    add(grouped(suite, 'reward', 'Cumulative reward', 'Reward', groups, (g) => g.reward, 1));
    add(grouped(suite, 'steps', 'Steps', 'Steps', groups, (g) => g.steps, 1));
    // GAVEL Table II: distance traveled, where the suite reports it.
    add(grouped(suite, 'distance', 'Distance traveled', 'Distance', groups, (g) => g.metrics.distance ?? { mean: NaN, se: 0, n: 0 }, 1));
    out.push(...tokenPlots(suite, groups));
    add(failurePlot(suite, groups));
    if (timing) add(grouped(suite, 'planning', 'Planning time per episode', 'Planning time (s)', groups, (g) => g.planningSeconds, 1));
  }
  return out;
}

/**
 * Renders one Vega-Lite spec to an SVG string with Vega's headless renderer.
 * Vega is loaded on first use (about half a second), not when the CLI starts.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Renders every plot (sequentially, so the output order is fixed); `onProgress(done, total)` after each. */
export async function renderPlots(specs: readonly PlotSpec[], onProgress?: (done: number, total: number) => void): Promise<RenderedPlot[]> {
  const out: RenderedPlot[] = [];
  for (const p of specs) {
    const { spec, ...rest } = p;
    out.push({ ...rest, svg: await renderSvg(spec) });
    onProgress?.(out.length, specs.length);
  }
  return out;
}
