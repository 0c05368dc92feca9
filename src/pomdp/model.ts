/**
 * The generative, scenario-driven POMDP model interface used by DESPOT and
 * POMCP (Ye, Somani, Hsu, Lee, "DESPOT: Online POMDP Planning with
 * Regularization", JAIR 2017, §3: a deterministic simulative model).
 *
 * `step(state, random, action)` is a deterministic function of the scenario's
 * random number `random` ∈ [0,1): replaying the same scenario gives the same
 * outcome. Actions are small integer ids; observations are numbers or strings
 * (used as partition keys). States are opaque values of type `S` — the
 * reference problems use small integers, which makes particles cheap.
 */
import type { Rng } from '../core/rng.js';
import type { History, Obs } from './history.js';

export type { Obs } from './history.js';

/** The result of one simulated step. */
export interface StepOutcome<S> {
  state: S;
  reward: number;
  observation: Obs;
  terminal: boolean;
}

/** An action with a value, e.g. the best worst-case action or a default move. */
export interface ValuedAction {
  action: number;
  value: number;
}

/**
 * A problem-supplied default policy for DESPOT's rollout lower bound: ONE
 * action for a whole particle set given the history (the reference's
 * `DefaultPolicy::Action`). The solver simulates it jointly on all particles.
 */
export type DefaultPolicy<S> = (states: readonly S[], history: History) => number;

/**
 * A closed-form lower bound on a particle set (the reference's
 * `ScenarioLowerBound::Value`), used instead of rollouts when given.
 * `value` is per unit weight times the number of particles: return
 * Σ_i value(s_i) (undiscounted from the node); the solver scales it by the
 * particle weight 1/K and γ^depth.
 */
export type ScenarioLowerBound<S> = (states: readonly S[], history: History) => ValuedAction;

/**
 * The generative model. Only `numActions`, `discount`, `step`, `obsProb`,
 * `initialParticles`, `sampleInitialState` and `safeAction` are required.
 */
export interface PomdpModel<S> {
  readonly name: string;
  /** Size of the fixed action set (ids 0..numActions-1); see `actions`. */
  readonly numActions: number;
  readonly discount: number;
  /**
   * Simulate one step. Must not mutate `state`. The returned object MAY be a
   * scratch object owned by the model and overwritten by the next call:
   * callers copy its fields out immediately.
   */
  step(state: S, random: number, action: number): StepOutcome<S>;
  /** O(o | s', a): the probability of observing `obs` after `action` reached `nextState`. */
  obsProb(obs: Obs, nextState: S, action: number): number;
  /** The initial belief as weighted particles (weights need not be normalized). */
  initialParticles(): { states: S[]; weights: number[] };
  /** The true start state of an episode. */
  sampleInitialState(rng: Rng): S;
  /**
   * The action with the largest worst-case immediate reward and that reward
   * (the reference's `GetBestAction`); gives the trivial particle lower bound
   * W·r/(1−γ).
   */
  readonly safeAction: ValuedAction;
  /** Largest immediate reward (trivial upper bound W·Rmax/(1−γ)). */
  readonly maxReward: number;
  /** Smallest immediate reward (POMCP's exploration constant uses the range). */
  readonly minReward: number;
  /**
   * Legal actions at a belief node, given its particles and history (e.g. an
   * action space built from the belief). Default: 0..numActions-1.
   */
  actions?(states: readonly S[], history: History): readonly number[];
  /** DESPOT's default policy for rollouts (default: uniformly random legal action). */
  defaultPolicy?: DefaultPolicy<S>;
  /** A closed-form scenario lower bound; replaces default-policy rollouts. */
  scenarioLowerBound?: ScenarioLowerBound<S>;
  /** Lower bound per particle past the rollout depth (default: safeAction.value/(1−γ)). */
  particleLowerBound?: (state: S) => number;
  /** Upper bound per particle on the value from `state` (default: maxReward/(1−γ)). */
  particleUpperBound?: (state: S) => number;
  /** A single-state rollout action for POMCP (default: uniformly random legal action). */
  rolloutAction?(state: S, rng: Rng): number;
  /**
   * Add particles when the belief runs empty or thin (particle
   * reinvigoration); receives the history since the episode start.
   */
  reinvigorate?(history: History, rng: Rng, count: number): S[];
  /** State copy (default: identity — states are immutable values). */
  copy?(state: S): S;
  /** State equality (default: ===). */
  equals?(a: S, b: S): boolean;
  /** Dense index of a state (enables fast mode/majority counting). */
  stateIndex?(state: S): number;
  readonly numStates?: number;
  actionName?(action: number): string;
  observationName?(obs: Obs): string;
  stateName?(state: S): string;
}

/** The legal actions at a node (the model's hook or 0..numActions-1). */
export function legalActions<S>(model: PomdpModel<S>, states: readonly S[], history: History, all: readonly number[]): readonly number[] {
  return model.actions ? model.actions(states, history) : all;
}

/** [0, 1, ..., n-1]. */
export function range(n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
