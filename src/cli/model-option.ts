/**
 * The shared LLM flags (`--model`, `--base-url`, `--timeout`, `--retries`,
 * `--concurrency`, `--cache`, `--record`, `--replay`, `--synthetic`,
 * `--config`) and their resolution into a ready client. Any command that
 * talks to an LLM calls `addModelOptions(cmd)` and `resolveLlm(opts)`.
 */
import type { Command } from 'commander';
import {
  chooseModel,
  createModel,
  describeSynthetic,
  LlmConfigError,
  LlmMissingKeyError,
  parseRegisteredModelId,
  loadConfig,
  openCassette,
  UsageMeter,
  wrapClient,
  type Cassette,
  type KindUsage,
  type UsageSummary,
  type LlmClient,
  type ModelSource,
  type SyntheticModel,
} from '../llm/index.js';

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
    .option('--model <id>', 'LLM: openai:NAME, anthropic:NAME, compat:NAME@URL, synthetic, scripted:FILE (env GROUNDPLAN_MODEL)')
    .option('--base-url <url>', 'OpenAI-compatible server (vLLM, llama.cpp, Ollama /v1, LM Studio); makes openai:NAME a compat model')
    .option('--timeout <seconds>', 'per-attempt LLM timeout in seconds (default 120)')
    .option('--retries <n>', 'retries on 429/5xx/timeouts (default 2)')
    .option('--concurrency <n>', 'most LLM calls in flight at once (default 4)')
    .option('--cache <dir>', 'persistent response cache directory')
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

export interface ResolvedLlm {
  /** The model with every middleware applied. */
  client: LlmClient;
  /** The bare model. */
  base: LlmClient;
  id: string;
  source: ModelSource;
  meter: UsageMeter;
  cassette?: Cassette;
  /** "synthetic LLM, knobs: …" for the synthetic model, else the model id. */
  describe(): string;
  /** A client for one episode: the synthetic model sees that episode's truth and seed; others are unchanged. */
  forEpisode(truth: unknown, seed: number): LlmClient;
  /** Flushes the cassette. */
  close(): Promise<void>;
}

export async function resolveLlm(
  opts: ModelOptionValues,
  extra: { env?: Record<string, string | undefined>; cwd?: string; seed?: number; truth?: unknown } = {},
): Promise<ResolvedLlm> {
  const env = extra.env ?? process.env;
  const loaded = await loadConfig(extra.cwd ?? process.cwd(), opts.config ?? (env.GROUNDPLAN_CONFIG || undefined));
  const cfg = loaded?.config.llm ?? {};
  const choice = chooseModel({ flag: opts.model, baseUrlFlag: opts.baseUrl, env, config: loaded?.config, configPath: loaded?.path });
  let base: LlmClient;
  try {
    base = await createModel(choice.id, {
      baseUrl: choice.baseUrl,
      env,
      seed: extra.seed,
      truth: extra.truth,
      synthetic: opts.synthetic ?? cfg.synthetic,
    });
  } catch (err) {
    // A strict replay never reaches the provider, so it needs no key.
    if (!(err instanceof LlmMissingKeyError) || !opts.replay || opts.record) throw err;
    const id = parseRegisteredModelId(choice.id, choice.baseUrl).id;
    base = { id, complete: () => Promise.reject(err) };
  }
  const timeoutS = positiveNumber('timeout', opts.timeout, false);
  const retries = positiveNumber('retries', opts.retries, true) ?? cfg.maxRetries ?? 2;
  const concurrency = positiveNumber('concurrency', opts.concurrency, true) ?? cfg.concurrency ?? 4;
  if (concurrency < 1) throw new LlmConfigError('--concurrency must be at least 1');
  let cassette: Cassette | undefined;
  if (opts.replay && opts.record && opts.replay !== opts.record) {
    throw new LlmConfigError('--record and --replay together must name the same cassette (replay it, record the misses)');
  }
  if (opts.replay) cassette = await openCassette(opts.replay, opts.record ? 'replay-or-record' : 'replay');
  else if (opts.record) cassette = await openCassette(opts.record, 'record');
  const meter = new UsageMeter();
  const stack = {
    timeoutMs: timeoutS !== undefined ? timeoutS * 1000 : (cfg.timeoutMs ?? 120_000),
    retry: retries === 0 ? (false as const) : { maxRetries: retries },
    concurrency,
    cacheDir: opts.cache ?? cfg.cache,
    cassette,
    meter,
    seed: extra.seed,
  };
  const client = wrapClient(base, stack);
  const synthetic = base.id === 'synthetic' ? (base as SyntheticModel) : undefined;
  return {
    client,
    base,
    id: base.id,
    source: choice.source,
    meter,
    cassette,
    describe: () => (synthetic ? describeSynthetic(synthetic.knobs) : base.id),
    forEpisode: (truth, seed) => (synthetic ? wrapClient(synthetic.withEpisode(truth, seed), stack) : client),
    close: async () => {
      await cassette?.flush();
    },
  };
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
