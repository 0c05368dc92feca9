/**
 * The outcome of one `groundplan plan` process as the planner benchmark
 * records it: the status of its JSON line when it printed one; otherwise why
 * it ended. A process that ran out of memory is `memout` whichever way it
 * ended: exit 3 with a `memout:` line, a RangeError from a failed allocation,
 * or V8 aborting on a full heap ("JavaScript heap out of memory", SIGABRT).
 */

/** How the process ended (exit status as /usr/bin/time or spawn reports it). */
export interface ProcessEnd {
  status: number | null;
  stderr: string;
  /** Killed by the benchmark's wall-clock safety net. */
  killed: boolean;
}

const OUT_OF_MEMORY = /JavaScript heap out of memory|Array buffer allocation failed|Invalid typed array length|^memout: /m;

/** 3 is the CLI's `memout` exit code; 134 = 128 + SIGABRT, V8's abort on a full heap. */
const MEMOUT_EXITS = new Set([3, 134]);

export function processOutcome(jsonStatus: string | undefined, end: ProcessEnd): string {
  if (jsonStatus) return jsonStatus;
  if (end.killed) return 'killed';
  if (OUT_OF_MEMORY.test(end.stderr) || (end.status !== null && MEMOUT_EXITS.has(end.status))) return 'memout';
  return `exit ${end.status}`;
}
