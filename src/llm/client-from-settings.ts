/**
 * The one place an LLM client is built from settings, for the CLI and the
 * evaluation alike: the model id → the bare model (the synthetic stand-in
 * gets the episode's truth and seed here, and nowhere else), then the
 * middleware stack (`wrapClient`) with the defaults written once below.
 *
 * Network models get the whole stack: usage → cassette → cache → retry →
 * concurrency → timeout. Offline models (`synthetic`, `prior`, `scripted:…`)
 * answer at once and locally, so they get usage accounting and the cassette
 * only: no retries, no timeout, and never the response cache (the synthetic
 * model's answer depends on how often a request was seen, so a cached answer
 * would be a different experiment).
 */
import type { Cassette } from './cassette.js';
import { openCassette } from './cassette.js';
import { wrapClient, type ClientStackOptions } from './client-stack.js';
import type { GroundplanConfig } from './config.js';
import { LlmConfigError, LlmMissingKeyError } from './errors.js';
import { createModel, parseRegisteredModelId } from './registry.js';
import { describeSynthetic, syntheticRegistry, type KnobValue, type SyntheticModel } from './synthetic-model.js';
import type { LlmClient } from './types.js';
import { UsageMeter } from './usage.js';

/** Defaults for network models (also what `docs/llm.md` documents). */
export const LLM_DEFAULTS = Object.freeze({
  /** Per-attempt timeout. */
  timeoutMs: 120_000,
  /** Retries on 429, 5xx and timeouts. */
  maxRetries: 2,
  /** Most calls in flight at once. */
  concurrency: 4,
});

/** Everything that decides which client is built. Unset fields take `LLM_DEFAULTS`. */
export interface LlmSettings {
  /** Model id: `synthetic`, `prior`, `scripted:FILE.json`, `openai:NAME`, `anthropic:NAME`, `compat:NAME@URL`. */
  model: string;
  /** OpenAI-compatible server; makes `openai:NAME` a compat model. */
  baseUrl?: string;
  /** Where API keys are read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Persistent response cache directory (network models only). */
  cacheDir?: string;
  /** Record every call to this JSONL cassette. */
  record?: string;
  /** Answer calls from this cassette; a miss is an error. With `record` naming the same file, misses are recorded. */
  replay?: string;
  /** Synthetic knobs, `key=value,...` or an object; defaults fill the rest. */
  synthetic?: string | Record<string, KnobValue>;
  /** Episode seed: the synthetic model's noise and the retry jitter. */
  seed?: number;
  /** The episode's hidden truth, handed to the synthetic stand-in only. */
  truth?: unknown;
  timeoutMs?: number;
  maxRetries?: number;
  concurrency?: number;
  /** Describe only the synthetic knobs these owners declared (all knobs when none match). */
  knobOwners?: readonly string[];
}

export interface BuiltLlm {
  /** The model with every middleware applied. */
  client: LlmClient;
  /** The bare model. */
  base: LlmClient;
  /** Usage of every call made through `client`. */
  meter: UsageMeter;
  /** `synthetic LLM, knobs: …` for the synthetic stand-in, else the model id: the line every report prints. */
  description: string;
  cassette?: Cassette;
  /** Writes the cassette out. */
  close(): Promise<void>;
}

/** The `llm` section of a config file as settings (the caller layers its flags on top). */
export function settingsFromConfig(llm: GroundplanConfig['llm']): Partial<LlmSettings> {
  const out: Partial<LlmSettings> = {};
  if (llm?.timeoutMs !== undefined) out.timeoutMs = llm.timeoutMs;
  if (llm?.maxRetries !== undefined) out.maxRetries = llm.maxRetries;
  if (llm?.concurrency !== undefined) out.concurrency = llm.concurrency;
  if (llm?.cache !== undefined) out.cacheDir = llm.cache;
  if (llm?.synthetic !== undefined) out.synthetic = llm.synthetic;
  return out;
}

/** The synthetic model's report line limited to the knobs some owners declare (all knobs when none match). */
export function describeKnobs(model: SyntheticModel, owners?: readonly string[]): string {
  if (!owners) return describeSynthetic(model.knobs);
  const declared = syntheticRegistry.declaredKnobs();
  const picked = Object.fromEntries(Object.entries(model.knobs).filter(([k]) => owners.includes(declared.get(k)?.owner ?? '')));
  return describeSynthetic(Object.keys(picked).length > 0 ? picked : model.knobs);
}

async function settingsCassette(s: LlmSettings): Promise<Cassette | undefined> {
  if (s.replay && s.record && s.replay !== s.record) {
    throw new LlmConfigError('record and replay together must name the same cassette (replay it, record the misses)');
  }
  if (s.replay) return openCassette(s.replay, s.record ? 'replay-or-record' : 'replay');
  if (s.record) return openCassette(s.record, 'record');
  return undefined;
}

/** Builds the client, its usage meter and its report line from settings; see the module comment. */
export async function clientFromSettings(s: LlmSettings): Promise<BuiltLlm> {
  const concurrency = s.concurrency ?? LLM_DEFAULTS.concurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new LlmConfigError(`concurrency must be an integer of at least 1, got ${concurrency}`);
  const env = s.env ?? process.env;
  let base: LlmClient;
  try {
    base = await createModel(s.model, { baseUrl: s.baseUrl, env, seed: s.seed, truth: s.truth, synthetic: s.synthetic });
  } catch (err) {
    // A strict replay never reaches the provider, so it needs no key.
    if (!(err instanceof LlmMissingKeyError) || !s.replay || s.record) throw err;
    const id = parseRegisteredModelId(s.model, s.baseUrl).id;
    base = { id, complete: () => Promise.reject(err) };
  }
  const cassette = await settingsCassette(s);
  const meter = new UsageMeter();
  const network = parseRegisteredModelId(s.model, s.baseUrl).kind === 'network';
  const maxRetries = s.maxRetries ?? LLM_DEFAULTS.maxRetries;
  const stack: ClientStackOptions = network
    ? {
        meter,
        cassette,
        cacheDir: s.cacheDir,
        retry: maxRetries === 0 ? false : { maxRetries },
        concurrency,
        timeoutMs: s.timeoutMs ?? LLM_DEFAULTS.timeoutMs,
        seed: s.seed,
      }
    : { meter, cassette, retry: false };
  const description = base.id === 'synthetic' ? describeKnobs(base as SyntheticModel, s.knobOwners) : base.id;
  return {
    client: wrapClient(base, stack),
    base,
    meter,
    description,
    cassette,
    close: async () => {
      await cassette?.flush();
    },
  };
}
