import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition } from './ast.js';
import { dnf, makeObjectsOf, normalize, type Literal, type NCond, type NormalTask } from './normalize.js';
import { parseDomain } from './parse-domain.js';
import { parseProblem } from './parse-problem.js';
import { objectsByType } from './types.js';

function norm(actions: string, goal = '(and)', objects = 'a b c'): NormalTask {
  const d = parseDomain(`(define (domain t) (:requirements :adl)
    (:predicates (p ?x) (q ?x) (r ?x ?y) (s))
    ${actions})`);
  const p = parseProblem(`(define (problem t) (:domain t) (:objects ${objects}) (:init) (:goal ${goal}))`, d);
  return normalize(d, p, makeObjectsOf(objectsByType(d, p)));
}

const lit = (l: Literal): string => `${l.neg ? '¬' : ''}${l.pred}(${l.args.map((a) => a.name).join(',')})`;

describe('normalize', () => {
  it('pushes negation inward and expands imply into DNF branches', () => {
    const t = norm('(:action x :parameters (?v) :precondition (not (and (p ?v) (imply (q ?v) (s)))) :effect (s))');
    expect(t.actions.map((a) => a.pre.map(lit))).toEqual([['¬p(?v)'], ['q(?v)', '¬s()']]);
    expect(t.actions.every((a) => a.name === 'x' && a.nOrig === 1)).toBe(true);
  });

  it('expands forall over objects and turns exists into fresh parameters', () => {
    const t = norm('(:action x :parameters () :precondition (and (forall (?y) (p ?y)) (exists (?z) (r ?z ?z))) :effect (s))');
    expect(t.actions).toHaveLength(1);
    const a = t.actions[0];
    expect(a.pre.map(lit)).toEqual(['p(a)', 'p(b)', 'p(c)', `r(${a.params[0].name},${a.params[0].name})`]);
    expect(a.params).toHaveLength(1);
    expect(a.params[0].name).toMatch(/^\?z@\d+$/);
    expect(a.nOrig).toBe(0);
  });

  it('flattens forall/when effects; a disjunctive when condition gives one effect per term', () => {
    const t = norm('(:action x :parameters (?v) :effect (forall (?y) (when (or (p ?y) (r ?v ?y)) (and (q ?y) (not (s))))))');
    const effs = t.actions[0].effects.map((e) => `${e.vars.map((v) => v.name).join(',')}: ${e.cond.map(lit).join('&')} → ${e.del ? '¬' : ''}${e.pred}`);
    expect(effs.map((e) => e.replace(/\?y@\d+/g, '?Y'))).toEqual(['?Y: p(?Y) → q', '?Y: r(?v,?Y) → q', '?Y: p(?Y) → ¬s', '?Y: r(?v,?Y) → ¬s']);
  });

  it('keeps a residual when the lifted DNF would be large', () => {
    // (not (exists (?o) (and (r ?v ?o) (not (p ?o))))) over 6 objects: 2^6 DNF terms
    const t = norm(
      '(:action x :parameters (?v) :precondition (and (q ?v) (not (exists (?o) (and (r ?v ?o) (not (p ?o)))))) :effect (s))',
      '(and)',
      'a b c d e f',
    );
    expect(t.actions).toHaveLength(1);
    expect(t.actions[0].pre.map(lit)).toEqual(['q(?v)']);
    expect(t.actions[0].residual?.k).toBe('and');
  });

  it('compiles a disjunctive goal into auxiliary actions and keeps a conjunctive one', () => {
    const t = norm('', '(or (s) (exists (?x) (p ?x)))');
    expect(t.goal.map(lit)).toEqual(['@goal-reached()']);
    expect(t.actions.map((a) => [a.name, a.aux, a.params.length, a.pre.map(lit).join('&').replace(/\?x@\d+/, '?X')])).toEqual([
      ['reach-goal', true, 0, 's()'],
      ['reach-goal', true, 1, 'p(?X)'],
    ]);
    expect(norm('', '(and (s) (not (p a)))').goal.map(lit)).toEqual(['s()', '¬p(a)']);
  });
});

/** Random propositional formulas over atoms s0..s3 (as 0-ary predicates). */
const arbCond: fc.Arbitrary<Condition> = fc.letrec<{ c: Condition }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 3 }).map((i): Condition => ({ kind: 'atom', atom: { predicate: `s${i}`, args: [] } })),
    tie('c').map((arg): Condition => ({ kind: 'not', arg })),
    fc.array(tie('c'), { maxLength: 3 }).map((args): Condition => ({ kind: 'and', args })),
    fc.array(tie('c'), { maxLength: 3 }).map((args): Condition => ({ kind: 'or', args })),
    fc.tuple(tie('c'), tie('c')).map(([left, right]): Condition => ({ kind: 'imply', left, right })),
  ),
})).c;

function evalCond(c: Condition, v: boolean[]): boolean {
  switch (c.kind) {
    case 'atom':
      return v[Number(c.atom.predicate.slice(1))];
    case 'not':
      return !evalCond(c.arg, v);
    case 'and':
      return c.args.every((a) => evalCond(a, v));
    case 'or':
      return c.args.some((a) => evalCond(a, v));
    case 'imply':
      return !evalCond(c.left, v) || evalCond(c.right, v);
    default:
      throw new Error('unexpected');
  }
}

describe('normalize: DNF', () => {
  it('is equivalent to the original formula under every assignment', () => {
    const d = parseDomain('(define (domain t) (:predicates (s0) (s1) (s2) (s3)))');
    const p = parseProblem('(define (problem t) (:domain t) (:init) (:goal (and)))', d);
    fc.assert(
      fc.property(arbCond, (c) => {
        const t = normalize(d, { ...p, goal: c }, makeObjectsOf(objectsByType(d, p)));
        // conjunctive goals stay as literals; others become reach-goal branches
        const terms: Literal[][] = t.goal[0]?.pred === '@goal-reached' ? t.actions.map((a) => a.pre) : [t.goal];
        for (let m = 0; m < 16; m++) {
          const v = [0, 1, 2, 3].map((i) => ((m >> i) & 1) === 1);
          const viaDnf = terms.some((term) => term.every((l) => v[Number(l.pred.slice(1))] !== l.neg));
          expect(viaDnf).toBe(evalCond(c, v));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives up beyond the limit', () => {
    const atom = (i: number): NCond => ({ k: 'lit', lit: { pred: `s${i}`, args: [], neg: false } });
    const big: NCond = { k: 'and', args: [0, 1, 2, 3, 4].map((i) => ({ k: 'or', args: [atom(2 * i), atom(2 * i + 1)] })) };
    expect(dnf(big, 31)).toBeUndefined();
    expect(dnf(big, 32)).toHaveLength(32);
  });
});
