/**
 * The built-in rollout policy (the fallback whenever an LLM-written policy is
 * rejected or fails), in the spirit of the policy the Tru-POMDP authors
 * obtained from o1 (appendix A.2), improved where that one gives up:
 * - hand full: deliver the held object when it has an unreached goal (OPEN
 *   the target first when closed), else put it down on the nearest open area
 *   (the paper's policy returns no-op here: the held object has no parent);
 * - hand empty: among unreached goals whose object is somewhere in the scene,
 *   take the one with the cheapest robot → object → target trip; OPEN its
 *   area when closed, else PICK it;
 * - nothing to do: NONE.
 * Ties go to the first candidate, so the TypeScript function and its
 * JavaScript twin `BUILTIN_POLICY_SOURCE` return identical actions.
 */
import type { PolicyAction, PolicyGoal, PolicyScene } from './types.js';

const NONE_ACTION: PolicyAction = Object.freeze({ type: 'NONE' });

export function builtinNextAction(unreachedGoals: readonly PolicyGoal[], scene: PolicyScene): PolicyAction {
  if (unreachedGoals.length === 0) return NONE_ACTION;
  const fromRobot = scene.navCost[scene.robotArea];
  const held = scene.heldObject;
  if (held >= 0) {
    for (const g of unreachedGoals) {
      if (g.object === held) {
        if (!scene.areas[g.area].open) return { type: 'OPEN', area: g.area };
        return { type: 'PLACE', area: g.area };
      }
    }
    let best = -1;
    let bestCost = Infinity;
    for (const a of scene.areas) {
      if (a.open && fromRobot[a.id] < bestCost) {
        best = a.id;
        bestCost = fromRobot[a.id];
      }
    }
    return best >= 0 ? { type: 'PLACE', area: best } : NONE_ACTION;
  }
  let bestGoal: PolicyGoal | undefined;
  let bestCost = Infinity;
  for (const g of unreachedGoals) {
    const obj = scene.objects[g.object];
    if (obj === undefined || obj.area < 0) continue;
    const cost = fromRobot[obj.area] + scene.navCost[obj.area][g.area];
    if (cost < bestCost) {
      bestCost = cost;
      bestGoal = g;
    }
  }
  if (bestGoal === undefined) return NONE_ACTION;
  const area = scene.objects[bestGoal.object].area;
  if (!scene.areas[area].open) return { type: 'OPEN', area };
  return { type: 'PICK', area, object: bestGoal.object };
}

/** The same policy as JavaScript source for the sandbox (what a good `tru.policy` answer looks like). */
export const BUILTIN_POLICY_SOURCE = `function nextAction(unreachedGoals, scene) {
  if (unreachedGoals.length === 0) return { type: 'NONE' };
  const fromRobot = scene.navCost[scene.robotArea];
  const held = scene.heldObject;
  if (held >= 0) {
    // Deliver the held object if some goal wants it.
    for (const g of unreachedGoals) {
      if (g.object === held) {
        if (!scene.areas[g.area].open) return { type: 'OPEN', area: g.area };
        return { type: 'PLACE', area: g.area };
      }
    }
    // Otherwise put it down on the nearest open area.
    let best = -1;
    let bestCost = Infinity;
    for (const a of scene.areas) {
      if (a.open && fromRobot[a.id] < bestCost) {
        best = a.id;
        bestCost = fromRobot[a.id];
      }
    }
    return best >= 0 ? { type: 'PLACE', area: best } : { type: 'NONE' };
  }
  // Hand empty: the goal with the cheapest robot -> object -> target trip.
  let bestGoal = null;
  let bestCost = Infinity;
  for (const g of unreachedGoals) {
    const obj = scene.objects[g.object];
    if (obj === undefined || obj.area < 0) continue;
    const cost = fromRobot[obj.area] + scene.navCost[obj.area][g.area];
    if (cost < bestCost) {
      bestCost = cost;
      bestGoal = g;
    }
  }
  if (bestGoal === null) return { type: 'NONE' };
  const area = scene.objects[bestGoal.object].area;
  if (!scene.areas[area].open) return { type: 'OPEN', area };
  return { type: 'PICK', area, object: bestGoal.object };
}
`;
