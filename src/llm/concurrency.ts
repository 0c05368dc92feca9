/**
 * A concurrency limit: at most `limit` calls in flight through the wrapped
 * client; the rest wait in FIFO order (and leave the queue when cancelled).
 */
import { LlmCancelledError } from './errors.js';
import type { LlmClient, LlmMiddleware } from './types.js';

/** A counting semaphore with FIFO waiters. */
export class Semaphore {
  private available: number;
  private readonly waiters: { resolve: () => void }[] = [];

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`Semaphore: limit must be >= 1, got ${limit}`);
    this.available = Math.floor(limit);
  }

  get inFlight(): number {
    return this.limit - this.available;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw new LlmCancelledError();
    if (this.available > 0) {
      this.available--;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new LlmCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.resolve();
      else this.available++;
    };
  }
}

export function withConcurrency(limit: number | Semaphore): LlmMiddleware {
  const sem = typeof limit === 'number' ? new Semaphore(limit) : limit;
  return (inner: LlmClient): LlmClient => ({
    id: inner.id,
    async complete(request) {
      const release = await sem.acquire(request.signal);
      try {
        return await inner.complete(request);
      } finally {
        release();
      }
    },
  });
}
