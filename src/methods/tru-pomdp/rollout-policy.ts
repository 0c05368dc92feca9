/**
 * The built-in rollout policy of the belief-tree search (Tru-POMDP §4.3 and
 * appendix A.2, where an LLM writes `NextAction`; this one is our own code,
 * nearest-first). A policy maps one particle — its goal pairs and its
 * hypothesised scene — to one action:
 * - all pairs met: NONE;
 * - holding an object that some unreached pair wants: OPEN its target area
 *   when closed, else PLACE it there;
 * - holding anything else: PLACE it on the nearest open area (NONE if none is open);
 * - hand empty: PICK the visible unreached target (in an open area) with the
 *   cheapest trip robot → object → target area; when none is visible, OPEN
 *   the nearest closed area that holds an unreached target; else NONE.
 * Ties go to the first candidate (goal order, then area order).
 *
 * This file is the only definition: DESPOT's rollouts call `nearestTargetId`
 * (action ids, no allocation), the agent and the policy module
 * (`policy/`, the fallback of an LLM-written policy) call it through
 * `nearestTargetPolicy` / `nearestTargetAction`. The sandbox's JavaScript
 * copy (`policy/builtin-source.ts`) is checked against it by a property test.
 */
import {
  EMPTY_HAND,
  codecOf,
  countMet,
  type ActionCodec,
  type GoalPair,
  type KitchenAction,
  type KitchenState,
  type KitchenWorld,
} from '../../envs/kitchen/index.js';

/** The scene a rollout policy sees: the world's vocabulary and one hypothesised state. */
export interface RolloutScene {
  readonly world: KitchenWorld;
  readonly state: KitchenState;
}

/** `(unreachedGoals, scene) => action`; must be pure and fast (it runs inside search). */
export type RolloutPolicy = (unreachedGoals: readonly GoalPair[], scene: RolloutScene) => KitchenAction;

/** Goal pairs of `goal` not met in `s`. */
export function unreachedGoals(s: KitchenState, goal: readonly GoalPair[]): GoalPair[] {
  const out: GoalPair[] = [];
  for (const p of goal) if (s.objectArea[p.object] !== p.area) out.push(p);
  return out;
}

/**
 * The built-in policy's action id for state `s` pursuing `goal`, of which
 * `met` pairs hold in `s` (met pairs are skipped, so `goal` may be the whole
 * alternative or only its unreached pairs). Allocates nothing.
 */
export function nearestTargetId(world: KitchenWorld, codec: ActionCodec, s: KitchenState, goal: readonly GoalPair[], met: number): number {
  if (met === goal.length) return codec.none;
  const layout = world.layout;
  const n = layout.areas.length;
  const dist = layout.dist;
  const oa = s.objectArea;
  const open = s.open;
  const here = s.robot;
  if (s.hand !== EMPTY_HAND) {
    for (const g of goal) {
      // a held object is never at its target, so this is an unreached pair
      if (g.object === s.hand) return open[g.area] ? codec.areas + g.area : g.area;
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
    if (a === g.area || a < 0) continue; // met, held, or not in the scene
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

/** The built-in policy's action for state `s` pursuing `goal` (met pairs are ignored). */
export function nearestTargetAction(world: KitchenWorld, s: KitchenState, goal: readonly GoalPair[]): KitchenAction {
  const codec = codecOf(world);
  return codec.decode(nearestTargetId(world, codec, s, goal, countMet(s, goal)), s);
}

/** The built-in policy as a `RolloutPolicy` (see the module comment). */
export const nearestTargetPolicy: RolloutPolicy = (goals, { world, state }) => nearestTargetAction(world, state, goals);
