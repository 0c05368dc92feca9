import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BeliefState, initialBelief, ruleOut } from './belief.js';
import { testScene } from './fixtures.js';
import { chooseOrder, orderCost, rankedOrders } from './ordering.js';
import { costMatrices, costModel, expectedSearchCost, kappas, searchOrder, taskCost } from './search-cost.js';

const scene = testScene();
const m = costModel(scene, { wcov: 1, eta: 0.5 });

describe('expected search cost (κ_k)', () => {
  const b = new Map([
    ['kitchen', 0.5],
    ['laundry', 0.3],
    ['corridor', 0.2],
  ]);
  it('matches a hand computation', () => {
    expect(searchOrder(m, 'living', b)).toEqual(['kitchen', 'laundry', 'corridor']);
    const ks = kappas(m, 'living', ['kitchen', 'laundry', 'corridor']);
    expect(ks[0]).toBeCloseTo(10 + 8);
    expect(ks[1]).toBeCloseTo(10 + 16 + 9 + 4.5);
    expect(ks[2]).toBeCloseTo(10 + 16 + 9 + 9 + 4 + 3);
    expect(expectedSearchCost(m, 'living', b)).toBeCloseTo(0.5 * 18 + 0.3 * 39.5 + 0.2 * 51);
  });
  it('breaks belief ties by distance', () => {
    expect(searchOrder(m, 'corridor', new Map([['kitchen', 0.5], ['laundry', 0.5]]))).toEqual(['laundry', 'kitchen']);
  });
  it('a localized object costs the walk; a task chains its stops', () => {
    expect(taskCost(m, 'living', [{ room: 'kitchen' }, { room: 'laundry' }]).cost).toBeCloseTo(10 + 9);
    const r = taskCost(m, 'living', [{ belief: new Map([['kitchen', 0.5], ['laundry', 0.5]]) }, { room: 'living' }]);
    // order: laundry (D 9) then kitchen: κ1 = 9 + 4.5, κ2 = 9 + 9 + 9 + 8; back to living: 9 or 10
    expect(r.cost).toBeCloseTo(0.5 * (13.5 + 9) + 0.5 * (35 + 10));
    expect(r.end.get('living')).toBeCloseTo(1);
  });
});

describe('beliefs', () => {
  it('Eq. 10: type scores split over rooms of a type, normalised', () => {
    const b = initialBelief(scene, { kitchen: 0.6, corridor: 0.2, utility_room: 0.2 });
    expect(b.get('kitchen')).toBeCloseTo(0.6);
    expect(b.has('living')).toBe(false);
  });
  it('seeing localizes, searching without seeing removes the room', () => {
    const s = new BeliefState();
    s.set('cup', new Map([['kitchen', 0.5], ['living', 0.3], ['laundry', 0.2]]));
    s.set('sock', new Map([['laundry', 0.9], ['living', 0.1]]));
    s.observeRoom('laundry', ['sock']);
    expect(s.localized('sock')).toBe('laundry');
    expect(s.get('cup')?.get('kitchen')).toBeCloseTo(0.5 / 0.8);
    expect(s.mostLikely('cup')).toBe('kitchen');
    expect(ruleOut(new Map([['kitchen', 1]]), 'kitchen').size).toBe(0);
  });
});

describe('task ordering (Eq. 7)', () => {
  const h = [10, 3, 7];
  const A = [
    [0, 2, 9],
    [8, 0, 1],
    [1, 6, 0],
  ];
  it('picks the hand-computed optimum', () => {
    expect(chooseOrder(h, A)).toEqual({ order: [1, 2, 0], cost: 5, rejected: 0, exact: true });
  });
  it('skips an ordering that fails validation (cross-task interference)', () => {
    expect(chooseOrder(h, A, (o) => o.join() !== '1,2,0')).toEqual({ order: [2, 0, 1], cost: 10, rejected: 1, exact: true });
  });
  it('the heuristic beyond the exact limit returns permutations no worse than greedy from any start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 56, maxLength: 56 }), (n, xs) => {
        const hh = xs.slice(0, n);
        const AA = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : xs[7 + i * 7 + j])));
        const heur = rankedOrders(hh, AA, 0)[0];
        const exact = rankedOrders(hh, AA, 7)[0];
        expect([...heur.order].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(heur.cost).toBeGreaterThanOrEqual(exact.cost);
        expect(heur.cost).toBeCloseTo(orderCost(hh, AA, heur.order));
        expect(exact.cost).toBeLessThanOrEqual(orderCost(hh, AA, Array.from({ length: n }, (_, i) => i)));
      }),
      { numRuns: 100 },
    );
  });
  it('cost matrices from beliefs: a task near the robot goes first', () => {
    const tasks = [[{ room: 'laundry' as const }], [{ belief: new Map([['living', 0.9], ['kitchen', 0.1]]) }]];
    const { h: hh, A: AA } = costMatrices(m, 'living', tasks);
    expect(hh[0]).toBeCloseTo(9);
    expect(chooseOrder(hh, AA).order).toEqual([1, 0]);
  });
});

describe('cross-task interference', () => {
  it('rejects an order whose concatenated plans break an earlier goal, accepts the other', async () => {
    const { verifyPlan } = await import('./verify.js');
    const { P } = await import('./test-helpers.js');
    // Task 0 puts the shirt on the table; task 1 (its plan assumes the shirt is where it started) moves it to the counter.
    const subplans = [P('NavigateTo(shirt); Grasp(shirt); NavigateTo(table); PlaceOnTop(shirt, table)'), P('NavigateTo(plate); Grasp(plate); NavigateTo(table); PlaceOnTop(plate, table); NavigateTo(shirt); Grasp(shirt); NavigateTo(counter); PlaceOnTop(shirt, counter)')];
    const goals = [
      { literals: [{ kind: 'relation' as const, rel: 'on_top' as const, a: 'shirt', b: 'table' }] },
      { literals: [{ kind: 'relation' as const, rel: 'on_top' as const, a: 'plate', b: 'table' }] },
    ];
    const verify = (plan: Parameters<typeof verifyPlan>[1], goal: Parameters<typeof verifyPlan>[2]) => verifyPlan(scene, plan, goal);
    const { orderIsValid } = await import('./ordering.js');
    expect(orderIsValid(verify, subplans, goals, [0, 1])).toBe(false);
    expect(orderIsValid(verify, subplans, goals, [1, 0])).toBe(true);
    expect(chooseOrder([1, 5], [[0, 1], [1, 0]], (o) => orderIsValid(verify, subplans, goals, o))).toMatchObject({ order: [1, 0], rejected: 1 });
  });
});

describe('believed graph', () => {
  it('puts an unlocalized object on the floor of its most likely room and keeps localized ones', async () => {
    const { believedScene } = await import('./belief.js');
    const s = new BeliefState();
    s.set('apple', new Map([['living', 0.6], ['kitchen', 0.4]]));
    s.set('shirt', new Map([['living', 1]]));
    const g = believedScene(scene, s).initialState();
    expect(g.roomOf('apple')).toBe('living');
    expect(g.has('object_inside', 'apple', 'fridge')).toBe(false);
    expect(g.roomOf('shirt')).toBe('living');
    expect(g.has('object_inside', 'egg', 'fridge')).toBe(true);
  });
});
