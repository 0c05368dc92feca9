/**
 * What travels through the queue: a job carries one episode spec and its key;
 * a completed job's return value is the finished row plus the episode's trace
 * lines, so the machine that enqueued the suite stores both (workers keep no
 * results of their own).
 */
import type { EpisodeSpec, ResultRow, TraceRecord } from '../types.js';
import { errorRow } from '../runner.js';

export interface EpisodeJobData {
  key: string;
  spec: EpisodeSpec;
}

export interface EpisodeJobResult {
  row: ResultRow;
  trace: TraceRecord[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Shape check of a job's return value (it crossed a process boundary as JSON). */
export function isEpisodeJobResult(value: unknown, key: string): value is EpisodeJobResult {
  if (!isObject(value) || !isObject(value.row) || !Array.isArray(value.trace)) return false;
  const row = value.row;
  return (
    row.key === key &&
    (row.status === 'done' || row.status === 'error') &&
    typeof row.success === 'boolean' &&
    typeof row.reward === 'number' &&
    typeof row.steps === 'number' &&
    isObject(row.llm) &&
    isObject(row.spec)
  );
}

/**
 * The row recorded for an episode the queue gave up on (its workers died more
 * often than the stall limit allows, or the runner itself kept failing).
 */
export function queueFailureRow(
  key: string,
  spec: EpisodeSpec,
  reason: string,
  info: { worker?: string; wallSeconds?: number; finishedAt?: Date },
): ResultRow {
  const row = errorRow(key, spec, `queue: ${reason}`, info.wallSeconds ?? 0, info.worker ?? 'queue');
  return info.finishedAt ? { ...row, finishedAt: info.finishedAt.toISOString() } : row;
}
