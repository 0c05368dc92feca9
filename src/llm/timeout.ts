/**
 * A per-call timeout: aborts the call's signal (so the HTTP request is really
 * cancelled) and turns the abort into `LlmTimeoutError`. The caller's own
 * signal still cancels with `LlmCancelledError`.
 */
import { LlmCancelledError, LlmTimeoutError } from './errors.js';
import type { LlmClient, LlmMiddleware } from './types.js';

export function withTimeout(timeoutMs: number): LlmMiddleware {
  return (inner: LlmClient): LlmClient => ({
    id: inner.id,
    async complete(request) {
      if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) return inner.complete(request);
      if (request.signal?.aborted) throw new LlmCancelledError();
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onOuter = (): void => controller.abort();
      request.signal?.addEventListener('abort', onOuter, { once: true });
      // Race the call against the abort, so a client that ignores its signal still gives up.
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(new LlmCancelledError());
        controller.signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        return await Promise.race([inner.complete({ ...request, signal: controller.signal }), aborted]);
      } catch (err) {
        if (timedOut) throw new LlmTimeoutError(`LLM call '${request.kind}' to ${inner.id} timed out after ${timeoutMs} ms`, timeoutMs);
        throw err;
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onOuter);
        if (onAbort) controller.signal.removeEventListener('abort', onAbort);
      }
    },
  });
}
