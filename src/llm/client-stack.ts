/**
 * Composes the middleware around a base model in the one sensible order:
 * usage → cassette → cache → retry → concurrency → timeout → model.
 * Usage sees cache hits; retries wait outside the concurrency slot; the
 * timeout bounds each HTTP attempt.
 */
import { Rng } from '../core/rng.js';
import type { Cassette } from './cassette.js';
import { withCache } from './cache.js';
import { withConcurrency } from './concurrency.js';
import { withRetry, type RetryOptions } from './retry.js';
import { withTimeout } from './timeout.js';
import type { LlmClient, LlmMiddleware } from './types.js';
import { withUsage, type UsageMeter } from './usage.js';

export interface ClientStackOptions {
  /** Per-attempt timeout in ms (none when undefined or 0). */
  timeoutMs?: number;
  /** Retry settings; `false` disables retries. */
  retry?: Partial<RetryOptions> | false;
  /** Most calls in flight at once. */
  concurrency?: number;
  /** Response cache directory. */
  cacheDir?: string;
  cassette?: Cassette;
  meter?: UsageMeter;
  /** Seed for retry jitter when `retry.rng` is not given. */
  seed?: number;
}

export function wrapClient(base: LlmClient, opts: ClientStackOptions = {}): LlmClient {
  const layers: LlmMiddleware[] = []; // outermost first
  if (opts.meter) layers.push(withUsage(opts.meter));
  if (opts.cassette) layers.push(opts.cassette.middleware);
  if (opts.cacheDir) layers.push(withCache({ dir: opts.cacheDir }));
  if (opts.retry !== false) {
    const r = opts.retry ?? {};
    layers.push(withRetry({ ...r, rng: r.rng ?? new Rng(opts.seed ?? 0x5eed) }));
  }
  if (opts.concurrency !== undefined && opts.concurrency > 0) layers.push(withConcurrency(opts.concurrency));
  if (opts.timeoutMs !== undefined && opts.timeoutMs > 0) layers.push(withTimeout(opts.timeoutMs));
  let client = base;
  for (let i = layers.length - 1; i >= 0; i--) client = layers[i](client);
  return client;
}
