/**
 * The LLM of one episode, built from the spec alone (so a remote worker can
 * rebuild it): `spec.model` is a model id (`synthetic`, `prior`,
 * `openai:NAME`...), `spec.config.synthetic` the synthetic knobs given on the
 * command line, `spec.config.baseUrl` an OpenAI-compatible server. The
 * synthetic model receives the episode's hidden truth and seed; real models
 * never see it.
 *
 * Network models get the `llm` settings of the config file
 * (`groundplan.config.json` in the working directory, or `$GROUNDPLAN_CONFIG`);
 * `$GROUNDPLAN_LLM_CACHE` (set by `bench --cache DIR`) overrides the cache
 * folder. The client itself is built by `clientFromSettings` (src/llm), with
 * the same defaults as the CLI.
 */
import { GroundplanError } from '../core/errors.js';
import { hashString } from '../core/rng.js';
import { clientFromSettings, loadConfig, settingsFromConfig, syntheticRegistry, type KnobValue, type LlmClient, type LlmSettings, type UsageMeter } from '../llm/index.js';
import type { EpisodeSpec, Json } from './schema.js';

export { describeKnobs } from '../llm/index.js';

export interface EpisodeLlm {
  client: LlmClient;
  meter: UsageMeter;
  /** `synthetic LLM, knobs: …` (only the knobs of `knobOwners`, when given) or the model id. */
  description: string;
  /** Writes out what the client keeps (a recorded cassette). */
  close(): Promise<void>;
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

let fileSettings: Promise<Partial<LlmSettings>> | undefined;

/** LLM settings of the config file (read once per thread), then `$GROUNDPLAN_LLM_CACHE`; the synthetic knobs come from the spec. */
export async function networkSettings(): Promise<Partial<LlmSettings>> {
  fileSettings ??= loadConfig(process.cwd(), process.env.GROUNDPLAN_CONFIG || undefined).then((loaded) => settingsFromConfig(loaded?.config.llm));
  const cfg = { ...(await fileSettings) };
  delete cfg.synthetic;
  const cacheDir = process.env.GROUNDPLAN_LLM_CACHE || cfg.cacheDir;
  return { ...cfg, ...(cacheDir ? { cacheDir } : {}) };
}

/** The client of one episode from its spec; `truth` reaches the synthetic stand-in only (`clientFromSettings`). */
export async function episodeLlm(spec: EpisodeSpec, episode: { truth?: unknown; seed: number; knobOwners?: readonly string[] }): Promise<EpisodeLlm> {
  const baseUrl = typeof spec.config.baseUrl === 'string' ? spec.config.baseUrl : undefined;
  const built = await clientFromSettings({
    ...(await networkSettings()),
    model: spec.model,
    ...(baseUrl ? { baseUrl } : {}),
    synthetic: specKnobs(spec),
    seed: episode.seed,
    truth: episode.truth,
    knobOwners: episode.knobOwners,
  });
  return { client: built.client, meter: built.meter, description: built.description, close: () => built.close() };
}

/** How an episode's LLM is built: from the spec (`episodeLlm`), or by the caller (the CLI's flags). */
export type EpisodeLlmFactory = (episode: { truth: unknown; seed: number; knobOwners: readonly string[] }) => Promise<EpisodeLlm>;

/** The episode seed of a spec: one stream per (task, seed). */
export function specSeed(spec: EpisodeSpec): number {
  return hashString(`${spec.task}|${spec.seed}`);
}
