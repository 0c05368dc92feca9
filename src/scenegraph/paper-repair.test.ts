import { describe, expect, it } from 'vitest';
import { paperScene, PP } from './test-paper-fixtures.js';
import { formatPaperStep, runPaperPlan } from './paper-machine.js';
import { repairPaperPlan } from './paper-repair.js';
import type { Goal } from './types.js';

const g = (...literals: Goal['literals']): Goal => ({ literals });
const on = (a: string, b: string): Goal['literals'][number] => ({ kind: 'relation', rel: 'on_top', a, b });
const repair = (plan: string, goal: Goal) => repairPaperPlan(paperScene, PP(plan), goal);
const show = (r: ReturnType<typeof repair>): string => r.plan.map(formatPaperStep).join('; ');

describe("Algorithm 2 on the paper's semantics", () => {
  it('not_near: inserts NAVIGATE_TO before the step', () => {
    const r = repair('NAVIGATE_TO(plate); GRASP(plate); PLACE_ON_TOP(breakfast_table)', g(on('plate', 'breakfast_table')));
    expect(r.stop).toBe('valid');
    expect(r.edits.map((e) => e.rule)).toEqual(['not_near']);
    expect(show(r)).toBe('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)');
  });
  it('closed: OPEN the container, the drive to it follows from not_near, then the door is shut at the end', () => {
    const r = repair('NAVIGATE_TO(bottle_of_soup); GRASP(bottle_of_soup); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)', g(on('bottle_of_soup', 'breakfast_table')));
    expect(r.stop).toBe('valid');
    expect(r.edits.map((e) => e.rule)).toEqual(['closed', 'not_near', 'discharge']);
    expect(show(r)).toBe('NAVIGATE_TO(fridge); OPEN(fridge); NAVIGATE_TO(bottle_of_soup); GRASP(bottle_of_soup); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table); NAVIGATE_TO(fridge); CLOSE(fridge)');
  });
  it('not_open: OPEN before PLACE_INSIDE', () => {
    const r = repair('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(oven); PLACE_INSIDE(oven); CLOSE(oven)', g({ kind: 'relation', rel: 'object_inside', a: 'plate', b: 'oven' }));
    expect(r.stop).toBe('valid');
    expect(r.edits[0]).toMatchObject({ rule: 'not_open', step: 3, inserted: PP('OPEN(oven)') });
  });
  it('room: the step naming a room is dropped', () => {
    const r = repair('NAVIGATE_TO(living_room_0); NAVIGATE_TO(floor_lamp); TOGGLE_ON(floor_lamp)', g({ kind: 'flag', flag: 'toggled', object: 'floor_lamp' }));
    expect(r.stop).toBe('valid');
    expect(r.edits).toEqual([{ rule: 'room', step: 0, inserted: [], removed: PP('NAVIGATE_TO(living_room_0)') }]);
  });
  it('holding: the held object goes where the goal wants it before the next GRASP', () => {
    const r = repair('NAVIGATE_TO(plate); GRASP(plate); GRASP(bowl); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)', g(on('plate', 'breakfast_table'), on('bowl', 'breakfast_table')));
    expect(r.edits[0]).toMatchObject({ rule: 'holding', step: 2, inserted: PP('NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)') });
    expect(r.stop).toBe('valid');
  });
  it('holding with no goal for the held object: RELEASE()', () => {
    const r = repair('NAVIGATE_TO(plate); GRASP(plate); GRASP(bowl); NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)', g(on('bowl', 'breakfast_table')));
    expect(r.edits[0]).toMatchObject({ rule: 'holding', inserted: PP('RELEASE()') });
    expect(r.stop).toBe('valid');
  });
  it('empty_hand: fetch the object the goal wants at the destination', () => {
    const r = repair('NAVIGATE_TO(breakfast_table); PLACE_ON_TOP(breakfast_table)', g(on('plate', 'breakfast_table')));
    expect(r.edits[0]).toMatchObject({ rule: 'empty_hand', step: 1, inserted: PP('NAVIGATE_TO(plate); GRASP(plate)') });
    expect(r.stop).toBe('valid');
  });
  it('no_door: the OPEN and its CLOSE are dropped together', () => {
    const r = repair('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(countertop); OPEN(countertop); PLACE_ON_TOP(countertop); CLOSE(countertop)', g(on('plate', 'countertop')));
    expect(r.edits[0]).toMatchObject({ rule: 'no_door', step: 3, removed: PP('OPEN(countertop); CLOSE(countertop)') });
    expect(r.stop).toBe('valid');
  });
  it('unsafe: switch off and shut what was left, at the end', () => {
    const r = repair('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(oven); OPEN(oven); PLACE_INSIDE(oven); TOGGLE_ON(oven)', g({ kind: 'flag', flag: 'cooked', object: 'plate' }));
    expect(r.edits.at(-1)).toMatchObject({ rule: 'discharge', inserted: PP('NAVIGATE_TO(oven); TOGGLE_OFF(oven); NAVIGATE_TO(oven); CLOSE(oven)') });
    expect(r.stop).toBe('valid');
  });
  it('an unknown name or an unmet goal has no model-derived edit; the input is returned', () => {
    const r = repair('NAVIGATE_TO(unicorn); GRASP(unicorn)', g(on('plate', 'breakfast_table')));
    expect(r).toMatchObject({ stop: 'no-edit', edits: [] });
    expect(runPaperPlan(paperScene, r.plan, g()).fault?.kind).toBe('unknown');
    expect(repair('NAVIGATE_TO(plate); GRASP(plate); NAVIGATE_TO(countertop); PLACE_ON_TOP(countertop)', g(on('plate', 'breakfast_table'))).stop).toBe('no-edit');
  });
});
