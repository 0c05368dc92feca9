/**
 * Enumerating a benchmark: suite × tasks × methods × seeds → episode specs,
 * with each spec's full config (the suite's defaults for the method, then
 * overrides, then the model's synthetic knobs), and the `1..5,8` seed syntax.
 */
import { InputError } from '../core/errors.js';
import type { EpisodeSpec, Json, Suite } from './types.js';

/** `1..5`, `1,3,9`, `1..3,7` → [1,2,3,7]; distinct, in order of appearance. */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(\d+)(?:\.\.(\d+))?$/.exec(part);
    if (!m) throw new InputError('CLI_OPTION', `--seeds: expected N, A..B or a comma list of them, got '${text}'`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) throw new InputError('CLI_OPTION', `--seeds: range ${part} runs backwards`);
    if (b - a > 100_000) throw new InputError('CLI_OPTION', `--seeds: range ${part} is too long`);
    for (let s = a; s <= b; s++) if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** `k=v,a.b=w` → config values (numbers and booleans parsed, dotted keys nest). */
export function parseSettings(text: string | undefined): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (!text) return out;
  for (const piece of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = piece.indexOf('=');
    if (eq <= 0) throw new InputError('CLI_OPTION', `--set: '${piece}' needs a value: write ${piece}=VALUE`);
    const path = piece.slice(0, eq).trim().split('.');
    const raw = piece.slice(eq + 1).trim();
    const value: Json = raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    let obj = out;
    for (const k of path.slice(0, -1)) {
      const next = obj[k];
      obj = (obj[k] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {}) as { [key: string]: Json };
    }
    obj[path[path.length - 1]] = value;
  }
  return out;
}

export interface PlanOptions {
  methods?: readonly string[];
  seeds: readonly number[];
  /** Tasks per level. */
  n?: number;
  taskSeed?: number;
  dataDir?: string;
  /** Model id (ignored by suites without an LLM: their specs say `none`). */
  model: string;
  /** Overrides for every method. */
  set?: { [key: string]: Json };
  /** Trials per move, for methods whose defaults have `trials`. */
  trials?: number;
  /** Synthetic knobs given on the command line (only for the synthetic model). */
  synthetic?: { [key: string]: Json };
  /** OpenAI-compatible server for the model. */
  baseUrl?: string;
}

/** The specs of one suite, seeds outermost, then tasks, then methods. */
export function planSpecs(suite: Suite, options: PlanOptions): EpisodeSpec[] {
  const methods = options.methods && options.methods.length > 0 ? options.methods : suite.defaultMethods;
  for (const m of methods) {
    if (!suite.methods.includes(m)) throw new InputError('CLI_OPTION', `--methods: suite ${suite.name} has no method '${m}' (known: ${suite.methods.join(', ')})`);
  }
  const usesLlm = suite.llm !== false;
  const model = usesLlm ? options.model : 'none';
  const tasks = suite.tasks({ ...(options.n !== undefined ? { n: options.n } : {}), ...(options.taskSeed !== undefined ? { taskSeed: options.taskSeed } : {}), ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}) });
  const configs = new Map<string, { [key: string]: Json }>();
  for (const m of methods) {
    const base = suite.defaultConfig?.(m) ?? {};
    const config: { [key: string]: Json } = { ...base, ...(options.trials !== undefined && 'trials' in base ? { trials: options.trials } : {}), ...(options.set ?? {}) };
    if (usesLlm && model === 'synthetic' && options.synthetic && Object.keys(options.synthetic).length > 0) config.synthetic = options.synthetic;
    if (usesLlm && options.baseUrl) config.baseUrl = options.baseUrl;
    configs.set(m, config);
  }
  const specs: EpisodeSpec[] = [];
  for (const seed of options.seeds)
    for (const t of tasks)
      for (const method of methods) specs.push({ suite: suite.name, task: t.id, level: t.level, method, model, seed, config: configs.get(method) ?? {} });
  return specs;
}
