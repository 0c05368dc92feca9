import { describe, expect, it } from 'vitest';
import { testHouseholdTask } from '../../methods/gavel/test-task.js';
import { householdTaskFromJson, householdTaskToJson } from './task-file.js';

const roundTrip = (raw: unknown) => householdTaskFromJson(JSON.parse(JSON.stringify(raw)), 't.json');

describe('household task files', () => {
  it('round-trips a task (plans as step strings, goals as literal objects)', () => {
    const t = testHouseholdTask();
    const back = roundTrip(householdTaskToJson(t));
    expect(back).toMatchObject({ id: t.id, kind: 'multi', instruction: t.instruction, uncertain: t.uncertain, errands: t.errands });
    expect(back.subplans).toEqual(t.subplans);
    expect(back.goals).toEqual(t.goals);
    expect(back.goal).toEqual(t.goal);
  });

  it('names the field of each problem', () => {
    const t = householdTaskToJson(testHouseholdTask());
    expect(() => roundTrip({ ...t, subplans: (t.subplans as unknown[]).slice(0, 1) })).toThrow(/t\.json: subplans: expected 2 subplan\(s\) \(one per goal\), got 1/);
    expect(() => roundTrip({ ...t, goals: [{ literals: [{ kind: 'flag', flag: 'washed', object: 'unicorn' }] }] })).toThrow(/t\.json: goals\[0\]\.literals\[0\]: unknown object 'unicorn'/);
    expect(() => roundTrip({ ...t, kind: 'many' })).toThrow(/t\.json: kind: expected 'single' or 'multi'/);
    expect(() => roundTrip({ ...t, scene: { ...testHouseholdTask().scene, rooms: [] } })).toThrow(/^t\.json: scene\.rooms: /);
  });

  it('reports all three planted errors, each with its JSON path (the inline scene included)', () => {
    const t = householdTaskToJson(testHouseholdTask());
    const scene = structuredClone(testHouseholdTask().scene);
    scene.robot = { room: 'attic' };
    const bad = { ...t, instruction: '', kind: 'many', scene };
    let message = '';
    try {
      roundTrip(bad);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.replace(/^t\.json: /, '').split('; ')).toEqual(['instruction: expected a non-empty string', "kind: expected 'single' or 'multi'", "scene.robot.room: unknown room 'attic'"]);
  });
});
