/**
 * Multi-machine evaluation on BullMQ/Redis: `enqueueSuite` (one job per
 * episode key, rows collected exactly once per key) and `startWorker` (runs
 * jobs with the eval runner). See docs/queue.md.
 */
export { DEFAULT_QUEUE_NAME, checkRedis, parseRedisUrl, redactUrl } from './connection.js';
export type { RedisConnection } from './connection.js';
export { enqueueSuite, removeQueue, JOB_ATTEMPTS } from './enqueue-suite.js';
export type { EnqueueOptions, EnqueueProgress, EnqueueResult } from './enqueue-suite.js';
export { jobIdFor, keyOfJobId } from './job-id.js';
export { isEpisodeJobResult, queueFailureRow } from './payload.js';
export type { EpisodeJobData, EpisodeJobResult } from './payload.js';
export { startWorker, DEFAULT_LOCK_MS, DEFAULT_MAX_STALLED, DEFAULT_STALLED_MS } from './start-worker.js';
export type { QueueWorker, QueueWorkerEvent, QueueWorkerOptions } from './start-worker.js';
export { readTraceLines, storeQueuedRow, threadRunner } from './store-runner.js';
export type { QueueEpisodeRunner, QueueRunContext, ThreadRunner } from './store-runner.js';
