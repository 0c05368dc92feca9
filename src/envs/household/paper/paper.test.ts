import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedPath } from '../../../../test/shared-data.js';
import { PAPER_ACTIONS } from '../../../scenegraph/index.js';
import { loadBehaviorData } from '../data.js';
import { readRecording, recordingFromJson, type Recording } from './recording.js';
import { replayRecording } from './replay.js';
import { paperHouseholdTasks } from './household-tasks.js';
import { paperTaskScene } from './scene.js';
import { paperTasksFromJson, readPaperTasks, type PaperTask } from './tasks.js';

const data = loadBehaviorData();
const bench = (f: string): string => sharedPath('data', 'gavel-benchmark', f);
const tasks = readPaperTasks(bench('tasks.json'));
const task0 = { id: 'T-1', scene: 'Rs_int', task: 'put the apple on the table', spawn: [{ name: 'apple', relation: 'ON_TOP', target: 'countertop' }], goal: [['on_top', 'apple', 'breakfast_table']], plan: [['NAVIGATE_TO', 'apple'], ['RELEASE']] };

describe("the paper's benchmark reader", () => {
  it('reads the 100 tasks, and every task builds a scene holding its spawned objects and goal objects', () => {
    expect(tasks).toHaveLength(100);
    for (const t of tasks) {
      const scene = paperTaskScene(data, t);
      for (const s of t.spawn) expect(scene.isObject(s.name), `${t.id}: ${s.name}`).toBe(true);
      for (const l of t.goal.literals) if (l.kind === 'relation') expect(scene.isObject(l.b), `${t.id}: ${l.b}`).toBe(true);
    }
  });
  it('gives BEHAVIOR affordances: a fridge opens, an oven cooks and must be switched off, a countertop is fixed', () => {
    const scene = paperTaskScene(data, tasks[0]);
    expect(scene.affords('oven', 'openable') && scene.affords('oven', 'toggleable')).toBe(true);
    expect(scene.objects.get('oven')).toMatchObject({ appliance: 'oven', safetyCritical: true });
    expect(scene.affords('countertop', 'graspable')).toBe(false);
    expect(scene.affords('apple_pie', 'graspable')).toBe(true);
  });
  it('locates problems at the task id and field', () => {
    const bad = [task0, { ...task0, id: 'T-2', spawn: [{ name: 'pear', relation: 'BESIDE', target: 'countertop' }], goal: [['on_top', 'pear']] }];
    expect(() => paperTasksFromJson(bad, 't.json')).toThrow(/t\.json: 1 \(T-2\)\.spawn\[0\]\.relation: expected ON_TOP or INSIDE.*1 \(T-2\)\.goal\[0\]: expected a triple/);
    expect(() => paperTasksFromJson([task0, task0], 't.json')).toThrow(/1 \(T-1\)\.id: duplicate task id/);
    expect(() => paperTasksFromJson([{ ...task0, id: undefined }], 't.json')).toThrow(/0 \(no id\)\.id: expected a non-empty string/);
    const [ok] = paperTasksFromJson([task0]);
    expect(() => paperTaskScene(data, { ...ok, rooms: { countertop: 'garage_9' } } as PaperTask, 't.json')).toThrow(/t\.json: T-1\.rooms\.countertop: 'garage_9' is not a room of Rs_int/);
    expect(() => paperTaskScene(data, { ...ok, spawn: [{ name: 'apple', relation: 'on_top', target: 'qqq' }] }, 't.json')).toThrow(/T-1\.spawn\[0\]\.target: 'qqq' is neither furniture/);
  });
  it('locates recording problems at the row, task id and field', () => {
    const row = { id: 'T-1', plain: 'ok', checked: 'fine', sim_first: { ok: true }, simulated: {}, predicted_goal: null, first_plan: [['GRASP', 3]], final_plan: [] };
    expect(() => recordingFromJson({ model: 'm', rows: [row] }, 'r.json')).toThrow(/r\.json: rows\[0\]\.\(T-1\)\.checked: expected one of ok, planning, goal, safety.*rows\[0\]\.\(T-1\)\.simulated\.ok: expected.*rows\[0\]\.\(T-1\)\.first_plan\[0\]: expected \[ACTION\]/);
  });
});

describe('the paper tasks as household tasks (our primitives)', () => {
  it('keeps the tasks whose translated reference plan verifies under our semantics; the rest ask to cook a casserole, a vessel our appliances do not cook', () => {
    const r = paperHouseholdTasks(data, tasks);
    expect(r.tasks).toHaveLength(95);
    expect(r.dropped).toHaveLength(5);
    for (const d of r.dropped) expect(d.reason).toMatch(/goal unmet: cooked\(casserole\)$/);
    const t = r.tasks.find((x) => x.id === 'paper/Beechwood_0_int-01');
    expect(t?.referencePlan.slice(0, 5).map((s) => `${s.action}(${s.args.join(', ')})`)).toEqual(['NavigateTo(apple_pie)', 'Grasp(apple_pie)', 'NavigateTo(oven)', 'Open(oven)', 'PlaceInside(apple_pie, oven)']);
    expect(t?.uncertain).toEqual(['apple_pie']);
  });
});

describe('replaying the recorded Qwen3-8B runs', () => {
  const agreement = (f: string) => replayRecording(data, tasks, readRecording(bench(f)));
  it.each(['exp1-8b-llmonly.json', 'exp1-8b-feedback.json', 'exp1-8b-gavel.json'])('%s: at least 95/100 verdicts agree with plain, sim_first.ok and simulated.ok', (f) => {
    const r = agreement(f);
    expect(r.rows).toHaveLength(100);
    expect(r.agree.plain).toBeGreaterThanOrEqual(95);
    expect(r.agree.sim_first).toBeGreaterThanOrEqual(95);
    expect(r.agree.simulated).toBeGreaterThanOrEqual(95);
    // The first plans are the same in the three runs: llm-only and gavel-basic within ±4 of the paper's 41.2 and 76.2.
    expect(Math.abs(r.rows.filter((x) => x.first.status === 'ok').length - 41.2)).toBeLessThanOrEqual(4);
    expect(Math.abs(r.rows.filter((x) => x.repaired.status === 'ok').length - 76.2)).toBeLessThanOrEqual(4);
  });
});

describe('replay calls no LLM', () => {
  afterEach(() => vi.restoreAllMocks());
  it('any recorded plans replay with fetch unavailable, and twice the same', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      throw new Error('replay must not call an LLM');
    });
    const some = tasks.slice(0, 3);
    const names = [...new Set(some.flatMap((t) => [...t.spawn.flatMap((s) => [s.name, s.target]), 'kitchen_0', 'None']))];
    const step = fc.tuple(fc.constantFrom(...PAPER_ACTIONS, 'JUMP'), fc.option(fc.constantFrom(...names), { nil: null }));
    const status = fc.constantFrom('ok', 'planning', 'goal', 'safety');
    const row = (id: string) => fc.record({ id: fc.constant(id), plain: status, checked: status, sim_first: fc.record({ ok: fc.boolean() }), simulated: fc.record({ ok: fc.boolean() }), predicted_goal: fc.constant(null), first_plan: fc.array(step, { maxLength: 12 }), final_plan: fc.array(step, { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.tuple(...some.map((t) => row(t.id))), (rows) => {
        const rec: Recording = recordingFromJson({ model: 'm', rows });
        const a = replayRecording(data, some, rec);
        const b = replayRecording(data, some, rec);
        expect(b).toEqual(a);
        expect(a.rows).toHaveLength(some.length);
      }),
      { numRuns: 40 },
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
