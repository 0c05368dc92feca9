import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompiledTask } from '../compiled-task.js';
import { blocksTask, gripperTask, lampsTask } from '../fixtures.js';
import { lmCutHeuristic } from '../heuristics/lm-cut.js';
import { maxHeuristic } from '../heuristics/relaxation.js';
import { planTask } from '../planner.js';
import { HEURISTIC_NAMES } from '../registry.js';
import { buildStrips, simulatePlan } from '../strips-builder.js';
import type { GroundTask } from '../task.js';

/** Independent reference: Dijkstra over explicit fact sets. Returns the optimal cost or Infinity. */
function optimalCost(task: GroundTask): number {
  const key = (s: Set<number>): string => [...s].sort((a, b) => a - b).join(',');
  const isGoal = (s: Set<number>): boolean => task.goalPos.every((f) => s.has(f)) && !task.goalNeg.some((f) => s.has(f));
  const dist = new Map<string, number>();
  const frontier: { s: Set<number>; d: number }[] = [{ s: new Set(task.init), d: 0 }];
  dist.set(key(frontier[0].s), 0);
  while (frontier.length > 0) {
    frontier.sort((a, b) => a.d - b.d);
    const { s, d } = frontier.shift() as { s: Set<number>; d: number };
    if (d > (dist.get(key(s)) ?? Infinity)) continue;
    if (isGoal(s)) return d;
    for (const op of task.operators) {
      if (!op.pre.every((f) => s.has(f)) || op.preNeg.some((f) => s.has(f))) continue;
      if (!(op.preOr ?? []).every((c) => c.pos.some((f) => s.has(f)) || c.neg.some((f) => !s.has(f)))) continue;
      const firing = op.conditional.filter((c) => c.condPos.every((f) => s.has(f)) && !c.condNeg.some((f) => s.has(f)));
      const t = new Set(s);
      for (const f of op.del) t.delete(f);
      for (const c of firing) for (const f of c.del) t.delete(f);
      for (const f of op.add) t.add(f);
      for (const c of firing) for (const f of c.add) t.add(f);
      const k = key(t);
      const nd = d + op.cost;
      if (nd < (dist.get(k) ?? Infinity)) {
        dist.set(k, nd);
        frontier.push({ s: t, d: nd });
      }
    }
  }
  return Infinity;
}

const factName = (i: number): string => `f${i}`;
const subset = (n: number, max: number): fc.Arbitrary<string[]> =>
  fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: max }).map((a) => a.map(factName));

/** Random small STRIPS tasks, optionally with negative preconditions and conditional effects. */
function taskArb(adl: boolean): fc.Arbitrary<GroundTask> {
  return fc.integer({ min: 2, max: 7 }).chain((n) =>
    fc
      .record({
        init: subset(n, 4),
        goal: subset(n, 3),
        goalNeg: adl ? subset(n, 1) : fc.constant([] as string[]),
        operators: fc.array(
          fc.record({
            pre: subset(n, 2),
            preNeg: adl ? subset(n, 1) : fc.constant([] as string[]),
            add: subset(n, 2),
            del: subset(n, 2),
            cost: fc.integer({ min: 0, max: 3 }),
            when: adl
              ? fc.array(fc.record({ if: subset(n, 2), ifNot: subset(n, 1), add: subset(n, 2), del: subset(n, 1) }), { maxLength: 2 })
              : fc.constant([] as { if: string[]; ifNot: string[]; add: string[]; del: string[] }[]),
            or: adl ? fc.array(fc.record({ pos: subset(n, 2), neg: subset(n, 1) }), { maxLength: 1 }) : fc.constant([] as { pos: string[]; neg: string[] }[]),
          }),
          { minLength: 1, maxLength: 9 },
        ),
      })
      .map((spec) =>
        buildStrips({
          ...spec,
          facts: Array.from({ length: n }, (_, i) => factName(i)),
          operators: spec.operators.map((o, i) => ({ name: `(op${i})`, ...o })),
          hasActionCosts: true,
        }),
      ),
  );
}

const SEARCHES = ['gbfs', 'lazy-gbfs', 'wastar:2', 'lazy-wastar:3', 'astar', 'anytime', 'lama-first', 'lama'];

describe('search on hand-built tasks', () => {
  it('every search x heuristic solves gripper-4, blocks and lamps with valid plans', () => {
    const tasks = [gripperTask(4), blocksTask([['a', 'b', 'c', 'd']], [['d', 'c', 'b', 'a']]), lampsTask()];
    for (const task of tasks) {
      for (const search of SEARCHES) {
        for (const heuristic of HEURISTIC_NAMES) {
          for (const preferred of [true, false]) {
            const r = planTask(task, { search, heuristic, preferred, timeoutMs: 20_000 });
            expect(r.status, `${search} ${heuristic}`).toBe('solved');
            if (r.status === 'solved') expect(simulatePlan(task, r.plan)).toBe(-1);
          }
        }
      }
    }
  });

  it('pins expansions, evaluations, generated, reopened and cost of eager and lazy search (refactors keep them)', () => {
    // Recorded from the single-function engine before it was split into eager.ts / lazy.ts / core.ts;
    // blocks lama-first re-recorded when lmcount stopped marking preferred operators (as FD's lama-first).
    const gripper = gripperTask(6);
    const blocks = blocksTask([['a', 'b', 'c'], ['d', 'e', 'f']], [['f', 'e', 'd', 'c', 'b', 'a']]);
    const pins: [GroundTask, string, boolean, number[]][] = [
      [gripper, 'gbfs', true, [21, 35, 169, 203, 0]],
      [gripper, 'gbfs', false, [21, 53, 183, 307, 0]],
      [gripper, 'lazy-gbfs', true, [21, 37, 38, 170, 0]],
      [gripper, 'lazy-gbfs', false, [21, 64, 65, 268, 0]],
      [gripper, 'astar', false, [17, 1277, 1473, 5073, 0]],
      [gripper, 'lama-first', true, [17, 25, 26, 124, 0]],
      [gripper, 'lama', true, [17, 4419, 1868, 16407, 2552]],
      [blocks, 'wastar:2', true, [12, 19, 38, 55, 0]],
      [blocks, 'lazy-wastar:3', false, [12, 40, 41, 126, 0]],
      [blocks, 'lama-first', true, [22, 32, 33, 106, 0]],
      [blocks, 'lama', false, [12, 2561, 2324, 5449, 239]],
    ];
    for (const [task, search, preferred, want] of pins) {
      const r = planTask(task, { search, preferred });
      const s = r.stats;
      expect([r.status === 'solved' ? r.cost : NaN, s.expansions, s.evaluations, s.generated, s.reopened], `${search} preferred=${preferred}`).toEqual(want);
    }
  });

  it('goal facts on the sign bit of a word (ids 31, 63) are recognized', () => {
    const facts = Array.from({ length: 70 }, (_, i) => `g${i}`);
    const ops = [31, 63, 64].map((i) => ({ name: `(make ${i})`, add: [`g${i}`] }));
    const task = buildStrips({ facts, init: [], goal: ['g31', 'g63', 'g64'], operators: ops });
    const r = planTask(task, { search: 'gbfs', heuristic: 'goalcount' });
    expect(r.status).toBe('solved');
    const t = new CompiledTask(task);
    const s = new Uint32Array(t.words);
    for (const f of [31, 63, 64]) s[f >>> 5] |= 1 << (f & 31);
    expect(t.isGoal(s)).toBe(true);
    expect(planTask(gripperTask(8), { search: 'lazy-gbfs' }).status).toBe('solved');
  });

  it('A* with LM-cut finds the known optimum on gripper-4 (11) and reports it optimal', () => {
    const r = planTask(gripperTask(4), { search: 'astar', heuristic: 'lmcut' });
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.cost).toBe(11);
    expect(r.optimal).toBe(true);
  });

  it('an unsolvable task is proven unsolvable', () => {
    const task = buildStrips({ init: ['a'], goal: ['c'], operators: [{ name: '(x)', pre: ['a'], add: ['b'] }, { name: '(y)', pre: ['b', 'c'], add: ['d'] }] });
    for (const search of SEARCHES) {
      const r = planTask(task, { search, heuristic: 'blind' });
      expect(r.status).toBe('unsolvable');
      if (r.status === 'unsolvable') expect(r.proven).toBe(true);
    }
  });

  it('budgets: an expansion limit or an aborted signal stop the search', () => {
    const task = gripperTask(8);
    const r = planTask(task, { search: 'astar', heuristic: 'blind', maxExpansions: 10 });
    expect(r.status).toBe('timeout');
    const ac = new AbortController();
    ac.abort();
    const r2 = planTask(task, { search: 'gbfs', signal: ac.signal });
    expect(r2.status).toBe('cancelled');
    const r3 = planTask(task, { search: 'astar', heuristic: 'blind', maxStates: 50 });
    expect(r3.status).toBe('memout');
  });

  it('the time limit covers the set-up before the search (h^2, successor generator, heuristics)', () => {
    // A clock that advances 1 s at every reading: the limit (1.5 s) passes during the set-up.
    let t = 0;
    const r = planTask(gripperTask(4), { timeoutMs: 1500, now: () => (t += 1000) });
    expect(r.status).toBe('timeout');
    expect(r.config).toMatch(/stopped before the search began/);
    expect(r.stats.expansions).toBe(0);
    // with time to spare the same run plans
    expect(planTask(gripperTask(4), { timeoutMs: 1e9, now: () => (t += 1000) }).status).toBe('solved');
  });

  it('anytime reports improving costs and ends proven optimal on a small task', () => {
    const r = planTask(gripperTask(4), { search: 'anytime', timeoutMs: 30_000 });
    expect(r.status).toBe('solved');
    expect(r.optimal).toBe(true);
    if (r.status === 'solved') expect(r.cost).toBe(11);
    const costs = (r.improvements ?? []).map((i) => i.cost);
    expect(costs.length).toBeGreaterThan(0);
    for (let i = 1; i < costs.length; i++) expect(costs[i]).toBeLessThan(costs[i - 1]);
  });
});

describe('search properties on random tasks', () => {
  it('A* with blind, h_max and LM-cut agree with Dijkstra on the optimal cost (STRIPS)', () => {
    fc.assert(
      fc.property(taskArb(false), (task) => {
        const opt = optimalCost(task);
        for (const heuristic of ['blind', 'max', 'lmcut'] as const) {
          const r = planTask(task, { search: 'astar', heuristic });
          if (opt === Infinity) expect(r.status).toBe('unsolvable');
          else {
            expect(r.status).toBe('solved');
            if (r.status === 'solved') {
              expect(r.cost).toBe(opt);
              expect(simulatePlan(task, r.plan)).toBe(-1);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('h_max <= LM-cut <= h* at the initial state, also with conditional effects and negation', () => {
    fc.assert(
      fc.property(taskArb(true), (task) => {
        const opt = optimalCost(task);
        const t = new CompiledTask(task);
        const hm = maxHeuristic(t).evaluate(t.initState);
        const lm = lmCutHeuristic(t).evaluate(t.initState);
        expect(lm).toBeGreaterThanOrEqual(hm - 1e-9);
        if (opt < Infinity) expect(lm).toBeLessThanOrEqual(opt + 1e-9);
        else if (lm < Infinity) expect(hm).toBeLessThan(Infinity);
      }),
      { numRuns: 200 },
    );
  });

  it('every search x heuristic returns a valid plan exactly when one exists (ADL features included)', () => {
    fc.assert(
      fc.property(taskArb(true), (task) => {
        const solvable = optimalCost(task) < Infinity;
        for (const search of SEARCHES) {
          for (const heuristic of HEURISTIC_NAMES) {
            const r = planTask(task, { search, heuristic });
            expect(r.status).toBe(solvable ? 'solved' : 'unsolvable');
            if (r.status === 'solved') expect(simulatePlan(task, r.plan)).toBe(-1);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('A* with LM-cut is optimal with conditional effects and negative preconditions too', () => {
    fc.assert(
      fc.property(taskArb(true), (task) => {
        const opt = optimalCost(task);
        const r = planTask(task, { search: 'astar', heuristic: 'lmcut' });
        if (opt === Infinity) expect(r.status).toBe('unsolvable');
        else if (r.status === 'solved') expect(r.cost).toBe(opt);
        else expect.fail(`expected solved, got ${r.status}`);
      }),
      { numRuns: 150 },
    );
  });
});
