/**
 * Usage accounting per kind: calls, failures, retries, input and output
 * tokens, latency and cache hits. `withUsage(meter)` records every call that
 * passes through it; put it outermost to see cache hits.
 */
import { LlmRetriesExhaustedError } from './errors.js';
import type { LlmClient, LlmMiddleware, LlmResponse } from './types.js';

export interface KindUsage {
  calls: number;
  /** Calls that ended in an error. */
  failures: number;
  retries: number;
  cacheHits: number;
  /** Tokens the provider billed (calls answered from a cache or cassette excluded). */
  inputTokens: number;
  outputTokens: number;
  /** Tokens recorded for answers served from a cache or cassette (not billed again). */
  cachedInputTokens: number;
  cachedOutputTokens: number;
  /** First turns of prompt calls (`ask`), repair turns (from `request.attempt`), and prompt calls whose answer stayed invalid (needs `ask(..., { meter })`). */
  asks: number;
  repairs: number;
  invalidAnswers: number;
  /** Sum of latencies (ms) of calls that returned. */
  latencyMs: number;
  meanLatencyMs: number;
  maxLatencyMs: number;
}

export interface UsageSummary {
  byKind: Record<string, KindUsage>;
  total: KindUsage;
}

function empty(): KindUsage {
  return { calls: 0, failures: 0, retries: 0, cacheHits: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cachedOutputTokens: 0, asks: 0, repairs: 0, invalidAnswers: 0, latencyMs: 0, meanLatencyMs: 0, maxLatencyMs: 0 };
}

/** The counts the total adds up over kinds (the mean and the maximum are not sums). */
const SUMMED = ['calls', 'failures', 'retries', 'cacheHits', 'inputTokens', 'outputTokens', 'cachedInputTokens', 'cachedOutputTokens', 'asks', 'repairs', 'invalidAnswers', 'latencyMs'] as const satisfies ReadonlyArray<keyof KindUsage>;

export class UsageMeter {
  private readonly kinds = new Map<string, KindUsage>();

  private entry(kind: string): KindUsage {
    let e = this.kinds.get(kind);
    if (!e) {
      e = empty();
      this.kinds.set(kind, e);
    }
    return e;
  }

  /** Records a call that returned. */
  record(kind: string, response: LlmResponse, attempt?: number): void {
    const e = this.entry(kind);
    e.calls++;
    this.countTurn(e, attempt);
    e.retries += response.retries ?? 0;
    if (response.cached) {
      e.cacheHits++;
      e.cachedInputTokens += response.usage.inputTokens;
      e.cachedOutputTokens += response.usage.outputTokens;
    } else {
      e.inputTokens += response.usage.inputTokens;
      e.outputTokens += response.usage.outputTokens;
    }
    e.latencyMs += response.latencyMs;
    e.maxLatencyMs = Math.max(e.maxLatencyMs, response.latencyMs);
  }

  /** Records a call that failed (with the retries it spent). */
  recordFailure(kind: string, error: unknown, attempt?: number): void {
    const e = this.entry(kind);
    e.calls++;
    this.countTurn(e, attempt);
    e.failures++;
    if (error instanceof LlmRetriesExhaustedError) e.retries += error.attempts - 1;
  }

  private countTurn(e: KindUsage, attempt: number | undefined): void {
    if (attempt === 1) e.asks++;
    else if (attempt !== undefined && attempt > 1) e.repairs++;
  }

  /** Records a prompt call whose answer stayed invalid after its repair turns. */
  recordInvalid(kind: string): void {
    this.entry(kind).invalidAnswers++;
  }

  /** A snapshot: per kind (sorted by name) and the total. */
  summary(): UsageSummary {
    const byKind: Record<string, KindUsage> = {};
    const total = empty();
    for (const kind of [...this.kinds.keys()].sort()) {
      const e = { ...this.kinds.get(kind)! };
      const returned = e.calls - e.failures;
      e.meanLatencyMs = returned > 0 ? e.latencyMs / returned : 0;
      byKind[kind] = e;
      for (const k of SUMMED) total[k] += e[k];
      total.maxLatencyMs = Math.max(total.maxLatencyMs, e.maxLatencyMs);
    }
    const returned = total.calls - total.failures;
    total.meanLatencyMs = returned > 0 ? total.latencyMs / returned : 0;
    return { byKind, total };
  }

  reset(): void {
    this.kinds.clear();
  }
}

export function withUsage(meter: UsageMeter): LlmMiddleware {
  return (inner: LlmClient): LlmClient => ({
    id: inner.id,
    async complete(request) {
      try {
        const response = await inner.complete(request);
        meter.record(request.kind, response, request.attempt);
        return response;
      } catch (err) {
        meter.recordFailure(request.kind, err, request.attempt);
        throw err;
      }
    },
  });
}
