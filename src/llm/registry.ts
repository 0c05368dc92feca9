/**
 * The model registry: network providers by id (`openai:…`, `anthropic:…`,
 * `compat:…@URL`) and offline models by prefix. The built-in offline models
 * (`synthetic`, `scripted:FILE.json`) are listed in one table below, not
 * registered by importing a module; `registerModel` adds others explicitly
 * (the kitchen `prior`: `registerPriorModel` in src/methods/tru-pomdp).
 */
import { readFileSync } from 'node:fs';
import { LlmConfigError } from './errors.js';
import { parseModelId, type ModelSpec } from './model-id.js';
import { createProviderClient } from './provider-client.js';
import { createScriptedModel, type ScriptedAnswer } from './scripted-model.js';
import { createSyntheticModel, type KnobValue } from './synthetic-model.js';
import type { LlmClient } from './types.js';

/** What a factory may use to build a model. */
export interface ModelContext {
  env?: Record<string, string | undefined>;
  /** Episode seed (synthetic). */
  seed?: number;
  /** Episode ground truth (synthetic only; a real model never sees it). */
  truth?: unknown;
  /** Synthetic knobs, `key=value,...` or an object. */
  synthetic?: string | Record<string, KnobValue>;
  /** Extra HTTP headers for network models. */
  headers?: Record<string, string>;
}

export type ModelFactory = (spec: Extract<ModelSpec, { kind: 'registered' }>, ctx: ModelContext) => LlmClient | Promise<LlmClient>;

function scriptedFromFile(spec: Extract<ModelSpec, { kind: 'registered' }>): LlmClient {
  if (spec.name === '') throw new LlmConfigError(`the scripted model needs a file: scripted:ANSWERS.json`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(spec.name, 'utf8'));
  } catch (err) {
    throw new LlmConfigError(`cannot read scripted answers ${spec.name}: ${(err as Error).message}`);
  }
  const d = data as { answers?: unknown; byKind?: unknown };
  const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
  if (Array.isArray(data) && isStrings(data)) return createScriptedModel({ id: spec.id, answers: data });
  if (d && typeof d === 'object' && (d.answers === undefined || isStrings(d.answers))) {
    const byKind: Record<string, ScriptedAnswer | ScriptedAnswer[]> = {};
    for (const [k, v] of Object.entries((d.byKind ?? {}) as Record<string, unknown>)) {
      if (typeof v === 'string' || isStrings(v)) byKind[k] = v;
      else throw new LlmConfigError(`${spec.name}: byKind.${k} must be a string or a list of strings`);
    }
    return createScriptedModel({ id: spec.id, answers: d.answers as string[] | undefined, byKind });
  }
  throw new LlmConfigError(`${spec.name}: expected a list of answers or {"answers": [...], "byKind": {...}}`);
}

/** The built-in offline models: prefix → factory and description. */
export const OFFLINE_MODELS: Readonly<Record<string, { factory: ModelFactory; description: string }>> = {
  synthetic: {
    factory: (_spec, ctx) => createSyntheticModel({ knobs: ctx.synthetic, seed: ctx.seed, truth: ctx.truth }),
    description: 'LLM stand-in answering from the episode ground truth with seeded noise (--synthetic knobs)',
  },
  scripted: { factory: scriptedFromFile, description: 'canned answers from a JSON file: scripted:FILE.json' },
};

const factories = new Map<string, { factory: ModelFactory; description: string }>(Object.entries(OFFLINE_MODELS));

/** Registers an offline (or custom) model under an id prefix, e.g. `prior`. */
export function registerModel(idPrefix: string, factory: ModelFactory, description = ''): void {
  if (!/^[a-z][a-z0-9_-]*$/i.test(idPrefix) || ['openai', 'anthropic', 'compat'].includes(idPrefix)) {
    throw new LlmConfigError(`cannot register model prefix '${idPrefix}'`);
  }
  factories.set(idPrefix, { factory, description });
}

/** Registered prefixes with their descriptions. */
export function registeredModels(): { prefix: string; description: string }[] {
  return [...factories].map(([prefix, f]) => ({ prefix, description: f.description })).sort((a, b) => a.prefix.localeCompare(b.prefix));
}

export function isModelRegistered(prefix: string): boolean {
  return factories.has(prefix);
}

/** Parses an id against the current registry. */
export function parseRegisteredModelId(id: string, baseUrl?: string): ModelSpec {
  return parseModelId(id, { baseUrl, registered: [...factories.keys()] });
}

/** Builds the bare model for an id (no middleware). */
export async function createModel(id: string, opts: ModelContext & { baseUrl?: string } = {}): Promise<LlmClient> {
  const spec = parseRegisteredModelId(id, opts.baseUrl);
  if (spec.kind === 'network') return createProviderClient(spec, { env: opts.env, headers: opts.headers });
  return factories.get(spec.prefix)!.factory(spec, opts);
}

