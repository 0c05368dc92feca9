/**
 * The LLM usage of one episode, read from the `UsageMeter` every episode's
 * client reports to: prompt calls per kind (`asks`, or raw calls for a
 * method that calls the client directly) and tokens with cache hits
 * included, since the episode started.
 */
import type { UsageMeter, UsageSummary } from '../llm/index.js';
import type { EpisodeUsage } from './schema.js';

type ByKind = NonNullable<EpisodeUsage['byKind']>;

/** Per-kind usage of a meter summary (calls = prompt calls, tokens include cache hits). */
function kinds(summary: UsageSummary): ByKind {
  const out: ByKind = {};
  for (const [kind, u] of Object.entries(summary.byKind)) {
    out[kind] = { calls: u.asks || u.calls, inputTokens: u.inputTokens + u.cachedInputTokens, outputTokens: u.outputTokens + u.cachedOutputTokens };
  }
  return out;
}

/** Per-kind usage from a meter. */
export function usageByKind(meter: UsageMeter): ByKind {
  return kinds(meter.summary());
}

/** The usage since `before` (a summary taken at the episode start): totals and per kind. */
export function usageSince(meter: UsageMeter, before?: UsageSummary): EpisodeUsage {
  const now = kinds(meter.summary());
  const then = before ? kinds(before) : {};
  const byKind: ByKind = {};
  const total = { calls: 0, inputTokens: 0, outputTokens: 0 };
  for (const [kind, u] of Object.entries(now)) {
    const b = then[kind] ?? { calls: 0, inputTokens: 0, outputTokens: 0 };
    const d = { calls: u.calls - b.calls, inputTokens: u.inputTokens - b.inputTokens, outputTokens: u.outputTokens - b.outputTokens };
    if (d.calls === 0 && d.inputTokens === 0 && d.outputTokens === 0) continue;
    byKind[kind] = d;
    total.calls += d.calls;
    total.inputTokens += d.inputTokens;
    total.outputTokens += d.outputTokens;
  }
  return { ...total, byKind };
}
