/**
 * Glue between the queue and the eval core. On a worker, `storeRunner` runs an
 * episode with `runEpisode` into a scratch result store and hands back the row
 * and the trace lines (the scratch trace is deleted). On the enqueuing machine,
 * `storeQueuedRow` writes a collected row and its trace into the real store,
 * at the same `traces/<key>.jsonl` path a local run would use.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { runEpisode } from '../runner.js';
import { ResultStore } from '../store.js';
import type { EpisodeSpec, ResultRow, TraceRecord } from '../types.js';
import type { EpisodeJobResult } from './payload.js';

export interface QueueRunContext {
  /** The worker's id, recorded in the row. */
  worker: string;
  /** Aborted when the worker releases its jobs. */
  signal: AbortSignal;
  /** Data folder for suites that read `shared/data`. */
  dataDir?: string;
}

/** Runs one episode on a worker; throws only when cancelled or when the runner itself broke. */
export type QueueEpisodeRunner = (spec: EpisodeSpec, ctx: QueueRunContext) => Promise<EpisodeJobResult>;

/** Trace lines of a JSONL trace file (a missing file reads as no lines). */
export function readTraceLines(path: string): TraceRecord[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TraceRecord);
}

/** The default worker runner: the eval core's `runEpisode`, traces via `scratchDir`. */
export function storeRunner(scratchDir: string): QueueEpisodeRunner {
  const store = new ResultStore(scratchDir);
  return async (spec, ctx) => {
    const row = await runEpisode(spec, {
      store,
      worker: ctx.worker,
      signal: ctx.signal,
      ...(ctx.dataDir !== undefined ? { dataDir: ctx.dataDir } : {}),
    });
    const path = store.tracePath(row.key);
    const trace = readTraceLines(path);
    rmSync(path, { force: true });
    return { row, trace };
  };
}

/** Stores a row collected from the queue: its trace first, then the row. */
export function storeQueuedRow(store: ResultStore, row: ResultRow, trace: readonly TraceRecord[]): void {
  if (trace.length > 0) {
    const writer = store.openTrace(row.key);
    try {
      for (const record of trace) writer.write(record);
    } finally {
      writer.close();
    }
  }
  const { trace: _remote, ...rest } = row;
  store.append(trace.length > 0 ? { ...rest, trace: store.traceFile(row.key) } : rest);
}
