/**
 * The one method contract: a `Method<View>` acts in an episode through the
 * view its environment hands it (`KitchenEnvView`, `HouseholdEnvView`) with
 * the services of the episode (LLM, usage meter, seeded randomness, time
 * left, warnings). Environments add what their methods report back
 * (`onStep` in the kitchen, counters and events in the household) by
 * extending `MethodContext`.
 */
import type { Rng } from '../core/rng.js';
import type { LlmClient, UsageMeter } from '../llm/index.js';

export interface MethodContext<View> {
  /** The truth-hiding view of the environment. */
  env: View;
  /** The LLM for this episode (already wrapped with usage/cache/... middleware). */
  llm: LlmClient;
  /** The meter `llm` reports to (pass it to `ask` to count answers that stay invalid). */
  meter: UsageMeter;
  rng: Rng;
  signal?: AbortSignal;
  /** Wall-clock milliseconds left in the episode budget. */
  timeLeftMs(): number;
  /** Warnings (dropped LLM answers and the like), recorded into the result. */
  warn(message: string): void;
}

/** A method: `run` acts through `ctx.env` until the episode is over, the time is up, or it gives up. */
export interface Method<View, Ctx extends MethodContext<View> = MethodContext<View>> {
  readonly name: string;
  readonly description: string;
  run(ctx: Ctx, options: Record<string, unknown>): Promise<void>;
}
