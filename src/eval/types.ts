/**
 * The suite contract of the evaluation: what a suite lists and runs. The
 * spec, row and trace schema it shares with the episode layer, the store,
 * the pool and queue workers, the report and the viewer live in
 * src/episode/schema.ts and are re-exported here.
 */
import type { EpisodeOutcome, EpisodeSpec, Json, TraceEpisode, TraceRecord } from '../episode/schema.js';

export type * from '../episode/schema.js';

/** A task of a suite, as listed before running. */
export interface SuiteTask {
  id: string;
  level: string;
}

export interface SuiteListOptions {
  /** Tasks per level (suites define their own default). */
  n?: number;
  /** Task generation seed (not the episode seed). */
  taskSeed?: number;
  /** Data folder for suites that read `shared/data`. */
  dataDir?: string;
}

export interface EpisodeContext {
  signal?: AbortSignal;
  /** Append one record to this episode's trace. */
  trace(record: TraceRecord): void;
  /** Data folder for suites that read `shared/data` (else the suite's own default). */
  dataDir?: string;
}

/** A named benchmark suite, defined once and used by `bench`, `worker` and `report`. */
export interface Suite {
  name: string;
  description: string;
  /** Method names this suite accepts, and the ones run when `--methods` is not given. */
  methods: readonly string[];
  defaultMethods: readonly string[];
  tasks(options: SuiteListOptions): SuiteTask[];
  /** Run one episode. Throwing records an `error` row. */
  run(spec: EpisodeSpec, ctx: EpisodeContext): Promise<EpisodeOutcome>;
  /** False for suites without an LLM (their specs carry model `none`). Default true. */
  llm?: boolean;
  /** The environment named in traces (the runner's fallback `episode` line uses it). */
  env?: TraceEpisode['env'];
  /** Default `config` of a spec (budgets, method options), merged under `--config`-style overrides by `bench`. */
  defaultConfig?(method: string): { [key: string]: Json };
}

