/**
 * The result store: a directory with `results.jsonl` (append-only, one
 * `ResultRow` per line) and `traces/<key>.jsonl` (one trace per episode).
 *
 * Resume semantics: an episode is finished when a `done` row with its key
 * exists; `error` rows are kept (for the record) but the episode is run again.
 * A truncated last line (a crash mid-write) is tolerated on load and cut off
 * before the next append; other malformed lines are reported with their line
 * numbers and skipped. Only one process/thread may append at a time (the pool
 * and the queue funnel rows to the main thread).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { GroundplanError } from '../core/errors.js';
import { join } from 'node:path';
import { openTraceFile, type TraceWriter } from './trace.js';
import type { ResultRow } from './types.js';

export const RESULTS_FILE = 'results.jsonl';
export const TRACES_DIR = 'traces';
export const LOCK_FILE = '.writer.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface MalformedLine {
  /** 1-based line number in the results file. */
  line: number;
  message: string;
}

export interface LoadedResults {
  /** The results file that was read. */
  path: string;
  /** Every valid row, in file order. */
  all: ResultRow[];
  /** One row per key: a `done` row beats an `error` row; among equals the later one wins. */
  rows: ResultRow[];
  malformed: MalformedLine[];
  /** The last line had no newline and did not parse (a crash mid-write); it was ignored. */
  truncatedTail: boolean;
}

function rowProblem(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'not a JSON object';
  const r = x as Record<string, unknown>;
  if (typeof r.key !== 'string' || r.key === '') return 'field key: expected a non-empty string';
  if (r.status !== 'done' && r.status !== 'error') return `field status: expected 'done' or 'error', got ${JSON.stringify(r.status)}`;
  if (typeof r.spec !== 'object' || r.spec === null) return 'field spec: expected an object';
  const s = r.spec as Record<string, unknown>;
  for (const f of ['suite', 'task', 'method', 'model'] as const) if (typeof s[f] !== 'string') return `field spec.${f}: expected a string`;
  if (typeof s.seed !== 'number') return 'field spec.seed: expected a number';
  return undefined;
}

/** One row per key: `done` beats `error`, later beats earlier. */
export function latestByKey(rows: readonly ResultRow[]): ResultRow[] {
  const by = new Map<string, ResultRow>();
  for (const r of rows) {
    const prev = by.get(r.key);
    if (!prev || r.status === 'done' || prev.status === 'error') by.set(r.key, r);
  }
  return [...by.values()];
}

/** Parses results-file text (see `LoadedResults`). */
export function parseResults(text: string, path = RESULTS_FILE): LoadedResults {
  const lines = text.split('\n');
  const endsClean = text.length === 0 || text.endsWith('\n');
  if (endsClean) lines.pop();
  const all: ResultRow[] = [];
  const malformed: MalformedLine[] = [];
  let truncatedTail = false;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      if (!endsClean && i === lines.length - 1) {
        truncatedTail = true;
        return;
      }
      malformed.push({ line: i + 1, message: `invalid JSON (${(err as Error).message})` });
      return;
    }
    const problem = rowProblem(value);
    if (problem) malformed.push({ line: i + 1, message: problem });
    else all.push(value as ResultRow);
  });
  return { path, all, rows: latestByKey(all), malformed, truncatedTail };
}

/** Reads a results file, or `results.jsonl` inside a directory. A missing file reads as empty. */
export function readResults(pathOrDir: string): LoadedResults {
  const path = existsSync(pathOrDir) && statSync(pathOrDir).isDirectory() ? join(pathOrDir, RESULTS_FILE) : pathOrDir;
  if (!existsSync(path)) return { path, all: [], rows: [], malformed: [], truncatedTail: false };
  return parseResults(readFileSync(path, 'utf8'), path);
}

/** `path:line: message` lines for malformed rows. */
export function formatMalformed(loaded: LoadedResults): string[] {
  return loaded.malformed.map((m) => `${loaded.path}:${m.line}: ${m.message}`);
}

export class ResultStore {
  readonly dir: string;
  readonly resultsPath: string;
  private tailChecked = false;

  constructor(dir: string) {
    this.dir = dir;
    this.resultsPath = join(dir, RESULTS_FILE);
  }

  load(): LoadedResults {
    return readResults(this.resultsPath);
  }

  /** Keys that have a `done` row. */
  finished(): Set<string> {
    return new Set(this.load().all.filter((r) => r.status === 'done').map((r) => r.key));
  }

  /** One row per key (`done` beats `error`). */
  latestRows(): ResultRow[] {
    return this.load().rows;
  }

  /** Appends one row (a single write of one line). Cuts off a truncated last line first. */
  append(row: ResultRow): void {
    mkdirSync(this.dir, { recursive: true });
    if (!this.tailChecked) {
      this.cutPartialTail();
      this.tailChecked = true;
    }
    appendFileSync(this.resultsPath, `${JSON.stringify(row)}\n`);
  }

  /**
   * Claims the store for this process (`.writer.lock` holding the pid); a lock
   * left by a dead process is taken over. Returns the release function.
   * Throws EVAL_STORE_BUSY when another live process writes here.
   */
  lock(): () => void {
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, LOCK_FILE);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(path, String(process.pid), { flag: 'wx' });
        return () => rmSync(path, { force: true });
      } catch {
        const holder = Number(readFileSync(path, 'utf8'));
        if (holder === process.pid || (Number.isInteger(holder) && holder > 0 && alive(holder))) {
          throw new GroundplanError('EVAL_STORE_BUSY', `${this.dir}: another process (pid ${holder}) is writing results here; wait for it or use another --out`);
        }
        rmSync(path, { force: true });
      }
    }
    throw new GroundplanError('EVAL_STORE_BUSY', `${path}: cannot take the lock`);
  }

  /** `traces/<key>.jsonl`, relative to the store directory. */
  traceFile(key: string): string {
    return `${TRACES_DIR}/${key}.jsonl`;
  }

  tracePath(key: string): string {
    return join(this.dir, this.traceFile(key));
  }

  /** Opens (and truncates) the trace of one episode. */
  openTrace(key: string): TraceWriter {
    return openTraceFile(this.tracePath(key));
  }

  /** A last line without newline: completed when it is a valid row, else cut off (a line cut short by a crash). */
  private cutPartialTail(): void {
    if (!existsSync(this.resultsPath)) return;
    const text = readFileSync(this.resultsPath, 'utf8');
    if (text.length === 0 || text.endsWith('\n')) return;
    const cut = text.lastIndexOf('\n') + 1;
    let complete = false;
    try {
      complete = rowProblem(JSON.parse(text.slice(cut))) === undefined;
    } catch {
      complete = false;
    }
    if (complete) appendFileSync(this.resultsPath, '\n');
    else truncateSync(this.resultsPath, Buffer.byteLength(text.slice(0, cut)));
  }
}
