/**
 * The agent's side of a kitchen episode (Tru-POMDP §5.1): what a method may
 * see and do. It sees names only — the instruction, the layout, what is
 * visible in the open areas — and the feedback of each step it takes; never
 * the task's goal set or where the hidden objects are. `kitchenSnapshot`
 * (the true state, for traces) is for the harness, never handed to a method.
 */
import { describeObservation, type NamedObservation } from './observation.js';
import { formatAction, parseAction, type KitchenAction } from './actions.js';
import type { EpisodeStep, KitchenEpisode } from './episode.js';
import type { KitchenLayout, KitchenName } from './layout.js';
import type { KitchenSnapshot } from './snapshot.js';
import type { KitchenState, KitchenWorld } from './state.js';

export type { KitchenSnapshot };

/** A kitchen action by names: `OPEN(A)`, `PICK(A, o)`, `PLACE(A)`, `NONE` (the `formatAction` syntax). */
export type NamedAction = string;

export type KitchenViewStatus = 'running' | 'success' | 'step-limit';

/** What the environment answers after one step. */
export interface StepFeedback {
  readonly action: NamedAction;
  readonly feasible: boolean;
  /** Why the action was infeasible (`area-closed`, `hand-full`, ...). */
  readonly reason?: string;
  /** Evaluation reward of this step. */
  readonly reward: number;
  readonly observation: NamedObservation;
  readonly status: KitchenViewStatus;
}

/** The agent's view of one episode: names only, no hidden state, no goal set. */
export interface KitchenEnvView {
  readonly kitchen: KitchenName;
  readonly layout: KitchenLayout;
  readonly instruction: string;
  readonly stepLimit: number;
  readonly steps: number;
  readonly status: KitchenViewStatus;
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


/** The true kitchen state by names, for traces (never shown to the method). */
export function kitchenSnapshot(world: KitchenWorld, state: KitchenState): KitchenSnapshot {
  const { areas } = world.layout;
  return {
    robot: areas[state.robot],
    hand: state.hand >= 0 ? world.objects[state.hand] : null,
    areas: areas.map((name, a) => ({ name, open: state.open[a] === 1, objects: world.objects.filter((_, o) => state.objectArea[o] === a) })),
  };
}

/**
 * The view of `episode`. Every step runs inside `exec` (the episode clock: it checks the
 * time budget and books the step's time as execution, not planning).
 */
export function createKitchenView(episode: KitchenEpisode, exec: <T>(step: () => T) => T = (step) => step()): KitchenEnvView {
  const task = episode.task;
  const world = task.world;
  const feedback = (action: NamedAction, r: EpisodeStep): StepFeedback => ({
    action,
    feasible: r.feasible,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    reward: r.reward,
    observation: describeObservation(world, r.observation),
    status: episode.status,
  });
  const act = (action: KitchenAction): StepFeedback => feedback(formatAction(world, action), episode.step(action));
  return {
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
    step: (text) => exec(() => act(parseAction(world, text))),
    invalid: (answer) => exec(() => feedback(`INVALID(${answer})`, episode.invalid())),
  };
}

