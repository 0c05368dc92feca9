/**
 * A delay that ends early (rejecting with `LlmCancelledError`) when its
 * signal aborts.
 */
import { LlmCancelledError } from './errors.js';

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new LlmCancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new LlmCancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
