/**
 * Result rows grouped for the report: one group per (suite, method, model,
 * model description, level) with mean ± standard error of every outcome, the
 * LLM usage per episode (by request kind when the rows carry it) and the
 * suite-specific metrics. `error` rows are kept apart, never averaged in.
 *
 * Suites that split one experiment by level (`kitchen:easy`, `kitchen:medium`,
 * `kitchen:hard`: every row of `F:X` has level `X`) are reported together as
 * the suite `F`, so one table and one plot compare the levels.
 *
 * Groups come out in a fixed order (suite, method, model, level — levels in
 * difficulty order `easy < medium < hard`, then natural order), whatever the
 * order of the rows, so two reports built from the same rows are identical.
 */
import { mean, standardError } from '../../core/stats.js';
import type { ResultRow } from '../types.js';

/** Mean ± standard error over `n` values. */
export interface Estimate {
  mean: number;
  se: number;
  n: number;
}

export interface KindUsageMean {
  kind: string;
  /** Per episode, over all the group's finished episodes (0 where a row lacks the kind). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface ReportGroup {
  /** The suite, or its family (`kitchen` for `kitchen:easy`...) when the suite name only names the level. */
  suite: string;
  method: string;
  /** `spec.model` as given on the command line. */
  model: string;
  /** The rows' `modelDescription` (knob values of the synthetic model). */
  modelDescription: string;
  level: string;
  /** Finished (`done`) episodes: every estimate is over these. */
  n: number;
  /** `error` rows of this group (not in any estimate). */
  errors: number;
  /** Success as a fraction in [0, 1]. */
  success: Estimate;
  reward: Estimate;
  steps: Estimate;
  planningSeconds: Estimate;
  /** Σ planning seconds / Σ steps (undefined when no step was taken). */
  planningPerStep: number | undefined;
  wallSeconds: Estimate;
  llmCalls: Estimate;
  inputTokens: Estimate;
  outputTokens: Estimate;
  /** Per-kind usage, sorted by kind; empty when no row carries `llm.byKind`. */
  byKind: KindUsageMean[];
  /** Suite-specific metrics by name (sorted); `n` counts the rows that report it. */
  metrics: Array<{ name: string; value: Estimate }>;
  /** Distinct `spec.config` values (JSON, sorted). */
  configs: string[];
  /** True when the rows used the offline `synthetic` stand-in model. */
  synthetic: boolean;
}

/** One `error` row, listed in the report. */
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
  /** The `spec.suite` names behind each section (sorted), e.g. `kitchen` → `kitchen:easy`, `kitchen:hard`. */
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
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
      return x.length - y.length;
    }
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

export function estimate(xs: readonly number[]): Estimate {
  return { mean: mean(xs), se: standardError(xs), n: xs.length };
}

/** True for rows run with the offline `synthetic` model. */
export function isSynthetic(model: string, modelDescription: string): boolean {
  return model === 'synthetic' || model.startsWith('synthetic:') || modelDescription.startsWith('synthetic');
}

/** Canonical JSON (sorted keys) so equal configs print the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
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

function groupKey(r: ResultRow, sections: Map<string, string>): string[] {
  return [sections.get(r.spec.suite) ?? r.spec.suite, r.spec.method, r.spec.model, r.modelDescription ?? '', levelOf(r)];
}

function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = i === 4 ? compareLevels(a[i], b[i]) : naturalCompare(a[i], b[i]);
    if (d !== 0) return d;
  }
  return 0;
}

function summarizeGroup(key: readonly string[], done: ResultRow[], errors: number): ReportGroup {
  const [suite, method, model, modelDescription, level] = key;
  const col = (f: (r: ResultRow) => number): Estimate => estimate(done.map(f));
  const totalSteps = done.reduce((s, r) => s + r.steps, 0);
  const totalPlanning = done.reduce((s, r) => s + r.planningSeconds, 0);
  const kinds = new Set<string>();
  const metricNames = new Set<string>();
  for (const r of done) {
    for (const k of Object.keys(r.llm?.byKind ?? {})) kinds.add(k);
    for (const m of Object.keys(r.metrics ?? {})) metricNames.add(m);
  }
  const byKind = [...kinds].sort(naturalCompare).map((kind) => {
    const per = (f: (u: { calls: number; inputTokens: number; outputTokens: number }) => number): number =>
      mean(done.map((r) => { const u = r.llm?.byKind?.[kind]; return u ? f(u) : 0; }));
    return { kind, calls: per((u) => u.calls), inputTokens: per((u) => u.inputTokens), outputTokens: per((u) => u.outputTokens) };
  });
  const metrics = [...metricNames].sort(naturalCompare).map((name) => ({
    name,
    value: estimate(done.flatMap((r) => (Number.isFinite(r.metrics?.[name]) ? [r.metrics[name]] : []))),
  }));
  return {
    suite, method, model, modelDescription, level,
    n: done.length,
    errors,
    success: col((r) => (r.success ? 1 : 0)),
    reward: col((r) => r.reward),
    steps: col((r) => r.steps),
    planningSeconds: col((r) => r.planningSeconds),
    planningPerStep: totalSteps > 0 ? totalPlanning / totalSteps : undefined,
    wallSeconds: col((r) => r.wallSeconds),
    llmCalls: col((r) => r.llm?.calls ?? 0),
    inputTokens: col((r) => r.llm?.inputTokens ?? 0),
    outputTokens: col((r) => r.llm?.outputTokens ?? 0),
    byKind,
    metrics,
    configs: [...new Set(done.map((r) => canonicalJson(r.spec.config)))].sort(),
    synthetic: isSynthetic(model, modelDescription),
  };
}

/**
 * Groups the rows; `error` rows are counted in their group and listed, never
 * averaged. Rows missing `llm` or `metrics` (older files) read as zero usage
 * and no metrics.
 */
export function groupRows(rows: readonly ResultRow[]): GroupedRows {
  const buckets = new Map<string, { key: string[]; done: ResultRow[]; errors: number }>();
  const errors: ReportError[] = [];
  const sections = suiteSections(rows);
  for (const r of rows) {
    const key = groupKey(r, sections);
    const id = JSON.stringify(key);
    let b = buckets.get(id);
    if (!b) buckets.set(id, (b = { key, done: [], errors: 0 }));
    if (r.status === 'error') {
      b.errors++;
      errors.push({ suite: key[0], method: r.spec.method, model: r.spec.model, level: key[4], task: r.spec.task, seed: r.spec.seed, error: r.error ?? '(no message)' });
    } else {
      b.done.push(r);
    }
  }
  const ordered = [...buckets.values()].sort((a, b) => compareKeys(a.key, b.key));
  // Sum in a fixed order so floating-point means do not depend on the row order.
  for (const b of ordered) b.done.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : naturalCompare(x.finishedAt ?? '', y.finishedAt ?? '')));
  const groups = ordered.map((b) => summarizeGroup(b.key, b.done, b.errors));
  errors.sort((a, b) =>
    naturalCompare(a.suite, b.suite) || naturalCompare(a.method, b.method) || naturalCompare(a.model, b.model) ||
    compareLevels(a.level, b.level) || naturalCompare(a.task, b.task) || a.seed - b.seed || naturalCompare(a.error, b.error));
  const suites = [...new Set(groups.map((g) => g.suite))];
  const sources = new Map<string, string[]>();
  for (const [name, section] of sections) sources.set(section, [...(sources.get(section) ?? []), name]);
  const suffix = (x: string): string => x.slice(x.lastIndexOf(':') + 1);
  for (const list of sources.values()) list.sort((a, b) => compareLevels(suffix(a), suffix(b)) || naturalCompare(a, b));
  return { suites, sources, groups, errors };
}
