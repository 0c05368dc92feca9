/**
 * Clocks for per-move search budgets. The DESPOT reference measures its
 * budget in process CPU time (`clock()`), which keeps the search effort per
 * move independent of machine load; wall time is the alternative. A function
 * returning seconds is a clock too (tests drive the budget with a fake one).
 */
export type ClockKind = 'cpu' | 'wall';

/** Seconds on the chosen clock (arbitrary origin). */
export function clockSeconds(kind: ClockKind): number {
  if (kind === 'wall') return performance.now() / 1000;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** A named clock, or any function returning seconds. */
export type Clock = ClockKind | (() => number);

/** Seconds on `clock`. */
export function readClock(clock: Clock): number {
  return typeof clock === 'function' ? clock() : clockSeconds(clock);
}
