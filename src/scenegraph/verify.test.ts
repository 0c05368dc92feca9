import { describe, expect, it } from 'vitest';
import { testScene } from './fixtures.js';
import { P } from './test-helpers.js';
import { compareRank, verifyPlan } from './verify.js';
import type { Goal } from './types.js';

const scene = testScene();
const goal: Goal = {
  literals: [
    { kind: 'relation', rel: 'on_top', a: 'apple', b: 'table' },
    { kind: 'flag', flag: 'open', object: 'fridge', negated: true },
  ],
};
const good = 'NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple); NavigateTo(table); PlaceOnTop(apple, table); NavigateTo(fridge); Close(fridge)';

describe('verifyPlan', () => {
  it('accepts a valid plan and reports the travel distance', () => {
    const v = verifyPlan(scene, P(good), goal);
    expect(v).toMatchObject({ applicable: true, valid: true, safe: true, unmet: [], executed: 8, failure: null });
    // living→kitchen 10, fridge→apple same room, 0 (apple is reached inside the fridge: new target, 2), →table 10, →fridge 10
    expect(v.distance).toBeCloseTo(10 + 2 + 10 + 10);
  });
  it('names the first failing step and its reason', () => {
    const v = verifyPlan(scene, P('NavigateTo(fridge); Grasp(apple); NavigateTo(table)'), goal);
    expect(v.applicable).toBe(false);
    expect(v.failure).toMatchObject({ stepIndex: 1, code: 'INSIDE_CLOSED', container: 'fridge' });
    expect(v.executed).toBe(1);
  });
  it('lists unmet goal literals', () => {
    const v = verifyPlan(scene, P('NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple); NavigateTo(counter); PlaceOnTop(apple, counter); NavigateTo(fridge); Close(fridge)'), goal);
    expect(v.applicable).toBe(true);
    expect(v.unmet).toEqual([{ kind: 'relation', rel: 'on_top', a: 'apple', b: 'table' }]);
    expect(v.valid).toBe(false);
  });
  it('flags a container opened and not closed, and a safety-critical appliance left on', () => {
    const v = verifyPlan(scene, P('NavigateTo(fridge); Open(fridge); NavigateTo(stove); ToggleOn(stove); NavigateTo(lamp); ToggleOn(lamp)'));
    expect(v.safety).toEqual([
      { kind: 'left_open', object: 'fridge', since: 1 },
      { kind: 'left_on', object: 'stove', since: 3 },
    ]);
    expect(v.safe).toBe(false);
  });
  it('does not flag an open container that the goal asks to be open', () => {
    const v = verifyPlan(scene, P('NavigateTo(fridge); Open(fridge)'), { literals: [{ kind: 'flag', flag: 'open', object: 'fridge' }] });
    expect(v.valid).toBe(true);
  });
  it('an unknown object is a verdict naming it, with a suggestion', () => {
    const v = verifyPlan(scene, P('NavigateTo(fridge); Grasp(aple)'));
    expect(v.failure).toMatchObject({ stepIndex: 1, code: 'UNKNOWN_OBJECT', object: 'aple' });
    expect(v.failure?.message).toContain('apple');
  });
  it('an unknown primitive is a verdict naming it', () => {
    const v = verifyPlan(scene, P('Teleport(table)'));
    expect(v.failure).toMatchObject({ stepIndex: 0, code: 'UNKNOWN_PRIMITIVE', object: 'Teleport' });
    expect(verifyPlan(scene, P('Grasp(a, b)')).failure?.code).toBe('BAD_ARITY');
  });
  it('accepts snake_case primitive names (navigate_to, place_ontop)', () => {
    const v = verifyPlan(scene, P('navigate_to shirt; grasp shirt; navigate_to table; place_ontop shirt table'));
    expect(v.applicable).toBe(true);
    expect(v.trace.map((t) => t.step.action)).toEqual(['NavigateTo', 'Grasp', 'NavigateTo', 'PlaceOnTop']);
  });
  it('room goal literals: the object lies in that room and is not in the hand', () => {
    const g: Goal = { literals: [{ kind: 'room', object: 'shirt', room: 'kitchen' }] };
    expect(verifyPlan(scene, P('NavigateTo(shirt); Grasp(shirt); NavigateTo(kitchen)'), g).unmet).toHaveLength(1);
    expect(verifyPlan(scene, P('NavigateTo(shirt); Grasp(shirt); NavigateTo(kitchen); Release(shirt)'), g).valid).toBe(true);
  });
  it('ranks applicable above not, met goals above unmet, safe above unsafe, then shorter', () => {
    const a = verifyPlan(scene, P(good), goal);
    const b = verifyPlan(scene, P('NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple); NavigateTo(table); PlaceOnTop(apple, table)'), goal);
    const c = verifyPlan(scene, P('Grasp(apple)'), goal);
    expect(compareRank(a, b)).toBeGreaterThan(0);
    expect(compareRank(b, c)).toBeGreaterThan(0);
    const longer = verifyPlan(scene, P(`NavigateTo(laundry); ${good}`), goal);
    expect(compareRank(a, longer)).toBeGreaterThan(0);
  });
});
