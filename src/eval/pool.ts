/**
 * The local pool: runs episodes on worker threads (piscina), or in this
 * thread for `workers: 0`. Worker threads keep the main thread free, so a
 * Ctrl-C is handled at once even while an episode runs synchronous search
 * (DESPOT, the classical planner) for minutes. Workers write traces; rows come back here and the
 * main thread alone appends them to the store, in completion order.
 *
 * Cancelling (`signal`, e.g. Ctrl-C): nothing more is scheduled, running
 * episodes are stopped (their worker threads terminated), their partial
 * traces are removed, and no row is written for them; rows already appended
 * stay, so a rerun resumes.
 *
 * Worker file: `pool-worker.js` next to this module when it exists (the built
 * `dist/`), else `pool-worker.ts` loaded through tsx (`--import tsx` in the
 * worker's execArgv), so the pool works from both `dist` and `tsx`.
 * piscina is imported when a pool starts, not with the package.
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { episodeKey } from './key.js';
import type { PoolTask } from './pool-worker.js';
import { EpisodeAbortedError, errorRow, runEpisode } from './runner.js';
import type { ResultStore } from './store.js';
import type { EpisodeSpec, ResultRow } from './types.js';

export interface PoolOptions {
  store: ResultStore;
  /** Worker threads (default 1); 0 runs the episodes in this thread. */
  workers?: number;
  dataDir?: string;
  signal?: AbortSignal;
  /** After the row has been appended to the store. */
  onRow?(row: ResultRow): void;
  onStart?(spec: EpisodeSpec): void;
}

export interface PoolResult {
  /** Rows appended by this call. */
  completed: number;
  aborted: boolean;
}

/** Where the worker module is and how to load it. */
export function poolWorkerFile(): { filename: string; execArgv: string[] } {
  const js = new URL('./pool-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { filename: js.href, execArgv: [] };
  const ts = new URL('./pool-worker.ts', import.meta.url);
  let tsx = 'tsx';
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    // keep the bare name: resolved from the working directory
  }
  return { filename: ts.href, execArgv: ['--import', tsx] };
}

function isAbort(err: unknown): boolean {
  return err instanceof EpisodeAbortedError || (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError'));
}

async function runHere(specs: readonly EpisodeSpec[], options: PoolOptions): Promise<PoolResult> {
  let completed = 0;
  for (const spec of specs) {
    if (options.signal?.aborted) return { completed, aborted: true };
    options.onStart?.(spec);
    let row: ResultRow;
    try {
      row = await runEpisode(spec, { store: options.store, worker: 'local', ...(options.signal ? { signal: options.signal } : {}), ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}) });
    } catch (err) {
      if (isAbort(err)) return { completed, aborted: true };
      throw err;
    }
    options.store.append(row);
    completed++;
    options.onRow?.(row);
  }
  return { completed, aborted: Boolean(options.signal?.aborted) };
}

/** Runs every spec once; resolves when all are done or the signal fired. */
export async function runPool(specs: readonly EpisodeSpec[], options: PoolOptions): Promise<PoolResult> {
  const workers = Math.max(0, Math.floor(options.workers ?? 1));
  if (workers === 0) return runHere(specs, options);
  if (specs.length === 0) return { completed: 0, aborted: Boolean(options.signal?.aborted) };
  const { filename, execArgv } = poolWorkerFile();
  const { Piscina } = await import('piscina');
  const pool = new Piscina({ filename, minThreads: Math.min(workers, specs.length), maxThreads: Math.min(workers, specs.length), idleTimeout: 1000, atomics: 'disabled', execArgv });
  const internal = new AbortController();
  const stop = (): void => internal.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  let completed = 0;
  let next = 0;
  const lane = async (id: number): Promise<void> => {
    while (!internal.signal.aborted && next < specs.length) {
      const spec = specs[next++];
      options.onStart?.(spec);
      const task: PoolTask = { spec, dir: options.store.dir, worker: `local-${id}`, ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}) };
      let row: ResultRow;
      try {
        row = (await pool.run(task, { signal: internal.signal })) as ResultRow;
      } catch (err) {
        if (internal.signal.aborted || isAbort(err)) {
          rmSync(options.store.tracePath(episodeKey(spec)), { force: true });
          return;
        }
        // the worker thread died (out of memory, a crash outside the runner): record it and go on
        row = errorRow(episodeKey(spec), spec, `worker thread failed: ${err instanceof Error ? err.message : String(err)}`, 0, task.worker, options.store.traceFile(episodeKey(spec)));
      }
      if (internal.signal.aborted) {
        rmSync(options.store.tracePath(episodeKey(spec)), { force: true });
        return;
      }
      options.store.append(row);
      completed++;
      options.onRow?.(row);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(workers, specs.length) }, (_, i) => lane(i + 1)));
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await pool.destroy();
  }
  return { completed, aborted: Boolean(options.signal?.aborted) };
}
