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
  EMPTY_HAND,
  IN_HAND,
  MANIPULATION_COST,
  NONE,
  PLANNING_REWARD,
  countMet,
  type GoalAlternative,
  type KitchenAction,
  type KitchenState,
  type KitchenWorld,
} from '../../envs/kitchen/index.js';
import type { Rng } from '../../core/rng.js';
import type { PomdpModel, StepOutcome } from '../../pomdp/index.js';
import { particleObsHash, visibleOf, type Particle } from './agent-world.js';
import { nearestTargetPolicy, unreachedGoals, type RolloutPolicy } from './rollout-policy.js';
import { kitchenRollout, majorityVote, type SlotVote } from './search-rollout.js';

/** Dense action ids over a world: OPEN a → a, PLACE a → A + a, PICK o → 2A + o, NONE → 2A + O. */
export class ActionCodec {
  readonly areas: number;
  readonly objects: number;
  constructor(world: KitchenWorld) {
    this.areas = world.layout.areas.length;
    this.objects = world.objects.length;
  }
  get size(): number {
    return 2 * this.areas + this.objects + 1;
  }
  get none(): number {
    return 2 * this.areas + this.objects;
  }
  encode(a: KitchenAction): number {
    switch (a.type) {
      case 'open':
        return a.area;
      case 'place':
        return this.areas + a.area;
      case 'pick':
        return 2 * this.areas + a.object;
      case 'none':
        return this.none;
    }
  }
  /** The kitchen action of an id in state `s` (PICK takes the object's area in `s`). */
  decode(id: number, s: { objectArea: Int16Array }): KitchenAction {
    const A = this.areas;
    if (id < A) return { type: 'open', area: id };
    if (id < 2 * A) return { type: 'place', area: id - A };
    if (id < this.none) {
      const object = id - 2 * A;
      const area = s.objectArea[object];
      // an object not lying in an area: an infeasible pick (area 0 never holds it)
      return { type: 'pick', area: area >= 0 ? area : 0, object };
    }
    return NONE;
  }
}

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
    /** `particleObsHash` of this state (set once, right after construction). */
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

/**
 * The built-in rollout policy's action id for one particle (`met` = pairs of
 * `goal` met in `p`), without allocating: the same decision as
 * `nearestTargetPolicy(unreachedGoals(p, goal), …)`.
 */
export function nearestTargetId(world: KitchenWorld, codec: ActionCodec, p: KitchenState, goal: GoalAlternative, met: number): number {
  if (met === goal.length) return codec.none;
  const layout = world.layout;
  const n = layout.areas.length;
  const dist = layout.dist;
  const oa = p.objectArea;
  const open = p.open;
  const here = p.robot;
  if (p.hand !== EMPTY_HAND) {
    for (const g of goal) {
      // a held object is never at its goal, so this is the first unreached pair of the held object
      if (g.object === p.hand) return open[g.area] ? codec.areas + g.area : g.area;
    }
    let best = -1;
    let bestCost = Infinity;
    for (let a = 0; a < open.length; a++) {
      if (!open[a]) continue;
      const c = dist[here * n + a];
      if (c < bestCost) {
        bestCost = c;
        best = a;
      }
    }
    return best >= 0 ? codec.areas + best : codec.none;
  }
  let pick = -1;
  let pickCost = Infinity;
  let openArea = -1;
  let openCost = Infinity;
  for (const g of goal) {
    const a = oa[g.object];
    if (a === g.area || a < 0) continue; // met, held, hidden-absent
    if (open[a]) {
      const c = dist[here * n + a] + dist[a * n + g.area];
      if (c < pickCost) {
        pickCost = c;
        pick = g.object;
      }
    } else {
      const c = dist[here * n + a];
      if (c < openCost) {
        openCost = c;
        openArea = a;
      }
    }
  }
  if (pick >= 0) return 2 * codec.areas + pick;
  return openArea >= 0 ? openArea : codec.none;
}

export function kitchenPomdp(world: KitchenWorld, belief: { particles: Particle[]; weights: number[] }, options: KitchenPomdpOptions = {}): PomdpModel<Particle> & { codec: ActionCodec } {
  const codec = new ActionCodec(world);
  const discount = options.discount ?? 0.95;
  const policy = options.policy;
  const R = PLANNING_REWARD;
  const maxDist = world.layout.maxDist;
  const A = codec.areas;
  const none = codec.none;
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
  let action = -1; // the action being stepped
  /** A feasible OPEN/PICK/PLACE at `area` from `p`, leading to the given arrays and hand. */
  const moved = (p: SearchParticle, area: number, objectArea: Int16Array, open: Uint8Array, hand: number): StepOutcome<Particle> => {
    const goal = p.goal;
    let met = p.met;
    if (objectArea !== p.objectArea) {
      met = 0;
      for (const g of goal) if (objectArea[g.object] === g.area) met++;
    }
    const next = new SearchParticle(area, hand, objectArea, open, goal, met, 0);
    if (objectArea === p.objectArea) {
      next.obs = particleObsHash(next); // OPEN: what comes into view depends on the hidden placements
    } else if (p.obs === lastFrom && lastAction === action) {
      next.obs = lastObs; // PICK/PLACE: the next view is a function of the current view and the action
    } else {
      next.obs = particleObsHash(next);
      lastFrom = p.obs;
      lastAction = action;
      lastObs = next.obs;
    }
    // the planning reward (same arithmetic as `planningReward`)
    let r = 0 - (dist[p.robot * nAreas + area] + MANIPULATION_COST);
    if (met > p.met) r += R.subgoal;
    else if (met < p.met) r += R.subgoalUndone;
    const done = met === goal.length;
    if (p.met !== goal.length && done) r += R.goal;
    out.state = next;
    out.reward = r;
    out.observation = next.obs;
    out.terminal = done;
    return out;
  };
  const model: PomdpModel<Particle> & { codec: ActionCodec } = {
    name: 'tru-pomdp-kitchen',
    codec,
    numActions: codec.size,
    discount,
    // the kitchen dynamics (`applyAction`), planning reward and view hash, fused and allocation-light
    step(particle: Particle, _random: number, id: number): StepOutcome<Particle> {
      const p = particle instanceof SearchParticle ? particle : SearchParticle.of(particle);
      action = id;
      if (action >= none) return same(p, R.none);
      if (action < A) {
        if (p.open[action]) return same(p, R.infeasible);
        return moved(p, action, p.objectArea, opened(p.open, action), p.hand);
      }
      if (action < 2 * A) {
        const area = action - A;
        if (!p.open[area] || p.hand === EMPTY_HAND) return same(p, R.infeasible);
        const objectArea = p.objectArea.slice();
        objectArea[p.hand] = area;
        return moved(p, area, objectArea, p.open, EMPTY_HAND);
      }
      const object = action - 2 * A;
      const at = p.objectArea[object];
      const area = at >= 0 ? at : 0;
      if (!p.open[area] || p.hand !== EMPTY_HAND || at !== area) return same(p, R.infeasible);
      const objectArea = p.objectArea.slice();
      objectArea[object] = IN_HAND;
      return moved(p, area, objectArea, p.open, object);
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
