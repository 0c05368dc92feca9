/**
 * The `synthetic` offline model: an LLM stand-in for controlled experiments.
 * Methods register a text generator per kind and declare their noise knobs;
 * the harness gives each episode's hidden ground truth and a seed. Answers
 * come back as TEXT in the format a real model would use, so parsing is
 * exercised. Reports must print `describeSynthetic(knobs)`: these numbers
 * measure the planning machinery, not an LLM.
 */
import { hashString, Rng } from '../core/rng.js';
import { LlmConfigError, LlmError } from './errors.js';
import { requestKey } from './request-key.js';
import { offlineResponse } from './scripted-model.js';
import type { ChatMessage, LlmClient } from './types.js';

export type KnobValue = number | string | boolean;

/** A declared noise knob. */
export interface SyntheticKnob {
  default: KnobValue;
  description: string;
  /** Bounds for numeric knobs (inclusive). */
  min?: number;
  max?: number;
}

export type Knobs = Readonly<Record<string, KnobValue>>;

/** What a generator sees of the call. */
export interface SyntheticCall {
  kind: string;
  vars: unknown;
  messages: ChatMessage[];
  /** 1 for the first answer, 2 for the answer to a repair turn (as set by `ask`). */
  attempt: number;
}

/** What the harness gives a generator. */
export interface SyntheticContext {
  /** The episode's hidden ground truth (shape agreed between env and method). */
  truth: unknown;
  /** Seeded per (episode seed, request, occurrence): deterministic under any call order. */
  rng: Rng;
  knobs: Knobs;
}

export type SyntheticGenerator = (call: SyntheticCall, ctx: SyntheticContext) => string;

/** Generators and knob declarations; one default instance is shared by all methods. */
export class SyntheticRegistry {
  private readonly generators = new Map<string, SyntheticGenerator>();
  private readonly knobs = new Map<string, SyntheticKnob & { owner: string }>();

  registerGenerator(kind: string, generator: SyntheticGenerator): void {
    this.generators.set(kind, generator);
  }

  /** Declares knobs (name → default and description); re-declaring a name by another owner is an error. */
  declareKnobs(owner: string, knobs: Record<string, SyntheticKnob>): void {
    for (const [name, knob] of Object.entries(knobs)) {
      const prev = this.knobs.get(name);
      if (prev && prev.owner !== owner) {
        throw new LlmConfigError(`synthetic knob '${name}' is declared by both ${prev.owner} and ${owner}`);
      }
      this.knobs.set(name, { ...knob, owner });
    }
  }

  generator(kind: string): SyntheticGenerator | undefined {
    return this.generators.get(kind);
  }

  kinds(): string[] {
    return [...this.generators.keys()].sort();
  }

  /** Declared knobs, in declaration order. */
  declaredKnobs(): ReadonlyMap<string, SyntheticKnob & { owner: string }> {
    return this.knobs;
  }

  /**
   * Parses `key=value,key=value` (from `--synthetic`) into a full knob set
   * (defaults filled in). Unknown names and bad values throw, naming them.
   */
  parseKnobs(spec: string | Record<string, KnobValue> | undefined): Knobs {
    const out: Record<string, KnobValue> = {};
    for (const [name, knob] of this.knobs) out[name] = knob.default;
    const pairs: [string, string | KnobValue][] = [];
    if (typeof spec === 'string') {
      for (const part of spec.split(',')) {
        const piece = part.trim();
        if (piece === '') continue;
        const eq = piece.indexOf('=');
        if (eq <= 0) throw new LlmConfigError(`synthetic knob '${piece}' needs a value: write ${piece}=VALUE`);
        pairs.push([piece.slice(0, eq).trim(), piece.slice(eq + 1).trim()]);
      }
    } else if (spec) {
      pairs.push(...Object.entries(spec));
    }
    for (const [name, raw] of pairs) {
      const knob = this.knobs.get(name);
      if (!knob) {
        const known = [...this.knobs.keys()];
        throw new LlmConfigError(
          `unknown synthetic knob '${name}'; known knobs: ${known.length > 0 ? known.join(', ') : '(none registered)'}`,
        );
      }
      out[name] = coerceKnob(name, knob, raw);
    }
    return out;
  }

  /** Help text: one line per knob. */
  describeKnobs(): string[] {
    return [...this.knobs].map(([name, k]) => `${name}=${String(k.default)}  ${k.description} (${k.owner})`);
  }
}

function coerceKnob(name: string, knob: SyntheticKnob, raw: string | KnobValue): KnobValue {
  if (typeof knob.default === 'number') {
    const v = typeof raw === 'number' ? raw : Number(raw);
    if (typeof raw === 'boolean' || (typeof raw === 'string' && raw.trim() === '') || !Number.isFinite(v)) {
      throw new LlmConfigError(`synthetic knob '${name}' must be a number, got '${String(raw)}'`);
    }
    if ((knob.min !== undefined && v < knob.min) || (knob.max !== undefined && v > knob.max)) {
      throw new LlmConfigError(`synthetic knob '${name}' must be in [${knob.min ?? '-inf'}, ${knob.max ?? 'inf'}], got ${v}`);
    }
    return v;
  }
  if (typeof knob.default === 'boolean') {
    if (raw === true || raw === 'true' || raw === '1' || raw === 1) return true;
    if (raw === false || raw === 'false' || raw === '0' || raw === 0) return false;
    throw new LlmConfigError(`synthetic knob '${name}' must be true or false, got '${String(raw)}'`);
  }
  return String(raw);
}

/** The default registry used by methods and the CLI. */
export const syntheticRegistry = new SyntheticRegistry();

/** Registers the text generator for one kind in the default registry. */
export function registerSyntheticGenerator(kind: string, generator: SyntheticGenerator): void {
  syntheticRegistry.registerGenerator(kind, generator);
}

/** Declares a method's noise knobs (with defaults and descriptions) in the default registry. */
export function declareSyntheticKnobs(owner: string, knobs: Record<string, SyntheticKnob>): void {
  syntheticRegistry.declareKnobs(owner, knobs);
}

/** The line every report must print: `synthetic LLM, knobs: a=…, b=…`. */
export function describeSynthetic(knobs: Knobs): string {
  const names = Object.keys(knobs);
  const list = names.length > 0 ? names.map((n) => `${n}=${String(knobs[n])}`).join(', ') : '(none)';
  return `synthetic LLM, knobs: ${list}`;
}

export interface SyntheticModelOptions {
  /** `key=value,...` or an object; defaults fill the rest. */
  knobs?: string | Record<string, KnobValue>;
  seed?: number;
  truth?: unknown;
  registry?: SyntheticRegistry;
}

export interface SyntheticModel extends LlmClient {
  readonly knobs: Knobs;
  readonly seed: number;
  /** The same model for another episode (new truth and seed). */
  withEpisode(truth: unknown, seed: number): SyntheticModel;
  /** `describeSynthetic(knobs)`. */
  describe(): string;
}

export function createSyntheticModel(options: SyntheticModelOptions = {}): SyntheticModel {
  const registry = options.registry ?? syntheticRegistry;
  const knobs = Object.freeze(registry.parseKnobs(options.knobs));
  return buildSynthetic(registry, knobs, options.seed ?? 1, options.truth);
}

function buildSynthetic(registry: SyntheticRegistry, knobs: Knobs, seed: number, truth: unknown): SyntheticModel {
  const occurrences = new Map<string, number>();
  return {
    id: 'synthetic',
    knobs,
    seed,
    withEpisode: (t, s) => buildSynthetic(registry, knobs, s, t),
    describe: () => describeSynthetic(knobs),
    async complete(request) {
      const generator = registry.generator(request.kind);
      if (!generator) {
        const kinds = registry.kinds();
        throw new LlmError(
          'LLM_SYNTHETIC',
          `the synthetic model has no generator for kind '${request.kind}' (registered: ${kinds.length > 0 ? kinds.join(', ') : 'none'})`,
        );
      }
      const key = requestKey('synthetic', request);
      const n = occurrences.get(key) ?? 0;
      occurrences.set(key, n + 1);
      const rng = new Rng(hashString(`${seed}|${key}|${n}`));
      const attempt = request.attempt ?? 1;
      const text = generator(
        { kind: request.kind, vars: request.vars, messages: request.messages, attempt },
        { truth, rng, knobs },
      );
      return offlineResponse(request, text);
    },
  };
}
