import { describe, expect, it } from 'vitest';
import { paperScene, PP } from './test-paper-fixtures.js';
import { runPaperPlan } from './paper-machine.js';
import { resolveName } from './paper-names.js';
import type { Goal } from './types.js';

const g = (...literals: Goal['literals']): Goal => ({ literals });
const run = (plan: string, goal: Goal = g()) => runPaperPlan(paperScene, PP(plan), goal);
const soupOnTable = g({ kind: 'relation', rel: 'on_top', a: 'bottle_of_soup', b: 'breakfast_table' });

describe("the paper's action semantics", () => {
  it('near(x) covers what is inside x: GRASP after NAVIGATE_TO(fridge) needs no second navigation', () => {
    const v = run('NAVIGATE_TO(fridge); OPEN(fridge); GRASP(bottle_of_soup); CLOSE(fridge); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)', soupOnTable);
    expect(v.status).toBe('ok');
  });
  it('near(x) covers what x rests in: CLOSE(fridge) right after NAVIGATE_TO(bottle in the fridge)', () => {
    expect(run('NAVIGATE_TO(fridge); OPEN(fridge); NAVIGATE_TO(bottle_of_soup); GRASP(bottle_of_soup); CLOSE(fridge)').status).toBe('ok');
  });
  it('near is replaced by a navigation: acting on what was left behind is not_near', () => {
    const v = run('NAVIGATE_TO(fridge); OPEN(fridge); GRASP(bottle_of_soup); NAVIGATE_TO(breakfast_table); CLOSE(fridge)');
    expect(v.fault).toMatchObject({ kind: 'not_near', step: 4, object: 'fridge' });
  });
  it('OPEN, CLOSE and TOGGLE do not need an empty hand', () => {
    expect(run('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(oven); OPEN(oven); PLACE_INSIDE(oven); CLOSE(oven); TOGGLE_ON(oven); NAVIGATE_TO(bowl); GRASP(bowl); NAVIGATE_TO(oven); TOGGLE_OFF(oven)').status).toBe('ok');
  });
  it('PLACE_* take the destination only and move what is held; no hand, no place', () => {
    const v = run('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)', g({ kind: 'relation', rel: 'on_top', a: 'plate', b: 'breakfast_table' }));
    expect(v.status).toBe('ok');
    expect(v.final.has('on_top', 'plate', 'countertop')).toBe(false);
    expect(run('NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)').fault).toMatchObject({ kind: 'empty_hand', step: 1 });
    expect(run('NAVIGATE_TO(plate); GRASP(plate); PLACE_ON_TOP(plate)').fault).toMatchObject({ kind: 'self_place', step: 2 });
  });
  it('PLACE_INSIDE a container with a door needs it open', () => {
    expect(run('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(oven); PLACE_INSIDE(oven)').fault).toMatchObject({ kind: 'not_open', object: 'oven', step: 3 });
  });
  it('RELEASE() takes no argument and puts the held object down in the room', () => {
    const v = run('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(breakfast_table); RELEASE()');
    expect(v.status).toBe('ok');
    expect(v.final.robot.holding).toBeNull();
    expect(v.final.roomOf('plate')).toBe('living_room_0');
    expect(run('NAVIGATE_TO(plate); GRASP(plate); RELEASE(plate)').fault).toMatchObject({ kind: 'arity', step: 2 });
  });
  it('GRASP with a full hand is a holding fault; GRASP inside a closed container a closed fault', () => {
    expect(run('NAVIGATE_TO(plate); GRASP(plate); GRASP(bowl)').fault).toMatchObject({ kind: 'holding', object: 'plate' });
    expect(run('NAVIGATE_TO(fridge); GRASP(bottle_of_soup)').fault).toMatchObject({ kind: 'closed', object: 'fridge' });
    expect(run('NAVIGATE_TO(bottle_of_soup)').fault).toMatchObject({ kind: 'closed', object: 'fridge', step: 0 });
    expect(run('NAVIGATE_TO(fridge); GRASP(fridge)').fault).toMatchObject({ kind: 'not_graspable' });
  });
  it('a room as an argument is a room fault, by id or by bare type', () => {
    expect(run('NAVIGATE_TO(kitchen_0)').fault).toMatchObject({ kind: 'room', object: 'kitchen_0' });
    expect(run('NAVIGATE_TO(kitchen)').fault).toMatchObject({ kind: 'room', object: 'kitchen_0' });
    expect(run('NAVIGATE_TO(garage_door)').fault).toMatchObject({ kind: 'unknown' });
  });
  it('re-opening an open door is no fault; opening what has no door is', () => {
    expect(run('NAVIGATE_TO(fridge); OPEN(fridge); OPEN(fridge); CLOSE(fridge)').status).toBe('ok');
    expect(run('NAVIGATE_TO(countertop); OPEN(countertop)').fault).toMatchObject({ kind: 'no_door' });
    expect(run('NAVIGATE_TO(countertop); TOGGLE_ON(countertop)').fault).toMatchObject({ kind: 'no_switch' });
  });
  it('TOGGLE_ON confers its state on what is inside, not on what is on top', () => {
    const inside = run('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(oven); OPEN(oven); PLACE_INSIDE(oven); CLOSE(oven); TOGGLE_ON(oven); TOGGLE_OFF(oven)', g({ kind: 'flag', flag: 'cooked', object: 'plate' }));
    expect(inside.status).toBe('ok');
    const onTop = run('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(stove); PLACE_ON_TOP(stove); TOGGLE_ON(stove); TOGGLE_OFF(stove)', g({ kind: 'flag', flag: 'cooked', object: 'plate' }));
    expect(onTop.status).toBe('goal');
  });
  it('safety: a door the plan opened is shut, a safety-critical appliance it switched on is off; a lamp may stay on', () => {
    expect(run('NAVIGATE_TO(fridge); OPEN(fridge)')).toMatchObject({ status: 'safety', leftOpen: ['fridge'] });
    expect(run('NAVIGATE_TO(stove); TOGGLE_ON(stove)')).toMatchObject({ status: 'safety', leftOn: ['stove'] });
    expect(run('NAVIGATE_TO(floor_lamp); TOGGLE_ON(floor_lamp)', g({ kind: 'flag', flag: 'toggled', object: 'floor_lamp' })).status).toBe('ok');
  });
  it('an unmet goal outranks an unsafe end: the status is goal', () => {
    expect(run('NAVIGATE_TO(fridge); OPEN(fridge)', soupOnTable).status).toBe('goal');
  });
  it('names resolve loosely and only when one object fits', () => {
    expect(resolveName(paperScene, 'tshirt')).toEqual({ kind: 'object', id: 't_shirt' });
    expect(resolveName(paperScene, 'bowls')).toEqual({ kind: 'object', id: 'bowl' });
    expect(resolveName(paperScene, 'tv')).toEqual({ kind: 'object', id: 'standing_tv' });
    expect(resolveName(paperScene, 'shampoo_water_bottle')).toEqual({ kind: 'object', id: 'shampoo_bottle' });
    expect(resolveName(paperScene, 'lamp')).toEqual({ kind: 'unknown' });
    expect(run('NAVIGATE_TO(tshirt); GRASP(tshirt); NAVIGATE_TO(countertop); PLACE_ON_TOP(countertop)', g({ kind: 'relation', rel: 'on_top', a: 'tshirt', b: 'countertop' })).status).toBe('ok');
  });
});
