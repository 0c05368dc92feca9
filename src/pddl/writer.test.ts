/**
 * Round trip: parse(write(ast)) ≡ ast (spans ignored) for random ASTs, and the
 * writer's layout on a known domain.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Atom, Condition, Domain, Effect, InitElement, NumericExpr, Problem, Term, TypedName } from './ast.js';
import { checkDomain, parseDomain } from './parse-domain.js';
import { checkProblem } from './parse-problem.js';
import { stripSpans, writeCondition, writeDomain, writeEffect, writeProblem } from './writer.js';

const names = fc.constantFrom('a', 'b', 'block', 'obj-1', 'at', 'on', 'x_y', 'hq', 'room2', 'clear', 'in-city');
const preds = fc.constantFrom('on', 'clear', 'at', 'p', 'holding', 'in-city', 'road_x');
const typeNames = fc.constantFrom('object', 'block', 'place', 'truck', 'vehicle', 'city');
const varName = fc.constantFrom('?x', '?y', '?z', '?from', '?to', '?a-1');
const typeList = fc.uniqueArray(typeNames, { minLength: 1, maxLength: 3 });
/** Acyclic: a type's parents come later in this order. */
const TYPE_ORDER = ['block', 'truck', 'vehicle', 'place', 'city', 'object'];
const typeDecl = fc.integer({ min: 0, max: TYPE_ORDER.length - 2 }).chain((i) =>
  fc.uniqueArray(fc.constantFrom(...TYPE_ORDER.slice(i + 1)), { minLength: 1, maxLength: 2 }).map((parents) => ({ name: TYPE_ORDER[i], parents })),
);

const term: fc.Arbitrary<Term> = fc.oneof(
  varName.map((name): Term => ({ kind: 'var', name })),
  names.map((name): Term => ({ kind: 'const', name })),
);
const groundTerm: fc.Arbitrary<Term> = names.map((name): Term => ({ kind: 'const', name }));
const atomOf = (t: fc.Arbitrary<Term>, p: fc.Arbitrary<string> = preds): fc.Arbitrary<Atom> =>
  fc.record({ predicate: p, args: fc.array(t, { maxLength: 3 }) });
const typedVars: fc.Arbitrary<TypedName[]> = fc.array(fc.record({ name: varName, types: typeList }), { maxLength: 3 });
const typedNames: fc.Arbitrary<TypedName[]> = fc.array(fc.record({ name: names, types: typeList }), { maxLength: 5 });

const { condition } = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atomOf(term, fc.oneof(preds, fc.constant('='))).map((atom): Condition => ({ kind: 'atom', atom })),
    tie('condition').map((arg): Condition => ({ kind: 'not', arg: arg as Condition })),
    fc.array(tie('condition'), { maxLength: 3 }).map((args): Condition => ({ kind: 'and', args: args as Condition[] })),
    fc.array(tie('condition'), { maxLength: 3 }).map((args): Condition => ({ kind: 'or', args: args as Condition[] })),
    fc.tuple(tie('condition'), tie('condition')).map(([l, r]): Condition => ({ kind: 'imply', left: l as Condition, right: r as Condition })),
    fc.tuple(fc.constantFrom('forall' as const, 'exists' as const), typedVars, tie('condition')).map(([kind, params, body]): Condition => ({ kind, params, body: body as Condition })),
  ),
}));

const amount: fc.Arbitrary<NumericExpr> = fc.oneof(
  fc.integer({ min: 0, max: 1000 }).map((n): NumericExpr => ({ kind: 'number', value: n / 4 })),
  fc.record({ fn: fc.constantFrom('road-length', 'weight', 'c'), args: fc.array(term, { maxLength: 2 }) }).map((f): NumericExpr => ({ kind: 'fterm', ...f })),
);

const { effect } = fc.letrec<{ effect: Effect }>((tie) => ({
  effect: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atomOf(term).map((atom): Effect => ({ kind: 'add', atom })),
    atomOf(term).map((atom): Effect => ({ kind: 'del', atom })),
    fc.array(tie('effect'), { maxLength: 3 }).map((args): Effect => ({ kind: 'and', args: args as Effect[] })),
    fc.tuple(typedVars, tie('effect')).map(([params, body]): Effect => ({ kind: 'forall', params, body: body as Effect })),
    fc.tuple(condition, tie('effect')).map(([c, e]): Effect => ({ kind: 'when', condition: c, effect: e as Effect })),
    amount.map((a): Effect => ({ kind: 'increase', fn: 'total-cost', args: [], amount: a })),
  ),
}));

const domainArb: fc.Arbitrary<Domain> = fc.record({
  name: names,
  requirements: fc.uniqueArray(fc.constantFrom(':strips', ':typing', ':adl', ':action-costs', ':equality'), { maxLength: 3 }).map((rs) => rs.map((name) => ({ name }))),
  types: fc.array(typeDecl, { maxLength: 4 }),
  constants: typedNames,
  predicates: fc.array(fc.record({ name: preds, params: typedVars }), { maxLength: 4 }),
  functions: fc.array(fc.record({ name: fc.constantFrom('total-cost', 'road-length'), params: typedVars, type: fc.constant('number') }), { maxLength: 2 }),
  actions: fc.array(
    fc.record(
      { name: names, params: typedVars, precondition: condition, effect },
      { requiredKeys: ['name', 'params'] },
    ),
    { maxLength: 3 },
  ),
  // derived predicates of their own names (no effect may change them; bodies use the other predicates)
  derived: fc.array(fc.record({ name: fc.constantFrom('above', 'reachable'), params: typedVars, body: condition }), { maxLength: 2 }),
});

const initArb: fc.Arbitrary<InitElement> = fc.oneof(
  atomOf(groundTerm).map((atom): InitElement => ({ kind: 'atom', atom })),
  fc.record({ fn: fc.constantFrom('total-cost', 'road-length'), args: fc.array(groundTerm, { maxLength: 2 }), value: fc.integer({ min: -5, max: 500 }) }).map((f): InitElement => ({ kind: 'fvalue', ...f })),
);

const problemArb: fc.Arbitrary<Problem> = fc.record(
  {
    name: names,
    domain: names,
    requirements: fc.constant([]),
    objects: typedNames,
    init: fc.array(initArb, { maxLength: 6 }),
    goal: condition,
    metric: fc.record({ direction: fc.constantFrom('minimize' as const, 'maximize' as const), expr: amount }),
  },
  { requiredKeys: ['name', 'domain', 'requirements', 'objects', 'init', 'goal'] },
);

describe('writer round trip on random ASTs', () => {
  it('domains: checkDomain(writeDomain(d)).domain equals d and has no structural errors', () => {
    fc.assert(
      fc.property(domainArb, (d) => {
        const text = writeDomain(d);
        const r = checkDomain(text);
        const structural = r.diagnostics.filter((x) => ['syntax', 'malformed', 'unsupported'].includes(x.code) && x.severity === 'error');
        expect(structural).toEqual([]);
        expect(stripSpans(r.domain)).toEqual(stripSpans(d));
      }),
      { numRuns: 300 },
    );
  });
  it('problems: checkProblem(writeProblem(p)).problem equals p', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const r = checkProblem(writeProblem(p));
        expect(r.diagnostics.filter((x) => ['syntax', 'malformed', 'unsupported'].includes(x.code))).toEqual([]);
        expect(stripSpans(r.problem)).toEqual(stripSpans(p));
      }),
      { numRuns: 300 },
    );
  });
  it('writing is idempotent: write(parse(write(d))) === write(d)', () => {
    fc.assert(
      fc.property(domainArb, (d) => {
        const once = writeDomain(d);
        const r = checkDomain(once);
        expect(r.domain && writeDomain(r.domain)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});

describe('writer layout', () => {
  const text = `(define (domain bw) (:requirements :strips :typing) (:types block) (:predicates (on ?x ?y - block) (clear ?x - block))
  (:action stack :parameters (?x ?y - block) :precondition (and (clear ?x) (clear ?y) (not (= ?x ?y))) :effect (and (on ?x ?y) (not (clear ?y)))))`;
  it('pretty-prints sections, grouped typed lists and short formulas on one line', () => {
    expect(writeDomain(parseDomain(text))).toBe(`(define (domain bw)
  (:requirements :strips :typing)
  (:types block)
  (:predicates (on ?x ?y - block) (clear ?x - block))
  (:action stack
    :parameters (?x ?y - block)
    :precondition (and (clear ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (on ?x ?y) (not (clear ?y)))
  )
)
`);
  });
  it('breaks long formulas after the head with indentation', () => {
    const long: Condition = { kind: 'and', args: Array.from({ length: 12 }, (_, i) => ({ kind: 'atom', atom: { predicate: 'clear', args: [{ kind: 'const', name: `block-number-${i}` }] } })) };
    const out = writeCondition(long);
    expect(out.split('\n')).toHaveLength(13);
    expect(out.split('\n')[1]).toBe('  (clear block-number-0)');
    expect(writeEffect({ kind: 'del', atom: { predicate: 'p', args: [] } })).toBe('(not (p))');
  });
});
