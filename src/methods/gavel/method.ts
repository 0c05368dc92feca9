/**
 * The `HouseholdMethod` interface (GAVEL and its baselines on the household
 * tasks), a name registry used by `groundplan household run --method NAME`
 * and the suites, and the episode runner that keeps the truth hidden: the
 * method acts through a `HouseholdEnvView` (instruction, known layer, beliefs
 * over uncertain objects' rooms, the believed graph), never sees the goals,
 * the reference plan or the true rooms of unseen objects. The synthetic LLM
 * gets the task as hidden truth (`householdTruth`) through the caller's
 * client, as in the kitchen.
 *
 * Success (the seed's Problem III-A and Table I "Success with the executor"):
 * every goal literal holds in the true final state AND the executed trace is
 * safe — nothing the robot opened is left open and no safety-critical
 * appliance it switched on is left on, unless the goal asks for it.
 */
import { GroundplanError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import type { EpisodeSpec, Json, TraceRecord } from '../../eval/types.js';
import { HouseholdEnv, type HouseholdTask, type RoomTypeModel } from '../../envs/household/index.js';
import { BeliefState, costModel, initialBelief, literalHolds, sceneFromJson, type Goal, type Scene, type WorldState } from '../../scenegraph/index.js';
import { LlmError, type LlmClient, type LlmRequest, type LlmResponse, type UsageMeter } from '../../llm/index.js';
import { createHouseholdView, householdSnapshot, type HouseholdEnvView } from './view.js';
import { episodeOutcomes, type ErrandOutcome, type TaskRecord } from './errand-outcome.js';
import type { FailureCause } from './failure-causes.js';

/** A progress event of a method (LLM rounds, chosen order, replanning), for the CLI and logs. */
export interface HouseholdEvent {
  kind: 'decompose' | 'extract' | 'round' | 'order' | 'task' | 'replan' | 'note';
  /** One human-readable line (or a few). */
  message: string;
  data?: { [key: string]: Json };
}

export interface HouseholdMethodContext {
  env: HouseholdEnvView;
  /** The LLM for this episode (already wrapped with usage/cache/... middleware). */
  llm: LlmClient;
  meter?: UsageMeter;
  rng: Rng;
  signal?: AbortSignal;
  /** LLM planning budget T (seed: 5): plan calls including complaint rounds. */
  maxFeedback: number;
  timeLeftMs(): number;
  /** Counters the method keeps up to date; `tasks`: what it did with each understood task (for the failure causes). */
  stats: { feedbackRounds: number; repairs: number; stages?: PipelineStages; tasks?: TaskRecord[] };
  warn(message: string): void;
  event(e: HouseholdEvent): void;
}

/** A household planner. `run` acts through `ctx.env` until it is done or gives up. */
export interface HouseholdMethod {
  readonly name: string;
  readonly description: string;
  run(ctx: HouseholdMethodContext, options: Record<string, unknown>): Promise<void>;
}

const registry = new Map<string, HouseholdMethod>();

/** Registers a method under its name (replaces an earlier one of the same name). */
export function registerHouseholdMethod(method: HouseholdMethod): void {
  registry.set(method.name, method);
}

export function householdMethod(name: string): HouseholdMethod | undefined {
  return registry.get(name);
}

export function householdMethodNames(): string[] {
  return [...registry.keys()].sort();
}

/**
 * How many task plans verify after each stage of the pipeline (the seed's Fig. 3):
 * as the LLM first wrote them, after model repair, after the complaint rounds.
 */
export interface PipelineStages {
  tasks: number;
  validRaw: number;
  validAfterRepair: number;
  validAfterFeedback: number;
}

export type HouseholdStatus = 'success' | 'unmet' | 'unsafe' | 'step-failed' | 'time-limit' | 'llm-failed';

export interface HouseholdRunResult {
  status: HouseholdStatus;
  success: boolean;
  goalsMet: number;
  goalsTotal: number;
  /** Travel in the true world (walking + room sweeps), metres. */
  distance: number;
  /** Rooms searched for unseen objects. */
  searches: number;
  /** Primitive steps executed (feasible or not). */
  steps: number;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Wall seconds spent in the method outside execution (LLM calls, verify, repair, ordering). */
  planningSeconds: number;
  /** LLM plan calls after the first (complaints / feedback). */
  feedbackRounds: number;
  /** Model-derived repair edits applied. */
  repairs: number;
  /** Plans valid after each pipeline stage (methods that verify). */
  stages?: PipelineStages;
  /** Safety violations left in the true final state (`left_open:fridge_0`, `left_on:stove_0`). */
  unsafe: string[];
  /** Per errand: its goal holds at the end, else why not. */
  errands: ErrandOutcome[];
  /** The failure causes (one per failed errand; `unsafe` etc. when all errands hold); empty on success. */
  failures: FailureCause[];
  warnings: string[];
}

export interface RunHouseholdOptions {
  llm: LlmClient;
  meter?: UsageMeter;
  rng: Rng;
  /** Room-type model for the initial beliefs (Eq. 10); without one, beliefs are uniform over reachable rooms. */
  rsn?: RoomTypeModel;
  onTrace?: (record: TraceRecord) => void;
  onEvent?: (e: HouseholdEvent) => void;
  signal?: AbortSignal;
  /** LLM budget T (default 5). */
  maxFeedback?: number;
  /** Episode wall budget (default 600 s). */
  timeLimitMs?: number;
  methodOptions?: Record<string, unknown>;
  /** For the trace's episode record (defaults built from the task and method). */
  spec?: EpisodeSpec;
  wcov?: number;
  eta?: number;
}

/** Safety violations of the true final state relative to the start (Eq. 12's safe(·) on the executed trace). */
export function finalSafety(scene: Scene, initial: WorldState, final: WorldState, goal: Goal): string[] {
  const wanted = (flag: 'open' | 'toggled', o: string): boolean => goal.literals.some((l) => l.kind === 'flag' && l.flag === flag && l.object === o && !l.negated);
  const out: string[] = [];
  for (const o of scene.objects.values()) {
    if (final.flag(o.id, 'open') && !initial.flag(o.id, 'open') && !wanted('open', o.id)) out.push(`left_open:${o.id}`);
    if (o.safetyCritical && final.flag(o.id, 'toggled') && !initial.flag(o.id, 'toggled') && !wanted('toggled', o.id)) out.push(`left_on:${o.id}`);
  }
  return out;
}

/** A client that counts calls and tokens of one episode. */
function countingClient(inner: LlmClient): LlmClient & { calls: number; inputTokens: number; outputTokens: number } {
  const c = {
    id: inner.id,
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    async complete(request: LlmRequest): Promise<LlmResponse> {
      const r = await inner.complete(request);
      c.calls++;
      c.inputTokens += r.usage.inputTokens;
      c.outputTokens += r.usage.outputTokens;
      return r;
    },
  };
  return c;
}

/** The trace's `world`: rooms, doors and furniture (the known layer). */
export function householdWorld(scene: Scene, uncertain: readonly string[]): { [key: string]: Json } {
  const s = scene.initialState();
  const hidden = new Set(uncertain);
  return {
    rooms: [...scene.rooms.values()].map((r) => ({ id: r.id, type: r.type, center: r.center ? [...r.center] : null, area: r.area })),
    doors: scene.connections.map((c) => ({ a: c.a, b: c.b, length: c.length })),
    furniture: [...scene.objects.values()].filter((o) => !hidden.has(o.id) && !o.affordances.includes('graspable')).map((o) => ({ id: o.id, category: o.category, room: s.roomOf(o.id) ?? '', affordances: [...o.affordances] })),
    uncertain: [...uncertain],
  };
}

/** Runs one episode of `method` on `task` in the true world; the method sees only its view. */
export async function runHouseholdEpisode(method: HouseholdMethod, task: HouseholdTask, options: RunHouseholdOptions): Promise<HouseholdRunResult> {
  const scene = sceneFromJson(task.scene, task.id);
  const env = new HouseholdEnv(scene, options.wcov !== undefined ? { wcov: options.wcov } : {});
  const m = costModel(scene, { ...(options.wcov !== undefined ? { wcov: options.wcov } : {}), ...(options.eta !== undefined ? { eta: options.eta } : {}) });
  const initial = scene.initialState();
  // Every uncertain object starts with the uninformed belief; the method's query objects (O^qry, from its extraction) get the room-type prior.
  const beliefs = new BeliefState();
  const start = env.state.robot.room;
  for (const o of task.uncertain) beliefs.set(o, initialBelief(scene, {}, start, 0));
  const rsn = options.rsn;
  const prior = rsn ? (o: string) => initialBelief(scene, rsn.scores(scene.objects.get(o)?.category ?? o), start, 1e-3) : undefined;
  const t0 = performance.now();
  const limit = options.timeLimitMs ?? 600_000;
  let execMs = 0;
  const planningSeconds = () => (performance.now() - t0 - execMs) / 1000;
  const spec: EpisodeSpec = options.spec ?? { suite: 'household', task: task.id, level: String(task.goals.length), method: method.name, model: options.llm.id, seed: 0, config: {} };
  options.onTrace?.({ type: 'episode', spec, env: 'household', instruction: task.instruction, world: householdWorld(scene, task.uncertain), initial: householdSnapshot(env, []) });
  const view = createHouseholdView({
    instruction: task.instruction,
    uncertain: task.uncertain,
    env,
    beliefs,
    costModel: m,
    deadline: limit,
    now: () => performance.now() - t0,
    ...(options.onTrace ? { onTrace: options.onTrace } : {}),
    planningSeconds,
    ...(prior ? { prior } : {}),
  });
  let lastFailed = false;
  const timed: HouseholdEnvView = {
    ...view,
    get steps() {
      return view.steps;
    },
    execute(step) {
      const a = performance.now();
      try {
        const r = view.execute(step);
        lastFailed = !r.ok;
        return r;
      } finally {
        execMs += performance.now() - a;
      }
    },
  };
  const llm = countingClient(options.llm);
  const warnings: string[] = [];
  const stats: HouseholdMethodContext['stats'] = { feedbackRounds: 0, repairs: 0 };
  const ctx: HouseholdMethodContext = {
    env: timed,
    llm,
    ...(options.meter ? { meter: options.meter } : {}),
    rng: options.rng,
    ...(options.signal ? { signal: options.signal } : {}),
    maxFeedback: options.maxFeedback ?? 5,
    timeLeftMs: () => limit - (performance.now() - t0),
    stats,
    warn: (msg) => warnings.push(msg),
    event: (e) => options.onEvent?.(e),
  };
  let status: HouseholdStatus | undefined;
  try {
    await method.run(ctx, options.methodOptions ?? {});
  } catch (err) {
    if (err instanceof GroundplanError && err.code === 'HOUSEHOLD_TIME') status = 'time-limit';
    else if (err instanceof LlmError && !options.signal?.aborted) {
      status = 'llm-failed';
      warnings.push(`LLM: ${err.message}`);
    } else throw err;
  }
  const goalsMet = task.goal.literals.filter((l) => literalHolds(env.state, l)).length;
  const unsafe = finalSafety(scene, initial, env.state, task.goal);
  const met = goalsMet === task.goal.literals.length;
  if (status === undefined) status = met && unsafe.length === 0 ? 'success' : lastFailed ? 'step-failed' : !met ? 'unmet' : 'unsafe';
  const outcomes = episodeOutcomes({ task, scene, final: env.state, ...(stats.tasks ? { records: stats.tasks } : {}), ...(status === 'time-limit' || status === 'llm-failed' ? { ended: status } : {}), unsafe });
  return {
    status,
    success: status === 'success',
    goalsMet,
    goalsTotal: task.goal.literals.length,
    distance: env.distance,
    searches: view.searches,
    steps: view.steps,
    llmCalls: llm.calls,
    inputTokens: llm.inputTokens,
    outputTokens: llm.outputTokens,
    planningSeconds: planningSeconds(),
    feedbackRounds: stats.feedbackRounds,
    repairs: stats.repairs,
    ...(stats.stages ? { stages: stats.stages } : {}),
    unsafe,
    errands: outcomes.errands,
    failures: status === 'success' ? [] : outcomes.failures,
    warnings,
  };
}
