import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMPTY_HAND,
  IN_HAND,
  infeasibleReason,
  loadLayout,
  makeWorld,
  navCost,
  type GoalPair,
  type KitchenAction,
  type KitchenState,
  type KitchenWorld,
} from '../../envs/kitchen/index.js';
import { ABSENT } from './agent-world.js';
import { nearestTargetPolicy, unreachedGoals } from './rollout-policy.js';

/**
 * What the built-in policy must choose, stated as conditions on the answer
 * (which action kind, and that no candidate is strictly cheaper) rather than
 * as a procedure: undefined when `a` meets them, else the broken condition.
 */
function specViolation(world: KitchenWorld, s: KitchenState, goal: readonly GoalPair[], a: KitchenAction): string | undefined {
  const d = (x: number, y: number): number => navCost(world.layout, x, y);
  const open = (x: number): boolean => s.open[x] === 1;
  const unreached = goal.filter((g) => s.objectArea[g.object] !== g.area);
  if (a.type !== 'none' && infeasibleReason(s, a) !== undefined) return `infeasible: ${infeasibleReason(s, a)}`;
  if (unreached.length === 0) return a.type === 'none' ? undefined : 'all pairs met but not NONE';
  if (s.hand !== EMPTY_HAND) {
    const wanted = unreached.find((g) => g.object === s.hand);
    if (wanted) {
      const expected = open(wanted.area) ? 'place' : 'open';
      return a.type === expected && a.area === wanted.area ? undefined : `held target: expected ${expected} of its target area`;
    }
    const openAreas = world.layout.areas.map((_, x) => x).filter(open);
    if (openAreas.length === 0) return a.type === 'none' ? undefined : 'nowhere to put the held object down, expected NONE';
    if (a.type !== 'place') return 'held non-target: expected PLACE';
    return openAreas.some((x) => d(s.robot, x) < d(s.robot, a.area)) ? 'a nearer open area exists' : undefined;
  }
  const where = (g: GoalPair): number => s.objectArea[g.object];
  const visible = unreached.filter((g) => where(g) >= 0 && open(where(g)));
  if (visible.length > 0) {
    if (a.type !== 'pick') return 'a target is visible: expected PICK';
    const mine = visible.find((g) => g.object === a.object);
    if (!mine) return 'picked an object that is no visible unreached target';
    const trip = (g: GoalPair): number => d(s.robot, where(g)) + d(where(g), g.area);
    return visible.some((g) => trip(g) < trip(mine)) ? 'a cheaper visible target exists' : undefined;
  }
  const hidden = unreached.filter((g) => where(g) >= 0);
  if (hidden.length === 0) return a.type === 'none' ? undefined : 'no target in the scene: expected NONE';
  if (a.type !== 'open' || !hidden.some((g) => where(g) === a.area)) return 'expected OPEN of a closed area holding a target';
  return hidden.some((g) => d(s.robot, where(g)) < d(s.robot, a.area)) ? 'a nearer closed area holds a target' : undefined;
}

const layout = loadLayout('one_wall');
const world = makeWorld(layout, ['milk_1', 'apple_2', 'cup_3', 'bread_4', 'jam_5']);
const nA = layout.areas.length;
const nO = world.objects.length;

/** Any state of `world`: each object in an area or absent, at most one in the hand, any open flags. */
const stateArb = fc
  .record({
    robot: fc.integer({ min: 0, max: nA - 1 }),
    // a few areas get many objects, so that equal trip costs (ties) are common
      areas: fc.array(fc.oneof(fc.integer({ min: 0, max: nA - 1 }), fc.integer({ min: 0, max: 5 }), fc.constant(ABSENT)), { minLength: nO, maxLength: nO }),
    hand: fc.oneof(fc.constant(EMPTY_HAND), fc.integer({ min: 0, max: nO - 1 })),
    open: fc.array(fc.boolean(), { minLength: nA, maxLength: nA }),
  })
  .map((r): KitchenState => {
    const objectArea = Int16Array.from(r.areas);
    if (r.hand >= 0) objectArea[r.hand] = IN_HAND;
    return { robot: r.robot, hand: r.hand, objectArea, open: Uint8Array.from(r.open.map((b) => (b ? 1 : 0))) };
  });
const goalArb = fc.uniqueArray(fc.record({ object: fc.integer({ min: 0, max: nO - 1 }), area: fc.integer({ min: 0, max: nA - 1 }) }), { minLength: 1, maxLength: 4, selector: (g) => g.object });

describe('the built-in rollout policy', () => {
  it('meets its stated rule on any state and goal (fast-check)', () => {
    fc.assert(
      fc.property(stateArb, goalArb, (s, goal) => {
        const a = nearestTargetPolicy(unreachedGoals(s, goal), { world, state: s });
        expect(specViolation(world, s, goal, a)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('the rule check itself rejects wrong answers (a cheaper target, an infeasible or idle action)', () => {
    const A = (name: string): number => layout.areaIndex.get(name) as number;
    const objectArea = Int16Array.from([A('Spice_Shelf'), A('Coffee_Tea_Surface'), A('Prep_Surface'), A('Prep_Surface'), A('Prep_Surface')]);
    const s: KitchenState = { robot: A('Prep_Surface'), hand: EMPTY_HAND, objectArea, open: layout.initiallyOpen.slice() };
    const goal = [{ object: 0, area: A('Human_Hand') }, { object: 1, area: A('Human_Hand') }];
    expect(specViolation(world, s, goal, { type: 'pick', area: A('Coffee_Tea_Surface'), object: 1 })).toBeUndefined();
    expect(specViolation(world, s, goal, { type: 'pick', area: A('Spice_Shelf'), object: 0 })).toMatch(/cheaper/);
    expect(specViolation(world, s, goal, { type: 'place', area: A('Human_Hand') })).toMatch(/infeasible/);
    expect(specViolation(world, s, goal, { type: 'none' })).toMatch(/expected PICK/);
  });
});
