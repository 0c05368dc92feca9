import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ground } from '../pddl/ground.js';
import { parseDomain } from '../pddl/parse-domain.js';
import { parseProblem } from '../pddl/parse-problem.js';
import { initialState } from '../validate/validate-plan.js';
import { DerivedEvaluator } from '../validate/derived.js';
import { Universe } from '../validate/world.js';
import { AxiomEvaluator } from './axioms.js';
import { CompiledTask, hasFact } from './compiled-task.js';
import { ffHeuristic } from './heuristics/relaxation.js';
import { planTask } from './planner.js';
import type { GroundAxiom, GroundTask } from './task.js';

/** The stratified semantics by brute force: per layer, apply every axiom until nothing changes. */
function bruteForce(basic: boolean[], derived: ReadonlySet<number>, axioms: readonly GroundAxiom[]): boolean[] {
  const v = basic.map((b, f) => b && !derived.has(f));
  const layers = [...new Set(axioms.map((a) => a.layer))].sort((a, b) => a - b);
  for (const l of layers) {
    for (let changed = true; changed; ) {
      changed = false;
      for (const a of axioms) {
        if (a.layer !== l || v[a.head]) continue;
        if (a.pos.every((f) => v[f]) && a.neg.every((f) => !v[f])) {
          v[a.head] = true;
          changed = true;
        }
      }
    }
  }
  return v;
}

/** Random stratified axioms: facts [0, nBasic) are basic, the others derived with a random layer. */
const axiomTask = fc
  .record({ nBasic: fc.integer({ min: 1, max: 8 }), layers: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 10 }) })
  .chain(({ nBasic, layers }) => {
    const n = nBasic + layers.length;
    const layerOf = (f: number): number => (f < nBasic ? -1 : layers[f - nBasic]);
    const axiom = fc.record({ head: fc.integer({ min: nBasic, max: n - 1 }), pos: fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), neg: fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 2 }) }).map((a): GroundAxiom => {
      const layer = layerOf(a.head);
      return { head: a.head, layer, pos: a.pos.filter((f) => layerOf(f) <= layer), neg: a.neg.filter((f) => layerOf(f) < layer) };
    });
    return fc.record({ n: fc.constant(n), nBasic: fc.constant(nBasic), axioms: fc.array(axiom, { maxLength: 16 }), state: fc.array(fc.boolean(), { minLength: n, maxLength: n }) });
  });

describe('AxiomEvaluator', () => {
  it('computes the stratified least fixpoint (brute force on random small axiom sets)', () => {
    fc.assert(
      fc.property(axiomTask, ({ n, axioms, state }) => {
        const ev = new AxiomEvaluator(n, axioms);
        const packed = new Uint32Array(Math.max(1, (n + 31) >>> 5));
        state.forEach((b, f) => {
          if (b) packed[f >>> 5] |= 1 << (f & 31);
        });
        ev.evaluate(packed);
        const heads = new Set(axioms.map((a) => a.head));
        const expected = bruteForce(state, heads, axioms);
        for (let f = 0; f < n; f++) expect(hasFact(packed, f), `fact ${f}`).toBe(expected[f]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses axioms that are not stratified', () => {
    expect(() => new AxiomEvaluator(3, [{ head: 1, pos: [], neg: [2], layer: 0 }, { head: 2, pos: [], neg: [], layer: 0 }])).toThrow(/not stratified/);
  });
});

describe('ground axioms agree with the validator\'s lifted evaluation (psr)', () => {
  const dir = new URL('../../../shared/data/ipc-adl/psr-large/', import.meta.url);
  const domain = parseDomain(readFileSync(new URL('domain.pddl', dir), 'utf8'));
  const problem = parseProblem(readFileSync(new URL('p01-s29-n2-l5-f30.pddl', dir), 'utf8'));
  const { task } = ground(domain, problem);
  const compiled = new CompiledTask(task);
  const isDerived = compiled.axioms?.isDerived as Uint8Array;
  const lifted = new DerivedEvaluator(domain, new Universe(domain, problem));
  const basicFacts = task.facts.map((_, f) => f).filter((f) => !isDerived[f] && !task.facts[f].startsWith('(@'));

  it('has derived facts and ground axioms', () => {
    expect(task.axioms?.length).toBeGreaterThan(0);
    expect(basicFacts.length).toBeGreaterThan(5);
  });

  it('derives the same facts in random states', () => {
    let derivedSeen = 0;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: basicFacts.length, maxLength: basicFacts.length }), (bits) => {
        const packed = new Uint32Array(compiled.words);
        const state = initialState(problem).state;
        basicFacts.forEach((f, i) => {
          state.delete(task.facts[f]);
          if (!bits[i]) return;
          packed[f >>> 5] |= 1 << (f & 31);
          state.add(task.facts[f]);
        });
        compiled.axioms?.evaluate(packed);
        lifted.update(state);
        const derivedPreds = new Set(domain.derived.map((r) => r.name));
        const fromLifted = [...state].filter((k) => derivedPreds.has(k.slice(1).split(' ')[0].replace(')', ''))).sort();
        const fromGround = compiled.factsOf(packed).filter((f) => isDerived[f] && !task.facts[f].startsWith('(@')).map((f) => task.facts[f]).sort();
        expect(fromGround).toEqual(fromLifted);
        derivedSeen += fromGround.length;
      }),
      { numRuns: 40 },
    );
    expect(derivedSeen).toBeGreaterThan(40);
  });
});

describe('relaxed heuristics over axioms', () => {
  // d :- b (d derived); the goal asks for (not d), which only deleting b achieves
  const task: GroundTask = {
    facts: ['(b)', '(d)', '(c)'],
    init: [0],
    goalPos: [2],
    goalNeg: [1],
    operators: [
      { name: '(drop)', pre: [0], preNeg: [], add: [], del: [0], conditional: [], cost: 1 },
      { name: '(finish)', pre: [], preNeg: [1], add: [2], del: [], conditional: [], cost: 1 },
    ],
    hasActionCosts: false,
    axioms: [{ head: 1, pos: [0], neg: [], layer: 0 }],
  };

  it('derive "not d" from the negated axioms: h_FF counts the operator that falsifies d', () => {
    const compiled = new CompiledTask(task);
    expect(hasFact(compiled.initState, 1)).toBe(true);
    const h = ffHeuristic(compiled).evaluate(compiled.initState, []);
    expect(h).toBe(2);
    const r = planTask(task);
    expect(r.status === 'solved' && r.plan).toEqual([0, 1]);
  });

  it('approximate a recursive derived fact\'s negation as true (never a false dead end)', () => {
    const recursive: GroundTask = { ...task, axioms: [{ head: 1, pos: [0], neg: [], layer: 0 }, { head: 1, pos: [1], neg: [], layer: 0 }] };
    const compiled = new CompiledTask(recursive);
    expect(ffHeuristic(compiled).evaluate(compiled.initState, [])).toBe(1);
    expect(planTask(recursive).status).toBe('solved');
  });
});
