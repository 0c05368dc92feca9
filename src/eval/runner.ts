/**
 * Runs one episode: looks up the suite, writes the trace (`episode` line
 * first, then the suite's `step` lines, `result` line last), measures wall
 * time and turns a throw into an `error` row. The caller appends the row to
 * the store (only one writer per results file: the main thread).
 */
import { rmSync } from 'node:fs';
import { GroundplanError } from '../core/errors.js';
import { episodeKey } from './key.js';
import type { ResultStore } from './store.js';
import { suite as findSuite } from './suites/index.js';
import type { EpisodeOutcome, EpisodeSpec, EpisodeUsage, ResultRow, Suite, TraceEpisode, TraceRecord } from './types.js';

export interface RunEpisodeOptions {
  /** Where the trace goes (`traces/<key>.jsonl` in the store's directory). */
  store: ResultStore;
  /** `local`, or the worker's id. */
  worker?: string;
  /** Cancels the episode: `runEpisode` then throws `EpisodeAbortedError` and leaves no trace. */
  signal?: AbortSignal;
  dataDir?: string;
  /** The suite to use instead of the registry's (tests). */
  suite?: Suite;
}

/** Thrown when the episode was cancelled: there is no row to record. */
export class EpisodeAbortedError extends GroundplanError {
  constructor(key: string) {
    super('EVAL_ABORTED', `episode ${key} was cancelled`);
  }
}

const NO_USAGE: EpisodeUsage = { calls: 0, inputTokens: 0, outputTokens: 0 };

function message(err: unknown): string {
  if (err instanceof GroundplanError) return `${err.code}: ${err.message}`;
  if (err instanceof Error) return err.message;
  return String(err);
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** The row of a finished episode. */
export function doneRow(key: string, spec: EpisodeSpec, o: EpisodeOutcome, wallSeconds: number, worker: string, trace?: string): ResultRow {
  return {
    key,
    spec,
    status: 'done',
    success: o.success,
    reward: o.reward,
    steps: o.steps,
    planningSeconds: round(o.planningSeconds),
    wallSeconds: round(wallSeconds),
    llm: o.llm,
    metrics: o.metrics,
    modelDescription: o.modelDescription,
    warnings: o.warnings.length,
    ...(o.failures && o.failures.length > 0 ? { failures: o.failures } : {}),
    ...(trace !== undefined ? { trace } : {}),
    worker,
    finishedAt: new Date().toISOString(),
  };
}

/** The row of an episode that threw. */
export function errorRow(key: string, spec: EpisodeSpec, error: string, wallSeconds: number, worker: string, trace?: string): ResultRow {
  return {
    key,
    spec,
    status: 'error',
    success: false,
    reward: 0,
    steps: 0,
    planningSeconds: 0,
    wallSeconds: round(wallSeconds),
    llm: { ...NO_USAGE },
    metrics: {},
    modelDescription: spec.model,
    warnings: 0,
    error,
    ...(trace !== undefined ? { trace } : {}),
    worker,
    finishedAt: new Date().toISOString(),
  };
}

/** Runs one episode and returns its row (never throws for episode faults; throws `EpisodeAbortedError` when cancelled). */
export async function runEpisode(spec: EpisodeSpec, options: RunEpisodeOptions): Promise<ResultRow> {
  const key = episodeKey(spec);
  const worker = options.worker ?? 'local';
  const { store, signal } = options;
  const trace = store.openTrace(key);
  const traceFile = store.traceFile(key);
  let started = false;
  let env: TraceEpisode['env'] = 'kitchen';
  const opening = (): TraceEpisode => ({ type: 'episode', spec, env, instruction: '', world: {} });
  const write = (record: TraceRecord): void => {
    if (record.type === 'episode') {
      if (started) return; // one episode line, first
      started = true;
      trace.write({ ...record, spec });
      return;
    }
    if (!started) {
      started = true;
      trace.write(opening());
    }
    if (record.type === 'step') trace.write(record);
  };
  const t0 = performance.now();
  let row: ResultRow;
  let warnings: string[] = [];
  try {
    const s = options.suite ?? findSuite(spec.suite);
    env = s.env ?? env;
    if (!s.methods.includes(spec.method)) {
      throw new GroundplanError('EVAL_METHOD', `suite ${s.name} has no method '${spec.method}' (known: ${s.methods.join(', ')})`);
    }
    const outcome = await s.run(spec, { trace: write, ...(signal ? { signal } : {}), ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}) });
    if (signal?.aborted) throw new EpisodeAbortedError(key);
    warnings = outcome.warnings;
    row = doneRow(key, spec, outcome, (performance.now() - t0) / 1000, worker, traceFile);
  } catch (err) {
    if (signal?.aborted || err instanceof EpisodeAbortedError) {
      trace.close();
      rmSync(store.tracePath(key), { force: true });
      throw err instanceof EpisodeAbortedError ? err : new EpisodeAbortedError(key);
    }
    row = errorRow(key, spec, message(err), (performance.now() - t0) / 1000, worker, traceFile);
  }
  if (!started) trace.write(opening());
  trace.write({ type: 'result', row, ...(warnings.length > 0 ? { warnings } : {}) });
  trace.close();
  return row;
}
