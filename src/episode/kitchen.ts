/**
 * A kitchen episode (Tru-POMDP §5.1) on the one runner: the true episode
 * (`KitchenEpisode`), the view the method acts through (`createKitchenView`,
 * names only), the clock (600 s by default, code KITCHEN_TIME), and the
 * trace records. `runKitchenSpec` is one spec of a suite or of `kitchen run`:
 * the method and its options from the registry, the episode's LLM built
 * with the catalogue's hidden truth (which only the synthetic stand-in
 * reads), the outcome row.
 */
import { Rng } from '../core/rng.js';
import {
  createKitchenView,
  EPISODE_WALL_TIME_MS,
  KitchenEpisode,
  kitchenSnapshot,
  STEP_LIMITS,
  type KitchenEnvView,
  type KitchenSnapshot,
  type KitchenTask,
  type NamedAction,
  type StepFeedback,
} from '../envs/kitchen/index.js';
import type { UsageSummary } from '../llm/index.js';
import type { MethodRegistry } from './catalogue.js';
import { EpisodeClock } from './clock.js';
import { episodeLlm, specSeed } from './llm.js';
import type { Method, MethodContext } from './method.js';
import { entryOptions, modelLine, prepareEpisode, type PreparedEpisode } from './prepare.js';
import { runMethod, type EpisodeServices } from './runner.js';
import type { EpisodeOutcome, EpisodeSpec, EpisodeUsage, Json, TraceBelief, TraceEpisode, TraceRecord, TraceStep } from './schema.js';
import { toJson } from './to-json.js';

/** One record per real step. Methods add their own fields in `details`. */
export interface MethodStepRecord {
  step: number;
  action: NamedAction;
  feasible: boolean;
  reward: number;
  totalReward: number;
  /** Wall seconds spent choosing this action (planning, belief update, LLM calls). */
  planningSeconds: number;
  details: Record<string, unknown>;
  /** The true state after the action (hidden objects included); the runner adds it for the trace. */
  state?: KitchenSnapshot;
}

export interface KitchenMethodContext extends MethodContext<KitchenEnvView> {
  /** Called by the method once per executed step. */
  onStep?: (record: MethodStepRecord) => void;
}

/** A kitchen agent (Tru-POMDP, its ablations, the LLM baselines). */
export type KitchenMethod = Method<KitchenEnvView, KitchenMethodContext>;

export type KitchenRegistry = MethodRegistry<KitchenMethod, KitchenTask>;

export type KitchenStatus = 'success' | 'step-limit' | 'time-limit' | 'gave-up';

export interface KitchenRunResult {
  status: KitchenStatus;
  success: boolean;
  /** Cumulative evaluation reward. */
  reward: number;
  /** Steps taken; a failure counts the step limit (as the seed does). */
  steps: number;
  /** Steps actually executed. */
  executedSteps: number;
  /** Wall seconds spent outside environment steps (planning, LLM calls). */
  planningSeconds: number;
  llm: EpisodeUsage;
  warnings: string[];
  /** The meter's whole summary (per-kind table of the CLI). */
  usage: UsageSummary;
}

export interface RunKitchenOptions extends EpisodeServices {
  methodOptions?: Record<string, unknown>;
  /** Episode wall budget (default 600 s). */
  timeLimitMs?: number;
  stepLimit?: number;
  onStep?: (record: MethodStepRecord) => void;
}

/** Runs one episode of `method` on `task`; the method sees only names and feedback. */
export async function runKitchenEpisode(method: KitchenMethod, task: KitchenTask, options: RunKitchenOptions): Promise<KitchenRunResult> {
  const episode = new KitchenEpisode(task, options.stepLimit !== undefined ? { stepLimit: options.stepLimit } : {});
  const clock = new EpisodeClock(options.timeLimitMs ?? EPISODE_WALL_TIME_MS, 'KITCHEN_TIME');
  const view = createKitchenView(episode, (step) => clock.exec(step));
  let executed = 0;
  const onStep = options.onStep;
  const end = await runMethod({
    method,
    options: options.methodOptions ?? {},
    view,
    clock,
    services: options,
    extend: (base): KitchenMethodContext => ({
      ...base,
      onStep: (record) => {
        executed++;
        onStep?.({ ...record, state: kitchenSnapshot(task.world, episode.trueState()) });
      },
    }),
  });
  if (end.llmError) throw end.llmError;
  const timedOut = end.timedOut || (episode.status === 'running' && clock.expired());
  const status: KitchenStatus = episode.status === 'success' ? 'success' : episode.status === 'step-limit' ? 'step-limit' : timedOut ? 'time-limit' : 'gave-up';
  return {
    status,
    success: status === 'success',
    reward: episode.totalReward,
    steps: status === 'success' ? episode.steps : episode.stepLimit,
    executedSteps: executed,
    planningSeconds: clock.planningSeconds(),
    llm: end.llm,
    warnings: end.warnings,
    usage: end.meter.summary(),
  };
}

/** The record of one executed step from its feedback (the method adds the running total, its planning time and details). */
export function stepRecord(env: KitchenEnvView, fb: StepFeedback, totalReward: number, planningSeconds: number, details: Record<string, unknown>): MethodStepRecord {
  return { step: env.steps, action: fb.action, feasible: fb.feasible, reward: fb.reward, totalReward, planningSeconds, details };
}

/** A kitchen method's step record as a trace step. */
export function kitchenTraceStep(r: MethodStepRecord): TraceStep {
  const { belief, locations, search, ...rest } = r.details;
  const goals = Array.isArray(belief) ? (belief as Array<{ goal: unknown; weight: unknown }>).map((h) => ({ goal: String(h.goal), weight: Number(h.weight) })) : undefined;
  const locs = Array.isArray(locations)
    ? (locations as Array<{ object: unknown; place: unknown; weight: unknown }>).map((l) => ({ object: String(l.object), place: String(l.place), weight: Number(l.weight) }))
    : undefined;
  const traceBelief: TraceBelief | undefined = goals || locs ? { goals: goals ?? [], ...(locs ? { locations: locs } : {}) } : undefined;
  return {
    type: 'step',
    step: r.step,
    action: r.action,
    feasible: r.feasible,
    reward: r.reward,
    totalReward: r.totalReward,
    planningSeconds: r.planningSeconds,
    ...(r.state ? { state: r.state } : {}),
    ...(traceBelief ? { belief: traceBelief } : {}),
    ...(search && typeof search === 'object' ? { search: toJson(search) as TraceStep['search'] & object } : {}),
    details: toJson(rest) as { [key: string]: Json },
  };
}

/** The trace's opening line for a kitchen task: instruction, areas, navigation costs, initial true state. */
export function kitchenTraceEpisode(spec: EpisodeSpec, task: KitchenTask): TraceEpisode {
  const layout = task.world.layout;
  const n = layout.areas.length;
  return {
    type: 'episode',
    spec,
    env: 'kitchen',
    instruction: task.description,
    world: {
      kitchen: task.kitchen,
      level: task.level ?? null,
      areas: layout.areas.map((a, i) => ({ name: a, furniture: layout.areaFurniture[i], initiallyOpen: layout.initiallyOpen[i] === 1 })),
      navCost: layout.areas.map((_, i) => layout.areas.map((__, j) => Math.round(layout.dist[i * n + j] * 1000) / 1000)),
      stepLimit: STEP_LIMITS[task.level ?? 'hard'],
    },
    initial: kitchenSnapshot(task.world, task.initial),
  };
}

export interface KitchenSpecRun {
  spec: EpisodeSpec;
  task: KitchenTask;
  registry: KitchenRegistry;
  /** Method, LLM and seed already prepared (the CLI builds its LLM from its flags); default: from the spec. */
  prepared?: PreparedEpisode<KitchenMethod, KitchenTask>;
  /** Suite numbers for the outcome's metrics (beside `executedSteps`). */
  metrics?: { [name: string]: number };
  /** Method options instead of the catalogue's reading of `spec.config` (the CLI's flags). */
  methodOptions?: Record<string, unknown>;
  stepLimit?: number;
  timeLimitMs?: number;
  signal?: AbortSignal;
  trace?: (record: TraceRecord) => void;
  onStep?: (record: MethodStepRecord) => void;
}

/** Runs one kitchen spec; see the module comment. */
export async function runKitchenSpec(r: KitchenSpecRun): Promise<{ result: KitchenRunResult; outcome: EpisodeOutcome }> {
  const p = r.prepared ?? (await prepareEpisode(r.registry, r.task, { method: r.spec.method, seed: specSeed(r.spec), llm: (e) => episodeLlm(r.spec, e) }));
  r.trace?.(kitchenTraceEpisode(r.spec, r.task));
  const result = await runKitchenEpisode(p.entry.method, r.task, {
    llm: p.llm.client,
    meter: p.llm.meter,
    rng: new Rng(p.seed),
    methodOptions: entryOptions(p, r.spec.config, r.task, r.methodOptions),
    ...(r.stepLimit !== undefined ? { stepLimit: r.stepLimit } : {}),
    ...(r.timeLimitMs !== undefined ? { timeLimitMs: r.timeLimitMs } : {}),
    ...(r.signal ? { signal: r.signal } : {}),
    onStep: (rec) => {
      r.trace?.(kitchenTraceStep(rec));
      r.onStep?.(rec);
    },
  });
  const outcome: EpisodeOutcome = {
    success: result.success,
    reward: result.reward,
    steps: result.steps,
    planningSeconds: result.planningSeconds,
    llm: result.llm,
    metrics: { executedSteps: result.executedSteps, ...r.metrics },
    modelDescription: modelLine(p),
    warnings: result.warnings,
  };
  return { result, outcome };
}
