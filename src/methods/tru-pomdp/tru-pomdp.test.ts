import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../core/rng.js';
import {
  ActionCodec,
  applyAction,
  describeObservation,
  generateTasks,
  loadLayout,
  makeWorld,
  observe,
  observationKey,
  planningReward,
  planningTerminal,
  stateFromNames,
  type KitchenAction,
  type KitchenState,
} from '../../envs/kitchen/index.js';
import { createScriptedModel, createSyntheticModel, UsageMeter, wrapClient } from '../../llm/index.js';
import { kitchenTruth, runKitchenEpisode } from '../method.js';
import { ABSENT, AgentWorld, particleObsHash, particleObsKey, type Particle } from './agent-world.js';
import { filterBelief, needsSupplement, supplement } from './hybrid-belief.js';
import { beliefActions, kitchenPomdp } from './kitchen-pomdp.js';
import { nearestTargetPolicy } from './rollout-policy.js';
import { History } from '../../pomdp/index.js';
import { treeOfHypotheses } from './tree-of-hypotheses.js';
import { summarizeLocations, TRU_POMDP_CATALOGUE, truPomdpMethod } from './index.js';

TRU_POMDP_CATALOGUE.installSynthetic();

const layout = loadLayout('one_wall');
const A = (name: string): number => layout.areaIndex.get(name) as number;
const CLOSED = layout.areas.filter((_, i) => !layout.initiallyOpen[i]);

describe('hybrid belief update', () => {
  it('eliminates exactly the particles whose predicted view differs from the observation (fast-check)', () => {
    // true world: 3 objects; one visible, two hidden in random closed areas
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: CLOSED.length - 1 }), fc.integer({ min: 0, max: CLOSED.length - 1 })), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.integer({ min: 0, max: CLOSED.length - 1 }),
        (hyps, truthPick, openIdx) => {
          const truthHyp = hyps[truthPick % hyps.length];
          const names = ['apple_1', 'milk_carton_2', 'flour_bag_3'];
          const world = makeWorld(layout, names);
          const truth = stateFromNames(world, {
            robot: 'Prep_Surface',
            placement: [
              ['apple_1', 'Prep_Surface'],
              ['milk_carton_2', CLOSED[truthHyp[0]]],
              ['flour_bag_3', CLOSED[truthHyp[1]]],
            ],
          });
          const action: KitchenAction = { type: 'open', area: A(CLOSED[openIdx]) };
          const real = applyAction(world, truth, action).state;
          // the agent knows the same names here (as if hypothesised and bound)
          const aw = new AgentWorld(layout);
          const zNamed = describeObservation(world, observe(truth));
          aw.observation(zNamed);
          for (const n of names.slice(1)) aw.observed(n);
          const particles: Particle[] = hyps.map(([m, f]) => {
            const s = stateFromNames(world, {
              robot: 'Prep_Surface',
              placement: [
                ['apple_1', 'Prep_Surface'],
                ['milk_carton_2', CLOSED[m]],
                ['flour_bag_3', CLOSED[f]],
              ],
            });
            return { state: aw.pad(s), goal: [{ object: 1, area: A('Human_Hand') }] };
          });
          const weights = particles.map(() => 1 / particles.length);
          const z = aw.observation(describeObservation(world, observe(real)));
          const f = filterBelief({ particles, weights }, action, z, aw);
          const expected = particles.filter((p) => observationKey(observe(applyAction(world, p.state, action).state)) === observationKey(observe(real)));
          expect(f.particles.length).toBe(expected.length);
          expect(f.eliminated).toBe(particles.length - expected.length);
          expect(f.survived).toBeCloseTo(expected.length / particles.length, 9);
          expect(f.particles.length).toBeGreaterThan(0); // the true hypothesis always survives
        },
      ),
      { numRuns: 150 },
    );
  });

  it('binds a placeholder to the real object and keeps unmodelled newly seen objects consistent', () => {
    const aw = new AgentWorld(layout);
    const world0 = makeWorld(layout, ['apple_1']);
    aw.observation(describeObservation(world0, observe(stateFromNames(world0, { robot: 'Prep_Surface', placement: [['apple_1', 'Prep_Surface']] }))));
    const milk = aw.hypothesised('milk_carton', ['apple_1']) as number;
    expect(aw.isPlaceholder(milk)).toBe(true);
    const base = aw.baseState(aw.observation({ robotAt: 'Prep_Surface', inHand: null, openAreas: layout.areas.filter((_, i) => layout.initiallyOpen[i]), closedAreas: CLOSED, objects: [{ object: 'apple_1', area: 'Prep_Surface' }] }));
    const mk = (area: string): Particle => {
      const objectArea = base.objectArea.slice();
      objectArea[milk] = A(area);
      return { state: { ...base, objectArea }, goal: [{ object: milk, area: A('Human_Hand') }] };
    };
    const belief = { particles: [mk('Fridge_Cooler_Layer'), mk('Beverage_Storage_Cabinet')], weights: [0.6, 0.4] };
    // the robot opens the fridge and sees milk_carton_7 and an unmodelled butter_stick_2
    const open = [...layout.areas.filter((_, i) => layout.initiallyOpen[i]), 'Fridge_Cooler_Layer'];
    const z = aw.observation({
      robotAt: 'Fridge_Cooler_Layer',
      inHand: null,
      openAreas: open,
      closedAreas: CLOSED.filter((c) => c !== 'Fridge_Cooler_Layer'),
      objects: [
        { object: 'apple_1', area: 'Prep_Surface' },
        { object: 'milk_carton_7', area: 'Fridge_Cooler_Layer' },
        { object: 'butter_stick_2', area: 'Fridge_Cooler_Layer' },
      ],
    });
    expect(aw.name(milk)).toBe('milk_carton_7');
    expect(aw.isPlaceholder(milk)).toBe(false);
    const f = filterBelief(belief, { type: 'open', area: A('Fridge_Cooler_Layer') }, z, aw);
    expect(f.particles).toHaveLength(1);
    expect(f.survived).toBeCloseTo(0.6);
    const butter = aw.lookup('butter_stick_2') as number;
    expect(f.particles[0].state.objectArea[butter]).toBe(A('Fridge_Cooler_Layer'));
    expect(belief.particles[0].state.objectArea.length).toBeLessThan(aw.size); // old particles were padded, not mutated
  });

  it('supplements exactly when the surviving weight drops below 1 − ε, scaling fresh particles by 1 − w_BF', () => {
    expect(needsSupplement(0.29, 0.7)).toBe(true);
    expect(needsSupplement(0.3, 0.7)).toBe(false);
    expect(needsSupplement(0.31, 0.7)).toBe(false);
    expect(needsSupplement(0, 0.7)).toBe(true);
    const p = (i: number): Particle => ({ state: { robot: 0, hand: -1, objectArea: new Int16Array([i]), open: new Uint8Array(1) }, goal: [] });
    const merged = supplement({ particles: [p(0), p(1)], weights: [0.1, 0.1], survived: 0.2 }, { particles: [p(2), p(3)], weights: [0.5, 0.5] });
    // survivors keep 0.2 in total, fresh particles share 0.8
    expect(merged.weights.map((w) => Math.round(w * 1000) / 1000)).toEqual([0.1, 0.1, 0.4, 0.4]);
  });
});

describe('belief-built action space', () => {
  it('has OPEN for each closed area, PICK only for visible hypothesised targets, PLACE only when holding', () => {
    const world = makeWorld(layout, ['apple_1', 'spoon_2', 'milk_carton']);
    const codec = new ActionCodec(world);
    const s = stateFromNames(world, {
      robot: 'Prep_Surface',
      placement: [
        ['apple_1', 'Prep_Surface'],
        ['spoon_2', 'Coffee_Tea_Surface'],
        ['milk_carton', 'Fridge_Cooler_Layer'],
      ],
    });
    const parts: Particle[] = [
      { state: s, goal: [{ object: 0, area: A('Human_Hand') }] },
      { state: s, goal: [{ object: 2, area: A('Human_Hand') }] },
    ];
    const acts = beliefActions(world, codec, parts).map((id) => codec.decode(id, s));
    const opens = acts.filter((a) => a.type === 'open').map((a) => (a.type === 'open' ? layout.areas[a.area] : ''));
    expect(opens.sort()).toEqual([...CLOSED].sort());
    const picks = acts.filter((a) => a.type === 'pick');
    expect(picks).toEqual([{ type: 'pick', area: A('Prep_Surface'), object: 0 }]); // spoon is no target, milk is hidden
    expect(acts.some((a) => a.type === 'place')).toBe(false);
    const held = applyAction(world, s, { type: 'pick', area: A('Prep_Surface'), object: 0 }).state;
    const acts2 = beliefActions(world, codec, [{ state: held, goal: parts[0].goal }]).map((id) => codec.decode(id, held));
    expect(acts2.filter((a) => a.type === 'place')).toHaveLength(layout.areas.length - CLOSED.length);
    expect(acts2.some((a) => a.type === 'pick')).toBe(false);
  });

  it('hashes particle views exactly when their keys are equal (fast-check)', () => {
    const world = makeWorld(layout, ['a_1', 'b_2', 'c_3', 'd_4']);
    const arb = fc.record({
      robot: fc.integer({ min: 0, max: layout.areas.length - 1 }),
      areas: fc.array(fc.integer({ min: ABSENT, max: layout.areas.length - 1 }).filter((x) => x !== -2), { minLength: 4, maxLength: 4 }),
      open: fc.array(fc.boolean(), { minLength: layout.areas.length, maxLength: layout.areas.length }),
    });
    const mk = (r: { robot: number; areas: number[]; open: boolean[] }) => ({
      robot: r.robot,
      hand: r.areas.indexOf(-1),
      objectArea: Int16Array.from(r.areas.map((a, i) => (a === -1 && r.areas.indexOf(-1) !== i ? ABSENT : a))),
      open: Uint8Array.from(r.open.map((b) => (b ? 1 : 0))),
    });
    fc.assert(
      fc.property(arb, arb, (x, y) => {
        const s = mk(x);
        const t = mk(y);
        expect(particleObsHash(s) === particleObsHash(t)).toBe(particleObsKey(s) === particleObsKey(t));
        expect(particleObsHash(s)).toBe(particleObsHash({ ...s, objectArea: s.objectArea.slice() }));
      }),
      { numRuns: 300 },
    );
    void world;
  });

  it('the fused search step equals the kitchen dynamics, planning reward and view hash, and the fast rollout vote equals the policy (fast-check)', () => {
    const world = makeWorld(layout, ['a_1', 'b_2', 'c_3', 'd_4']);
    const codec = new ActionCodec(world);
    const n = layout.areas.length;
    const arb = fc.record({
      robot: fc.integer({ min: 0, max: n - 1 }),
      areas: fc.array(fc.integer({ min: ABSENT, max: n - 1 }).filter((x) => x !== -2), { minLength: 4, maxLength: 4 }),
      open: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      goal: fc.uniqueArray(fc.record({ object: fc.integer({ min: 0, max: 3 }), area: fc.integer({ min: 0, max: n - 1 }) }), { minLength: 1, maxLength: 3, selector: (g) => g.object }),
      actions: fc.array(fc.integer({ min: 0, max: codec.size - 1 }), { minLength: 1, maxLength: 6 }),
    });
    fc.assert(
      fc.property(arb, (r) => {
        const hand = r.areas.indexOf(-1);
        const state = {
          robot: r.robot,
          hand,
          objectArea: Int16Array.from(r.areas.map((a, i) => (a === -1 && hand !== i ? ABSENT : a))),
          open: Uint8Array.from(r.open.map((b) => (b ? 1 : 0))),
        };
        const p0: Particle = { state, goal: r.goal };
        const model = kitchenPomdp(world, { particles: [p0], weights: [1] }, { policy: nearestTargetPolicy });
        const slow = kitchenPomdp(world, { particles: [p0], weights: [1] }, { policy: (g, sc) => nearestTargetPolicy(g, sc) });
        let p: Particle = model.initialParticles().states[0];
        let ref = state as KitchenState;
        for (const id of r.actions) {
          expect(model.defaultPolicy?.([p], new History())).toBe(slow.defaultPolicy?.([{ state: ref, goal: r.goal }], new History()));
          const a = codec.decode(id, ref);
          const next = applyAction(world, ref, a).state;
          const out = model.step(p, 0, id);
          expect(out.reward).toBe(planningReward(world, ref, a, next, r.goal));
          expect(out.terminal).toBe(planningTerminal(next, r.goal));
          expect(out.observation).toBe(particleObsHash(next));
          expect(particleObsKey(out.state.state)).toBe(particleObsKey(next));
          expect(Array.from(out.state.state.objectArea)).toEqual(Array.from(next.objectArea));
          if (out.terminal) break;
          p = out.state;
          ref = next;
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('belief summaries for traces', () => {
  it('reports marginal weights of hidden locations over closed areas, largest first', () => {
    const aw = new AgentWorld(layout);
    const seen = makeWorld(layout, ['apple_1']);
    const z = aw.observation(describeObservation(seen, observe(stateFromNames(seen, { robot: 'Prep_Surface', placement: [['apple_1', 'Prep_Surface']] }))));
    const milk = aw.hypothesised('milk_carton', ['apple_1']) as number;
    const base = aw.baseState(aw.observation(describeObservation(seen, observe(stateFromNames(seen, { robot: 'Prep_Surface', placement: [['apple_1', 'Prep_Surface']] })))));
    const at = (area: string): Particle => {
      const objectArea = base.objectArea.slice();
      objectArea[milk] = A(area);
      return { state: { ...base, objectArea }, goal: [{ object: milk, area: A('Human_Hand') }] };
    };
    const b = { particles: [at('Fridge_Cooler_Layer'), at('Fridge_Cooler_Layer'), at('Dishware_Cabinet'), at('Prep_Surface')], weights: [0.3, 0.2, 0.4, 0.1] };
    // the open Prep_Surface is no hidden location; the apple is seen
    expect(summarizeLocations(aw, b, { ...z, open: base.open })).toEqual([
      { object: 'milk_carton', place: 'Fridge_Cooler_Layer', weight: 0.5 },
      { object: 'milk_carton', place: 'Dishware_Cabinet', weight: 0.4 },
    ]);
  });
});

describe('Tree of Hypotheses validation', () => {
  it('gives a nonexistent area the repair turn, then drops it: it never reaches the planner', async () => {
    const world = makeWorld(layout, ['apple_1', 'milk_carton_2']);
    const s = stateFromNames(world, { robot: 'Prep_Surface', placement: [['apple_1', 'Prep_Surface'], ['milk_carton_2', 'Fridge_Cooler_Layer']] });
    const bad = JSON.stringify({
      answer: [
        { objects: [{ object: 'apple_1', target_area: 'Dining_Table' }], probability: 0.5 },
        { objects: [{ object: 'milk_carton', target_area: 'Human_Hand' }], probability: 0.5 },
      ],
    });
    const llm = createScriptedModel({
      byKind: {
        'toh.goals': [bad, bad],
        'toh.locations': JSON.stringify({ answer: [{ initial_area: 'Fridge_Cooler_Layer', probability: 0.7 }, { initial_area: 'Beverage_Storage_Cabinet', probability: 0.3 }] }),
      },
    });
    const warnings: string[] = [];
    const aw = new AgentWorld(layout);
    const r = await treeOfHypotheses(
      { llm, world: aw, instruction: 'milk please', observation: describeObservation(world, observe(s)), failedGoals: [], placed: [], warn: (m) => warnings.push(m) },
      { c1: 3, c2: 3, maxPerCombination: 64, flat: false },
    );
    const goalsCalls = llm.requests.filter((q) => q.kind === 'toh.goals');
    expect(goalsCalls).toHaveLength(2);
    expect(goalsCalls[1].messages.at(-1)?.content).toContain("target area 'Dining_Table' does not exist");
    expect(warnings.join('\n')).toMatch(/toh.goals: answer still invalid/);
    expect(r.particles).toHaveLength(2); // milk in the fridge or the beverage cabinet
    for (const p of r.particles) for (const g of p.goal) expect(layout.areas[g.area]).toBe('Human_Hand');
    expect(r.weights[0] + r.weights[1]).toBeCloseTo(1);
    const milk = aw.lookup('milk_carton') as number;
    expect(r.particles.map((p) => layout.areas[p.state.objectArea[milk]]).sort()).toEqual(['Beverage_Storage_Cabinet', 'Fridge_Cooler_Layer']);
  });

  it('rejects numbered names of unseen objects and open areas as hidden locations', async () => {
    const world = makeWorld(layout, ['apple_1']);
    const s = stateFromNames(world, { robot: 'Prep_Surface', placement: [['apple_1', 'Prep_Surface']] });
    const llm = createScriptedModel({
      byKind: {
        'toh.goals': JSON.stringify({ answer: [{ objects: [{ object: 'oat_milk_9', target_area: 'Human_Hand' }], probability: 0.4 }, { objects: [{ object: 'oat_milk', target_area: 'Human_Hand' }], probability: 0.6 }] }),
        'toh.locations': JSON.stringify({ answer: [{ initial_area: 'Prep_Surface', probability: 0.5 }, { initial_area: 'Fridge_Cooler_Layer', probability: 0.5 }] }),
      },
    });
    const warnings: string[] = [];
    const r = await treeOfHypotheses(
      { llm, world: new AgentWorld(layout), instruction: 'x', observation: describeObservation(world, observe(s)), failedGoals: [], placed: [], warn: (m) => warnings.push(m) },
      { c1: 3, c2: 3, maxPerCombination: 64, flat: false },
    );
    expect(r.particles).toHaveLength(1);
    expect(warnings).toHaveLength(2);
    const repair = llm.requests.find((q) => q.kind === 'toh.locations' && q.attempt === 2);
    expect(repair?.messages.at(-1)?.content).toContain("'Prep_Surface' is open");
  });
});

describe('Tru-POMDP episode', () => {
  it('solves an easy generated task with the synthetic LLM at recall 1 (seeded)', async () => {
    const [task] = generateTasks({ kitchen: 'one_wall', level: 'easy', n: 1, seed: 3 });
    const meter = new UsageMeter();
    const llm = wrapClient(createSyntheticModel({ seed: 5, truth: kitchenTruth(task), knobs: { goalRecall: 1, locationRecall: 1, invalidRate: 0 } }), { meter, retry: false });
    const steps: string[] = [];
    const r = await runKitchenEpisode(truPomdpMethod, task, {
      llm,
      meter,
      rng: new Rng(7),
      methodOptions: { maxTrials: 40, timePerMove: 30 },
      onStep: (s) => steps.push(s.action),
    });
    expect(r.status).toBe('success');
    expect(r.reward).toBeGreaterThan(800);
    expect(r.llm.calls).toBeGreaterThan(0);
    expect(steps.length).toBe(r.steps);
  }, 60_000);

  it.each([
    ['the built-in policy', undefined],
    ['a policy function (the LLM-policy path)', (g: Parameters<typeof nearestTargetPolicy>[0], sc: Parameters<typeof nearestTargetPolicy>[1]) => nearestTargetPolicy(g, sc)],
  ])('scratch-memory rollouts give the same searches as the engine rollouts with %s (same actions, bounds, tree sizes)', async (_name, policy) => {
    const [task] = generateTasks({ kitchen: 'one_wall', level: 'medium', n: 1, seed: 2 });
    const run = async (scratchRollout: boolean): Promise<unknown[]> => {
      const llm = wrapClient(createSyntheticModel({ seed: 3, truth: kitchenTruth(task) }), { retry: false });
      const steps: unknown[] = [];
      await runKitchenEpisode(truPomdpMethod, task, {
        llm,
        rng: new Rng(11),
        methodOptions: { maxTrials: 10, timePerMove: 30, scratchRollout, ...(policy ? { policy } : {}) },
        stepLimit: 6,
        onStep: (s) => {
          const d = s.details as { search?: { rootLower: number; rootUpper: number; nodes: number; rootActions: unknown[] } } | undefined;
          steps.push([s.action, d?.search?.rootLower, d?.search?.rootUpper, d?.search?.nodes, d?.search?.rootActions]);
        },
      });
      return steps;
    };
    const fast = await run(true);
    expect(fast.length).toBeGreaterThan(3);
    expect(fast.every((x) => typeof (x as unknown[])[3] === 'number')).toBe(true); // the searches' node counts are there
    expect(fast).toEqual(await run(false));
  }, 60_000);
});
