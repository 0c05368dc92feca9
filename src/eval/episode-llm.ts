/**
 * The LLM of one episode, built from the spec alone (so a remote worker can
 * rebuild it): `spec.model` is a model id (`synthetic`, `prior`,
 * `openai:NAME`...), `spec.config.synthetic` the synthetic knobs given on the
 * command line, `spec.config.baseUrl` an OpenAI-compatible server. The
 * synthetic model receives the episode's hidden truth and seed; real models
 * never see it.
 *
 * Network models get the `llm` settings of the config file
 * (`groundplan.config.json` in the working directory, or `$GROUNDPLAN_CONFIG`):
 * `timeoutMs` (default 120 s), `maxRetries` (2), `concurrency` (4), `cache`;
 * `$GROUNDPLAN_LLM_CACHE` (set by `bench --cache DIR`) overrides the cache
 * folder. Offline models are never cached (the synthetic model's answers
 * depend on how often a request was seen).
 */
import { GroundplanError } from '../core/errors.js';
import {
  createModel,
  loadConfig,
  describeSynthetic,
  parseRegisteredModelId,
  syntheticRegistry,
  UsageMeter,
  wrapClient,
  type KnobValue,
  type LlmClient,
  type SyntheticModel,
} from '../llm/index.js';
import type { EpisodeSpec, EpisodeUsage, Json } from './types.js';

export interface EpisodeLlm {
  client: LlmClient;
  meter: UsageMeter;
  /** `synthetic LLM, knobs: …` (only the knobs of `knobOwners`, when given) or the model id. */
  description: string;
}

/** Knobs given in `spec.config.synthetic` (an object of knob → value). */
export function specKnobs(spec: EpisodeSpec): Record<string, KnobValue> {
  const raw = spec.config.synthetic;
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new GroundplanError('EVAL_SPEC', `spec.config.synthetic: expected an object of knob values, got ${JSON.stringify(raw)}`);
  const out: Record<string, KnobValue> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean') throw new GroundplanError('EVAL_SPEC', `spec.config.synthetic.${k}: expected a number, string or boolean`);
    out[k] = v;
  }
  return out;
}

/**
 * `--synthetic a=1,b=x` → the given knobs only, validated and coerced (an
 * object for `spec.config.synthetic`; defaults are not stored, so adding a
 * knob elsewhere does not change existing episode keys).
 */
export function parseGivenKnobs(text: string | undefined): { [name: string]: Json } {
  if (text === undefined || text.trim() === '') return {};
  const full = syntheticRegistry.parseKnobs(text);
  const names = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.slice(0, p.indexOf('=')).trim());
  const out: { [name: string]: Json } = {};
  for (const n of names.sort()) out[n] = full[n];
  return out;
}

/** The synthetic model's description limited to the knobs some owners declare (all knobs when none match). */
export function describeKnobs(model: SyntheticModel, owners?: readonly string[]): string {
  if (!owners) return describeSynthetic(model.knobs);
  const declared = syntheticRegistry.declaredKnobs();
  const picked = Object.fromEntries(Object.entries(model.knobs).filter(([k]) => owners.includes(declared.get(k)?.owner ?? '')));
  return describeSynthetic(Object.keys(picked).length > 0 ? picked : model.knobs);
}

interface NetworkSettings {
  timeoutMs: number;
  maxRetries: number;
  concurrency: number;
  cacheDir?: string;
}

type LlmFileSettings = NonNullable<NonNullable<Awaited<ReturnType<typeof loadConfig>>>['config']['llm']>;
let fileSettings: Promise<LlmFileSettings> | undefined;

/** LLM settings for network models: the config file (read once per thread), then `$GROUNDPLAN_LLM_CACHE`. */
export async function networkSettings(): Promise<NetworkSettings> {
  fileSettings ??= loadConfig(process.cwd(), process.env.GROUNDPLAN_CONFIG || undefined).then((loaded) => loaded?.config.llm ?? {});
  const cfg = await fileSettings;
  const cacheDir = process.env.GROUNDPLAN_LLM_CACHE || cfg.cache;
  return { timeoutMs: cfg.timeoutMs ?? 120_000, maxRetries: cfg.maxRetries ?? 2, concurrency: cfg.concurrency ?? 4, ...(cacheDir ? { cacheDir } : {}) };
}

export async function episodeLlm(spec: EpisodeSpec, episode: { truth?: unknown; seed: number; knobOwners?: readonly string[] }): Promise<EpisodeLlm> {
  const baseUrl = typeof spec.config.baseUrl === 'string' ? spec.config.baseUrl : undefined;
  const base = await createModel(spec.model, { seed: episode.seed, truth: episode.truth, synthetic: specKnobs(spec), env: process.env, ...(baseUrl ? { baseUrl } : {}) });
  const network = parseRegisteredModelId(spec.model, baseUrl).kind === 'network';
  const meter = new UsageMeter();
  let client: LlmClient;
  if (network) {
    const net = await networkSettings();
    client = wrapClient(base, {
      meter,
      retry: net.maxRetries === 0 ? false : { maxRetries: net.maxRetries },
      concurrency: net.concurrency,
      timeoutMs: net.timeoutMs,
      seed: episode.seed,
      ...(net.cacheDir ? { cacheDir: net.cacheDir } : {}),
    });
  } else client = wrapClient(base, { meter, retry: false });
  const description = base.id === 'synthetic' ? describeKnobs(base as SyntheticModel, episode.knobOwners) : base.id;
  return { client, meter, description };
}

/** Per-kind usage from a meter (calls = prompt calls, tokens include cache hits). */
export function usageByKind(meter: UsageMeter): NonNullable<EpisodeUsage['byKind']> {
  const out: NonNullable<EpisodeUsage['byKind']> = {};
  for (const [kind, u] of Object.entries(meter.summary().byKind)) {
    out[kind] = { calls: u.asks || u.calls, inputTokens: u.inputTokens + u.cachedInputTokens, outputTokens: u.outputTokens + u.cachedOutputTokens };
  }
  return out;
}
