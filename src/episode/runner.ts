/**
 * The one episode runner under every environment: it hands the method its
 * view and the episode's services, keeps the time budget (the clock), and
 * reads the LLM usage from the meter the episode's client reports to (a
 * client given without one is wrapped with a fresh meter). A time-limit
 * error ends the episode as `timedOut`; an LLM failure (not a cancel) as
 * `llmError`; anything else propagates.
 */
import type { Rng } from '../core/rng.js';
import { LlmError, UsageMeter, withUsage, type LlmClient } from '../llm/index.js';
import type { EpisodeClock } from './clock.js';
import type { Method, MethodContext } from './method.js';
import type { EpisodeUsage } from './schema.js';
import { usageSince } from './usage.js';

export interface EpisodeServices {
  llm: LlmClient;
  /** The meter `llm` reports to; without one the runner meters `llm` itself. */
  meter?: UsageMeter;
  rng: Rng;
  signal?: AbortSignal;
}

export interface MethodRun<View, Ctx extends MethodContext<View>> {
  method: Method<View, Ctx>;
  options: Record<string, unknown>;
  view: View;
  clock: EpisodeClock;
  services: EpisodeServices;
  /** The environment's additions to the context (what its methods report back). */
  extend(base: MethodContext<View>): Ctx;
}

export interface MethodRunEnd {
  timedOut: boolean;
  /** The LLM error that ended the episode (not raised when the episode was cancelled). */
  llmError?: LlmError;
  warnings: string[];
  llm: EpisodeUsage;
  /** The meter the episode's LLM reported to. */
  meter: UsageMeter;
}

/** The services with a meter: the given one, or a fresh meter wrapped around the client. */
export function metered(s: EpisodeServices): EpisodeServices & { meter: UsageMeter } {
  if (s.meter) return { ...s, meter: s.meter };
  const meter = new UsageMeter();
  return { ...s, llm: withUsage(meter)(s.llm), meter };
}

/** Runs the method to its end; see the module comment. */
export async function runMethod<View, Ctx extends MethodContext<View>>(r: MethodRun<View, Ctx>): Promise<MethodRunEnd> {
  const s = metered(r.services);
  const before = s.meter.summary();
  const warnings: string[] = [];
  const base: MethodContext<View> = {
    env: r.view,
    llm: s.llm,
    meter: s.meter,
    rng: s.rng,
    ...(s.signal ? { signal: s.signal } : {}),
    timeLeftMs: () => r.clock.timeLeftMs(),
    warn: (m) => warnings.push(m),
  };
  let timedOut = false;
  let llmError: LlmError | undefined;
  try {
    await r.method.run(r.extend(base), r.options);
  } catch (err) {
    if (r.clock.isTimeout(err)) timedOut = true;
    else if (err instanceof LlmError && !s.signal?.aborted) llmError = err;
    else throw err;
  }
  return { timedOut, ...(llmError ? { llmError } : {}), warnings, llm: usageSince(s.meter, before), meter: s.meter };
}
