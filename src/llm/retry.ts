/**
 * Retries with exponential backoff and seeded jitter on rate limits (429,
 * honouring `retry-after`), 5xx, timeouts and dropped connections. Other
 * errors (bad request, missing key, cancelled) pass straight through.
 */
import type { Rng } from '../core/rng.js';
import { sleep } from './abortable-sleep.js';
import { LlmHttpError, LlmRetriesExhaustedError, LlmTimeoutError, LlmUnreachableError } from './errors.js';
import type { LlmClient, LlmMiddleware } from './types.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** First backoff delay in ms (default 500). */
  baseDelayMs?: number;
  /** Cap on one backoff delay in ms (default 20000). */
  maxDelayMs?: number;
  /** A `retry-after` longer than this fails the call instead of waiting (default 60000). */
  maxRetryAfterMs?: number;
  /** Jitter source (the only randomness; seeded). */
  rng: Rng;
  /** Called before each wait (for logs and tests). */
  onRetry?: (info: { kind: string; attempt: number; delayMs: number; error: unknown }) => void;
}

/** Whether an error is worth retrying. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof LlmHttpError) return err.retryable;
  if (err instanceof LlmTimeoutError) return true;
  if (err instanceof LlmUnreachableError) return err.retryable;
  return false;
}

/** The backoff before retry number `attempt` (1-based): equal jitter over base·2^(attempt−1). */
export function backoffDelay(attempt: number, opts: { baseDelayMs: number; maxDelayMs: number; rng: Rng }): number {
  const exp = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1));
  return exp / 2 + opts.rng.uniform(0, exp / 2);
}

export function withRetry(options: RetryOptions): LlmMiddleware {
  const maxRetries = options.maxRetries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  return (inner: LlmClient): LlmClient => ({
    id: inner.id,
    async complete(request) {
      const errors: unknown[] = [];
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await inner.complete(request);
          return { ...response, retries: (response.retries ?? 0) + attempt };
        } catch (err) {
          errors.push(err);
          if (!isRetryable(err)) {
            if (attempt === 0) throw err;
            throw new LlmRetriesExhaustedError(request.kind, attempt + 1, errors);
          }
          if (attempt >= maxRetries) {
            throw new LlmRetriesExhaustedError(request.kind, attempt + 1, errors);
          }
          let delayMs = backoffDelay(attempt + 1, { baseDelayMs, maxDelayMs, rng: options.rng });
          const asked = err instanceof LlmHttpError ? err.retryAfterMs : undefined;
          if (asked !== undefined) {
            if (asked > maxRetryAfterMs) throw new LlmRetriesExhaustedError(request.kind, attempt + 1, errors);
            delayMs = asked + options.rng.uniform(0, Math.min(asked, baseDelayMs) * 0.1);
          }
          options.onRetry?.({ kind: request.kind, attempt: attempt + 1, delayMs, error: err });
          await sleep(delayMs, request.signal);
        }
      }
    },
  });
}
