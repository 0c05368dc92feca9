import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Condition, Domain, Problem, Term } from '../pddl/ast.js';
import { type EvalContext, holds, render, unsatisfied } from './condition.js';
import { Universe, factKey } from './world.js';

const OBJECTS = ['a', 'b', 'c'];
const domain: Domain = { name: 'd', requirements: [], types: [{ name: 't', parents: ['object'] }], constants: [], predicates: [], functions: [], actions: [], derived: [] };
const problem: Problem = {
  name: 'p',
  domain: 'd',
  requirements: [],
  objects: [
    { name: 'a', types: ['t'] },
    { name: 'b', types: ['t'] },
    { name: 'c', types: ['object'] },
  ],
  init: [],
  goal: { kind: 'and', args: [] },
};
const universe = new Universe(domain, problem);

/** Random conditions over unary p, binary q and =, with quantifiers binding ?x / ?y. */
function condArb(): fc.Arbitrary<Condition> {
  const term = (vars: string[]): fc.Arbitrary<Term> =>
    vars.length ? fc.oneof(fc.constantFrom(...OBJECTS).map((name): Term => ({ kind: 'const', name })), fc.constantFrom(...vars).map((name): Term => ({ kind: 'var', name }))) : fc.constantFrom(...OBJECTS).map((name): Term => ({ kind: 'const', name }));
  const rec = (depth: number, vars: string[]): fc.Arbitrary<Condition> => {
    const atom = fc.oneof(
      term(vars).map((x): Condition => ({ kind: 'atom', atom: { predicate: 'p', args: [x] } })),
      fc.tuple(term(vars), term(vars)).map(([x, y]): Condition => ({ kind: 'atom', atom: { predicate: 'q', args: [x, y] } })),
      fc.tuple(term(vars), term(vars)).map(([x, y]): Condition => ({ kind: 'atom', atom: { predicate: '=', args: [x, y] } })),
    );
    if (depth === 0) return atom;
    const sub = rec(depth - 1, vars);
    const v = vars.length === 0 ? '?x' : vars.length === 1 ? '?y' : undefined;
    const quant = v
      ? [
          fc.tuple(fc.constantFrom('forall' as const, 'exists' as const), fc.constantFrom(['t'], ['object']), rec(depth - 1, [...vars, v])).map(
            ([kind, types, body]): Condition => ({ kind, params: [{ name: v, types: [...types] }], body }),
          ),
        ]
      : [];
    return fc.oneof(
      atom,
      sub.map((arg): Condition => ({ kind: 'not', arg })),
      fc.array(sub, { maxLength: 3 }).map((args): Condition => ({ kind: 'and', args })),
      fc.array(sub, { maxLength: 3 }).map((args): Condition => ({ kind: 'or', args })),
      fc.tuple(sub, sub).map(([left, right]): Condition => ({ kind: 'imply', left, right })),
      ...quant,
    );
  };
  return rec(3, []);
}

const stateArb = fc.subarray([...OBJECTS.map((o) => factKey('p', [o])), ...OBJECTS.flatMap((x) => OBJECTS.map((y) => factKey('q', [x, y])))]);

describe('unsatisfied', () => {
  it('is empty exactly when the condition holds, and every reported literal really fails', () => {
    fc.assert(
      fc.property(condArb(), stateArb, (c, facts) => {
        const ctx: EvalContext = { universe, state: new Set(facts) };
        const env = new Map<string, string>();
        const h = holds(c, env, ctx);
        const u = unsatisfied(c, env, ctx);
        expect(u.length === 0).toBe(h);
        for (const x of u) {
          if (!x.literal) continue;
          const { predicate, args, positive } = x.literal;
          const value = predicate === '=' ? args[0] === args[1] : ctx.state.has(factKey(predicate, args));
          expect(value).toBe(!positive);
        }
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it('renders quantifiers with outer bindings substituted and inner variables kept', () => {
    const c: Condition = {
      kind: 'exists',
      params: [{ name: '?y', types: ['t'] }],
      body: { kind: 'atom', atom: { predicate: 'q', args: [{ kind: 'var', name: '?x' }, { kind: 'var', name: '?y' }] } },
    };
    expect(render(c, new Map([['?x', 'c'], ['?y', 'stale']]), false)).toBe('not (exists (?y - t) (q c ?y))');
  });
});
