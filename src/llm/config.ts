/**
 * Choosing the model and LLM settings: `--model` flag > `GROUNDPLAN_MODEL`
 * env > config file (`groundplan.config.json`, or `groundplan.config.ts`
 * loaded through tsx) > the default each use names (`resolveModel`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { formatIssues } from '../core/issues.js';
import { parseJsonText } from '../core/json-text.js';
import { LlmConfigError } from './errors.js';

export const llmConfigSchema = z
  .object({
    model: z.string().min(1).optional(),
    baseUrl: z.string().url().optional(),
    llm: z
      .object({
        timeoutMs: z.number().positive().optional(),
        maxRetries: z.number().int().min(0).optional(),
        concurrency: z.number().int().min(1).optional(),
        cache: z.string().min(1).optional(),
        temperature: z.number().min(0).optional(),
        synthetic: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .passthrough();

export type GroundplanConfig = z.infer<typeof llmConfigSchema>;

export const CONFIG_FILES = ['groundplan.config.json', 'groundplan.config.ts'] as const;

function validate(raw: unknown, path: string): GroundplanConfig {
  const parsed = llmConfigSchema.safeParse(raw);
  if (!parsed.success) throw new LlmConfigError(`${path}: ${formatIssues(parsed.error.issues).join('; ')}`);
  return parsed.data;
}

/**
 * Loads the config file: `explicit` if given, else the first of
 * `groundplan.config.json` / `groundplan.config.ts` in `cwd`; undefined when none.
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<{ path: string; config: GroundplanConfig } | undefined> {
  const path = explicit ? resolve(cwd, explicit) : CONFIG_FILES.map((f) => resolve(cwd, f)).find((p) => existsSync(p));
  if (!path) return undefined;
  if (!existsSync(path)) throw new LlmConfigError(`config file ${path} does not exist`);
  if (path.endsWith('.json')) {
    let raw: unknown;
    try {
      raw = parseJsonText(readFileSync(path, 'utf8'), path, 'LLM_CONFIG');
    } catch (err) {
      throw new LlmConfigError((err as Error).message);
    }
    return { path, config: validate(raw, path) };
  }
  if (/\.(ts|mts|js|mjs)$/.test(path)) {
    let mod: { default?: unknown };
    try {
      if (/\.m?js$/.test(path)) {
        mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
      } else {
        // tsx compiles the TypeScript config on the fly (no build step needed).
        const { tsImport } = (await import('tsx/esm/api')) as { tsImport: (s: string, o: string) => Promise<unknown> };
        mod = (await tsImport(pathToFileURL(path).href, import.meta.url)) as { default?: unknown };
      }
    } catch (err) {
      throw new LlmConfigError(`${path}: cannot load (${(err as Error).message})`);
    }
    // A CommonJS-compiled module nests `default` once more.
    let value: unknown = mod;
    for (let i = 0; i < 2 && value && typeof value === 'object' && 'default' in value; i++) value = (value as { default: unknown }).default;
    return { path, config: validate(value, path) };
  }
  throw new LlmConfigError(`${path}: config files are .json or .ts`);
}

export type ModelSource = 'flag' | 'env' | 'config' | 'default';

export interface ModelChoice {
  id: string;
  baseUrl?: string;
  source: ModelSource;
}

/** Applies the precedence flag > env > config > `fallback` (the caller's default). */
export function chooseModel(input: {
  flag?: string;
  baseUrlFlag?: string;
  env?: Record<string, string | undefined>;
  config?: GroundplanConfig;
  fallback: string;
}): ModelChoice {
  const env = input.env ?? process.env;
  const envBase = env.GROUNDPLAN_BASE_URL || undefined;
  if (input.flag) return { id: input.flag, baseUrl: input.baseUrlFlag ?? envBase, source: 'flag' };
  if (env.GROUNDPLAN_MODEL) return { id: env.GROUNDPLAN_MODEL, baseUrl: input.baseUrlFlag ?? envBase, source: 'env' };
  if (input.config?.model) {
    return { id: input.config.model, baseUrl: input.baseUrlFlag ?? envBase ?? input.config.baseUrl, source: 'config' };
  }
  return { id: input.fallback, baseUrl: undefined, source: 'default' };
}

/**
 * The one way to find the model id: loads the config file (`configFile`, else
 * `GROUNDPLAN_CONFIG`, else `groundplan.config.json`/`.ts` in `cwd`) and applies
 * flag > `GROUNDPLAN_MODEL` > config file > `fallback`. Returns the loaded
 * config too, for the LLM settings it holds.
 */
export async function resolveModel(input: {
  flag?: string;
  baseUrlFlag?: string;
  configFile?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
  fallback: string;
}): Promise<ModelChoice & { loaded?: { path: string; config: GroundplanConfig } }> {
  const env = input.env ?? process.env;
  const loaded = await loadConfig(input.cwd ?? process.cwd(), input.configFile ?? (env.GROUNDPLAN_CONFIG || undefined));
  const choice = chooseModel({ flag: input.flag, baseUrlFlag: input.baseUrlFlag, env, config: loaded?.config, fallback: input.fallback });
  return { ...choice, ...(loaded ? { loaded } : {}) };
}
