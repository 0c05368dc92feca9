/**
 * The enqueuing side of multi-machine evaluation: one BullMQ job per episode
 * (job id derived from the episode key, so a spec is never queued twice), and
 * a collector that hands each finished row to `onRow` exactly once per key.
 *
 * Rows are collected from completed jobs' return values (`{row, trace}`), both
 * jobs that finish while this runs and jobs that had already finished before it
 * started (e.g. the previous `bench --queue` was interrupted while the workers
 * kept going). Completion is noticed through BullMQ's `QueueEvents` stream and,
 * as a safety net for missed events, by re-reading the state of every pending
 * job every `pollMs`. After `onRow` resolves, the job is removed from Redis
 * (unless `keepJobs`): the caller's result store is then the record.
 *
 * Semantics: at-least-once execution (a worker killed mid-episode, or one whose
 * lock expired, has its job run again elsewhere), exactly-once counting (BullMQ
 * lets only the lock holder complete a job, and the collector delivers one row
 * per key and ignores anything after it).
 */
import { Queue, QueueEvents } from 'bullmq';
import { episodeKey } from '../key.js';
import type { EpisodeSpec, ResultRow, TraceRecord } from '../types.js';
import { checkQueueName, checkRedis, DEFAULT_QUEUE_NAME } from './connection.js';
import { jobIdFor, keyOfJobId } from './job-id.js';
import { repeatFilter } from './repeat-filter.js';
import { isEpisodeJobResult, queueFailureRow, type EpisodeJobData, type EpisodeJobResult } from './payload.js';

/** Attempts per job when the worker's runner itself throws (suite errors are rows, not failures). */
export const JOB_ATTEMPTS = 3;

export interface EnqueueProgress {
  /** Distinct episodes (specs with equal keys count once). */
  total: number;
  /** Rows delivered so far. */
  done: number;
  /** Of `done`, rows of jobs that had finished before this call started. */
  earlier: number;
  /** Of `done`, rows recorded because the queue gave up on the job. */
  failed: number;
  /** Queue-wide job counts at the last poll (all enqueuers of this queue). */
  active: number;
  waiting: number;
}

export interface EnqueueOptions {
  /** `redis://HOST:PORT[/db]`. */
  url: string;
  queueName?: string;
  specs: readonly EpisodeSpec[];
  /** Stable key of a spec (default: the result store's `episodeKey`). */
  keyOf?(spec: EpisodeSpec): string;
  /** Called once per key, in completion order; awaited before the job is removed. */
  onRow(row: ResultRow, trace: TraceRecord[]): void | Promise<void>;
  onProgress?(progress: EnqueueProgress): void;
  /** Redis/BullMQ errors after the start (the client keeps reconnecting); a repeated message at most every 30 s. */
  onError?(error: Error): void;
  /** Stop waiting (queued jobs stay queued; a later call collects them). */
  signal?: AbortSignal;
  /** Interval of the full pending-job poll in ms (default 3000). */
  pollMs?: number;
  /** Keep completed jobs in Redis after delivering their rows (default false). */
  keepJobs?: boolean;
}

export interface EnqueueResult {
  total: number;
  done: number;
  earlier: number;
  failed: number;
  /** Keys still without a row (non-empty only when aborted). */
  pending: string[];
  aborted: boolean;
}

type EpisodeQueue = Queue<EpisodeJobData, EpisodeJobResult>;

function jobOptions(key: string) {
  return {
    jobId: jobIdFor(key),
    attempts: JOB_ATTEMPTS,
    backoff: { type: 'fixed' as const, delay: 1000 },
    removeOnComplete: false,
    removeOnFail: false,
  };
}

async function addJobs(queue: EpisodeQueue, entries: Array<[string, EpisodeSpec]>): Promise<void> {
  const chunk = 500;
  for (let i = 0; i < entries.length; i += chunk) {
    await queue.addBulk(
      entries.slice(i, i + chunk).map(([key, spec]) => ({ name: spec.suite.replace(/:/g, '/'), data: { key, spec }, opts: jobOptions(key) })),
    );
  }
}

export async function enqueueSuite(opts: EnqueueOptions): Promise<EnqueueResult> {
  const queueName = checkQueueName(opts.queueName ?? DEFAULT_QUEUE_NAME);
  const pending = new Map<string, EpisodeSpec>();
  for (const spec of opts.specs) {
    const key = (opts.keyOf ?? episodeKey)(spec);
    if (!pending.has(key)) pending.set(key, spec);
  }
  const total = pending.size;
  const progress: EnqueueProgress = { total, done: 0, earlier: 0, failed: 0, active: 0, waiting: 0 };
  const result = (aborted: boolean): EnqueueResult => ({
    total,
    done: progress.done,
    earlier: progress.earlier,
    failed: progress.failed,
    pending: [...pending.keys()],
    aborted,
  });
  if (total === 0) return result(false);
  if (opts.signal?.aborted) return result(true);

  const connection = await checkRedis(opts.url);
  const queue: EpisodeQueue = new Queue(queueName, { connection });
  const events = new QueueEvents(queueName, { connection });
  const fresh = repeatFilter();
  const onError = (err: Error) => {
    if (fresh(err.message)) opts.onError?.(err);
  };
  queue.on('error', onError);
  events.on('error', onError);

  /** Keys whose row has been (or is being) delivered: the exactly-once guard. */
  const claimed = new Set<string>();
  let wake: (() => void) | undefined;
  const wakeUp = () => wake?.();

  const deliver = async (key: string, row: ResultRow, trace: TraceRecord[], remove: () => Promise<unknown>) => {
    await opts.onRow(row, trace);
    if (!opts.keepJobs) await remove().catch(onError);
    pending.delete(key);
    progress.done += 1;
    opts.onProgress?.({ ...progress });
    if (pending.size === 0) wakeUp();
  };

  /** Look at one pending job and deliver its row if it has finished. */
  const inspect = async (key: string, phase: 'initial' | 'run'): Promise<void> => {
    const spec = pending.get(key);
    if (!spec || claimed.has(key)) return;
    // One cheap state read per pending job; the job (and its result) only once finished.
    const state = await queue.getJobState(jobIdFor(key));
    if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return;
    const job = await queue.getJob(jobIdFor(key));
    if (!job || state === 'unknown') {
      // Removed by someone else (another collector, an obliterate): queue it again.
      if (!job && phase === 'run' && !claimed.has(key)) await addJobs(queue, [[key, spec]]);
      return;
    }
    if (claimed.has(key)) return;
    const worker = job.processedBy ?? undefined;
    const wallSeconds = job.finishedOn && job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : 0;
    if (state === 'completed') {
      claimed.add(key);
      if (phase === 'initial') progress.earlier += 1;
      const value: unknown = job.returnvalue;
      if (isEpisodeJobResult(value, key)) {
        await deliver(key, value.row, value.trace, () => job.remove());
      } else {
        progress.failed += 1;
        const row = queueFailureRow(key, spec, 'the worker returned no valid result row', { worker, wallSeconds });
        await deliver(key, row, [], () => job.remove());
      }
    } else if (state === 'failed') {
      if (phase === 'initial') {
        // Left over from an earlier run: queue it afresh (a retry would keep its
        // stall count, and a job failed by stalls would fail again at once).
        await job.remove();
        await addJobs(queue, [[key, spec]]);
        return;
      }
      claimed.add(key);
      progress.failed += 1;
      const finishedAt = job.finishedOn ? new Date(job.finishedOn) : undefined;
      const row = queueFailureRow(key, spec, job.failedReason || 'job failed', { worker, wallSeconds, finishedAt });
      await deliver(key, row, [], () => job.remove());
    }
  };

  const inspectMany = async (keys: string[], phase: 'initial' | 'run') => {
    const parallel = 32;
    for (let i = 0; i < keys.length; i += parallel) {
      await Promise.all(keys.slice(i, i + parallel).map((key) => inspect(key, phase)));
    }
  };

  // Event-driven inspections run beside the poll loop; a failing `onRow` ends the wait.
  const inflight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  const onFinished = ({ jobId }: { jobId: string }) => {
    const key = keyOfJobId(jobId);
    if (key === undefined || !pending.has(key)) return;
    const task = inspect(key, 'run')
      .catch((error: unknown) => {
        failures.push(error);
        wakeUp();
      })
      .finally(() => inflight.delete(task));
    inflight.add(task);
  };
  events.on('completed', onFinished);
  events.on('failed', onFinished);
  const onAbort = () => wakeUp();
  opts.signal?.addEventListener('abort', onAbort);

  try {
    await events.waitUntilReady();
    await addJobs(queue, [...pending.entries()]);
    await inspectMany([...pending.keys()], 'initial');
    opts.onProgress?.({ ...progress });
    const pollMs = opts.pollMs ?? 3000;
    while (pending.size > 0 && !opts.signal?.aborted && failures.length === 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      if (failures.length > 0) throw failures[0];
      if (pending.size === 0 || opts.signal?.aborted) break;
      const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      progress.active = counts.active ?? 0;
      progress.waiting = (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0);
      await inspectMany([...pending.keys()], 'run');
      opts.onProgress?.({ ...progress });
    }
    if (failures.length > 0) throw failures[0];
    return result(pending.size > 0);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    events.off('completed', onFinished);
    events.off('failed', onFinished);
    await Promise.allSettled([...inflight]);
    await events.close().catch(onError);
    await queue.close().catch(onError);
  }
}

/** Delete a queue and all its jobs (tests, or starting over). */
export async function removeQueue(url: string, queueName: string): Promise<void> {
  const connection = await checkRedis(url);
  const queue = new Queue(checkQueueName(queueName), { connection });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
}
