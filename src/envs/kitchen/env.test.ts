import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, feasibleActions, formatAction, infeasibleReason, parseAction, NONE, type KitchenAction } from './actions.js';
import { alternativeSatisfied, goalSatisfied, satisfiedAlternative, type GoalAlternative, type GoalSet } from './goal.js';
import { loadLayout } from './layout.js';
import { HIDDEN, describeObservation, observationKey, observe } from './observation.js';
import { evaluationReward, planningReward, planningTerminal } from './reward.js';
import { EMPTY_HAND, IN_HAND, cloneState, makeWorld, stateFromNames, stateKey, statesEqual, type KitchenState } from './state.js';

// one_wall: Prep_Surface, Human_Hand, Cutlery_Drawer share pose cab_1_front;
// Fridge_Cooler_Layer is at fridge_front, 16 away.
const world = makeWorld(loadLayout('one_wall'), ['milk_1', 'cereal_2', 'spoon_3']);
const s0 = stateFromNames(world, {
  robot: 'Prep_Surface',
  placement: [
    ['milk_1', 'Fridge_Cooler_Layer'],
    ['cereal_2', 'Prep_Surface'],
    ['spoon_3', 'Cutlery_Drawer'],
  ],
});
const A = (n: string): number => world.layout.areaIndex.get(n)!;
const O = (n: string): number => world.objectIndex.get(n)!;
const act = (text: string): KitchenAction => parseAction(world, text);
const goalA: GoalAlternative = [
  { object: O('milk_1'), area: A('Prep_Surface') },
  { object: O('cereal_2'), area: A('Human_Hand') },
];
const goalB: GoalAlternative = [{ object: O('spoon_3'), area: A('Human_Hand') }];
const goals: GoalSet = [goalA, goalB];

function run(s: KitchenState, ...actions: string[]): KitchenState {
  for (const a of actions) {
    const r = applyAction(world, s, act(a));
    expect(r.feasible, a).toBe(true);
    s = r.state;
  }
  return s;
}

describe('kitchen dynamics', () => {
  it('OPEN opens a closed area and moves the robot there at its navigation cost', () => {
    const r = applyAction(world, s0, act('OPEN(Fridge_Cooler_Layer)'));
    expect(r.feasible).toBe(true);
    expect(r.navigation).toBe(16);
    expect(r.cost).toBe(21);
    expect(r.state.open[A('Fridge_Cooler_Layer')]).toBe(1);
    expect(r.state.robot).toBe(A('Fridge_Cooler_Layer'));
    expect(s0.open[A('Fridge_Cooler_Layer')]).toBe(0); // input untouched
  });

  it('PICK takes an object from an open area into the empty hand; PLACE puts it down', () => {
    const s1 = run(s0, 'PICK(Prep_Surface, cereal_2)');
    expect(s1.hand).toBe(O('cereal_2'));
    expect(s1.objectArea[O('cereal_2')]).toBe(IN_HAND);
    const s2 = run(s1, 'PLACE(Human_Hand)');
    expect(s2.hand).toBe(EMPTY_HAND);
    expect(s2.objectArea[O('cereal_2')]).toBe(A('Human_Hand'));
    expect(s0.objectArea[O('cereal_2')]).toBe(A('Prep_Surface'));
  });

  it('infeasible actions change nothing and say why', () => {
    const holding = run(s0, 'PICK(Prep_Surface, cereal_2)');
    const cases: Array<[KitchenState, string, string]> = [
      [s0, 'PICK(Fridge_Cooler_Layer, milk_1)', 'area-closed'],
      [holding, 'PICK(Prep_Surface, cereal_2)', 'hand-full'],
      [run(s0, 'OPEN(Cutlery_Drawer)', 'PICK(Prep_Surface, cereal_2)'), 'PICK(Cutlery_Drawer, spoon_3)', 'hand-full'],
      [s0, 'PLACE(Prep_Surface)', 'hand-empty'],
      [holding, 'PLACE(Cutlery_Drawer)', 'area-closed'],
      [s0, 'OPEN(Prep_Surface)', 'area-already-open'],
      [s0, 'PICK(Human_Hand, cereal_2)', 'object-not-in-area'],
    ];
    for (const [s, text, why] of cases) {
      const r = applyAction(world, s, act(text));
      expect(r.feasible, text).toBe(false);
      expect(r.reason, text).toBe(why);
      expect(r.state).toBe(s);
      expect(r.cost).toBe(0);
    }
  });

  it('NONE is feasible and does nothing', () => {
    const r = applyAction(world, s0, NONE);
    expect(r.feasible).toBe(true);
    expect(r.state).toBe(s0);
    expect(r.cost).toBe(0);
  });

  it('formats and parses actions', () => {
    for (const t of ['OPEN(Fridge_Cooler_Layer)', 'PICK(Prep_Surface, cereal_2)', 'PLACE(Human_Hand)', 'NONE']) {
      expect(formatAction(world, act(t))).toBe(t);
    }
    expect(() => act('PICK(Prep_Surface, cereal_9)')).toThrow(/unknown object 'cereal_9'/);
    expect(() => act('OPEN(Fridge)')).toThrow(/unknown area 'Fridge'/);
    expect(() => act('JUMP')).toThrow(/cannot parse/);
  });

  it('random action sequences keep the state consistent and never mutate their input', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        let s = s0;
        for (const c of choices) {
          const legal = feasibleActions(world, s);
          // mix feasible actions with arbitrary (possibly infeasible) ones
          const arbitrary: KitchenAction[] = [
            { type: 'open', area: c % world.layout.areas.length },
            { type: 'pick', area: c % world.layout.areas.length, object: c % 3 },
            { type: 'place', area: (c >> 3) % world.layout.areas.length },
          ];
          const pool = [...legal, ...arbitrary];
          const a = pool[c % pool.length];
          const before = cloneState(s);
          const r = applyAction(world, s, a);
          expect(statesEqual(s, before)).toBe(true);
          expect(r.feasible).toBe(infeasibleReason(s, a) === undefined);
          if (legal.includes(a)) expect(r.feasible).toBe(true);
          s = r.state;
          // invariant: the hand holds exactly the objects marked IN_HAND
          const held = [...s.objectArea].map((x, o) => (x === IN_HAND ? o : -1)).filter((o) => o >= 0);
          expect(held).toEqual(s.hand === EMPTY_HAND ? [] : [s.hand]);
          for (const x of s.objectArea) expect(x === IN_HAND || (x >= 0 && x < world.layout.areas.length)).toBe(true);
          // areas never close
          for (let i = 0; i < s.open.length; i++) if (s0.open[i]) expect(s.open[i]).toBe(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('state keys identify states', () => {
    const s1 = run(s0, 'OPEN(Cutlery_Drawer)');
    expect(stateKey(s1)).not.toBe(stateKey(s0));
    expect(stateKey(cloneState(s1))).toBe(stateKey(s1));
  });
});

describe('kitchen observations', () => {
  it('hides objects in closed areas and shows open areas and the hand', () => {
    const z0 = observe(s0);
    expect(z0.seen[O('milk_1')]).toBe(HIDDEN);
    expect(z0.seen[O('spoon_3')]).toBe(HIDDEN);
    expect(z0.seen[O('cereal_2')]).toBe(A('Prep_Surface'));
    const named = describeObservation(world, z0);
    expect(named.objects).toEqual([{ object: 'cereal_2', area: 'Prep_Surface' }]);
    expect(named.closedAreas).toContain('Fridge_Cooler_Layer');
    expect(named.inHand).toBeNull();
    const s2 = run(s0, 'OPEN(Fridge_Cooler_Layer)', 'PICK(Fridge_Cooler_Layer, milk_1)');
    const z2 = observe(s2);
    expect(z2.seen[O('milk_1')]).toBe(IN_HAND);
    expect(describeObservation(world, z2).inHand).toBe('milk_1');
  });

  it('observation keys ignore what is hidden and separate what is seen', () => {
    // same visible scene, different hidden contents → same observation
    const other = stateFromNames(world, {
      robot: 'Prep_Surface',
      placement: [
        ['milk_1', 'Cutlery_Drawer'],
        ['cereal_2', 'Prep_Surface'],
        ['spoon_3', 'Fridge_Cooler_Layer'],
      ],
    });
    expect(statesEqual(other, s0)).toBe(false);
    expect(observationKey(observe(other))).toBe(observationKey(observe(s0)));
    const opened = run(s0, 'OPEN(Fridge_Cooler_Layer)');
    const openedOther = run(other, 'OPEN(Fridge_Cooler_Layer)');
    expect(observationKey(observe(opened))).not.toBe(observationKey(observe(openedOther)));
  });
});

describe('kitchen goals', () => {
  it('a goal set is an OR of ANDs', () => {
    const half = run(s0, 'OPEN(Fridge_Cooler_Layer)', 'PICK(Fridge_Cooler_Layer, milk_1)', 'PLACE(Prep_Surface)');
    expect(alternativeSatisfied(half, goalA)).toBe(false);
    expect(goalSatisfied(half, goals)).toBe(false);
    const full = run(half, 'PICK(Prep_Surface, cereal_2)', 'PLACE(Human_Hand)');
    expect(goalSatisfied(full, goals)).toBe(true);
    expect(satisfiedAlternative(full, goals)).toBe(0);
    const viaB = run(s0, 'OPEN(Cutlery_Drawer)', 'PICK(Cutlery_Drawer, spoon_3)', 'PLACE(Human_Hand)');
    expect(goalSatisfied(viaB, goals)).toBe(true);
    expect(satisfiedAlternative(viaB, goals)).toBe(1);
    expect(goalSatisfied(viaB, [goalA])).toBe(false);
  });
});

describe('kitchen rewards', () => {
  it('planning reward: −100 infeasible/NONE, −(distance+5), +200 per subgoal, +200 on the goal', () => {
    const pr = (s: KitchenState, t: string): { r: number; next: KitchenState } => {
      const a = act(t);
      const next = applyAction(world, s, a).state;
      return { r: planningReward(world, s, a, next, goalA), next };
    };
    expect(pr(s0, 'PICK(Fridge_Cooler_Layer, milk_1)').r).toBe(-100);
    expect(pr(s0, 'NONE').r).toBe(-100);
    const o = pr(s0, 'OPEN(Fridge_Cooler_Layer)');
    expect(o.r).toBe(-21);
    const p = pr(o.next, 'PICK(Fridge_Cooler_Layer, milk_1)');
    expect(p.r).toBe(-5);
    const pl = pr(p.next, 'PLACE(Prep_Surface)');
    expect(pl.r).toBe(-21 + 200);
    const undo = pr(pl.next, 'PICK(Prep_Surface, milk_1)');
    expect(undo.r).toBe(-5 - 250);
    const p2 = pr(pl.next, 'PICK(Prep_Surface, cereal_2)');
    expect(p2.r).toBe(-5);
    const done = pr(p2.next, 'PLACE(Human_Hand)');
    expect(done.r).toBe(-5 + 200 + 200);
    expect(planningTerminal(done.next, goalA)).toBe(true);
    expect(planningTerminal(p2.next, goalA)).toBe(false);
  });

  it('evaluation reward: −25 infeasible, −(distance+5), +1000 on success, no subgoal reward', () => {
    const er = (s: KitchenState, t: string): { r: number; next: KitchenState } => {
      const a = act(t);
      const next = applyAction(world, s, a).state;
      return { r: evaluationReward(world, s, a, next, goals), next };
    };
    expect(er(s0, 'PLACE(Human_Hand)').r).toBe(-25);
    expect(er(s0, 'NONE').r).toBe(0);
    const o = er(s0, 'OPEN(Fridge_Cooler_Layer)');
    expect(o.r).toBe(-21);
    const p = er(o.next, 'PICK(Fridge_Cooler_Layer, milk_1)');
    const pl = er(p.next, 'PLACE(Prep_Surface)');
    expect(pl.r).toBe(-21);
    const p2 = er(pl.next, 'PICK(Prep_Surface, cereal_2)');
    const done = er(p2.next, 'PLACE(Human_Hand)');
    expect(done.r).toBe(-5 + 1000);
    // once met, further actions earn no success bonus
    const again = er(done.next, 'OPEN(Cutlery_Drawer)');
    expect(again.r).toBe(-5);
  });
});

describe('kitchen episode', () => {
  it('scores steps with the evaluation reward and ends on success', async () => {
    const { KitchenEpisode } = await import('./episode.js');
    const task = { kitchen: 'one_wall' as const, level: 'easy' as const, description: 'breakfast', robotName: 'r', world, initial: s0, goals };
    const ep = new KitchenEpisode(task);
    expect(ep.stepLimit).toBe(25);
    expect(ep.observation().seen[O('spoon_3')]).toBe(HIDDEN);
    expect(ep.step(act('PLACE(Human_Hand)')).reward).toBe(-25);
    expect(ep.step(act('OPEN(Cutlery_Drawer)')).reward).toBe(-5);
    expect(ep.observation().seen[O('spoon_3')]).toBe(A('Cutlery_Drawer'));
    ep.step(act('PICK(Cutlery_Drawer, spoon_3)'));
    expect(ep.status).toBe('running');
    expect(ep.step(act('PLACE(Human_Hand)')).reward).toBe(995);
    expect(ep.status).toBe('success');
    expect(ep.totalReward).toBe(-25 - 5 - 5 + 995);
    expect(ep.steps).toBe(4);
    expect(() => ep.step(NONE)).toThrow(/episode is over \(success\)/);
  });

  it('an invalid answer is a counted infeasible step: −25, nothing changes', async () => {
    const { KitchenEpisode } = await import('./episode.js');
    const ep = new KitchenEpisode({ kitchen: 'one_wall', description: '', robotName: 'r', world, initial: s0, goals }, { stepLimit: 2 });
    const r = ep.invalid();
    expect(r).toMatchObject({ feasible: false, reason: 'invalid-action', reward: -25, cost: 0 });
    expect(statesEqual(ep.trueState(), s0)).toBe(true);
    expect(ep.steps).toBe(1);
    expect(ep.totalReward).toBe(-25);
    ep.invalid();
    expect(ep.status).toBe('step-limit');
    expect(() => ep.invalid()).toThrow(/episode is over \(step-limit\)/);
  });

  it('stops at the step limit', async () => {
    const { KitchenEpisode } = await import('./episode.js');
    const ep = new KitchenEpisode({ kitchen: 'one_wall', description: '', robotName: 'r', world, initial: s0, goals }, { stepLimit: 2 });
    ep.step(NONE);
    ep.step(NONE);
    expect(ep.status).toBe('step-limit');
  });

  it('an out-of-range action is misuse, not an infeasible action', () => {
    expect(() => applyAction(world, s0, { type: 'open', area: 999 })).toThrow(/area index 999/);
    expect(() => applyAction(world, s0, { type: 'pick', area: A('Prep_Surface'), object: 7 })).toThrow(/object index 7/);
  });
});
