/**
 * Clocks for per-move search budgets. The DESPOT reference measures its
 * budget in process CPU time (`clock()`), which keeps the search effort per
 * move independent of machine load; wall time is the alternative.
 */
export type ClockKind = 'cpu' | 'wall';

/** Seconds on the chosen clock (arbitrary origin). */
export function clockSeconds(kind: ClockKind): number {
  if (kind === 'wall') return performance.now() / 1000;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}
