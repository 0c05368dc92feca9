/**
 * Result rows grouped for the report. The statistics are eval's `summarize`
 * (one group per suite, level, method, model and config; mean ± SE over the
 * `done` rows; `error` rows counted apart); this adds what the report needs on
 * top: LLM usage by request kind, planning seconds per step, the synthetic
 * flag, the list of error rows, suite families and a fixed order.
 *
 * Suites that split one experiment by level (`kitchen:easy`, `kitchen:medium`,
 * `kitchen:hard`: every row of `F:X` has level `X`) are reported together as
 * the suite `F`, so one table and one plot compare the levels.
 *
 * Groups come out in a fixed order (suite, method, model, config, level —
 * levels in difficulty order `easy < medium < hard`, then natural order), and
 * rows are summed in episode-key order, whatever the order of the input rows:
 * two reports built from the same rows are identical.
 */
import { mean } from '../../core/stats.js';
import { canonicalJson } from '../key.js';
import { latestByKey } from '../store.js';
import { configText, summarize, type Stat, type SummaryGroup } from '../summary.js';
import type { ResultRow } from '../types.js';

export interface KindUsageMean {
  kind: string;
  /** Per episode, over all the group's finished episodes (0 where a row lacks the kind). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** A summary group; `suite` is the report section (`kitchen` for `kitchen:easy`...). */
export interface ReportGroup extends SummaryGroup {
  /** Σ planning seconds / Σ steps (undefined when no step was taken). */
  planningPerStep: number | undefined;
  /** Per-kind usage, sorted by kind; empty when no row carries `llm.byKind`. */
  byKind: KindUsageMean[];
  /** True when the rows used the offline `synthetic` stand-in model. */
  synthetic: boolean;
  /** How often each failure cause occurs over the group's finished episodes (rows' `failures`), sorted by cause; empty when no row has one. */
  failures: Array<{ cause: string; count: number }>;
  /**
   * Series label in tables and plots: the method, with the model when the
   * method ran with several models in this suite and the config (`trials=30`)
   * when it ran with several configs on one level (configs that only differ
   * between levels, e.g. per-problem trial budgets, stay one series).
   */
  series: string;
}

/** One `error` row (the latest row of its episode), listed in the report. */
export interface ReportError {
  suite: string;
  method: string;
  model: string;
  level: string;
  task: string;
  seed: number;
  error: string;
}

export interface GroupedRows {
  /** Suite (section) names in order. */
  suites: string[];
  /** The `spec.suite` names behind each section, e.g. `kitchen` → `kitchen:easy`, `kitchen:medium`. */
  sources: Map<string, string[]>;
  groups: ReportGroup[];
  errors: ReportError[];
}

const LEVEL_RANK: Readonly<Record<string, number>> = {
  trivial: 0, easy: 1, simple: 1, low: 1, medium: 2, moderate: 2, mid: 2, hard: 3, high: 3, difficult: 3, 'very-hard': 4, expert: 5,
};

/** Natural order: digit runs compare as numbers, the rest by code unit (locale-free, deterministic). */
export function naturalCompare(a: string, b: string): number {
  const re = /(\d+)|(\D+)/g;
  const pa = a.match(re) ?? [];
  const pb = b.match(re) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y)) return Number(x) - Number(y) || x.length - y.length;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Difficulty order for known level names, natural order for the rest (after the known ones). */
export function compareLevels(a: string, b: string): number {
  const ra = LEVEL_RANK[a.toLowerCase()];
  const rb = LEVEL_RANK[b.toLowerCase()];
  if (ra !== undefined && rb !== undefined && ra !== rb) return ra - rb;
  if (ra !== undefined && rb === undefined) return -1;
  if (ra === undefined && rb !== undefined) return 1;
  return naturalCompare(a, b);
}

/** True for the offline `synthetic` model. */
export function isSynthetic(model: string, modelDescription: string): boolean {
  return model === 'synthetic' || model.startsWith('synthetic:') || modelDescription.startsWith('synthetic');
}

function levelOf(r: ResultRow): string {
  return String(r.spec.level ?? '');
}

/**
 * Report section per suite name: `F` for a suite `F:X` whose rows all have
 * level `X` (a family split by level), else the suite name itself.
 */
export function suiteSections(rows: readonly ResultRow[]): Map<string, string> {
  const levels = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = levels.get(r.spec.suite) ?? new Set<string>();
    set.add(levelOf(r));
    levels.set(r.spec.suite, set);
  }
  const out = new Map<string, string>();
  for (const [suite, set] of levels) {
    const cut = suite.lastIndexOf(':');
    const byLevel = cut > 0 && set.size === 1 && set.has(suite.slice(cut + 1));
    out.set(suite, byLevel ? suite.slice(0, cut) : suite);
  }
  return out;
}

/** The key `summarize` groups by. */
function summaryKey(x: { spec: { suite: string; level: string; method: string; model: string; config: unknown } } | SummaryGroup): string {
  const s = 'spec' in x ? x.spec : x;
  return canonicalJson([s.suite, s.level, s.method, s.model, s.config]);
}

function extras(g: SummaryGroup, done: readonly ResultRow[]): Omit<ReportGroup, keyof SummaryGroup | 'series'> {
  const totalSteps = done.reduce((s, r) => s + r.steps, 0);
  const totalPlanning = done.reduce((s, r) => s + r.planningSeconds, 0);
  const kinds = [...new Set(done.flatMap((r) => Object.keys(r.llm.byKind ?? {})))].sort(naturalCompare);
  const byKind = kinds.map((kind) => {
    const per = (f: (u: { calls: number; inputTokens: number; outputTokens: number }) => number): number =>
      mean(done.map((r) => { const u = r.llm.byKind?.[kind]; return u ? f(u) : 0; }));
    return { kind, calls: per((u) => u.calls), inputTokens: per((u) => u.inputTokens), outputTokens: per((u) => u.outputTokens) };
  });
  const counts = new Map<string, number>();
  for (const r of done) for (const c of r.failures ?? []) counts.set(c, (counts.get(c) ?? 0) + 1);
  const failures = [...counts].sort(([a], [b]) => naturalCompare(a, b)).map(([cause, count]) => ({ cause, count }));
  return { planningPerStep: totalSteps > 0 ? totalPlanning / totalSteps : undefined, byKind, synthetic: isSynthetic(g.model, g.modelDescription), failures };
}

/** Sets `series` on every group (see `ReportGroup.series`). */
function assignSeries(groups: ReportGroup[]): void {
  const byMethod = new Map<string, ReportGroup[]>();
  for (const g of groups) {
    const k = canonicalJson([g.suite, g.method]);
    byMethod.set(k, [...(byMethod.get(k) ?? []), g]);
  }
  for (const list of byMethod.values()) {
    const manyModels = new Set(list.map((g) => g.model)).size > 1;
    const configsAt = new Map<string, Set<string>>();
    for (const g of list) {
      const k = canonicalJson([g.model, g.level]);
      configsAt.set(k, (configsAt.get(k) ?? new Set<string>()).add(canonicalJson(g.config)));
    }
    const splitConfigs = [...configsAt.values()].some((set) => set.size > 1);
    for (const g of list) {
      const parts = [...(manyModels ? [g.model] : []), ...(splitConfigs ? [configText(g.config) || 'default'] : [])];
      g.series = parts.length > 0 ? `${g.method} (${parts.join(', ')})` : g.method;
    }
  }
}

function compareGroups(a: ReportGroup, b: ReportGroup): number {
  return naturalCompare(a.suite, b.suite) || naturalCompare(a.method, b.method) || naturalCompare(a.model, b.model) ||
    naturalCompare(a.series, b.series) || compareLevels(a.level, b.level) ||
    naturalCompare(configText(a.config), configText(b.config)) || naturalCompare(canonicalJson(a.config), canonicalJson(b.config));
}

/**
 * Groups the rows (one per episode key, `done` beats `error`); `error` rows are
 * counted in their group and listed, never averaged.
 */
export function groupRows(rows: readonly ResultRow[]): GroupedRows {
  const sections = suiteSections(rows);
  // Key order fixes the order of every sum; the suite becomes its section.
  const latest = latestByKey(rows)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => ({
      ...r,
      spec: { ...r.spec, suite: sections.get(r.spec.suite) ?? r.spec.suite, level: levelOf(r), config: r.spec.config ?? {} },
      // Rows of older files may lack these.
      llm: r.llm ?? { calls: 0, inputTokens: 0, outputTokens: 0 },
      metrics: r.metrics ?? {},
      modelDescription: r.modelDescription ?? r.spec.model,
    }));
  const doneByGroup = new Map<string, ResultRow[]>();
  for (const r of latest) {
    if (r.status !== 'done') continue;
    const k = summaryKey(r);
    doneByGroup.set(k, [...(doneByGroup.get(k) ?? []), r]);
  }
  const groups = summarize(latest).map((g): ReportGroup => ({ ...g, ...extras(g, doneByGroup.get(summaryKey(g)) ?? []), series: g.method }));
  assignSeries(groups);
  groups.sort(compareGroups);
  const errors: ReportError[] = latest
    .filter((r) => r.status === 'error')
    .map((r) => ({ suite: r.spec.suite, method: r.spec.method, model: r.spec.model, level: r.spec.level, task: r.spec.task, seed: r.spec.seed, error: r.error ?? '(no message)' }))
    .sort((a, b) =>
      naturalCompare(a.suite, b.suite) || naturalCompare(a.method, b.method) || naturalCompare(a.model, b.model) ||
      compareLevels(a.level, b.level) || naturalCompare(a.task, b.task) || a.seed - b.seed || naturalCompare(a.error, b.error));
  const suites = [...new Set(groups.map((g) => g.suite))];
  const sources = new Map<string, string[]>();
  for (const [name, section] of sections) sources.set(section, [...(sources.get(section) ?? []), name]);
  const suffix = (x: string): string => x.slice(x.lastIndexOf(':') + 1);
  for (const list of sources.values()) list.sort((a, b) => compareLevels(suffix(a), suffix(b)) || naturalCompare(a, b));
  return { suites, sources, groups, errors };
}

export type { Stat };
