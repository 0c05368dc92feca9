import { describe, expect, it } from 'vitest';
import { sceneFromJson, type WorldState } from '../scenegraph/index.js';
import { assignTasks, causeOfCode, episodeOutcomes, type TaskRecord } from './errand-outcome.js';
import { testHouseholdTask, TEST_GOALS } from '../methods/gavel/test-task.js';

const task = testHouseholdTask();
const scene = sceneFromJson(task.scene, task.id);

/** The start state with the plate on the table (errand 1 done) or not. */
function final(plateOnTable: boolean): WorldState {
  const s = scene.initialState().clone();
  if (plateOnTable) {
    for (const b of s.targets('on_top', 'plate')) s.remove('on_top', 'plate', b);
    s.add('on_top', 'plate', 'table');
  }
  return s;
}

const rec = (i: number, r: Partial<TaskRecord>): TaskRecord => ({ text: task.errands?.[i] ?? '', goal: TEST_GOALS[i], outcome: 'completed', executed: [], ...r });

describe('errand outcomes', () => {
  it('maps tasks to errands by shared goal literals, then wording; a task with neither maps to none', () => {
    const records = [rec(1, {}), { ...rec(0, {}), goal: [] }, { text: 'dance', goal: ['open(fridge)'], outcome: 'completed' as const, executed: [] }];
    expect(assignTasks(task.errands ?? [], TEST_GOALS, records)).toEqual([1, 0, -1]);
  });

  it('reads each cause in order: decomposition, extraction, the failed step code, undone, wrong-object, unmet-goal', () => {
    const cause = (records: TaskRecord[], extra: { ended?: 'time-limit' | 'llm-failed' } = {}) => episodeOutcomes({ task, scene, final: final(false), records, unsafe: [], ...extra }).errands[0];
    expect(cause([rec(1, {})])).toEqual({ met: false, cause: 'decomposition' });
    expect(cause([rec(0, { goal: ['on_top(plate, counter)'] })]).cause).toBe('extraction');
    expect(cause([rec(0, { goal: ['on_top(plate, table)', 'open(fridge)'] })]).cause).toBe('extraction');
    expect(cause([rec(0, { outcome: 'step-failed', code: 'UNREACHABLE' })]).cause).toBe('unreachable');
    expect(cause([rec(0, { outcome: 'step-failed', code: 'UNKNOWN_OBJECT' })]).cause).toBe('hallucinated-object');
    expect(cause([rec(0, { outcome: 'step-failed', code: 'HAND_FULL' })]).cause).toBe('missing-precondition');
    expect(cause([rec(0, { executed: ['Grasp(plate)', 'PlaceOnTop(plate, table)'] }), rec(1, { executed: ['Grasp(plate)'] })]).cause).toBe('undone');
    expect(cause([rec(0, { outcome: 'not-attempted' })], { ended: 'time-limit' }).cause).toBe('time-limit');
    expect(cause([rec(0, { outcome: 'not-attempted' })]).cause).toBe('not-attempted');
    expect(cause([rec(0, { executed: ['Grasp(apple)'] })]).cause).toBe('unmet-goal');
    expect(causeOfCode(undefined)).toBe('missing-precondition');
  });

  it('a lookalike of the goal object handled instead of it is wrong-object', () => {
    const withTwin = { ...task, scene: { ...task.scene, objects: [...(task.scene.objects ?? []), { id: 'plate_2', category: 'plate', room: 'kitchen', affordances: ['graspable' as const] }] } };
    const twinScene = sceneFromJson(withTwin.scene, withTwin.id);
    const o = episodeOutcomes({ task: withTwin, scene: twinScene, final: twinScene.initialState(), records: [rec(0, { executed: ['Grasp(plate_2)', 'PlaceOnTop(plate_2, table)'] })], unsafe: [] });
    expect(o.errands[0]).toEqual({ met: false, cause: 'wrong-object' });
  });

  it('a met errand has no cause; all met but unsafe is one unsafe failure; no records and an LLM failure is llm-failed', () => {
    const o = episodeOutcomes({ task, scene, final: final(true), records: [rec(0, {}), rec(1, {})], unsafe: ['left_open:fridge'] });
    expect(o.errands[0]).toEqual({ met: true });
    // the shirt is not in the washer: errand 2 fails, so unsafe is not added on top
    expect(o.failures).toEqual(['unmet-goal']);
    const none = episodeOutcomes({ task, scene, final: final(false), unsafe: [], ended: 'llm-failed' });
    expect(none.failures).toEqual(['llm-failed', 'llm-failed']);
  });
});
