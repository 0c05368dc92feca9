/**
 * CPU time of one thread, for per-call limits on worker threads. Node 20 has
 * no `process.threadCpuUsage`; on Linux `/proc/thread-self/stat` (inside the
 * thread) and `/proc/self/task/<tid>/stat` (from any thread of the process)
 * give the thread's user and system time in clock ticks (fields 14 and 15 of
 * proc(5); the kernel reports them in USER_HZ = 100 ticks per second). Where
 * /proc is missing the clocks fall back to wall time and say so.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second in /proc stat files (USER_HZ, 100 on every Linux ABI Node runs on). */
const USER_HZ = 100;

/** utime + stime in milliseconds from the text of a /proc stat file, or undefined when it does not parse. */
export function parseStatCpuMs(stat: string): number | undefined {
  // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const rest = stat.slice(close + 1).trim().split(/\s+/);
  // rest[0] is field 3 (state); utime is field 14, stime field 15.
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return ((utime + stime) * 1000) / USER_HZ;
}

function readCpuMs(path: string): number | undefined {
  try {
    return parseStatCpuMs(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The calling thread's kernel thread id (Linux), or undefined where /proc is missing. */
export function currentThreadId(): number | undefined {
  try {
    const link = readlinkSync('/proc/thread-self');
    const tid = Number(link.slice(link.lastIndexOf('/') + 1));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds of thread `tid` of this process, read from any thread; undefined when unreadable (gone, or no /proc). */
export function threadCpuMsOf(tid: number): number | undefined {
  return readCpuMs(`/proc/self/task/${tid}/stat`);
}

export interface ThreadClock {
  /** Milliseconds on this clock: never decreasing. */
  now(): number;
  /** `thread-cpu` when reading /proc, else `wall`. */
  readonly kind: 'thread-cpu' | 'wall';
}

/**
 * A clock of the calling thread's CPU time for a search's `now` option. A
 * search polls its clock once per expansion, so the stat file is read at most
 * once per `refreshMs` of wall time and the last reading is returned in
 * between (so the clock lags by at most `refreshMs` plus one tick).
 */
export function threadCpuClock(refreshMs = 20): ThreadClock {
  const first = readCpuMs('/proc/thread-self/stat');
  if (first === undefined) {
    const wall = (): number => performance.now();
    return { now: wall, kind: 'wall' };
  }
  let last = first;
  let readAt = performance.now();
  return {
    kind: 'thread-cpu',
    now(): number {
      const t = performance.now();
      if (t - readAt >= refreshMs) {
        readAt = t;
        const v = readCpuMs('/proc/thread-self/stat');
        if (v !== undefined && v > last) last = v;
      }
      return last;
    },
  };
}
