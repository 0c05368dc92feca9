/**
 * Clocks for per-move search budgets. The DESPOT reference measures its
 * budget in process CPU time (`clock()`), which keeps the search effort per
 * move independent of machine load; wall time is the alternative. `thread` is
 * the calling thread's own CPU time (Linux `/proc/thread-self/stat`, 10 ms
 * ticks), so episodes on parallel worker threads each get their full budget;
 * where that file is missing it falls back to process CPU time. A function
 * returning seconds is a clock too (tests drive the budget with a fake one).
 */
import { readFileSync } from 'node:fs';

export type ClockKind = 'cpu' | 'wall' | 'thread';

let threadStat: boolean | undefined;

/** The calling thread's CPU seconds (user + system), or undefined without /proc/thread-self. */
function threadCpuSeconds(): number | undefined {
  if (threadStat === false) return undefined;
  try {
    const s = readFileSync('/proc/thread-self/stat', 'utf8');
    // fields after the parenthesised command name: state is field 3, utime 14, stime 15 (clock ticks, 100 per second)
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    threadStat = true;
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    threadStat = false;
    return undefined;
  }
}

/** Seconds on the chosen clock (arbitrary origin). */
export function clockSeconds(kind: ClockKind): number {
  if (kind === 'wall') return performance.now() / 1000;
  if (kind === 'thread') {
    const t = threadCpuSeconds();
    if (t !== undefined) return t;
  }
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** A named clock, or any function returning seconds. */
export type Clock = ClockKind | (() => number);

/** Seconds on `clock`. */
export function readClock(clock: Clock): number {
  return typeof clock === 'function' ? clock() : clockSeconds(clock);
}
