/**
 * Glue between the queue and the eval core. On a worker, `threadRunner` runs
 * each episode with the eval runner on a worker thread (the eval pool's
 * `pool-worker` module), into a scratch result store, and hands back the row
 * and the trace lines (the scratch trace is deleted). Threads keep the
 * worker's main thread free while an episode computes, so BullMQ renews the
 * job locks and handles signals even during long synchronous searches, and a
 * cancelled episode is stopped by terminating its thread.
 *
 * On the enqueuing machine, `storeQueuedRow` writes a collected row and its
 * trace into the real store, at the `traces/<key>.jsonl` path a local run uses.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { Piscina } from 'piscina';
import { episodeKey } from '../key.js';
import { poolWorkerFile } from '../pool.js';
import type { PoolTask } from '../pool-worker.js';
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

export interface ThreadRunner {
  run: QueueEpisodeRunner;
  /** Stops the threads (running episodes are terminated). */
  close(): Promise<void>;
}

/** The default worker runner: `threads` worker threads running the eval runner, traces via `scratchDir`. */
export function threadRunner(scratchDir: string, threads: number): ThreadRunner {
  const store = new ResultStore(scratchDir);
  const { filename, execArgv } = poolWorkerFile();
  const pool = new Piscina({ filename, minThreads: threads, maxThreads: threads, idleTimeout: 60_000, atomics: 'disabled', execArgv });
  const run: QueueEpisodeRunner = async (spec, ctx) => {
    const path = store.tracePath(episodeKey(spec));
    try {
      const task: PoolTask = { spec, dir: scratchDir, worker: ctx.worker, ...(ctx.dataDir !== undefined ? { dataDir: ctx.dataDir } : {}) };
      const row = (await pool.run(task, { signal: ctx.signal })) as ResultRow;
      return { row, trace: readTraceLines(path) };
    } finally {
      rmSync(path, { force: true });
    }
  };
  return { run, close: () => pool.destroy() };
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
