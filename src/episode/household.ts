/**
 * A household episode (GAVEL §III-A) on the one runner: the true world
 * (`HouseholdEnv`), the beliefs over the uncertain objects' rooms (from a
 * room-type model, Eq. 10), the view the method acts through
 * (`createHouseholdView`: the known layer and the beliefs, never the true
 * rooms or the goals), the clock (600 s by default, code HOUSEHOLD_TIME)
 * and the trace records. `runHouseholdSpec` is one spec of a suite or of
 * `household run`.
 *
 * Success (the seed's Problem III-A and Table I "Success with the executor"):
 * every goal literal holds in the true final state AND the executed trace is
 * safe — nothing the robot opened is left open and no safety-critical
 * appliance it switched on is left on, unless the goal asks for it.
 */
import { Rng } from '../core/rng.js';
import { createHouseholdView, HouseholdEnv, householdSnapshot, type HouseholdEnvView, type HouseholdTask, type RoomTypeModel } from '../envs/household/index.js';
import { BeliefState, initialBelief, literalHolds, sceneFromJson, type Goal, type Scene, type WorldState } from '../scenegraph/index.js';
import type { MethodRegistry } from './catalogue.js';
import { DEFAULT_EPISODE_MS, EpisodeClock } from './clock.js';
import { episodeOutcomes, type ErrandOutcome, type TaskRecord } from './errand-outcome.js';
import type { FailureCause } from './failure-causes.js';
import { episodeLlm, specSeed } from './llm.js';
import type { Method, MethodContext } from './method.js';
import { entryOptions, modelLine, prepareEpisode, type PreparedEpisode } from './prepare.js';
import { runMethod, type EpisodeServices } from './runner.js';
import type { EpisodeOutcome, EpisodeSpec, EpisodeUsage, Json, TraceRecord } from './schema.js';

/** A progress event of a method (LLM rounds, chosen order, replanning), for the CLI and logs. */
export interface HouseholdEvent {
  kind: 'decompose' | 'extract' | 'round' | 'order' | 'task' | 'replan' | 'note';
  /** One human-readable line (or a few). */
  message: string;
  data?: { [key: string]: Json };
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

export interface HouseholdMethodContext extends MethodContext<HouseholdEnvView> {
  /** LLM planning budget T (seed: 5): plan calls including complaint rounds. */
  maxFeedback: number;
  /** Counters the method keeps up to date; `tasks`: what it did with each understood task (for the failure causes). */
  stats: { feedbackRounds: number; repairs: number; stages?: PipelineStages; tasks?: TaskRecord[] };
  event(e: HouseholdEvent): void;
}

/** A household planner (GAVEL, its variants, the baselines). */
export type HouseholdMethod = Method<HouseholdEnvView, HouseholdMethodContext>;

export type HouseholdRegistry = MethodRegistry<HouseholdMethod, HouseholdTask>;

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
  llm: EpisodeUsage;
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

export interface RunHouseholdOptions extends EpisodeServices {
  /** Room-type model for the initial beliefs (Eq. 10); without one, beliefs are uniform over reachable rooms. */
  rsn?: RoomTypeModel;
  onTrace?: (record: TraceRecord) => void;
  onEvent?: (e: HouseholdEvent) => void;
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
  const initial = scene.initialState();
  // Every uncertain object starts with the uninformed belief; the method's query objects (O^qry, from its extraction) get the room-type prior.
  const beliefs = new BeliefState();
  const start = env.state.robot.room;
  for (const o of task.uncertain) beliefs.set(o, initialBelief(scene, {}, start, 0));
  const rsn = options.rsn;
  const prior = rsn ? (o: string) => initialBelief(scene, rsn.scores(scene.objects.get(o)?.category ?? o), start, 1e-3) : undefined;
  const clock = new EpisodeClock(options.timeLimitMs ?? DEFAULT_EPISODE_MS, 'HOUSEHOLD_TIME');
  const spec: EpisodeSpec = options.spec ?? { suite: 'household', task: task.id, level: String(task.goals.length), method: method.name, model: options.llm.id, seed: 0, config: {} };
  options.onTrace?.({ type: 'episode', spec, env: 'household', instruction: task.instruction, world: householdWorld(scene, task.uncertain), initial: householdSnapshot(env, []) });
  let traceStep = 0;
  const onTrace = options.onTrace;
  const view = createHouseholdView({
    instruction: task.instruction,
    uncertain: task.uncertain,
    env,
    beliefs,
    ...(options.wcov !== undefined ? { wcov: options.wcov } : {}),
    ...(options.eta !== undefined ? { eta: options.eta } : {}),
    exec: (step) => clock.exec(step),
    ...(prior ? { prior } : {}),
    ...(onTrace
      ? {
          onStep: (s) =>
            onTrace({
              type: 'step',
              step: ++traceStep,
              action: s.action,
              feasible: s.feasible,
              reward: 0,
              totalReward: 0,
              planningSeconds: clock.planningSeconds(),
              state: s.state,
              belief: { goals: [], locations: s.locations },
              ...(s.plan ? { plan: s.plan } : {}),
              details: s.details,
            }),
        }
      : {}),
  });
  let lastFailed = false;
  // What the method holds: the view's members, and nothing of the harness's counters.
  const methodView: HouseholdEnvView = {
    instruction: view.instruction,
    uncertain: view.uncertain,
    costModel: view.costModel,
    get steps() {
      return view.steps;
    },
    believed: () => view.believed(),
    beliefs: () => view.beliefs(),
    openBeliefs: () => view.openBeliefs(),
    query: (ids) => view.query(ids),
    robotRoom: () => view.robotRoom(),
    setPlan: (plan, repairs) => view.setPlan(plan, repairs),
    assume: (fact) => view.assume(fact),
    execute(step) {
      const r = view.execute(step);
      lastFailed = !r.ok;
      return r;
    },
  };
  const stats: HouseholdMethodContext['stats'] = { feedbackRounds: 0, repairs: 0 };
  const end = await runMethod({
    method,
    options: options.methodOptions ?? {},
    view: methodView,
    clock,
    services: options,
    extend: (base): HouseholdMethodContext => ({ ...base, maxFeedback: options.maxFeedback ?? 5, stats, event: (e) => options.onEvent?.(e) }),
  });
  const warnings = [...end.warnings];
  let status: HouseholdStatus | undefined = end.timedOut ? 'time-limit' : undefined;
  if (end.llmError) {
    status = 'llm-failed';
    warnings.push(`LLM: ${end.llmError.message}`);
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
    llm: end.llm,
    planningSeconds: clock.planningSeconds(),
    feedbackRounds: stats.feedbackRounds,
    repairs: stats.repairs,
    ...(stats.stages ? { stages: stats.stages } : {}),
    unsafe,
    errands: outcomes.errands,
    failures: status === 'success' ? [] : outcomes.failures,
    warnings,
  };
}

export interface HouseholdSpecRun {
  spec: EpisodeSpec;
  task: HouseholdTask;
  registry: HouseholdRegistry;
  /** Method, LLM and seed already prepared (the CLI builds its LLM from its flags); default: from the spec. */
  prepared?: PreparedEpisode<HouseholdMethod, HouseholdTask>;
  rsn?: RoomTypeModel;
  /** LLM budget T (default 5). */
  maxFeedback?: number;
  timeLimitMs?: number;
  signal?: AbortSignal;
  trace?: (record: TraceRecord) => void;
  onEvent?: (e: HouseholdEvent) => void;
}

/** Runs one household spec: the method from the registry, the LLM with the catalogue's truth, the outcome row. */
export async function runHouseholdSpec(r: HouseholdSpecRun): Promise<{ result: HouseholdRunResult; outcome: EpisodeOutcome }> {
  const p = r.prepared ?? (await prepareEpisode(r.registry, r.task, { method: r.spec.method, seed: specSeed(r.spec), llm: (e) => episodeLlm(r.spec, e) }));
  const result = await runHouseholdEpisode(p.entry.method, r.task, {
    llm: p.llm.client,
    meter: p.llm.meter,
    rng: new Rng(p.seed),
    ...(r.rsn ? { rsn: r.rsn } : {}),
    ...(r.maxFeedback !== undefined ? { maxFeedback: r.maxFeedback } : {}),
    ...(r.timeLimitMs !== undefined ? { timeLimitMs: r.timeLimitMs } : {}),
    spec: r.spec,
    ...(r.trace ? { onTrace: r.trace } : {}),
    ...(r.onEvent ? { onEvent: r.onEvent } : {}),
    ...(r.signal ? { signal: r.signal } : {}),
    methodOptions: entryOptions(p, r.spec.config, r.task),
  });
  const outcome: EpisodeOutcome = {
    success: result.success,
    reward: result.success ? 1 : 0,
    steps: result.steps,
    planningSeconds: result.planningSeconds,
    llm: result.llm,
    metrics: {
      distance: result.distance,
      searches: result.searches,
      feedbackRounds: result.feedbackRounds,
      repairs: result.repairs,
      goalsMet: result.goalsMet,
      goalsTotal: result.goalsTotal,
      errands: r.task.goals.length,
      errandsMet: result.errands.filter((e) => e.met).length,
      errandSuccess: result.errands.filter((e) => e.met).length / r.task.goals.length,
    },
    failures: result.failures,
    modelDescription: modelLine(p),
    warnings: [...result.warnings, ...(result.status !== 'success' ? [`status: ${result.status}${result.unsafe.length ? ` (${result.unsafe.join(', ')})` : ''}`] : [])],
  };
  return { result, outcome };
}
