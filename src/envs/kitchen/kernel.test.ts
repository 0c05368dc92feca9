import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, feasibleActions, type KitchenAction } from './actions.js';
import { PLANNING_REWARD } from './config.js';
import { BLOCKED, IDLE, codecOf, planningStepReward, stepInPlace, type WritableKitchenState } from './kernel.js';
import { loadLayout } from './layout.js';
import { EMPTY_HAND, IN_HAND, cloneState, makeWorld, statesEqual, type KitchenState } from './state.js';

const world = makeWorld(loadLayout('galley'), ['milk_1', 'cereal_2', 'spoon_3', 'bowl_4']);
const codec = codecOf(world);
const nA = world.layout.areas.length;
const nO = world.objects.length;

/** Any state: each object in some area, at most one in the hand, any open flags. */
const stateArb = fc
  .record({
    robot: fc.integer({ min: 0, max: nA - 1 }),
    areas: fc.array(fc.integer({ min: 0, max: nA - 1 }), { minLength: nO, maxLength: nO }),
    hand: fc.integer({ min: -1, max: nO - 1 }),
    open: fc.array(fc.boolean(), { minLength: nA, maxLength: nA }),
  })
  .map((r): KitchenState => {
    const objectArea = Int16Array.from(r.areas);
    if (r.hand >= 0) objectArea[r.hand] = IN_HAND;
    return { robot: r.robot, hand: r.hand, objectArea, open: Uint8Array.from(r.open.map((b) => (b ? 1 : 0))) };
  });

describe('kitchen kernel', () => {
  it('numbers the actions densely: 2 per area, 1 per object, NONE last', () => {
    expect(codec.size).toBe(2 * nA + nO + 1);
    expect(codecOf(world)).toBe(codec);
    const s: KitchenState = { robot: 0, hand: EMPTY_HAND, objectArea: Int16Array.from([3, 4, 5, 6]), open: new Uint8Array(nA) };
    const ids = new Set<number>();
    const all: KitchenAction[] = [
      ...world.layout.areas.map((_, a): KitchenAction => ({ type: 'open', area: a })),
      ...world.layout.areas.map((_, a): KitchenAction => ({ type: 'place', area: a })),
      ...world.objects.map((_, o): KitchenAction => ({ type: 'pick', area: s.objectArea[o], object: o })),
      { type: 'none' },
    ];
    for (const a of all) {
      const id = codec.encode(a);
      ids.add(id);
      expect(codec.decode(id, s)).toEqual(a);
    }
    expect([...ids].sort((x, y) => x - y)).toEqual([...Array(codec.size).keys()]);
  });

  it('the in-place step of every id equals the environment transition, infeasible and NONE included (fast-check)', () => {
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 0, max: codec.size - 1 }), (s, id) => {
        const a = codec.decode(id, s);
        const expected = applyAction(world, s, a);
        const scratch: WritableKitchenState = cloneState(s);
        const outcome = stepInPlace(codec, world.layout.dist, scratch, id);
        if (a.type === 'none') expect(outcome).toBe(IDLE);
        else if (!expected.feasible) expect(outcome).toBe(BLOCKED);
        else expect(outcome).toBe(expected.cost);
        expect(statesEqual(scratch, expected.state)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('the feasible actions of a hand-made galley state: OPEN of the 28 closed areas, PICK of the 2 objects in open areas', () => {
    const layout = world.layout;
    const A = (name: string): number => layout.areaIndex.get(name) as number;
    const objectArea = Int16Array.from([A('Fridge_Cooler_Layer'), A('Coffee_Station_Surface'), A('Spice_Rack_Drawer'), A('Human_Hand')]);
    const s: KitchenState = { robot: A('Human_Hand'), hand: EMPTY_HAND, objectArea, open: layout.initiallyOpen.slice() };
    const acts = feasibleActions(world, s);
    expect(acts.filter((a) => a.type === 'open')).toHaveLength(28); // galley: 41 areas, 13 open
    expect(acts.filter((a) => a.type !== 'open')).toEqual([
      { type: 'pick', area: A('Coffee_Station_Surface'), object: 1 },
      { type: 'pick', area: A('Human_Hand'), object: 3 },
    ]);
    const held = applyAction(world, s, { type: 'pick', area: A('Human_Hand'), object: 3 }).state;
    expect(feasibleActions(world, held).filter((a) => a.type !== 'open')).toHaveLength(13); // PLACE into each open area
  });

  it('planning reward, worked by hand (seed §3.2 with the reference implementation\u2019s −250)', () => {
    const R = PLANNING_REWARD;
    expect(planningStepReward(R, IDLE, 1, 1, 2)).toBe(-100);
    expect(planningStepReward(R, BLOCKED, 1, 1, 2)).toBe(-100);
    expect(planningStepReward(R, 7, 0, 0, 2)).toBe(-7); // a move that changes no pair
    expect(planningStepReward(R, 7, 0, 1, 2)).toBe(193); // a subgoal
    expect(planningStepReward(R, 7, 1, 2, 2)).toBe(393); // the last subgoal: + goal
    expect(planningStepReward(R, 7, 2, 1, 2)).toBe(-257); // a met target picked up again
    expect(planningStepReward(R, 5, 2, 2, 2)).toBe(-5); // already met: no second goal bonus
  });
});
