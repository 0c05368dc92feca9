/**
 * What a report-generated doc table is (`DocTable`: its marker id, the
 * committed stores and files it reads, its renderer) and the small helpers
 * the renderers share: a plain Markdown table, and the finished rows of a
 * suite, of a method, their successes, episodes and search budget.
 */
import type { ResultRow } from '../types.js';

export interface DocTable {
  id: string;
  /** Result stores (directories holding results.jsonl), relative to the results folder. */
  sources: string[];
  /** Other committed files the table reads as text (planner rows, reference runs), relative to the results folder. */
  files?: string[];
  /** Markdown from the rows of each source (in `sources` order) and the text of each file; undefined when they hold none of this table's rows. */
  render(rows: ResultRow[][], files: string[]): string | undefined;
}

/** A plain Markdown table (cells as given, no alignment row markers). */
export function mdTable(head: readonly string[], body: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export const done = (rows: readonly ResultRow[]): ResultRow[] => rows.filter((r) => r.status === 'done');
export const successes = (rows: readonly ResultRow[]): number[] => rows.map((r) => (r.success ? 1 : 0));
export const meanOf = (xs: readonly number[], digits: number): string => (xs.length === 0 ? '-' : (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(digits));
/** The finished rows of one suite. */
export const suiteRows = (all: readonly ResultRow[], suite: string): ResultRow[] => done(all).filter((r) => r.spec.suite === suite);
export const ofMethod = (rows: readonly ResultRow[], method: string): ResultRow[] => rows.filter((r) => r.spec.method === method);
/** Distinct (task, seed) episodes among the rows. */
export const episodes = (rows: readonly ResultRow[]): number => new Set(rows.map((r) => `${r.spec.task}|${r.spec.seed}`)).size;
/** The rows' trial budgets (`maxTrials`, else `trials`), `/`-joined when they differ. */
export const budget = (rows: readonly ResultRow[]): string => [...new Set(rows.map((r) => String(r.spec.config.maxTrials ?? r.spec.config.trials ?? '?')))].join('/');
