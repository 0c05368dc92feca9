/**
 * A fully observed greedy planner for kitchen rearrangement: for each goal
 * alternative, repeatedly serve the nearest unmet (object → area) pair
 * (OPEN the source if closed, PICK, OPEN the target if closed, PLACE). Used by
 * the task generator to certify that every task is solvable within its step
 * limit, and usable as an upper-bound oracle (it knows hidden placements).
 */
import { applyAction, type KitchenAction } from './actions.js';
import { alternativeSatisfied, type GoalAlternative, type GoalSet } from './goal.js';
import { navCost } from './layout.js';
import { EMPTY_HAND, IN_HAND, type KitchenState, type KitchenWorld } from './state.js';

export interface OraclePlan {
  /** Index of the goal alternative the plan achieves. */
  readonly alternative: number;
  readonly actions: readonly KitchenAction[];
  readonly steps: number;
  /** Total navigation + manipulation cost. */
  readonly cost: number;
}

function planAlternative(world: KitchenWorld, start: KitchenState, alt: GoalAlternative, stepLimit: number): { actions: KitchenAction[]; cost: number } | undefined {
  const layout = world.layout;
  const targetOf = new Map<number, number>();
  for (const p of alt) targetOf.set(p.object, p.area);
  const targetAreas = new Set(alt.map((p) => p.area));
  let s = start;
  const actions: KitchenAction[] = [];
  let cost = 0;
  while (!alternativeSatisfied(s, alt)) {
    if (actions.length >= stepLimit) return undefined;
    let a: KitchenAction | undefined;
    if (s.hand !== EMPTY_HAND) {
      const t = targetOf.get(s.hand);
      if (t !== undefined) a = s.open[t] ? { type: 'place', area: t } : { type: 'open', area: t };
      else {
        // park the unrelated held object in the nearest open non-target area
        let best = -1;
        for (let x = 0; x < layout.areas.length; x++) {
          if (!s.open[x] || targetAreas.has(x)) continue;
          if (best < 0 || navCost(layout, s.robot, x) < navCost(layout, s.robot, best)) best = x;
        }
        if (best < 0) return undefined;
        a = { type: 'place', area: best };
      }
    } else {
      let bestObj = -1;
      let bestD = Infinity;
      for (const p of alt) {
        const at = s.objectArea[p.object];
        if (at === p.area || at === IN_HAND) continue;
        const d = navCost(layout, s.robot, at);
        if (d < bestD) {
          bestD = d;
          bestObj = p.object;
        }
      }
      if (bestObj < 0) return undefined;
      const at = s.objectArea[bestObj];
      a = s.open[at] ? { type: 'pick', area: at, object: bestObj } : { type: 'open', area: at };
    }
    const r = applyAction(world, s, a);
    if (!r.feasible) return undefined;
    actions.push(a);
    cost += r.cost;
    s = r.state;
  }
  return { actions, cost };
}

/**
 * The cheapest greedy plan (fewest steps, then lowest cost) over all
 * alternatives that fits in `stepLimit` steps, or undefined when none does.
 */
export function planFullyObserved(world: KitchenWorld, s: KitchenState, goals: GoalSet, stepLimit = Infinity): OraclePlan | undefined {
  let best: OraclePlan | undefined;
  goals.forEach((alt, i) => {
    const p = planAlternative(world, s, alt, stepLimit);
    if (!p) return;
    const steps = p.actions.length;
    if (!best || steps < best.steps || (steps === best.steps && p.cost < best.cost)) {
      best = { alternative: i, actions: p.actions, steps, cost: p.cost };
    }
  });
  return best;
}
