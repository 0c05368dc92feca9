/**
 * Budgets for anytime and bounded computations: wall time, an expansion (or
 * trial) count, and cancellation through an AbortSignal.
 */
export interface Budget {
  /** Wall-clock limit in milliseconds. */
  timeoutMs?: number;
  /** Limit on expansions (search) or trials (belief-tree search). */
  maxExpansions?: number;
  /** Stops the computation early; the result says `cancelled` or `timeout`. */
  signal?: AbortSignal;
}

/** Tracks a budget while a computation runs; cheap to poll. */
export class BudgetClock {
  readonly startedAt: number;
  private readonly deadline: number;
  private readonly maxExpansions: number;
  private readonly signal?: AbortSignal;

  /** `startedAt`: the `now()` reading the budget counts from (default: now). */
  constructor(budget: Budget = {}, now: () => number = performance.now.bind(performance), startedAt = now()) {
    this.now = now;
    this.startedAt = startedAt;
    this.deadline = budget.timeoutMs === undefined ? Infinity : this.startedAt + budget.timeoutMs;
    this.maxExpansions = budget.maxExpansions ?? Infinity;
    this.signal = budget.signal;
  }

  private readonly now: () => number;

  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  remainingMs(): number {
    return this.deadline - this.now();
  }

  /**
   * Why the computation must stop, or undefined if it may go on. `readClock`
   * false skips the deadline (reading a CPU clock is a system call).
   */
  exhausted(expansions = 0, readClock = true): 'timeout' | 'expansions' | 'cancelled' | undefined {
    if (this.signal?.aborted) return 'cancelled';
    if (expansions >= this.maxExpansions) return 'expansions';
    if (readClock && this.deadline !== Infinity && this.now() >= this.deadline) return 'timeout';
    return undefined;
  }
}
