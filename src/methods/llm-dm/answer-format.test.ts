import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatActionAnswer, parseActionAnswer } from './answer-format.js';
import { formatPredicate, parsePredicateLine } from '../../pddl/described/predicates.js';
import { actionSlug, typesFromHierarchy } from './inputs.js';

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const variable = name.map((n) => `?${n}`);

describe('LLM-DM answer format', () => {
  it('reads a recorded GPT-4 answer without the Parameters header', () => {
    const text = '1. ?p - package: the package to load\n2. ?t - truck: the truck\n\nPreconditions:\n```\n(and\n    (package-at ?p ?l)\n)\n```\n\nEffects:\n```\n(and (package-in-truck ?p ?t))\n```\n\nNew Predicates:\nNo newly defined predicate';
    const a = parseActionAnswer(text);
    expect(a.parameters.map((p) => [p.name, p.type])).toEqual([['?p', 'package'], ['?t', 'truck']]);
    expect(a.preconditions).toBe('(and\n    (package-at ?p ?l)\n)');
    expect(a.effects).toBe('(and (package-in-truck ?p ?t))');
    expect(a.newPredicates).toEqual([]);
    expect(a.problems).toEqual([]);
  });

  it('round-trips random answers through format and parse', () => {
    const param = fc.record({ name: variable, type: name, description: fc.stringMatching(/^[a-z ]{0,20}$/) });
    const pred = fc.record({ name, params: fc.array(fc.record({ name: variable, type: name }), { maxLength: 3 }), description: fc.stringMatching(/^[a-z ?]{0,20}$/) });
    fc.assert(
      fc.property(fc.uniqueArray(param, { selector: (p) => p.name, maxLength: 4 }), fc.array(pred.filter((p) => new Set(p.params.map((x) => x.name)).size === p.params.length), { maxLength: 3 }), (params, preds) => {
        const text = formatActionAnswer({ parameters: params, preconditions: '(and (p ?x))', effects: '(and (not (p ?x)))', newPredicates: preds });
        const a = parseActionAnswer(text);
        expect(a.problems).toEqual([]);
        expect(a.parameters).toEqual(params.map((p) => ({ ...p, description: p.description.trim() })));
        expect(a.newPredicates.map((p) => formatPredicate(p))).toEqual(preds.map((p) => formatPredicate({ ...p, description: p.description.trim() })));
        expect(a.preconditions).toBe('(and (p ?x))');
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseActionAnswer(s)));
  });

  it('predicate lines: shared types, and located reasons for malformed ones', () => {
    const r = parsePredicateLine('3. (on ?a ?b - block): true if ?a is on ?b');
    expect(r.ok && r.def).toEqual({ name: 'on', params: [{ name: '?a', type: 'block' }, { name: '?b', type: 'block' }], description: 'true if ?a is on ?b' });
    const bad = parsePredicateLine('(on a b)');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).toContain("'a' is not a parameter");
  });

  it('types from a hierarchy and action slugs', () => {
    expect(typesFromHierarchy({ small_object: ['tool', 'nut'], hub: [] }, 'x')).toEqual([
      { name: 'small_object', parent: 'object' },
      { name: 'tool', parent: 'small_object' },
      { name: 'nut', parent: 'small_object' },
      { name: 'hub', parent: 'object' },
    ]);
    expect(() => typesFromHierarchy({ a: ['b'], c: ['b'] }, 'h.json')).toThrow(/h.json: type 'b' has two parents/);
    expect(actionSlug('Load a package into an airplane')).toBe('load-package-into-airplane');
  });
});
