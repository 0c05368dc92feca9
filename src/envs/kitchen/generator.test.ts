import { describe, expect, it } from 'vitest';
import { applyAction } from './actions.js';
import { CATALOGUE_OBJECTS, TASK_THEMES, catalogueObject, slotTargets } from './catalogue.js';
import { KITCHEN_LEVELS, MAX_OBJECTS, STEP_LIMITS } from './config.js';
import { generateTasks, type GeneratedTask } from './generator.js';
import { alternativeSatisfied, goalSatisfied } from './goal.js';
import { KITCHEN_NAMES, loadLayout } from './layout.js';
import { planFullyObserved } from './oracle-plan.js';
import { parseTask, taskToJson } from './task.js';

const N = 8;
const all: Array<{ kitchen: string; level: string; tasks: GeneratedTask[] }> = [];
for (const kitchen of KITCHEN_NAMES) {
  for (const level of KITCHEN_LEVELS) all.push({ kitchen, level, tasks: generateTasks({ kitchen, level, n: N, seed: 7 }) });
}

describe('kitchen catalogue', () => {
  it('every theme object is in the catalogue and every theme is usable in every kitchen', () => {
    for (const t of TASK_THEMES) for (const s of t.slots) for (const o of s.objects) expect(catalogueObject(o), o).toBeDefined();
    expect(new Set(CATALOGUE_OBJECTS.map((o) => o.type)).size).toBe(CATALOGUE_OBJECTS.length);
    for (const k of KITCHEN_NAMES) {
      const layout = loadLayout(k);
      for (const t of TASK_THEMES) {
        const usable = t.slots.filter((s) => slotTargets(s, layout).length > 0).length;
        expect(usable, `${k}/${t.id}`).toBeGreaterThanOrEqual(4);
      }
    }
  });
});

describe('kitchen task generator', () => {
  it('is deterministic for a seed, a smaller n is a prefix, and another seed differs', () => {
    const a = generateTasks({ kitchen: 'galley', level: 'hard', n: 3, seed: 11 }).map(taskToJson);
    const b = generateTasks({ kitchen: 'galley', level: 'hard', n: 2, seed: 11 }).map(taskToJson);
    const c = generateTasks({ kitchen: 'galley', level: 'hard', n: 3, seed: 12 }).map(taskToJson);
    expect(b).toEqual(a.slice(0, 2));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('respects level object counts and the 20-object cap, for all five kitchens', () => {
    for (const { level, tasks } of all) {
      for (const t of tasks) {
        const expected = level === 'easy' ? [2, 2] : level === 'medium' ? [3, 3] : [4, 8];
        expect(t.targets).toBeGreaterThanOrEqual(expected[0]);
        expect(t.targets).toBeLessThanOrEqual(expected[1]);
        for (const alt of t.goals) expect(alt).toHaveLength(t.targets);
        expect(t.world.objects.length).toBeLessThanOrEqual(MAX_OBJECTS);
        expect(t.world.objects.length).toBeGreaterThan(t.targets);
      }
    }
    const hardSizes = new Set(all.filter((x) => x.level === 'hard').flatMap((x) => x.tasks.map((t) => t.targets)));
    expect(hardSizes.size).toBeGreaterThan(1);
  });

  it('no task starts satisfied, every task has several alternatives and hides some target', () => {
    for (const { tasks } of all) {
      for (const t of tasks) {
        expect(goalSatisfied(t.initial, t.goals)).toBe(false);
        expect(t.goals.length).toBeGreaterThanOrEqual(2);
        const keys = new Set(t.goals.map((g) => JSON.stringify(g)));
        expect(keys.size).toBe(t.goals.length);
        const targetObjects = new Set(t.goals.flatMap((g) => g.map((p) => p.object)));
        const hidden = [...targetObjects].filter((o) => !t.initial.open[t.initial.objectArea[o]]);
        expect(hidden.length).toBeGreaterThan(0);
        // nothing starts in the Human_Hand area
        const hand = t.world.layout.areaIndex.get('Human_Hand');
        expect([...t.initial.objectArea]).not.toContain(hand);
      }
    }
  });

  it('every task is solvable within its step limit (witness replays to a goal)', () => {
    for (const { tasks } of all) {
      for (const t of tasks) {
        expect(t.witness.steps).toBeLessThanOrEqual(STEP_LIMITS[t.level]);
        let s = t.initial;
        for (const a of t.witness.actions) {
          const r = applyAction(t.world, s, a);
          expect(r.feasible).toBe(true);
          s = r.state;
        }
        expect(alternativeSatisfied(s, t.goals[t.witness.alternative])).toBe(true);
      }
    }
  });

  it('written tasks load back through the validating loader', () => {
    for (const { tasks } of all) {
      const t = tasks[0];
      const back = parseTask(JSON.parse(JSON.stringify(taskToJson(t))));
      expect(back.kitchen).toBe(t.kitchen);
      expect(back.level).toBe(t.level);
      expect(back.goals).toEqual(t.goals);
      expect(planFullyObserved(back.world, back.initial, back.goals, STEP_LIMITS[t.level])?.steps).toBe(t.witness.steps);
    }
  });

  it('instructions are non-empty and do not name the target instances', () => {
    for (const { tasks } of all) {
      for (const t of tasks) {
        expect(t.description.length).toBeGreaterThan(20);
        for (const o of new Set(t.goals.flatMap((g) => g.map((p) => t.world.objects[p.object])))) expect(t.description).not.toContain(o);
      }
    }
  });

  it('rejects bad arguments', () => {
    expect(() => generateTasks({ kitchen: 'galley', level: 'easy', n: -1, seed: 1 })).toThrow(/non-negative/);
    expect(() => generateTasks({ kitchen: 'nope' as 'galley', level: 'easy', n: 1, seed: 1 })).toThrow(/unknown kitchen/);
  });
});
