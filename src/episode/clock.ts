/**
 * The clock of one episode: its wall-time budget and the split of elapsed
 * time into execution (inside environment steps) and planning (everything
 * else the method does: search, belief updates, LLM calls).
 */
import type { ErrorCode } from '../core/error-codes.js';
import { GroundplanError } from '../core/errors.js';

/** The episode wall budget of both seeds' experiments (600 s). */
export const DEFAULT_EPISODE_MS = 600_000;

export class EpisodeClock {
  private readonly start: number;
  private execMs = 0;

  /**
   * @param limitMs the budget; a step started after it throws `GroundplanError(timeCode)`.
   * @param timeCode the environment's time-limit code (`KITCHEN_TIME`, `HOUSEHOLD_TIME`).
   */
  constructor(
    readonly limitMs: number,
    readonly timeCode: ErrorCode,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.start = now();
  }

  elapsedMs(): number {
    return this.now() - this.start;
  }

  timeLeftMs(): number {
    return this.limitMs - this.elapsedMs();
  }

  expired(): boolean {
    return this.elapsedMs() > this.limitMs;
  }

  /** Runs one environment step: refuses it when the budget is spent, books its time as execution. */
  exec<T>(step: () => T): T {
    if (this.expired()) throw new GroundplanError(this.timeCode, 'episode time limit exceeded');
    const a = this.now();
    try {
      return step();
    } finally {
      this.execMs += this.now() - a;
    }
  }

  /** Seconds spent outside environment steps so far. */
  planningSeconds(): number {
    return (this.elapsedMs() - this.execMs) / 1000;
  }

  /** Whether `err` is this clock's time-limit error (thrown by `exec` or by a method that checks `timeLeftMs`). */
  isTimeout(err: unknown): boolean {
    return err instanceof GroundplanError && err.code === this.timeCode;
  }
}
