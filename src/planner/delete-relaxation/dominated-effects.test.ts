// Pruning dominated relaxed effects keeps every h_add and h_max fact cost (random relaxed tasks against a
// fixpoint computed on the unpruned operators) and removes only effects another operator dominates.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pruneDominatedEffects } from './dominated-effects.js';

/** Fact costs by fixpoint iteration (Bellman-Ford style) under h_add (`sum`) or h_max. */
function factCosts(n: number, init: number[], pres: number[][], effs: number[][], costs: number[], sum: boolean): number[] {
  const c = new Array<number>(n).fill(Infinity);
  for (const f of init) c[f] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    pres.forEach((p, u) => {
      let v = 0;
      for (const f of new Set(p)) v = sum ? v + c[f] : Math.max(v, c[f]);
      if (v === Infinity) return;
      for (const e of effs[u]) {
        if (v + costs[u] < c[e]) {
          c[e] = v + costs[u];
          changed = true;
        }
      }
    });
  }
  return c;
}

const task = fc.integer({ min: 2, max: 7 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    init: fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 3 }),
    ops: fc.array(
      fc.record({
        pre: fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 6 }),
        eff: fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 3 }),
        cost: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 14 },
    ),
  }),
);

describe('pruneDominatedEffects', () => {
  it('drops an effect a cheaper operator with fewer preconditions also adds, and keeps the others', () => {
    // op0: p, q -> r, s (cost 1); op1: p -> r (cost 1); op2: p -> s (cost 2)
    const effs = [[2, 3], [2], [3]];
    const removed = pruneDominatedEffects([[0, 1], [0], [0]], effs, [1, 1, 2]);
    expect(removed).toBe(1);
    expect(effs).toEqual([[3], [2], [3]]);
  });

  it('keeps one of two identical operators (the first)', () => {
    const effs = [[1], [1]];
    pruneDominatedEffects([[0], [0]], effs, [1, 1]);
    expect(effs).toEqual([[1], []]);
  });

  it('keeps every h_add and h_max fact cost, and removes only dominated effects', () => {
    fc.assert(
      fc.property(task, ({ n, init, ops }) => {
        const pres = ops.map((o) => o.pre);
        const original = ops.map((o) => [...new Set(o.eff)]);
        const costs = ops.map((o) => o.cost);
        const pruned = original.map((e) => [...e]);
        pruneDominatedEffects(pres, pruned, costs);
        for (const sum of [true, false]) expect(factCosts(n, init, pres, pruned, costs, sum)).toEqual(factCosts(n, init, pres, original, costs, sum));
        pruned.forEach((effs, u) => {
          for (const e of original[u]) {
            if (effs.includes(e)) continue;
            const pre = new Set(pres[u]);
            const dominator = original.some((o, v) => v !== u && o.includes(e) && costs[v] <= costs[u] && pres[v].every((f) => pre.has(f)));
            expect(dominator).toBe(true);
          }
        });
      }),
      { numRuns: 400 },
    );
  });
});
