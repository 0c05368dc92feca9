/**
 * Conversions between the kitchen's compact state and the policy's plain data
 * (`PolicyScene`, `PolicyGoal`, `PolicyAction`), used by the built-in policy,
 * the tests and the vetting of LLM-written policies.
 */
import { navCost } from '../../../envs/kitchen/layout.js';
import { IN_HAND, type KitchenState, type KitchenWorld } from '../../../envs/kitchen/state.js';
import type { KitchenAction } from '../../../envs/kitchen/actions.js';
import type { GoalPair } from '../../../envs/kitchen/goal.js';
import type { PolicyAction, PolicyArea, PolicyGoal, PolicyObject, PolicyScene } from './types.js';

const navCache = new WeakMap<KitchenWorld['layout'], number[][]>();

/** The navigation-cost matrix of a layout as nested arrays (cached per layout). */
export function navMatrix(world: KitchenWorld): number[][] {
  const cached = navCache.get(world.layout);
  if (cached) return cached;
  const n = world.layout.areas.length;
  const m: number[][] = [];
  for (let a = 0; a < n; a++) {
    const row: number[] = [];
    for (let b = 0; b < n; b++) row.push(navCost(world.layout, a, b));
    m.push(row);
  }
  navCache.set(world.layout, m);
  return m;
}

/** The plain-data scene of a (fully known) state. */
export function toPolicyScene(world: KitchenWorld, s: KitchenState): PolicyScene {
  const areaObjects: number[][] = world.layout.areas.map(() => []);
  const objects: PolicyObject[] = [];
  for (let o = 0; o < world.objects.length; o++) {
    const a = s.objectArea[o];
    objects.push({ id: o, name: world.objects[o], area: a === IN_HAND ? -1 : a });
    if (a >= 0) areaObjects[a].push(o);
  }
  const areas: PolicyArea[] = world.layout.areas.map((name, id) => ({ id, name, open: s.open[id] === 1, objects: areaObjects[id] }));
  return { robotArea: s.robot, heldObject: s.hand, areas, objects, navCost: navMatrix(world) };
}

/** The pairs of `goal` not yet met in `s`, as policy goals. */
export function unreachedGoals(s: KitchenState, goal: readonly GoalPair[]): PolicyGoal[] {
  const out: PolicyGoal[] = [];
  for (const p of goal) if (s.objectArea[p.object] !== p.area) out.push({ object: p.object, area: p.area });
  return out;
}

/** A policy action as a kitchen action (ids are taken as they are; check them with `policyActionProblem`). */
export function toKitchenAction(a: PolicyAction): KitchenAction {
  switch (a.type) {
    case 'NONE':
      return { type: 'none' };
    case 'OPEN':
      return { type: 'open', area: a.area };
    case 'PICK':
      return { type: 'pick', area: a.area, object: a.object };
    case 'PLACE':
      return { type: 'place', area: a.area };
  }
}

export function fromKitchenAction(a: KitchenAction): PolicyAction {
  switch (a.type) {
    case 'none':
      return { type: 'NONE' };
    case 'open':
      return { type: 'OPEN', area: a.area };
    case 'pick':
      return { type: 'PICK', area: a.area, object: a.object };
    case 'place':
      return { type: 'PLACE', area: a.area };
  }
}

function isId(v: unknown, n: number): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < n;
}

/**
 * Why a value returned by a policy is not a well-formed action for a scene
 * with `numAreas` areas and `numObjects` objects, or undefined when it is.
 */
export function policyActionProblem(value: unknown, numAreas: number, numObjects: number): string | undefined {
  if (typeof value !== 'object' || value === null) return `returned ${value === null ? 'null' : typeof value}, not an action object`;
  const v = value as Record<string, unknown>;
  const type = v.type;
  if (type === 'NONE') return undefined;
  if (type !== 'OPEN' && type !== 'PICK' && type !== 'PLACE') {
    return `returned an action with type ${JSON.stringify(type) ?? 'undefined'}; expected 'OPEN', 'PICK', 'PLACE' or 'NONE'`;
  }
  if (!isId(v.area, numAreas)) return `returned ${type} with area ${String(v.area)}, not an area id 0..${numAreas - 1}`;
  if (type === 'PICK' && !isId(v.object, numObjects)) {
    return `returned PICK with object ${String(v.object)}, not an object id 0..${numObjects - 1}`;
  }
  return undefined;
}
