import { describe, expect, it } from 'vitest';
import { LlmRetriesExhaustedError } from './errors.js';
import { UsageMeter } from './usage.js';

describe('UsageMeter', () => {
  it('totals a hand-counted sequence of calls over two kinds', () => {
    const m = new UsageMeter();
    m.record('a', { text: '', usage: { inputTokens: 10, outputTokens: 2 }, latencyMs: 100, retries: 1 }, 1);
    m.record('a', { text: '', usage: { inputTokens: 7, outputTokens: 3 }, latencyMs: 0, cached: true }, 2);
    m.record('b', { text: '', usage: { inputTokens: 5, outputTokens: 1 }, latencyMs: 300 });
    m.recordFailure('b', new LlmRetriesExhaustedError('b', 3, [new Error('503')]), 1);
    m.recordInvalid('a');
    const s = m.summary();
    expect(Object.keys(s.byKind)).toEqual(['a', 'b']);
    // by hand: a = 2 calls (one billed, one cached; an ask and a repair), b = 2 calls (one failed after 3 attempts: 2 retries)
    expect(s.byKind.a).toMatchObject({ calls: 2, failures: 0, retries: 1, cacheHits: 1, inputTokens: 10, outputTokens: 2, cachedInputTokens: 7, cachedOutputTokens: 3, asks: 1, repairs: 1, invalidAnswers: 1, latencyMs: 100, meanLatencyMs: 50, maxLatencyMs: 100 });
    expect(s.byKind.b).toMatchObject({ calls: 2, failures: 1, retries: 2, inputTokens: 5, outputTokens: 1, asks: 1, repairs: 0, latencyMs: 300, meanLatencyMs: 300 });
    expect(s.total).toEqual({
      calls: 4,
      failures: 1,
      retries: 3,
      cacheHits: 1,
      inputTokens: 15,
      outputTokens: 3,
      cachedInputTokens: 7,
      cachedOutputTokens: 3,
      asks: 2,
      repairs: 1,
      invalidAnswers: 1,
      latencyMs: 400,
      meanLatencyMs: 400 / 3,
      maxLatencyMs: 300,
    });
  });
});
