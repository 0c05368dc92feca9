/**
 * DESPOT's default-policy rollout for the kitchen POMDP, run on scratch
 * memory. It computes exactly what the engine's generic rollout
 * (`Despot`'s joint rollout, partitioned by observation) computes with the
 * model's `step` and `defaultPolicy` — same actions, same rewards, same
 * summation order, so the same value — but steps the particles in place
 * (the kitchen kernel's `stepInPlace`) in preallocated typed arrays instead
 * of allocating a state per step, which removes most of the search's
 * garbage. Plugged in as the model's `scenarioLowerBound`.
 */
import {
  OPEN_KIND,
  PLANNING_REWARD,
  metCount,
  planningStepReward,
  stepInPlace,
  type ActionCodec,
  type GoalAlternative,
  type KitchenWorld,
  type WritableKitchenState,
} from '../../envs/kitchen/index.js';
import type { History, ValuedAction } from '../../pomdp/index.js';
import { particleObsHash, type Particle } from './agent-world.js';


/** What the rollout reads of a search particle. */
export interface RolloutParticle {
  readonly state: { readonly robot: number; readonly hand: number; readonly objectArea: Int16Array; readonly open: Uint8Array };
  readonly goal: GoalAlternative;
  readonly met: number;
  readonly obs: number;
}

/**
 * Majority vote of `n` voters (`vote(i, arg)` is voter i's action id); the
 * first action to reach the final count wins, `none` when there are no
 * voters. `counts` (one per action id) is all zeros on entry and on return;
 * `touched` is scratch (empty on entry and on return).
 */
export function majorityVote<T>(counts: Int32Array, touched: number[], n: number, none: number, vote: (i: number, arg: T) => number, arg: T): number {
  let best = none;
  let bestN = 0;
  for (let i = 0; i < n; i++) {
    const id = vote(i, arg);
    if (counts[id] === 0) touched.push(id);
    const c = ++counts[id];
    if (c > bestN) {
      bestN = c;
      best = id;
    }
  }
  for (const id of touched) counts[id] = 0;
  touched.length = 0;
  return best;
}

/** The rollout vote of one particle: an action id (the policy's choice for this state and goal). */
export type SlotVote = (state: WritableKitchenState, goal: GoalAlternative, met: number) => number;

export interface KitchenRolloutOptions {
  /** Search depth D: rollouts stop at depth D. */
  depth: number;
  /** Most rollout steps from a node. */
  rolloutDepth: number;
  discount: number;
}

/**
 * The scenario lower bound `(states, history) => {action, value}`: the
 * undiscounted-from-the-node sum over particles of the majority-vote policy's
 * rollout value, and its first action. The node depth is `history.size`, so
 * the search must start from an empty history (as the agent does).
 */
export function kitchenRollout(
  world: KitchenWorld,
  codec: ActionCodec,
  vote: SlotVote,
  toParticle: (p: Particle) => RolloutParticle,
  options: KitchenRolloutOptions,
): (states: readonly Particle[], history: History) => ValuedAction {
  const none = codec.none;
  const nAreas = world.layout.areas.length;
  const dist = world.layout.dist;
  const R = PLANNING_REWARD;
  const D = options.depth;
  const L = options.rolloutDepth;
  const g = options.discount;
  let cap = 0;
  let width = -1;
  let met = new Int32Array(0);
  let obs = new Float64Array(0);
  let goals: GoalAlternative[] = [];
  /** One kitchen state per particle slot, over views into the scratch buffers. */
  let views: WritableKitchenState[] = [];
  const votes = new Int32Array(codec.size);
  const touched: number[] = [];

  const ensure = (n: number, objects: number): void => {
    if (n <= cap && objects === width) return;
    cap = Math.max(n, 2 * cap, 32);
    width = objects;
    met = new Int32Array(cap);
    obs = new Float64Array(cap);
    goals = new Array<GoalAlternative>(cap);
    const oa = new Int16Array(cap * objects);
    const op = new Uint8Array(cap * nAreas);
    views = Array.from({ length: cap }, (_, i) => ({ robot: 0, hand: 0, objectArea: oa.subarray(i * objects, (i + 1) * objects), open: op.subarray(i * nAreas, (i + 1) * nAreas) }));
  };

  /** Majority vote over the slots (see majorityVote). */
  const slotVote = (i: number, slots: Int32Array): number => {
    const s = slots[i];
    return vote(views[s], goals[s], met[s]);
  };
  const majority = (slots: Int32Array, n: number): number => majorityVote(votes, touched, n, none, slotVote, slots);

  // per group step: PICK/PLACE lead every particle of a group (one shared view) to one next view
  let cacheFrom = -1;
  let cacheAction = -1;
  let cacheObs = 0;
  let stepReward = 0;
  let stepTerminal = false;

  /** Step slot `s` in place (the kernel's step and planning reward); sets stepReward/stepTerminal and obs[s]. */
  const step = (s: number, action: number): void => {
    const goal = goals[s];
    const len = goal.length;
    const v = views[s];
    const before = met[s];
    const outcome = stepInPlace(codec, dist, v, action);
    if (outcome < 0) {
      // NONE or infeasible: nothing changed
      stepReward = planningStepReward(R, outcome, before, before, len);
      stepTerminal = before === len;
      return;
    }
    const moved = codec.kind(action) !== OPEN_KIND; // PICK/PLACE changed the placements
    const after = moved ? metCount(v.objectArea, goal) : before;
    met[s] = after;
    stepReward = planningStepReward(R, outcome, before, after, len);
    stepTerminal = after === len;
    const prev = obs[s];
    if (moved && prev === cacheFrom && action === cacheAction) {
      obs[s] = cacheObs;
    } else {
      obs[s] = particleObsHash(v);
      if (moved) {
        cacheFrom = prev;
        cacheAction = action;
        cacheObs = obs[s];
      }
    }
  };

  let first = -1;

  /** The engine's joint rollout on `n` slots from depth `pos` after `steps` rollout steps. */
  const rollout = (slots: Int32Array, n: number, pos: number, steps: number): number => {
    let value = 0;
    let disc = 1;
    for (;;) {
      if (pos >= D || steps >= L) break; // past the horizon: particle lower bound 0
      const action = majority(slots, n);
      if (steps === 0) first = action;
      let m = 0;
      let single = true;
      let r = 0;
      let o0 = 0;
      cacheFrom = -1;
      for (let i = 0; i < n; i++) {
        const s = slots[i];
        step(s, action);
        r += stepReward;
        if (stepTerminal) continue;
        const o = obs[s];
        if (m === 0) o0 = o;
        else if (o !== o0) single = false;
        slots[m++] = s;
      }
      value += disc * r;
      if (m === 0) break;
      n = m;
      pos++;
      steps++;
      if (single) {
        disc *= g;
        continue;
      }
      // several observations: one rollout per partition, in ascending observation order
      const parts = new Map<number, number[]>();
      for (let i = 0; i < n; i++) {
        const o = obs[slots[i]];
        const p = parts.get(o);
        if (p === undefined) parts.set(o, [slots[i]]);
        else p.push(slots[i]);
      }
      const keys = [...parts.keys()].sort((a, b) => a - b);
      const groups = keys.map((o) => Int32Array.from(parts.get(o) as number[]));
      for (const gs of groups) value += disc * g * rollout(gs, gs.length, pos, steps);
      break;
    }
    return value;
  };

  return (states, history) => {
    const n = states.length;
    const ps = states.map(toParticle);
    ensure(n, n > 0 ? ps[0].state.objectArea.length : 0);
    const slots = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const p = ps[i];
      const v = views[i];
      slots[i] = i;
      v.robot = p.state.robot;
      v.hand = p.state.hand;
      met[i] = p.met;
      obs[i] = p.obs;
      goals[i] = p.goal;
      v.objectArea.set(p.state.objectArea);
      v.open.set(p.state.open);
    }
    first = -1;
    const value = rollout(slots, n, history.size, 0);
    // no step taken (at the depth limit): the policy's vote on the node's particles, untouched
    const action = first >= 0 ? first : majority(slots, n);
    return { action, value };
  };
}
