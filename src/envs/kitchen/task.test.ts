import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { goalSatisfied } from './goal.js';
import { closestName } from './suggest.js';
import { loadTask, parseTask, taskToJson } from './task.js';
import { taskFile } from './test-task-file.js';

/** Shape of the Tru-POMDP authors' files (appendix A.4 example, l_shaped, shortened): no `kitchen` field. */
function authorsTask(): Record<string, unknown> {
  return taskFile({
    placed: { gluten_free_flour_15: 'Plastic_Container_Cabinet', leftover_container_5: 'Lunchbox_Thermos_Cabinet', measuring_cup_4: 'Breakfast_Zone_Surface', scented_candle_3: 'Cookbook_Display_Shelf' },
    robotAt: 'Cookbook_Display_Shelf',
    text: { instruction: 'As the evening wind-down begins, keep gluten-free baking supplies separate and organise the leftovers.' },
    goals: [{ gluten_free_flour_15: 'Baking_Tool_Cabinet', leftover_container_5: 'Fridge_Cooler_Layer' }, { gluten_free_flour_15: 'Dry_Food_Pantry_Cabinet' }],
  });
}

const dir = mkdtempSync(join(tmpdir(), 'gp-kitchen-task-'));
function writeTask(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

function rejects(value: unknown, kitchen: string | undefined, pattern: RegExp): void {
  const file = writeTask('bad.json', value);
  let err: unknown;
  try {
    loadTask(file, kitchen === undefined ? {} : { kitchen });
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(InputError);
  expect((err as InputError).code).toBe('KITCHEN_TASK');
  expect((err as Error).message).toContain(file);
  expect((err as Error).message).toMatch(pattern);
}

describe('kitchen task loader', () => {
  it('loads an authors-style file when the kitchen is passed, accepting `instruction` for the description', () => {
    const task = loadTask(writeTask('ok.json', authorsTask()), { kitchen: 'l_shaped' });
    expect(task.kitchen).toBe('l_shaped');
    expect(task.world.objects).toHaveLength(4);
    expect(task.goals).toHaveLength(2);
    expect(task.goals[0]).toHaveLength(2);
    expect(task.description).toMatch(/gluten-free/);
    expect(task.robotName).toBe('Fetch');
    expect(task.initial.robot).toBe(task.world.layout.areaIndex.get('Cookbook_Display_Shelf'));
    expect(goalSatisfied(task.initial, task.goals)).toBe(false);
  });

  it('round-trips through taskToJson', () => {
    const task = parseTask(authorsTask(), { kitchen: 'l_shaped' });
    const json = taskToJson(task);
    expect(json.kitchen).toBe('l_shaped');
    const again = parseTask(JSON.parse(JSON.stringify(json)));
    expect(taskToJson(again)).toEqual(json);
  });

  it('an object in the hand becomes a held object', () => {
    const t = authorsTask();
    (t.robot as Record<string, string>).object_in_hand = 'wine_glass_13';
    const task = parseTask(t, { kitchen: 'l_shaped' });
    expect(task.world.objects[task.initial.hand]).toBe('wine_glass_13');
  });

  it('rejects an unknown area with the field path and a suggestion', () => {
    const t = authorsTask();
    (t.placement as Array<Record<string, string>>)[3].area = 'Cookbook_Display';
    rejects(t, 'l_shaped', /placement\[3\]\.area: unknown area 'Cookbook_Display' in kitchen l_shaped \(did you mean 'Cookbook_Display_Shelf'\?\)/);
  });

  it('rejects an object placed twice', () => {
    const t = authorsTask();
    (t.placement as Array<Record<string, string>>)[2].placed_object = 'gluten_free_flour_15';
    rejects(t, 'l_shaped', /placement\[2\]\.placed_object: object 'gluten_free_flour_15' is placed twice \(also at placement\[0\]\)/);
  });

  it('rejects a robot at an unknown location', () => {
    const t = authorsTask();
    (t.robot as Record<string, string>).location = 'Garage';
    rejects(t, 'l_shaped', /robot\.location: unknown area 'Garage'/);
  });

  it('rejects an unknown object or area in a goal', () => {
    const t = authorsTask();
    const gs = (t.task as { goal_set: Array<Array<Record<string, string>>> }).goal_set;
    gs[1][0].placed_object = 'gluten_free_flour_51';
    rejects(t, 'l_shaped', /task\.goal_set\[1\]\[0\]\.placed_object: unknown object 'gluten_free_flour_51'.*did you mean 'gluten_free_flour_15'/);
    const t2 = authorsTask();
    (t2.task as { goal_set: Array<Array<Record<string, string>>> }).goal_set[0][1].target_area = 'Fridge';
    rejects(t2, 'l_shaped', /task\.goal_set\[0\]\[1\]\.target_area: unknown area 'Fridge'/);
  });

  it('rejects an object held and placed at once, and two targets for one object in a goal', () => {
    const t = authorsTask();
    (t.robot as Record<string, string>).object_in_hand = 'measuring_cup_4';
    rejects(t, 'l_shaped', /robot\.object_in_hand: object 'measuring_cup_4' is both in the hand and at placement\[2\]/);
    const t2 = authorsTask();
    (t2.task as { goal_set: Array<Array<Record<string, string>>> }).goal_set[1].push({
      target_area: 'Baking_Tool_Cabinet',
      placed_object: 'gluten_free_flour_15',
    });
    rejects(t2, 'l_shaped', /task\.goal_set\[1\]\[1\]\.placed_object: object 'gluten_free_flour_15' has two target areas/);
  });

  it('rejects schema errors with the field path', () => {
    const t = authorsTask();
    delete (t.placement as Array<Record<string, string>>)[1].placed_object;
    rejects(t, 'l_shaped', /placement\[1\]\.placed_object: /);
    const t2 = authorsTask();
    (t2.task as { goal_set: unknown[] }).goal_set = [];
    rejects(t2, 'l_shaped', /task\.goal_set: /);
  });

  it('needs a kitchen: from the file or from the caller, and they must agree', () => {
    rejects(authorsTask(), undefined, /kitchen: the file names no kitchen/);
    rejects({ ...authorsTask(), kitchen: 'galey' }, undefined, /kitchen: unknown kitchen 'galey' \(did you mean 'galley'\?\)/);
    rejects({ ...authorsTask(), kitchen: 'galley' }, 'l_shaped', /file says kitchen 'galley' but 'l_shaped' was requested/);
  });

  it('reports every planted error with its path: three schema errors, then three errors against the kitchen', () => {
    const t = authorsTask();
    delete (t.placement as Array<Record<string, string>>)[1].placed_object;
    (t.robot as { location: unknown }).location = 3;
    (t.task as { goal_set: unknown[][] }).goal_set[1] = [];
    const schema = () => parseTask(t, { kitchen: 'l_shaped', file: 'x.json' });
    expect(schema).toThrow(/^x\.json: placement\[1\]\.placed_object: [^;]+; robot\.location: [^;]+; task\.goal_set\[1\]: [^;]+$/);
    const t2 = authorsTask();
    (t2.placement as Array<Record<string, string>>)[0].area = 'Garage';
    (t2.robot as { location: string }).location = 'Attic_Shelf';
    (t2.task as { goal_set: Array<Array<Record<string, string>>> }).goal_set[1][0].placed_object = 'ghost_1';
    expect(() => parseTask(t2, { kitchen: 'l_shaped', file: 'x.json' })).toThrow(
      /^x\.json: placement\[0\]\.area: unknown area 'Garage'[^;]*; robot\.location: unknown area 'Attic_Shelf'[^;]*; task\.goal_set\[1\]\[0\]\.placed_object: unknown object 'ghost_1'[^;]*$/,
    );
  });

  it('reports invalid JSON with line and column', () => {
    rejects('{\n  "placement": [\n    {"area": }\n  ]\n}', 'l_shaped', /bad\.json:3:\d+: invalid JSON/);
  });

  it('never throws anything but InputError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        try {
          parseTask(v, { kitchen: 'galley', file: 'x.json' });
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          expect((e as Error).message.startsWith('x.json: ')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('suggests close names', () => {
    expect(closestName('Fridge_Cooler', ['Fridge_Cooler_Layer', 'Oven_Inner_Space'])).toBe('Fridge_Cooler_Layer');
    expect(closestName('prep_surface', ['Prep_Surface', 'Spice_Shelf'])).toBe('Prep_Surface');
    expect(closestName('Garage', ['Prep_Surface', 'Spice_Shelf'])).toBeUndefined();
  });
});
