/**
 * The open-ended kitchen POMDP of Tru-POMDP (§3.2, §4.3) as a DESPOT model:
 * a state is a particle (hypothesised full scene + the placement goal it
 * pursues), the transition is the deterministic kitchen dynamics, the reward
 * is the planning reward relative to the particle's goal (terminal once it is
 * met), and the observation is the particle's visible scene. The action space
 * at a belief node is built from its particles: OPEN of each closed area, PICK
 * of each visible hypothesised target (hand empty), PLACE into each open area
 * (hand full). Rollouts follow a `RolloutPolicy` by majority over the node's
 * particles, or a uniformly random legal action (the w/o-LRP ablation).
 */
import {
  ActionCodec,
  EMPTY_HAND,
  FEASIBLE,
  MANIPULATION_COST,
  NONE_KIND,
  PLANNING_REWARD,
  applyEffects,
  blocker,
  countMet,
  metCount,
  moveCost,
  planningStepReward,
  writesOpen,
  type GoalAlternative,
  type KitchenState,
  type KitchenWorld,
} from '../../envs/kitchen/index.js';
import type { Rng } from '../../core/rng.js';
import type { PomdpModel, StepOutcome } from '../../pomdp/index.js';
import { particleObsHash, visibleOf, type Particle } from './agent-world.js';
import { nearestTargetId, nearestTargetPolicy, unreachedGoals, type RolloutPolicy } from './rollout-policy.js';
import { kitchenRollout, majorityVote, type SlotVote } from './search-rollout.js';

export interface KitchenPomdpOptions {
  discount?: number;
  /** Default policy for rollouts; undefined = uniformly random legal action. */
  policy?: RolloutPolicy;
  /**
   * With a policy: run the rollouts in the model on scratch memory (same
   * values as the engine's rollouts with this search depth and rollout
   * depth; the search must start from an empty history).
   */
  rollout?: { depth: number; rolloutDepth: number };
}

/** The belief-built action space (ids) at a node whose particles share one observation. */
export function beliefActions(world: KitchenWorld, codec: ActionCodec, states: readonly Particle[]): number[] {
  const out: number[] = [];
  if (states.length === 0) return [codec.none];
  const s0 = states[0].state;
  const A = codec.areas;
  for (let a = 0; a < A; a++) if (!s0.open[a]) out.push(a);
  if (s0.hand === EMPTY_HAND) {
    const targets = new Set<number>();
    for (const p of states) for (const g of p.goal) targets.add(g.object);
    for (const o of [...targets].sort((x, y) => x - y)) {
      if (visibleOf(s0, o) >= 0) out.push(2 * A + o);
    }
  } else {
    for (let a = 0; a < A; a++) if (s0.open[a]) out.push(A + a);
  }
  if (out.length === 0) out.push(codec.none);
  return out;
}

/**
 * A particle as the search holds it: the state and the particle in one object
 * (`state` is the object itself), with the number of met goal pairs and the
 * observation hash cached, so a step allocates one object and at most one
 * typed array and an unchanged state reuses its hash.
 */
export class SearchParticle implements Particle, KitchenState {
  readonly state: KitchenState;
  constructor(
    readonly robot: number,
    readonly hand: number,
    readonly objectArea: Int16Array,
    readonly open: Uint8Array,
    readonly goal: GoalAlternative,
    /** Pairs of `goal` met in this state. */
    readonly met: number,
    /** `particleObsHash` of this state. */
    public obs: number,
  ) {
    this.state = this;
  }

  static of(p: Particle): SearchParticle {
    if (p instanceof SearchParticle) return p;
    const s = p.state;
    return new SearchParticle(s.robot, s.hand, s.objectArea, s.open, p.goal, countMet(s, p.goal), particleObsHash(s));
  }
}

/** The search-side copies of belief particles (what `Despot.search` should be given). */
export function searchParticles(particles: readonly Particle[]): SearchParticle[] {
  return particles.map((p) => SearchParticle.of(p));
}

export function kitchenPomdp(world: KitchenWorld, belief: { particles: Particle[]; weights: number[] }, options: KitchenPomdpOptions = {}): PomdpModel<Particle> & { codec: ActionCodec } {
  const codec = new ActionCodec(world);
  const discount = options.discount ?? 0.95;
  const policy = options.policy;
  const R = PLANNING_REWARD;
  const maxDist = world.layout.maxDist;
  const A = codec.areas;
  const nAreas = world.layout.areas.length;
  const dist = world.layout.dist;
  const initial = searchParticles(belief.particles);
  // the engine copies the outcome's fields out at once, so one scratch outcome serves every step
  const out: { state: Particle; reward: number; observation: number; terminal: boolean } = { state: initial[0], reward: 0, observation: 0, terminal: false };
  const same = (p: SearchParticle, reward: number): StepOutcome<Particle> => {
    out.state = p;
    out.reward = reward;
    out.observation = p.obs;
    out.terminal = p.met === p.goal.length;
    return out;
  };
  // one-entry caches: particles of one node share their view, and the engine steps them one after another
  let lastFrom = -1;
  let lastAction = -1;
  let lastObs = 0;
  let openFrom: Uint8Array | null = null;
  let openArea = -1;
  let openTo: Uint8Array | null = null;
  const opened = (src: Uint8Array, area: number): Uint8Array => {
    if (src !== openFrom || area !== openArea || openTo === null) {
      openTo = src.slice();
      openTo[area] = 1;
      openFrom = src;
      openArea = area;
    }
    return openTo;
  };
  const model: PomdpModel<Particle> & { codec: ActionCodec } = {
    name: 'tru-pomdp-kitchen',
    codec,
    numActions: codec.size,
    discount,
    // the kernel's step and planning reward on a copy-on-write successor, plus the view hash
    step(particle: Particle, _random: number, id: number): StepOutcome<Particle> {
      const p = particle instanceof SearchParticle ? particle : SearchParticle.of(particle);
      const kind = codec.kind(id);
      if (kind === NONE_KIND) return same(p, R.none);
      const area = codec.area(id, p.objectArea);
      const object = id - 2 * A;
      if (blocker(p.open, p.objectArea, p.hand, kind, area, object) !== FEASIBLE) return same(p, R.infeasible);
      const opens = writesOpen(kind);
      const goal = p.goal;
      const objectArea = opens ? p.objectArea : p.objectArea.slice();
      const open = opens ? opened(p.open, area) : p.open;
      const hand = applyEffects(open, objectArea, p.hand, kind, area, object);
      const cost = moveCost(dist, nAreas, p.robot, area);
      const next = new SearchParticle(area, hand, objectArea, open, goal, opens ? p.met : metCount(objectArea, goal), 0);
      if (opens) {
        next.obs = particleObsHash(next); // OPEN: what comes into view depends on the hidden placements
      } else if (p.obs === lastFrom && lastAction === id) {
        next.obs = lastObs; // PICK/PLACE: the next view is a function of the current view and the action
      } else {
        next.obs = particleObsHash(next);
        lastFrom = p.obs;
        lastAction = id;
        lastObs = next.obs;
      }
      out.state = next;
      out.reward = planningStepReward(R, cost, p.met, next.met, goal.length);
      out.observation = next.obs;
      out.terminal = next.met === goal.length;
      return out;
    },
    obsProb(obs, next) {
      return particleObsHash(next.state) === obs ? 1 : 0;
    },
    initialParticles: () => ({ states: initial, weights: belief.weights }),
    sampleInitialState: (rng: Rng) => initial[rng.weightedIndex(belief.weights)],
    safeAction: { action: codec.none, value: R.none },
    maxReward: R.subgoal + R.goal - MANIPULATION_COST,
    minReward: Math.min(R.infeasible, R.none, R.subgoalUndone - MANIPULATION_COST - maxDist),
    actions: (states) => beliefActions(world, codec, states),
    // past the rollout horizon: no further reward assumed (terminated particles also contribute 0)
    particleLowerBound: () => 0,
    particleUpperBound: (p) => {
      const unmet = p instanceof SearchParticle ? p.goal.length - p.met : p.goal.length - countMet(p.state, p.goal);
      return unmet === 0 ? 0 : unmet * R.subgoal + R.goal;
    },
    actionName: (id) => String(id),
  };
  if (policy) {
    // majority vote of the per-particle policy; the first action to reach the final count wins
    const votes = new Int32Array(codec.size);
    const touched: number[] = [];
    const slotVote: SlotVote =
      policy === nearestTargetPolicy
        ? (s, goal, met) => nearestTargetId(world, codec, s, goal, met)
        : (s, goal) => codec.encode(policy(unreachedGoals(s, goal), { world, state: s }));
    const particleVote = (i: number, states: readonly Particle[]): number => {
      const p = SearchParticle.of(states[i]);
      return slotVote(p, p.goal, p.met);
    };
    model.defaultPolicy = (states) => majorityVote(votes, touched, states.length, codec.none, particleVote, states);
    if (options.rollout) {
      // the same rollouts on scratch memory (see search-rollout.ts)
      model.scenarioLowerBound = kitchenRollout(world, codec, slotVote, (p) => SearchParticle.of(p), { ...options.rollout, discount });
    }
  }
  return model;
}
