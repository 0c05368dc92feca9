import { describe, expect, it } from 'vitest';
import { sceneFromJson, verifyPlan } from '../../scenegraph/index.js';
import { loadBehaviorData } from './data.js';
import { eaiTasks } from './eai.js';
import { generateMultiTasks } from './errands.js';
import { buildHome, homeScenes } from './homes.js';

const data = loadBehaviorData();

describe('homes', () => {
  it('every interior scene gives a connected home with positive areas', () => {
    const scenes = homeScenes(data);
    expect(scenes.length).toBe(15);
    for (const s of scenes) {
      const h = buildHome(data, s);
      const scene = sceneFromJson({ rooms: h.rooms, connections: h.connections, robot: { room: h.start } });
      for (const r of h.rooms) expect(Number.isFinite(scene.roomDistance(h.start, r.id))).toBe(true);
      expect(h.rooms.every((r) => r.area > 0)).toBe(true);
    }
  });
});

describe('EAI single tasks', () => {
  const subset = eaiTasks();
  it('keeps the expressible subset and gives a reason for every dropped problem', () => {
    expect(subset.tasks.length + subset.dropped.length).toBe(100);
    expect(subset.tasks.length).toBe(52);
    expect(Object.values(subset.reasons).reduce((a, b) => a + b, 0)).toBe(subset.dropped.length);
    for (const d of subset.dropped) expect(d.reason).toMatch(/^(action|goal|plan):/);
  });
  it('every reference plan verifies in its scene against its goal', () => {
    for (const t of subset.tasks) {
      const scene = sceneFromJson(t.scene, t.id);
      const v = verifyPlan(scene, t.referencePlan, t.goal);
      expect({ id: t.id, valid: v.valid, failure: v.failure?.code, unmet: v.unmet.length, safe: v.safe }).toEqual({ id: t.id, valid: true, failure: undefined, unmet: 0, safe: true });
      expect(t.goal.literals.length).toBeGreaterThan(0);
      expect(t.instruction.length).toBeGreaterThan(10);
    }
  });
});

describe('multi-task instructions', () => {
  const tasks = generateMultiTasks(data, { count: 60, seed: 3 });
  it('generates 2–5 errands with pairwise disjoint goal objects', () => {
    expect(tasks.length).toBe(60);
    for (const t of tasks) {
      expect(t.goals.length).toBeGreaterThanOrEqual(2);
      expect(t.goals.length).toBeLessThanOrEqual(5);
      const seen = new Set<string>();
      for (const g of t.goals) {
        const objs = new Set(g.literals.flatMap((l) => (l.kind === 'relation' ? [l.a, l.b] : l.kind === 'room' ? [l.object] : [l.object])));
        for (const o of objs) {
          expect(seen.has(o)).toBe(false);
          seen.add(o);
        }
      }
    }
  });
  it('every reference plan verifies, and so does each subplan in order against its own goal', () => {
    for (const t of tasks) {
      const scene = sceneFromJson(t.scene, t.id);
      expect(verifyPlan(scene, t.referencePlan, t.goal).valid).toBe(true);
      let state = scene.initialState();
      t.subplans.forEach((p, i) => {
        const v = verifyPlan(scene, p, t.goals[i], state);
        expect(v.valid).toBe(true);
        state = v.final;
      });
    }
  });
  it('task i depends on the seed and i only: a shorter run is a prefix, another seed gives other tasks', () => {
    const fewer = generateMultiTasks(data, { count: 5, seed: 3 });
    expect(fewer.map((t) => t.instruction)).toEqual(tasks.slice(0, 5).map((t) => t.instruction));
    const other = generateMultiTasks(data, { count: 5, seed: 4 });
    expect(other.map((t) => t.instruction)).not.toEqual(fewer.map((t) => t.instruction));
  });
});
