import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testScene } from './fixtures.js';
import { repairPlan } from './repair.js';
import { P } from './test-helpers.js';
import { formatStep, type Goal, type PlanStep } from './types.js';
import { compareRank, verifyPlan } from './verify.js';

const scene = testScene();
const g = (...literals: Goal['literals']): Goal => ({ literals });
const onTable = g({ kind: 'relation', rel: 'on_top', a: 'shirt', b: 'table' });
const show = (plan: PlanStep[]) => plan.map(formatStep).join('; ');

describe('repair rules', () => {
  it('approach: inserts NavigateTo for a missing approach', () => {
    const r = repairPlan(scene, P('NavigateTo(shirt); Grasp(shirt); PlaceOnTop(shirt, table)'), onTable);
    expect(r.verdict.valid).toBe(true);
    expect(r.edits).toEqual([{ rule: 'approach', stepIndex: 2, inserted: P('NavigateTo(table)'), removed: [], reason: "NOT_NEAR: the robot is not near 'table'" }]);
  });
  it('open-container: navigate + Open for an object in a closed container, then restore closes it', () => {
    const r = repairPlan(scene, P('NavigateTo(apple); Grasp(apple); NavigateTo(table); PlaceOnTop(apple, table)'), g({ kind: 'relation', rel: 'on_top', a: 'apple', b: 'table' }));
    expect(r.verdict.valid).toBe(true);
    expect(r.edits.map((e) => e.rule)).toEqual(['open-container', 'restore']);
    expect(show(r.plan)).toBe('NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple); NavigateTo(table); PlaceOnTop(apple, table); NavigateTo(fridge); Close(fridge)');
    expect(r.edits[1].inserted).toEqual(P('NavigateTo(fridge); Close(fridge)'));
  });
  it('open-container: a closed destination is opened right before the placement, the object still in the hand (Open needs no empty hand)', () => {
    const r = repairPlan(scene, P('NavigateTo(shirt); Grasp(shirt); NavigateTo(washer); PlaceInside(shirt, washer)'), g({ kind: 'relation', rel: 'object_inside', a: 'shirt', b: 'washer' }));
    expect(r.verdict.valid).toBe(true);
    expect(r.edits[0]).toMatchObject({ rule: 'open-container', stepIndex: 3, inserted: P('NavigateTo(washer); Open(washer)') });
    expect(r.edits.map((e) => e.rule)).toEqual(['open-container', 'restore']);
  });
  it('close-before-run: closes an appliance door before switching it on', () => {
    const plan = P('NavigateTo(dishwasher); Open(dishwasher); NavigateTo(plate); Grasp(plate); NavigateTo(dishwasher); PlaceInside(plate, dishwasher); ToggleOn(dishwasher)');
    const r = repairPlan(scene, plan, g({ kind: 'flag', flag: 'washed', object: 'plate' }));
    expect(r.verdict.valid).toBe(true);
    expect(r.edits.map((e) => e.rule)).toEqual(['close-before-run']);
  });
  it('grasp: navigate + Grasp when placing with an empty hand', () => {
    const r = repairPlan(scene, P('NavigateTo(table); PlaceOnTop(shirt, table)'), onTable);
    expect(r.verdict.valid).toBe(true);
    expect(r.edits.map((e) => e.rule)).toEqual(['grasp', 'approach']);
  });
  it('drop-room-target: drops a step acting on a room', () => {
    const r = repairPlan(scene, P('Open(kitchen); NavigateTo(shirt); Grasp(shirt); NavigateTo(table); PlaceOnTop(shirt, table)'), onTable);
    expect(r.verdict.valid).toBe(true);
    expect(r.edits).toMatchObject([{ rule: 'drop-room-target', stepIndex: 0, removed: P('Open(kitchen)') }]);
  });
  it('drop-impossible-pair: deletes an Open/Close pair on a non-openable object', () => {
    const r = repairPlan(scene, P('NavigateTo(table); Open(table); NavigateTo(shirt); Grasp(shirt); NavigateTo(table); PlaceOnTop(shirt, table); Close(table)'), onTable);
    expect(r.verdict.valid).toBe(true);
    expect(r.edits).toMatchObject([{ rule: 'drop-impossible-pair', stepIndex: 1, removed: P('Open(table); Close(table)') }]);
  });
  it('drop-redundant: deletes a repeated Open', () => {
    const r = repairPlan(scene, P('NavigateTo(fridge); Open(fridge); Open(fridge); Close(fridge)'));
    expect(r.verdict.valid).toBe(true);
    expect(r.edits).toMatchObject([{ rule: 'drop-redundant', stepIndex: 2 }]);
  });
  it('restore: switches off a safety-critical appliance left on', () => {
    const r = repairPlan(scene, P('NavigateTo(stove); ToggleOn(stove); NavigateTo(shirt); Grasp(shirt); NavigateTo(table); PlaceOnTop(shirt, table)'), onTable);
    expect(r.verdict.valid).toBe(true);
    // Right after switching it on, where the robot is still near the stove: no approach needed.
    expect(r.edits).toMatchObject([{ rule: 'restore', stepIndex: 2, inserted: P('ToggleOff(stove)') }]);
  });
  it('restore: inserts the Close where the hand is free when the plan ends holding something', () => {
    const r = repairPlan(scene, P('NavigateTo(fridge); Open(fridge); NavigateTo(shirt); Grasp(shirt)'), g({ kind: 'holding', object: 'shirt' }));
    expect(r.verdict.valid).toBe(true);
    expect(show(r.plan)).toBe('NavigateTo(fridge); Open(fridge); Close(fridge); NavigateTo(shirt); Grasp(shirt)');
  });
  it('goal-state: switches on what the goal wants on', () => {
    const r = repairPlan(scene, [], g({ kind: 'flag', flag: 'toggled', object: 'lamp' }));
    expect(r.verdict.valid).toBe(true);
    expect(show(r.plan)).toBe('NavigateTo(lamp); ToggleOn(lamp)');
  });
  it('stops with no edit on a semantic failure and keeps the best candidate', () => {
    const plan = P('PlaceOnTop(shirt, table); NavigateTo(plate); Grasp(plate); Grasp(pan)');
    const r = repairPlan(scene, plan, onTable);
    expect(r.stop).toBe('no-edit');
    expect(r.verdict.failure?.code).toBe('HAND_FULL');
    expect(r.edits.length).toBeGreaterThan(0);
    expect(compareRank(r.verdict, verifyPlan(scene, plan, onTable))).toBeGreaterThan(0);
  });
  it('stops on an unknown object (semantic: returned to the LLM)', () => {
    const r = repairPlan(scene, P('NavigateTo(shrit)'), onTable);
    expect(r).toMatchObject({ stop: 'no-edit', edits: [] });
  });
});

const ids = [...scene.objects.keys(), 'kitchen', 'ghost'];
const actions = ['NavigateTo', 'Grasp', 'Release', 'Open', 'Close', 'ToggleOn', 'ToggleOff', 'PlaceOnTop', 'PlaceInside', 'Fly'];
const arbStep: fc.Arbitrary<PlanStep> = fc.record({ action: fc.constantFrom(...actions), a: fc.constantFrom(...ids), b: fc.constantFrom(...ids) }).map(({ action, a, b }) => ({ action, args: action.startsWith('Place') ? [a, b] : [a] }));
const base = P('NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple); NavigateTo(stove); PlaceOnTop(apple, stove); ToggleOn(stove); ToggleOff(stove); NavigateTo(fridge); Close(fridge)');
const goal = g({ kind: 'flag', flag: 'cooked', object: 'apple' }, { kind: 'flag', flag: 'open', object: 'fridge', negated: true });
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('dup' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), i: fc.nat(), step: arbStep }),
);

describe('repair loop invariants', () => {
  it('the reference plan is valid as is', () => {
    expect(verifyPlan(scene, base, goal).valid).toBe(true);
  });
  it('terminates within its edit bound, never ranks below the input, and reports a consistent verdict', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 6 }), (muts) => {
        const plan = base.slice();
        for (const m of muts) {
          const i = plan.length === 0 ? 0 : m.i % plan.length;
          if (m.kind === 'drop' && plan.length > 0) plan.splice(i, 1);
          else if (m.kind === 'dup' && plan.length > 0) plan.splice(i, 0, plan[i]);
          else if (m.kind === 'swap' && plan.length > 1) [plan[i], plan[(i + 1) % plan.length]] = [plan[(i + 1) % plan.length], plan[i]];
          else if (m.kind === 'insert') plan.splice(i, 0, m.step);
        }
        const maxEdits = 4 * plan.length + 16;
        const r = repairPlan(scene, plan, goal);
        expect(r.candidates).toBeLessThanOrEqual(maxEdits + 1);
        expect(r.edits.length).toBeLessThanOrEqual(maxEdits);
        expect(compareRank(r.verdict, verifyPlan(scene, plan, goal))).toBeGreaterThanOrEqual(0);
        const again = verifyPlan(scene, r.plan, goal);
        expect(again.valid).toBe(r.verdict.valid);
        expect(again.distance).toBeCloseTo(r.verdict.distance);
        if (r.stop === 'valid') expect(r.verdict.valid).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it('fixes every single-step deletion of the reference plan except those removing semantic steps', () => {
    let fixed = 0;
    for (let i = 0; i < base.length; i++) {
      const plan = base.filter((_, k) => k !== i);
      if (repairPlan(scene, plan, goal).verdict.valid) fixed++;
    }
    // Only deleting PlaceOnTop(apple, stove) or ToggleOn(stove) loses the cooking semantics.
    expect(fixed).toBe(base.length - 2);
  });
});
