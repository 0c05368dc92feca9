/**
 * The episode schema shared by the runners, the result store, the pool and
 * queue workers, the report and the trace viewer.
 *
 * An episode is identified by its `EpisodeSpec` (suite, task, method, model,
 * seed, configuration); `episodeKey` turns a spec into a stable key, and the
 * result store keeps at most one finished row per key. Each episode also writes
 * a JSONL trace (`TraceRecord` lines) that the viewer steps through. The true
 * states in traces are the environments' snapshots (`KitchenSnapshot`,
 * `HouseholdSnapshot`, defined beside their views).
 */
import type { HouseholdSnapshot } from '../envs/household/snapshot.js';
import type { KitchenSnapshot } from '../envs/kitchen/snapshot.js';

export type { HouseholdSnapshot, KitchenSnapshot };

/** JSON values, as stored in specs, rows and traces. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What identifies one episode. Two specs with equal fields are the same episode. */
export interface EpisodeSpec {
  /** Suite name, e.g. `kitchen:easy`, `household:multi`, `ipc`, `pomdp:tag`. */
  suite: string;
  /** Task id inside the suite (stable across runs and machines). */
  task: string;
  /** Grouping for tables: difficulty level, domain, errand count... */
  level: string;
  method: string;
  /** Model id as given on the command line (`synthetic`, `prior`, `openai:gpt-4.1`...). */
  model: string;
  seed: number;
  /** Everything else that changes the outcome: method options, synthetic knobs, budgets. */
  config: { [key: string]: Json };
}

/** LLM usage of one episode. */
export interface EpisodeUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Per request kind (`toh.goals`, `gavel.plan`, ...), when the meter knows it. */
  byKind?: { [kind: string]: { calls: number; inputTokens: number; outputTokens: number } };
}

/** What a suite's `run` returns for one finished episode. */
export interface EpisodeOutcome {
  success: boolean;
  /** The environment's evaluation reward (0 where the suite has none). */
  reward: number;
  /** Steps taken (failures count the step limit where the seed does so). */
  steps: number;
  /** Seconds the agent spent choosing actions (planning, belief updates, LLM calls). */
  planningSeconds: number;
  llm: EpisodeUsage;
  /** Suite-specific numbers: `distance`, `searches`, `planLength`, `expansions`... */
  metrics: { [name: string]: number };
  /** Human-readable model description, including synthetic knob values. */
  modelDescription: string;
  warnings: string[];
  /** Why the episode failed, one cause per failed part (household: per errand, from `FAILURE_CAUSES`); absent or empty on success. */
  failures?: string[];
}

/** One line of the append-only result store. */
export interface ResultRow {
  key: string;
  spec: EpisodeSpec;
  /** `done`: the episode ran to its end (success or not); `error`: it threw. */
  status: 'done' | 'error';
  success: boolean;
  reward: number;
  steps: number;
  planningSeconds: number;
  wallSeconds: number;
  llm: EpisodeUsage;
  metrics: { [name: string]: number };
  modelDescription: string;
  warnings: number;
  /** The outcome's failure causes (suites that report them; household: one per failed errand). */
  failures?: string[];
  /** The error message of an `error` row. */
  error?: string;
  /** Trace file, relative to the results directory. */
  trace?: string;
  /** Who ran it (`local`, or the worker's id). */
  worker: string;
  /** ISO time the row was written. */
  finishedAt: string;
}

// ---------------------------------------------------------------------------
// Traces: one JSON object per line. The first line is `episode`, then one
// `step` per executed action, then `result` (absent if the run was killed).

export interface TraceEpisode {
  type: 'episode';
  spec: EpisodeSpec;
  env: 'kitchen' | 'household' | 'pddl' | 'pomdp';
  instruction: string;
  /** Kitchen: the layout's areas and navigation costs; household: rooms, doors, positions. */
  world: { [key: string]: Json };
  initial?: KitchenSnapshot | HouseholdSnapshot;
}

/** A belief summary, as the agent saw it when it chose the step's action. */
export interface TraceBelief {
  /** Top goal hypotheses with total weight. */
  goals: Array<{ goal: string; weight: number }>;
  /** Top hidden-location hypotheses (object → area/room) with marginal weight. */
  locations?: Array<{ object: string; place: string; weight: number }>;
}

export interface TraceStep {
  type: 'step';
  step: number;
  action: string;
  feasible: boolean;
  reward: number;
  totalReward: number;
  planningSeconds: number;
  /** True state after the action. */
  state?: KitchenSnapshot | HouseholdSnapshot;
  belief?: TraceBelief;
  /** Belief-tree search stats and the root's action values. */
  search?: { trials?: number; nodes?: number; depth?: number; rootActions?: Array<{ action: string; lower?: number; upper?: number; value?: number; visits?: number }> } & { [key: string]: Json | undefined };
  /** Household: the verified plan being executed, with the repairs marked. */
  plan?: { steps: string[]; repairs: Array<{ rule: string; stepIndex: number; inserted: string[]; removed: string[]; reason: string }> };
  /** Anything else the method records. */
  details?: { [key: string]: Json };
}

export interface TraceResult {
  type: 'result';
  row: ResultRow;
  /** The episode's warning texts (the row only counts them). */
  warnings?: string[];
}

export type TraceRecord = TraceEpisode | TraceStep | TraceResult;
