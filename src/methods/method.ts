/**
 * The shared `Method` interface for kitchen rearrangement agents (Tru-POMDP,
 * its ablations, and the LLM baselines ReAct / Reflexion / ...), a registry
 * that `groundplan kitchen run --method NAME` looks names up in, and the
 * episode runner that hides the true state: a method only ever sees names
 * (instruction, layout, what is visible) and the per-step feedback, never the
 * task's goal set or hidden placements.
 */
import type { Rng } from '../core/rng.js';
import { GroundplanError } from '../core/errors.js';
import {
  EPISODE_WALL_TIME_MS,
  KitchenEpisode,
  NONE,
  describeObservation,
  formatAction,
  parseAction,
  type EpisodeStep,
  type KitchenAction,
  type KitchenLayout,
  type KitchenName,
  type KitchenState,
  type KitchenTask,
  type KitchenWorld,
  type NamedObservation,
} from '../envs/kitchen/index.js';
import type { LlmClient, UsageMeter, UsageSummary } from '../llm/index.js';
import type { KitchenSnapshot } from '../eval/types.js';

/** A kitchen action by names: `OPEN(A)`, `PICK(A, o)`, `PLACE(A)`, `NONE` (the `formatAction` syntax). */
export type NamedAction = string;

/** What the environment answers after one step. */
export interface StepFeedback {
  readonly action: NamedAction;
  readonly feasible: boolean;
  /** Why the action was infeasible (`area-closed`, `hand-full`, ...). */
  readonly reason?: string;
  /** Evaluation reward of this step. */
  readonly reward: number;
  readonly observation: NamedObservation;
  readonly status: 'running' | 'success' | 'step-limit';
}

/** The agent's view of one episode: names only, no hidden state, no goal set. */
export interface KitchenEnvView {
  readonly kitchen: KitchenName;
  readonly layout: KitchenLayout;
  readonly instruction: string;
  readonly stepLimit: number;
  readonly steps: number;
  readonly status: 'running' | 'success' | 'step-limit';
  observation(): NamedObservation;
  /** Execute an action (throws GroundplanError KITCHEN_ACTION on names that do not parse or exist). */
  step(action: NamedAction): StepFeedback;
  /**
   * Record an answer that names no executable action: an infeasible step that
   * changes nothing and costs the infeasible penalty (−25). The feedback's
   * action is `INVALID(answer)` and its reason `invalid-action`.
   */
  invalid(answer: string): StepFeedback;
}

/** One trace record per real step (one JSONL line). Methods add their own fields in `details`. */
export interface MethodStepRecord {
  step: number;
  action: NamedAction;
  feasible: boolean;
  reward: number;
  totalReward: number;
  /** Wall seconds spent choosing this action (planning, belief update, LLM calls). */
  planningSeconds: number;
  details: Record<string, unknown>;
  /** The true state after the action (hidden objects included); `runKitchenEpisode` adds it. */
  state?: KitchenSnapshot;
}

/** The true kitchen state by names, for traces (never shown to the method). */
export function kitchenSnapshot(world: KitchenWorld, state: KitchenState): KitchenSnapshot {
  const { areas } = world.layout;
  return {
    robot: areas[state.robot],
    hand: state.hand >= 0 ? world.objects[state.hand] : null,
    areas: areas.map((name, a) => ({ name, open: state.open[a] === 1, objects: world.objects.filter((_, o) => state.objectArea[o] === a) })),
  };
}

export interface MethodContext {
  env: KitchenEnvView;
  /** The LLM for this episode (already wrapped with usage/cache/... middleware). */
  llm: LlmClient;
  meter?: UsageMeter;
  rng: Rng;
  /** Wall-clock milliseconds left in the episode budget (600 s by default). */
  timeLeftMs(): number;
  signal?: AbortSignal;
  /** Called once per executed step. */
  onStep?: (record: MethodStepRecord) => void;
  /** Warnings (dropped LLM answers and the like), recorded into the result. */
  warn(message: string): void;
}

/** A kitchen agent. `run` acts in `ctx.env` until it is over or the time is up. */
export interface KitchenMethod {
  readonly name: string;
  readonly description: string;
  /** Returns when the episode is over, the time budget is spent, or it gives up. */
  run(ctx: MethodContext, options: Record<string, unknown>): Promise<void>;
}

const registry = new Map<string, KitchenMethod>();

/** Register a method under its name (replaces an earlier registration of the same name). */
export function registerKitchenMethod(method: KitchenMethod): void {
  registry.set(method.name, method);
}

export function kitchenMethod(name: string): KitchenMethod | undefined {
  return registry.get(name);
}

export function kitchenMethodNames(): string[] {
  return [...registry.keys()].sort();
}

/**
 * The synthetic LLM's hidden truth for a kitchen task (the `truth` setting of `clientFromSettings`:
 * the synthetic model only). Offline generators answer from it; the planner never sees it.
 */
export interface KitchenTruth {
  kind: 'kitchen';
  kitchen: KitchenName;
  instruction: string;
  goal_set: Array<Array<{ placed_object: string; target_area: string }>>;
  /** Initial placement of every object; `IN_HAND` for a held object. */
  placement: Array<{ placed_object: string; area: string }>;
}

export function kitchenTruth(task: KitchenTask): KitchenTruth {
  const { world, initial } = task;
  return {
    kind: 'kitchen',
    kitchen: task.kitchen,
    instruction: task.description,
    goal_set: task.goals.map((alt) => alt.map((p) => ({ placed_object: world.objects[p.object], target_area: world.layout.areas[p.area] }))),
    placement: world.objects.map((o, i) => ({ placed_object: o, area: initial.objectArea[i] >= 0 ? world.layout.areas[initial.objectArea[i]] : 'IN_HAND' })),
  };
}

export type EpisodeOutcome = 'success' | 'step-limit' | 'time-limit' | 'gave-up';

export interface KitchenRunResult {
  status: EpisodeOutcome;
  success: boolean;
  /** Cumulative evaluation reward. */
  reward: number;
  steps: number;
  /** Wall seconds spent inside the method between steps (planning, LLM calls). */
  planningSeconds: number;
  llm: { calls: number; inputTokens: number; outputTokens: number };
  warnings: string[];
  usage?: UsageSummary;
}

export interface RunKitchenOptions {
  llm: LlmClient;
  meter?: UsageMeter;
  rng: Rng;
  methodOptions?: Record<string, unknown>;
  /** Episode wall budget (default 600 s). */
  timeLimitMs?: number;
  stepLimit?: number;
  signal?: AbortSignal;
  onStep?: (record: MethodStepRecord) => void;
}

/** Run one episode of `method` on `task`; the method sees only names and feedback. */
export async function runKitchenEpisode(method: KitchenMethod, task: KitchenTask, options: RunKitchenOptions): Promise<KitchenRunResult> {
  const episode = new KitchenEpisode(task, options.stepLimit !== undefined ? { stepLimit: options.stepLimit } : {});
  const world = task.world;
  const start = performance.now();
  const limit = options.timeLimitMs ?? EPISODE_WALL_TIME_MS;
  const warnings: string[] = [];
  let lastStepEnd = start;
  let planning = 0;
  const before = options.meter?.summary().total;
  /** One counted step: checks the time budget, books the planning time before it, names the feedback. */
  const timed = (act: (action: KitchenAction) => { action: NamedAction; r: EpisodeStep }, text: NamedAction | undefined): StepFeedback => {
    if (performance.now() - start > limit) throw new GroundplanError('KITCHEN_TIME', 'episode time limit exceeded');
    planning += performance.now() - lastStepEnd;
    const { action, r } = act(text === undefined ? NONE : parseAction(world, text));
    lastStepEnd = performance.now();
    return {
      action,
      feasible: r.feasible,
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
      reward: r.reward,
      observation: describeObservation(world, r.observation),
      status: episode.status,
    };
  };
  const env: KitchenEnvView = {
    kitchen: task.kitchen,
    layout: world.layout,
    instruction: task.description,
    stepLimit: episode.stepLimit,
    get steps() {
      return episode.steps;
    },
    get status() {
      return episode.status;
    },
    observation: () => describeObservation(world, episode.observation()),
    step(text: NamedAction): StepFeedback {
      return timed((action) => ({ action: formatAction(world, action), r: episode.step(action) }), text);
    },
    invalid(answer: string): StepFeedback {
      return timed(() => ({ action: `INVALID(${answer})`, r: episode.invalid() }), undefined);
    },
  };
  const ctx: MethodContext = {
    env,
    llm: options.llm,
    meter: options.meter,
    rng: options.rng,
    timeLeftMs: () => limit - (performance.now() - start),
    signal: options.signal,
    onStep: options.onStep ? (record) => options.onStep?.({ ...record, state: kitchenSnapshot(world, episode.trueState()) }) : undefined,
    warn: (m) => warnings.push(m),
  };
  let timedOut = false;
  try {
    await method.run(ctx, options.methodOptions ?? {});
  } catch (err) {
    if (err instanceof GroundplanError && err.code === 'KITCHEN_TIME') timedOut = true;
    else throw err;
  }
  if (episode.status === 'running' && performance.now() - start > limit) timedOut = true;
  const after = options.meter?.summary().total;
  const status: EpisodeOutcome = episode.status === 'success' ? 'success' : episode.status === 'step-limit' ? 'step-limit' : timedOut ? 'time-limit' : 'gave-up';
  return {
    status,
    success: status === 'success',
    reward: episode.totalReward,
    steps: status === 'success' ? episode.steps : episode.stepLimit,
    planningSeconds: planning / 1000,
    llm: {
      calls: (after?.asks ?? 0) - (before?.asks ?? 0),
      inputTokens: (after?.inputTokens ?? 0) + (after?.cachedInputTokens ?? 0) - (before?.inputTokens ?? 0) - (before?.cachedInputTokens ?? 0),
      outputTokens: (after?.outputTokens ?? 0) + (after?.cachedOutputTokens ?? 0) - (before?.outputTokens ?? 0) - (before?.cachedOutputTokens ?? 0),
    },
    warnings,
    ...(options.meter ? { usage: options.meter.summary() } : {}),
  };
}
