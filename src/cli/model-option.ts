/**
 * The shared LLM flags (`--model`, `--base-url`, `--timeout`, `--retries`,
 * `--concurrency`, `--cache`, `--record`, `--replay`, `--synthetic`,
 * `--config`) and their resolution into a ready client. Any command that
 * talks to an LLM calls `addModelOptions(cmd)` and `resolveLlm(opts)`.
 */
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import {
  clientFromSettings,
  LlmConfigError,
  resolveModel,
  settingsFromConfig,
  type BuiltLlm,
  type KindUsage,
  type UsageSummary,
  type LlmSettings,
  type ModelSource,
  LLM_DEFAULTS,
} from '../llm/index.js';
import { registerPriorModel } from '../methods/tru-pomdp/prior-model.js';

/** The model a command uses when no flag, `GROUNDPLAN_MODEL` or config file names one: the offline prior, built in. */
export const DEFAULT_MODEL = 'prior';

export interface ModelOptionValues {
  model?: string;
  baseUrl?: string;
  timeout?: string;
  retries?: string;
  concurrency?: string;
  cache?: string;
  record?: string;
  replay?: string;
  synthetic?: string;
  config?: string;
}

export function addModelOptions(cmd: Command): Command {
  return cmd
    .option('--model <id>', 'LLM: openai:NAME, anthropic:NAME, compat:NAME@URL, synthetic, prior, scripted:FILE (env GROUNDPLAN_MODEL)')
    .option('--base-url <url>', 'OpenAI-compatible server (vLLM, llama.cpp, Ollama /v1, LM Studio); makes openai:NAME a compat model')
    .option('--timeout <seconds>', `per-attempt LLM timeout in seconds (default ${LLM_DEFAULTS.timeoutMs / 1000})`)
    .option('--retries <n>', `retries on 429/5xx/timeouts (default ${LLM_DEFAULTS.maxRetries})`)
    .option('--concurrency <n>', `most LLM calls in flight at once (default ${LLM_DEFAULTS.concurrency})`)
    .option('--cache <dir>', 'persistent response cache directory (network models)')
    .option('--record <file>', 'record every LLM call to a JSONL cassette')
    .option('--replay <file>', 'answer LLM calls from a cassette; a miss is an error (with --record: record misses)')
    .option('--synthetic <knobs>', 'synthetic model knobs, key=value,...')
    .option('--config <file>', 'config file (default ./groundplan.config.json or .ts)');
}

function positiveNumber(flag: string, raw: string | undefined, integer: boolean): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0 || (integer && !Number.isInteger(v))) {
    throw new LlmConfigError(`--${flag} expects a ${integer ? 'non-negative integer' : 'non-negative number'}, got '${raw}'`);
  }
  return v;
}

export interface ResolvedLlm extends BuiltLlm {
  id: string;
  /** Where the model id came from (flag, env, config file, default). */
  source: ModelSource;
  /** The report line (`description`). */
  describe(): string;
}

/** Flags > environment > config file > `LLM_DEFAULTS`, then `clientFromSettings`. */
export async function resolveLlm(
  opts: ModelOptionValues,
  extra: {
    env?: Record<string, string | undefined>;
    cwd?: string;
    seed?: number;
    truth?: unknown;
    /** What the synthetic model needs when `truth` is not given (`--gold FILE: …`): an input error names it. */
    truthFlag?: string;
    /** The model when nothing names one (default `DEFAULT_MODEL`). */
    fallback?: string;
  } = {},
): Promise<ResolvedLlm> {
  const env = extra.env ?? process.env;
  registerPriorModel(); // the default model, so every command knows it
  const choice = await resolveModel({ flag: opts.model, baseUrlFlag: opts.baseUrl, configFile: opts.config, env, cwd: extra.cwd, fallback: extra.fallback ?? DEFAULT_MODEL });
  const loaded = choice.loaded;
  if (extra.truthFlag !== undefined && extra.truth === undefined && choice.id.split(':')[0] === 'synthetic') {
    throw new InputError('CLI_OPTION', `the synthetic model answers from a known solution, so it needs ${extra.truthFlag} (or use a real model: --model openai:NAME, …)`);
  }
  const timeoutS = positiveNumber('timeout', opts.timeout, false);
  const concurrency = positiveNumber('concurrency', opts.concurrency, true);
  if (concurrency !== undefined && concurrency < 1) throw new LlmConfigError('--concurrency must be at least 1');
  const flags: Partial<LlmSettings> = {
    ...(choice.baseUrl !== undefined ? { baseUrl: choice.baseUrl } : {}),
    ...(timeoutS !== undefined ? { timeoutMs: timeoutS * 1000 } : {}),
    ...(opts.retries !== undefined ? { maxRetries: positiveNumber('retries', opts.retries, true) } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(opts.cache !== undefined ? { cacheDir: opts.cache } : {}),
    ...(opts.synthetic !== undefined ? { synthetic: opts.synthetic } : {}),
  };
  const built = await clientFromSettings({
    ...settingsFromConfig(loaded?.config.llm),
    ...flags,
    model: choice.id,
    env,
    record: opts.record,
    replay: opts.replay,
    seed: extra.seed,
    truth: extra.truth,
  });
  return { ...built, id: built.base.id, source: choice.source, describe: () => built.description };
}

/** A per-kind usage table as text lines (for commands to print after a run). */
export function formatUsage(summary: UsageSummary): string {
  const head = ['kind', 'calls', 'fail', 'retry', 'cached', 'repairs', 'in tok', 'out tok', 'mean ms'];
  const row = (kind: string, u: KindUsage): string[] => [
    kind,
    String(u.calls),
    String(u.failures),
    String(u.retries),
    String(u.cacheHits),
    String(u.repairs),
    String(u.inputTokens),
    String(u.outputTokens),
    u.meanLatencyMs.toFixed(0),
  ];
  const rows = [head, ...Object.entries(summary.byKind).map(([k, u]) => row(k, u)), row('total', summary.total)];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
}
