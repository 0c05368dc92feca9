import { describe, expect, it } from 'vitest';
import { generateMultiTasks, loadBehaviorData } from '../../../envs/household/index.js';
import { sceneFromJson, verifyPlan } from '../../../scenegraph/index.js';
import { graphEditPlan } from './graph-edit.js';

const SEMANTIC = new Set(['cooked', 'washed', 'dried']);

describe('graphEditPlan (EPoG)', () => {
  const tasks = generateMultiTasks(loadBehaviorData(), { count: 60, seed: 7 });

  it('achieves every spatial goal in the true graph, and only those', () => {
    let spatial = 0;
    let semantic = 0;
    for (const t of tasks) {
      const scene = sceneFromJson(t.scene, t.id);
      const needsState = t.goal.literals.some((l) => l.kind === 'flag' && SEMANTIC.has(l.flag) && !l.negated);
      const r = graphEditPlan(scene, t.goal);
      const v = verifyPlan(scene, r.plan, t.goal);
      if (needsState) {
        semantic++;
        expect(r.unreachable.length).toBeGreaterThan(0);
        expect(v.valid).toBe(false);
      } else {
        spatial++;
        expect(r.unreachable).toEqual([]);
        expect({ id: t.id, valid: v.valid, failure: v.failure?.code, unmet: v.unmet.length, safe: v.safe }).toEqual({ id: t.id, valid: true, failure: undefined, unmet: 0, safe: true });
      }
    }
    expect(spatial).toBeGreaterThan(10);
    expect(semantic).toBeGreaterThan(5);
  });

  it('reports semantic states and under as unreachable, emitting no step for them', () => {
    const t = tasks[0];
    const scene = sceneFromJson(t.scene, t.id);
    const [a, b] = t.uncertain;
    const r = graphEditPlan(scene, { literals: [{ kind: 'flag', flag: 'cooked', object: a }, { kind: 'relation', rel: 'under', a, b }] });
    expect(r.plan).toEqual([]);
    expect(r.unreachable.map((l) => l.kind)).toEqual(['flag', 'relation']);
  });
});
