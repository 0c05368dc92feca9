import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompiledTask } from './compiled-task.js';
import { gripperTask } from './fixtures.js';
import { h2MutexesOf } from './h2-mutexes.js';
import { planTask } from './planner.js';
import { pruneUnreachableOperators } from './prune-unreachable.js';
import { buildStrips } from './strips-builder.js';
import type { GroundOperator, GroundTask } from './task.js';

const bits = (mask: number, n: number): number[] => Array.from({ length: n }, (_, i) => i).filter((i) => (mask >>> i) & 1);

/** Random tasks over up to 8 facts, written as bit masks; conditional effects and negative preconditions on request. */
function maskTask(adl: boolean): fc.Arbitrary<GroundTask> {
  return fc.integer({ min: 2, max: 8 }).chain((n) => {
    const mask = fc.integer({ min: 0, max: (1 << n) - 1 });
    const sparse = fc.tuple(mask, mask).map(([a, b]) => a & b); // fewer facts per list
    const op = fc.record({ pre: sparse, preNeg: adl ? sparse : fc.constant(0), add: mask, del: mask, cond: adl ? fc.tuple(sparse, sparse, sparse) : fc.constant(undefined) });
    return fc.record({ init: mask, goal: sparse, ops: fc.array(op, { minLength: 1, maxLength: 10 }) }).map(({ init, goal, ops }) => ({
      facts: Array.from({ length: n }, (_, i) => `(f${i})`),
      init: bits(init, n),
      goalPos: bits(goal, n),
      goalNeg: [],
      hasActionCosts: false,
      operators: ops.map(
        (o, i): GroundOperator => ({
          name: `(o${i})`,
          pre: bits(o.pre, n),
          preNeg: bits(o.preNeg & ~o.pre, n),
          add: bits(o.add, n),
          del: bits(o.del & ~o.add, n),
          conditional: o.cond ? [{ condPos: bits(o.cond[0], n), condNeg: [], add: bits(o.cond[1], n), del: bits(o.cond[2], n) }] : [],
          cost: 1,
        }),
      ),
    }));
  });
}

/** Every state reachable from the initial state (bit masks), by breadth-first search with the task's own semantics. */
function reachable(task: CompiledTask): Uint32Array[] {
  const seen = new Set<number>([task.initState[0]]);
  const states = [task.initState];
  for (let i = 0; i < states.length; i++) {
    for (let op = 0; op < task.numOps; op++) {
      if (!task.applicable(states[i], op)) continue;
      const next = new Uint32Array(task.words);
      task.apply(states[i], op, next);
      if (!seen.has(next[0])) {
        seen.add(next[0]);
        states.push(next);
      }
    }
  }
  return states;
}

describe('h^2 mutexes', () => {
  for (const adl of [false, true]) {
    it(`no reachable state makes a mutex pair true, and every fact true somewhere is reachable (${adl ? 'ADL' : 'STRIPS'}, random tasks, exhaustive)`, () => {
      let mutexPairs = 0;
      fc.assert(
        fc.property(maskTask(adl), (g) => {
          const task = new CompiledTask(g);
          const m = h2MutexesOf(task);
          expect(m).toBeDefined();
          if (!m) return;
          for (const s of reachable(task)) {
            const on = task.factsOf(s);
            for (const a of on) {
              expect(m.reachable(a)).toBe(true);
              for (const b of on) expect(m.mutex(a, b), `${g.facts[a]} ${g.facts[b]}`).toBe(false);
            }
          }
          for (let a = 0; a < g.facts.length; a++) for (let b = a + 1; b < g.facts.length; b++) if (m.mutex(a, b)) mutexPairs++;
        }),
        { numRuns: 400 },
      );
      // not vacuous: the analysis does find mutexes
      expect(mutexPairs).toBeGreaterThan(100);
    });
  }

  it('gripper: the robot is in one room, a gripper is free or carries one ball', () => {
    const g = gripperTask(2);
    const m = h2MutexesOf(new CompiledTask(g));
    const f = (name: string): number => {
      const i = g.facts.findIndex((x) => x.replace(/[()]/g, '') === name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(m?.mutex(f('at-robby a'), f('at-robby b'))).toBe(true);
    expect(m?.mutex(f('free left'), f('carry ball0 left'))).toBe(true);
    expect(m?.mutex(f('carry ball0 left'), f('carry ball1 left'))).toBe(true);
    expect(m?.mutex(f('carry ball0 left'), f('carry ball1 right'))).toBe(false);
    expect(m?.mutex(f('at ball0 a'), f('carry ball0 left'))).toBe(true);
  });

  it('gives up (undefined) when the pair matrix would be too large', () => {
    expect(h2MutexesOf(new CompiledTask(gripperTask(3)), { maxBytes: 16 })).toBeUndefined();
  });
});

describe('removing the operators no reachable state applies', () => {
  it('removed operators are inapplicable in every reachable state; plans on the smaller task map back to plans of the task (random tasks)', () => {
    let removed = 0;
    fc.assert(
      fc.property(maskTask(true), (g) => {
        const task = new CompiledTask(g);
        const states = reachable(task);
        const p = pruneUnreachableOperators(task);
        const solvable = states.some((s) => task.isGoal(s));
        if (p.kind === 'unsolvable') {
          expect(solvable).toBe(false);
          return;
        }
        if (p.kind === 'pruned') {
          removed += p.removed;
          const keep = new Set(p.kept);
          for (let op = 0; op < task.numOps; op++) if (!keep.has(op)) for (const s of states) expect(task.applicable(s, op)).toBe(false);
        }
        const r = planTask(task, { search: 'astar', timeoutMs: 10_000 });
        expect(r.status === 'solved').toBe(solvable);
        if (r.status !== 'solved') return;
        let s = task.initState;
        for (const op of r.plan) {
          expect(task.applicable(s, op)).toBe(true);
          const next = new Uint32Array(task.words);
          task.apply(s, op, next);
          s = next;
        }
        expect(task.isGoal(s)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(removed).toBeGreaterThan(20);
  });

  it('a task whose goals are mutex is proven unsolvable without search', () => {
    // one token, in a or in b, never both
    const task = buildStrips({
      init: ['a'],
      goal: ['a', 'b'],
      operators: [
        { name: '(ab)', pre: ['a'], add: ['b'], del: ['a'] },
        { name: '(ba)', pre: ['b'], add: ['a'], del: ['b'] },
      ],
    });
    const r = planTask(task);
    expect(r.status).toBe('unsolvable');
    expect(r.status === 'unsolvable' && r.proven).toBe(true);
    expect(r.stats.expansions).toBe(0);
    expect(r.config).toMatch(/mutex/);
  });
});
