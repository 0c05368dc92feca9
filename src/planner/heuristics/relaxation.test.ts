import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompiledTask } from '../compiled-task.js';
import { RelaxedTask } from '../delete-relaxation/relaxed-task.js';
import { buildStrips } from '../strips-builder.js';
import { RelaxedExploration } from './relaxation.js';

/** Fact costs by naive fixpoint iteration over the relaxed operators (no grouping, no queue). */
function fixpointCosts(r: RelaxedTask, init: number[], sum: boolean): number[] {
  const cost = Array.from({ length: r.numFacts }, () => Infinity);
  for (const f of init) cost[f] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let u = 0; u < r.numOps; u++) {
      let c = sum ? r.baseCost[u] : 0;
      for (let k = r.preStart[u]; k < r.preStart[u + 1]; k++) c = sum ? c + cost[r.pre[k]] : Math.max(c, cost[r.pre[k]]);
      if (!sum) c += r.baseCost[u];
      for (let k = r.effStart[u]; k < r.effStart[u + 1]; k++) {
        if (c < cost[r.eff[k]]) {
          cost[r.eff[k]] = c;
          changed = true;
        }
      }
    }
  }
  return cost;
}

// Random tasks over 6 facts whose operators often repeat a precondition set (as operators that differ
// only in a static parameter do), so the exploration's groups hold several operators.
const taskArb = fc
  .record({
    init: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    goal: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    preSets: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }), { minLength: 1, maxLength: 4 }),
    ops: fc.array(
      fc.record({
        preSet: fc.nat(),
        add: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 2 }),
        cost: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  })
  .map(({ init, goal, preSets, ops }) =>
    buildStrips({
      facts: ['f0', 'f1', 'f2', 'f3', 'f4', 'f5'],
      init: init.map((i) => `f${i}`),
      goal: goal.map((i) => `f${i}`),
      operators: ops.map((o, k) => ({
        name: `o${k}`,
        pre: preSets[o.preSet % preSets.length].map((i) => `f${i}`),
        add: o.add.map((i) => `f${i}`),
        cost: o.cost,
      })),
    }),
  );

describe('RelaxedExploration (operators grouped by preconditions and cost)', () => {
  it('fact costs equal a naive fixpoint for h_add and h_max, and every supporter achieves its fact at that cost', () => {
    fc.assert(
      fc.property(taskArb, (g) => {
        const task = new CompiledTask(g);
        const r = new RelaxedTask(task, { costType: 'normal' });
        const init = [...g.init];
        for (const mode of ['add', 'max'] as const) {
          const ex = new RelaxedExploration(r, mode);
          ex.explore(task.initState, false);
          const want = fixpointCosts(r, init, mode === 'add');
          expect(Array.from(ex.factCost)).toEqual(want);
          for (let f = 0; f < r.numFacts; f++) {
            const u = ex.supporter[f];
            if (want[f] === 0 || want[f] === Infinity) {
              expect(u).toBe(-1);
              continue;
            }
            const adds = Array.from(r.eff.subarray(r.effStart[u], r.effStart[u + 1]));
            expect(adds).toContain(f);
            const pre = Array.from(r.pre.subarray(r.preStart[u], r.preStart[u + 1])).map((p) => want[p]);
            const c = mode === 'add' ? pre.reduce((a, b) => a + b, 0) : Math.max(0, ...pre);
            expect(c + r.baseCost[u]).toBe(want[f]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('operators with equal preconditions and cost share one group', () => {
    const g = buildStrips({
      init: ['a'],
      goal: ['z'],
      operators: [
        { name: 'drive-x', pre: ['a'], add: ['x'] },
        { name: 'drive-y', pre: ['a'], add: ['y'] },
        { name: 'drive-z', pre: ['a'], add: ['z'] },
        { name: 'fly-z', pre: ['a'], add: ['z'], cost: 5 },
        { name: 'join', pre: ['x', 'y'], add: ['z'] },
      ],
    });
    const task = new CompiledTask(g);
    const ex = new RelaxedExploration(new RelaxedTask(task, { costType: 'normal' }), 'add');
    expect(ex.numGroups).toBe(3);
    ex.explore(task.initState);
    const z = g.facts.indexOf('z');
    expect(ex.factCost[z]).toBe(1);
    expect(ex.relaxed.opOf[ex.supporter[z]]).toBe(2); // drive-z, not the costlier fly-z or join
  });
});
