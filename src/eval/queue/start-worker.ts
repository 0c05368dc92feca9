/**
 * The working side of multi-machine evaluation: a BullMQ worker that takes
 * episode jobs, runs each with the eval runner and returns `{row, trace}` as
 * the job's result (the enqueuing machine stores both).
 *
 * Crash handling: a worker holds a lock on each running job and renews it
 * every `lockMs / 2`. If the worker dies, its lock expires after `lockMs`, and
 * the next stalled-job check of any live worker (every `stalledMs`) moves the
 * job back to `wait`, where another worker takes it: a killed worker's episode
 * is back in `wait` at most `lockMs + stalledMs` after the crash. A job that stalls more
 * than `maxStalledCount` times fails (the collector records an `error` row).
 * When the runner itself throws, the job is retried (3 attempts, 1 s apart).
 *
 * Episodes run on worker threads (one per unit of concurrency), so the main
 * thread renews locks even while an episode computes synchronously for
 * longer than the lock.
 *
 * Shutdown: `close()` stops taking jobs and lets the running episodes finish;
 * `release()` cancels them (terminating their threads) and puts their jobs
 * straight back in the queue (no attempt is counted) so that other workers
 * take them over. An episode that finished before the release is returned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WaitingError, Worker, type Job } from 'bullmq';
import { InputError } from '../../core/errors.js';
import type { EpisodeSpec, ResultRow } from '../types.js';
import { checkQueueName, checkRedis, DEFAULT_QUEUE_NAME } from './connection.js';
import { keyOfJobId } from './job-id.js';
import { repeatFilter } from './repeat-filter.js';
import type { EpisodeJobData, EpisodeJobResult } from './payload.js';
import { threadRunner, type QueueEpisodeRunner, type ThreadRunner } from './store-runner.js';

export const DEFAULT_LOCK_MS = 30_000;
export const DEFAULT_STALLED_MS = 15_000;
export const DEFAULT_MAX_STALLED = 2;

export type QueueWorkerEvent =
  | { type: 'started'; key: string; spec: EpisodeSpec; attempt: number }
  /** The job completed with this row (BullMQ accepted the result). */
  | { type: 'finished'; row: ResultRow; seconds: number }
  /** The runner threw; BullMQ retries until the attempts are used up. */
  | { type: 'failed'; key: string; message: string; attempt: number; final: boolean }
  /** A job of a dead worker was found by this worker's stalled check and requeued. */
  | { type: 'recovered'; key: string }
  /** A running job was given back to the queue by `release()`. */
  | { type: 'released'; key: string }
  /** A queue/Redis error (the client keeps reconnecting); a repeated message at most every 30 s. */
  | { type: 'error'; message: string };

export interface QueueWorkerOptions {
  /** `redis://HOST:PORT[/db]`. */
  url: string;
  queueName?: string;
  /** Episodes run at once by this worker (default 1). */
  concurrency?: number;
  /** Recorded in each row's `worker` field and as the BullMQ worker name. */
  id: string;
  /** Data folder for suites that read `shared/data`. */
  dataDir?: string;
  /** Job lock duration in ms (default 30000). */
  lockMs?: number;
  /** Interval of the stalled-job check in ms (default 15000). */
  stalledMs?: number;
  /** Stalls a job survives before it fails (default 2). */
  maxStalledCount?: number;
  /** Runs one episode (default: the eval runner, traces via a scratch directory). */
  run?: QueueEpisodeRunner;
  onEvent?(event: QueueWorkerEvent): void;
}

export interface QueueWorker {
  readonly id: string;
  /** Episodes running now. */
  running(): number;
  /** Stop taking jobs, let the running episodes finish, disconnect. */
  close(): Promise<void>;
  /** Cancel the running episodes, put their jobs back in the queue, disconnect. */
  release(): Promise<void>;
}

function positive(name: string, value: number | undefined, fallback: number, integer: boolean): number {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v))) {
    throw new InputError('QUEUE_OPTION', `${name}: expected a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  }
  return v;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function startWorker(opts: QueueWorkerOptions): Promise<QueueWorker> {
  const queueName = checkQueueName(opts.queueName ?? DEFAULT_QUEUE_NAME);
  const concurrency = positive('concurrency', opts.concurrency, 1, true);
  const lockDuration = positive('lockMs', opts.lockMs, DEFAULT_LOCK_MS, true);
  const stalledInterval = positive('stalledMs', opts.stalledMs, DEFAULT_STALLED_MS, true);
  const maxStalledCount = positive('maxStalledCount', opts.maxStalledCount, DEFAULT_MAX_STALLED, true);
  if (opts.id === '' || opts.id.includes(':')) throw new InputError('QUEUE_OPTION', `worker id '${opts.id}': must be non-empty without ':'`);
  const connection = await checkRedis(opts.url);
  const emit = (event: QueueWorkerEvent) => opts.onEvent?.(event);

  let scratch: string | undefined;
  let threads: ThreadRunner | undefined;
  if (!opts.run) {
    scratch = mkdtempSync(join(tmpdir(), 'groundplan-worker-'));
    threads = threadRunner(scratch, concurrency);
  }
  const runEpisodeJob: QueueEpisodeRunner = opts.run ?? (threads as ThreadRunner).run;

  let stopping = false;
  let releasing = false;
  const active = new Map<string, number>();

  const processor = async (job: Job<EpisodeJobData, EpisodeJobResult>, token?: string, signal?: AbortSignal): Promise<EpisodeJobResult> => {
    const { key, spec } = job.data;
    if (stopping) {
      // Fetched together with the last completion while shutting down: not ours to run.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) abort();
    active.set(key, performance.now());
    emit({ type: 'started', key, spec, attempt: job.attemptsStarted });
    try {
      // A finished episode is returned even when a release came meanwhile.
      return await runEpisodeJob(spec, {
        worker: opts.id,
        signal: controller.signal,
        ...(opts.dataDir !== undefined ? { dataDir: opts.dataDir } : {}),
      });
    } catch (err) {
      if (releasing) {
        // Back to `wait` without counting an attempt; another worker takes it.
        active.delete(key);
        await job.moveToWait(token);
        emit({ type: 'released', key });
        throw new WaitingError();
      }
      throw err;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  };

  const worker = new Worker<EpisodeJobData, EpisodeJobResult>(queueName, processor, {
    connection,
    name: opts.id,
    concurrency,
    lockDuration,
    stalledInterval,
    maxStalledCount,
    autorun: false,
  });
  worker.on('completed', (job, result) => {
    const started = active.get(job.data.key);
    active.delete(job.data.key);
    emit({ type: 'finished', row: result.row, seconds: started === undefined ? 0 : (performance.now() - started) / 1000 });
  });
  worker.on('failed', (job, err) => {
    if (!job) return;
    active.delete(job.data.key);
    const attempts = job.opts.attempts ?? 1;
    emit({ type: 'failed', key: job.data.key, message: err.message, attempt: job.attemptsMade, final: job.attemptsMade >= attempts });
  });
  worker.on('stalled', (jobId) => emit({ type: 'recovered', key: keyOfJobId(jobId) ?? jobId }));
  const fresh = repeatFilter();
  worker.on('error', (err) => {
    const message = messageOf(err);
    if (fresh(message)) emit({ type: 'error', message });
  });
  await worker.waitUntilReady();
  worker.run().catch((err: unknown) => emit({ type: 'error', message: messageOf(err) }));

  let closing: Promise<void> | undefined;
  const shutdown = (release: boolean): Promise<void> => {
    stopping = true;
    if (release && !releasing) {
      releasing = true;
      worker.cancelAllJobs('released');
    }
    closing ??= (async () => {
      await worker.close();
      await threads?.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    })();
    return closing;
  };

  return {
    id: opts.id,
    running: () => active.size,
    close: () => shutdown(false),
    release: () => shutdown(true),
  };
}
