/**
 * Summary statistics of result rows: one group per (suite, level, method,
 * model description, config), with mean ± standard error of the success rate,
 * reward, steps, planning seconds, LLM calls and tokens, and every suite
 * metric. Only `done` rows enter the means; `error` rows are counted apart.
 * Rows are first reduced to one per episode key (`done` beats `error`).
 */
import { mean, standardError } from '../core/stats.js';
import { canonicalJson } from './key.js';
import { latestByKey } from './store.js';
import type { Json, ResultRow } from './types.js';

export interface Stat {
  mean: number;
  /** Standard error of the mean (0 for fewer than 2 values). */
  se: number;
  n: number;
}

export interface SummaryGroup {
  suite: string;
  level: string;
  method: string;
  /** Model id as given (`synthetic`, `openai:gpt-4.1`, ...). */
  model: string;
  /** With the synthetic knobs, e.g. `synthetic LLM, knobs: goalRecall=0.7, ...`. */
  modelDescription: string;
  config: { [key: string]: Json };
  /** Finished (`done`) episodes. */
  n: number;
  /** Episodes whose latest row is an `error`. */
  errors: number;
  /** Success as a fraction in [0, 1]. */
  success: Stat;
  reward: Stat;
  steps: Stat;
  planningSeconds: Stat;
  wallSeconds: Stat;
  llmCalls: Stat;
  inputTokens: Stat;
  outputTokens: Stat;
  metrics: { [name: string]: Stat };
}

export function stat(xs: readonly number[]): Stat {
  return { mean: xs.length ? mean(xs) : NaN, se: standardError(xs), n: xs.length };
}

/** `12.3 ± 1.2` (just the mean for n < 2, `-` for none). */
export function formatStat(s: Stat, digits = 1, scale = 1): string {
  if (s.n === 0 || !Number.isFinite(s.mean)) return '-';
  const m = (s.mean * scale).toFixed(digits);
  return s.n > 1 ? `${m} ± ${(s.se * scale).toFixed(digits)}` : m;
}

function firstIndex<T>(order: Map<T, number>, x: T): number {
  if (!order.has(x)) order.set(x, order.size);
  return order.get(x) as number;
}

/** What `summarize` groups by: suite, level, method, model id and config (canonical JSON). */
export function groupKey(spec: { suite: string; level: string; method: string; model: string; config: unknown }): string {
  return canonicalJson([spec.suite, spec.level, spec.method, spec.model, spec.config]);
}

/** Groups rows (deduplicated per key) and computes mean ± SE per group, in first-appearance order. */
export function summarize(rows: readonly ResultRow[]): SummaryGroup[] {
  const latest = latestByKey(rows);
  const groups = new Map<string, { sample: ResultRow; done: ResultRow[]; errors: number }>();
  const suiteOrder = new Map<string, number>();
  const levelOrder = new Map<string, number>();
  const methodOrder = new Map<string, number>();
  for (const r of latest) {
    firstIndex(suiteOrder, r.spec.suite);
    firstIndex(levelOrder, r.spec.level);
    firstIndex(methodOrder, r.spec.method);
    const k = groupKey(r.spec);
    const g = groups.get(k) ?? { sample: r, done: [], errors: 0 };
    if (r.status === 'done') {
      g.done.push(r);
      if (g.sample.status !== 'done') g.sample = r;
    } else g.errors++;
    groups.set(k, g);
  }
  const out: SummaryGroup[] = [];
  for (const { sample, done, errors } of groups.values()) {
    // sum in key order: rows arrive in completion order (queue, pool), and float sums depend on order
    done.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const metricNames = [...new Set(done.flatMap((r) => Object.keys(r.metrics)))];
    out.push({
      suite: sample.spec.suite,
      level: sample.spec.level,
      method: sample.spec.method,
      model: sample.spec.model,
      modelDescription: sample.status === 'done' ? sample.modelDescription : sample.spec.model,
      config: sample.spec.config,
      n: done.length,
      errors,
      success: stat(done.map((r) => (r.success ? 1 : 0))),
      reward: stat(done.map((r) => r.reward)),
      steps: stat(done.map((r) => r.steps)),
      planningSeconds: stat(done.map((r) => r.planningSeconds)),
      wallSeconds: stat(done.map((r) => r.wallSeconds)),
      llmCalls: stat(done.map((r) => r.llm.calls)),
      inputTokens: stat(done.map((r) => r.llm.inputTokens)),
      outputTokens: stat(done.map((r) => r.llm.outputTokens)),
      metrics: Object.fromEntries(metricNames.map((m) => [m, stat(done.flatMap((r) => (typeof r.metrics[m] === 'number' ? [r.metrics[m]] : [])))])),
    });
  }
  const idx = (m: Map<string, number>, x: string): number => m.get(x) ?? 0;
  return out.sort(
    (a, b) =>
      idx(suiteOrder, a.suite) - idx(suiteOrder, b.suite) ||
      idx(levelOrder, a.level) - idx(levelOrder, b.level) ||
      idx(methodOrder, a.method) - idx(methodOrder, b.method) ||
      a.model.localeCompare(b.model) ||
      canonicalJson(a.config).localeCompare(canonicalJson(b.config)),
  );
}

/** Table header and cells of a summary (shared by `bench` and `report`). */
export function summaryTable(groups: readonly SummaryGroup[]): { head: string[]; rows: string[][] } {
  const configs = new Set(groups.map((g) => canonicalJson(g.config)));
  const models = new Set(groups.map((g) => g.model));
  const head = ['suite', 'level', 'method', ...(models.size > 1 ? ['model'] : []), ...(configs.size > 1 ? ['config'] : []), 'n', 'success %', 'reward', 'steps', 'planning s', 'LLM calls', 'tokens in', 'tokens out', 'errors'];
  const rows = groups.map((g) => [
    g.suite,
    g.level,
    g.method,
    ...(models.size > 1 ? [g.model] : []),
    ...(configs.size > 1 ? [configText(g.config)] : []),
    String(g.n),
    formatStat(g.success, 0, 100),
    formatStat(g.reward, 1),
    formatStat(g.steps, 1),
    formatStat(g.planningSeconds, 2),
    formatStat(g.llmCalls, 1),
    formatStat(g.inputTokens, 0),
    formatStat(g.outputTokens, 0),
    String(g.errors),
  ]);
  return { head, rows };
}

/** `trials=100 synthetic.goalRecall=0.5`; `trials` 0 (no trial cap: the time budget decides) reads `trials=uncapped`. */
export function configText(config: { [key: string]: Json }): string {
  const parts: string[] = [];
  const walk = (prefix: string, v: Json): void => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) for (const k of Object.keys(v).sort()) walk(prefix ? `${prefix}.${k}` : k, v[k]);
    else if (prefix === 'trials' && v === 0) parts.push('trials=uncapped');
    else parts.push(`${prefix}=${JSON.stringify(v).replace(/^"|"$/g, '')}`);
  };
  walk('', config);
  return parts.join(' ');
}

/** Distinct model descriptions of the groups (to print with the table). */
export function modelDescriptions(groups: readonly SummaryGroup[]): string[] {
  return [...new Set(groups.map((g) => g.modelDescription))];
}
