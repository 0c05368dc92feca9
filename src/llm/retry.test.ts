import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { Semaphore } from './concurrency.js';
import { LlmCancelledError, LlmHttpError, LlmRetriesExhaustedError, LlmTimeoutError } from './errors.js';
import { parseRetryAfter } from './provider-client.js';
import { backoffDelay, isRetryable, withRetry } from './retry.js';
import { withTimeout } from './timeout.js';
import type { LlmClient, LlmRequest } from './types.js';

const req: LlmRequest = { kind: 'k', messages: [{ role: 'user', content: 'q' }] };
const http = (status: number) => new LlmHttpError(`HTTP ${status}`, { status, retryable: status === 429 || status >= 500 });

function flaky(errors: unknown[]): LlmClient & { calls: number } {
  const c = {
    id: 'flaky',
    calls: 0,
    async complete() {
      const e = errors[c.calls++];
      if (e) throw e;
      return { text: 'ok', usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1 };
    },
  };
  return c;
}

describe('retry', () => {
  it('backoff doubles, is capped, and its jitter is seeded', () => {
    const d = (seed: number) => [1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, { baseDelayMs: 100, maxDelayMs: 1000, rng: new Rng(seed) }));
    expect(d(1)).toEqual(d(1));
    expect(d(1)).not.toEqual(d(2));
    d(1).forEach((ms, i) => {
      const exp = Math.min(1000, 100 * 2 ** i);
      expect(ms).toBeGreaterThanOrEqual(exp / 2);
      expect(ms).toBeLessThanOrEqual(exp);
    });
  });

  it('retries only retryable errors', async () => {
    expect(isRetryable(http(429))).toBe(true);
    expect(isRetryable(http(503))).toBe(true);
    expect(isRetryable(http(400))).toBe(false);
    expect(isRetryable(new LlmTimeoutError('t', 1))).toBe(true);
    expect(isRetryable(new LlmCancelledError())).toBe(false);
    const c = flaky([http(400)]);
    await expect(withRetry({ rng: new Rng(1), baseDelayMs: 1 })(c).complete(req)).rejects.toBeInstanceOf(LlmHttpError);
    expect(c.calls).toBe(1);
    const d = flaky([http(503), new LlmTimeoutError('t', 1)]);
    const r = await withRetry({ rng: new Rng(1), baseDelayMs: 1 })(d).complete(req);
    expect(r.retries).toBe(2);
    const e = flaky([http(503), http(503), http(503), http(503)]);
    await expect(withRetry({ rng: new Rng(1), baseDelayMs: 1, maxRetries: 3 })(e).complete(req)).rejects.toBeInstanceOf(LlmRetriesExhaustedError);
    expect(e.calls).toBe(4);
  });

  it('fails at once when retry-after is longer than allowed', async () => {
    const slow = new LlmHttpError('429', { status: 429, retryable: true, retryAfterMs: 3_600_000 });
    const c = flaky([slow]);
    await expect(withRetry({ rng: new Rng(1), maxRetryAfterMs: 60_000 })(c).complete(req)).rejects.toThrow(/after 1 attempts/);
  });

  it('stops waiting when cancelled during backoff', async () => {
    const c = flaky([http(503), http(503)]);
    const ac = new AbortController();
    const p = withRetry({ rng: new Rng(1), baseDelayMs: 60_000 })(c).complete({ ...req, signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toBeInstanceOf(LlmCancelledError);
  });

  it('parses retry-after in seconds, ms and HTTP dates', () => {
    expect(parseRetryAfter({ 'Retry-After': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'retry-after-ms': '150' })).toBe(150);
    expect(parseRetryAfter({ 'retry-after': new Date(10_000).toUTCString() }, 4_000)).toBe(6000);
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('timeout and semaphore', () => {
  it('turns its own abort into LlmTimeoutError and passes the signal down', async () => {
    let seen: AbortSignal | undefined;
    const hang: LlmClient = {
      id: 'hang',
      complete: (r) =>
        new Promise((_, reject) => {
          seen = r.signal;
          r.signal?.addEventListener('abort', () => reject(new LlmCancelledError()));
        }),
    };
    await expect(withTimeout(20)(hang).complete(req)).rejects.toBeInstanceOf(LlmTimeoutError);
    expect(seen?.aborted).toBe(true);
  });

  it('gives up on a client that ignores its signal', async () => {
    const deaf: LlmClient = { id: 'deaf', complete: () => new Promise(() => undefined) };
    await expect(withTimeout(20)(deaf).complete(req)).rejects.toBeInstanceOf(LlmTimeoutError);
    const ac = new AbortController();
    const p = withTimeout(60_000)(deaf).complete({ ...req, signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(LlmCancelledError);
  });

  it('semaphore is FIFO and removes cancelled waiters', async () => {
    const s = new Semaphore(1);
    const order: number[] = [];
    const r0 = await s.acquire();
    const ac = new AbortController();
    const p1 = s.acquire().then((rel) => {
      order.push(1);
      return rel;
    });
    const p2 = s.acquire(ac.signal);
    const p3 = s.acquire().then((rel) => {
      order.push(3);
      rel();
    });
    ac.abort();
    await expect(p2).rejects.toBeInstanceOf(LlmCancelledError);
    expect(s.waiting).toBe(2);
    r0();
    (await p1)();
    await p3;
    expect(order).toEqual([1, 3]);
    expect(s.inFlight).toBe(0);
  });
});
