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
  MANIPULATION_COST,
  NONE,
  PLANNING_REWARD,
  applyAction,
  planningReward,
  planningTerminal,
  type KitchenAction,
  type KitchenWorld,
} from '../../envs/kitchen/index.js';
import type { Rng } from '../../core/rng.js';
import type { PomdpModel, StepOutcome } from '../../pomdp/index.js';
import { particleObsHash, visibleOf, type Particle } from './agent-world.js';
import { unreachedGoals, type RolloutPolicy } from './rollout-policy.js';

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

export function kitchenPomdp(world: KitchenWorld, belief: { particles: Particle[]; weights: number[] }, options: KitchenPomdpOptions = {}): PomdpModel<Particle> & { codec: ActionCodec } {
  const codec = new ActionCodec(world);
  const discount = options.discount ?? 0.95;
  const policy = options.policy;
  const R = PLANNING_REWARD;
  const maxDist = world.layout.maxDist;
  const model: PomdpModel<Particle> & { codec: ActionCodec } = {
    name: 'tru-pomdp-kitchen',
    codec,
    numActions: codec.size,
    discount,
    step(p: Particle, _random: number, action: number): StepOutcome<Particle> {
      const a = codec.decode(action, p.state);
      const next = applyAction(world, p.state, a).state;
      const reward = planningReward(world, p.state, a, next, p.goal);
      const np: Particle = next === p.state ? p : { state: next, goal: p.goal };
      return { state: np, reward, observation: particleObsHash(next), terminal: planningTerminal(next, p.goal) };
    },
    obsProb(obs, next) {
      return particleObsHash(next.state) === obs ? 1 : 0;
    },
    initialParticles: () => ({ states: belief.particles, weights: belief.weights }),
    sampleInitialState: (rng: Rng) => belief.particles[rng.weightedIndex(belief.weights)],
    safeAction: { action: codec.none, value: R.none },
    maxReward: R.subgoal + R.goal - MANIPULATION_COST,
    minReward: Math.min(R.infeasible, R.none, R.subgoalUndone - MANIPULATION_COST - maxDist),
    actions: (states) => beliefActions(world, codec, states),
    // past the rollout horizon: no further reward assumed (terminated particles also contribute 0)
    particleLowerBound: () => 0,
    particleUpperBound: (p) => {
      let unmet = 0;
      for (const g of p.goal) if (p.state.objectArea[g.object] !== g.area) unmet++;
      return unmet === 0 ? 0 : unmet * R.subgoal + R.goal;
    },
    actionName: (id) => String(id),
  };
  if (policy) {
    model.defaultPolicy = (states) => {
      // majority vote of the per-particle policy
      const votes = new Map<number, number>();
      let best = codec.none;
      let bestN = 0;
      for (const p of states) {
        const a = policy(unreachedGoals(p.state, p.goal), { world, state: p.state });
        const id = codec.encode(a);
        const n = (votes.get(id) ?? 0) + 1;
        votes.set(id, n);
        if (n > bestN) {
          bestN = n;
          best = id;
        }
      }
      return best;
    };
  }
  return model;
}
