/**
 * Rollout policies for the belief-tree search's default-policy lower bound
 * (Tru-POMDP §4.3 and appendix A.2). A policy maps one particle — its
 * unreached goal pairs and its hypothesised scene — to one action. The
 * built-in policy plays the role of the paper's LLM-written `NextAction`
 * (our own code, nearest-first): place a held target at its goal area
 * (opening it first), put a held non-target down, pick the nearest visible
 * unplaced target, open the closed area that holds one, else NONE. The
 * LLM-written variant (`policy/`) plugs in through the same `RolloutPolicy` type.
 */
import {
  EMPTY_HAND,
  IN_HAND,
  NONE,
  navCost,
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

/** The built-in commonsense rollout policy (see the module comment). */
export const nearestTargetPolicy: RolloutPolicy = (goals, { world, state: s }) => {
  if (goals.length === 0) return NONE;
  const layout = world.layout;
  const here = s.robot;
  if (s.hand !== EMPTY_HAND) {
    const g = goals.find((p) => p.object === s.hand);
    if (g) return s.open[g.area] ? { type: 'place', area: g.area } : { type: 'open', area: g.area };
    // holding something that is not (or no longer) needed: put it down at the nearest open area
    let best = -1;
    let bestCost = Infinity;
    for (let a = 0; a < s.open.length; a++) {
      if (!s.open[a]) continue;
      const c = navCost(layout, here, a);
      if (c < bestCost) {
        bestCost = c;
        best = a;
      }
    }
    return best >= 0 ? { type: 'place', area: best } : NONE;
  }
  // pick the cheapest visible target (to it, then on to its goal area)
  let pick: KitchenAction = NONE;
  let pickCost = Infinity;
  let open: KitchenAction = NONE;
  let openCost = Infinity;
  for (const p of goals) {
    const a = s.objectArea[p.object];
    if (a < 0 || a === IN_HAND) continue;
    if (s.open[a]) {
      const c = navCost(layout, here, a) + navCost(layout, a, p.area);
      if (c < pickCost) {
        pickCost = c;
        pick = { type: 'pick', area: a, object: p.object };
      }
    } else {
      const c = navCost(layout, here, a);
      if (c < openCost) {
        openCost = c;
        open = { type: 'open', area: a };
      }
    }
  }
  return pick.type !== 'none' ? pick : open;
};
