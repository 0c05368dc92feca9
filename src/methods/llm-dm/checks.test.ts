import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseActionAnswer } from './answer-format.js';
import { checkAnswer, checkModel, feedbackText, type CheckCategory } from './checks.js';
import type { PredicateDef } from '../../pddl/described/predicates.js';
import { GOLD, PICK_PARAMS, PREDICATES, SPEC, pickAnswer } from './test-fixtures.js';

const ctx: { name: string; types: typeof SPEC.types; requirements: string[]; predicates: PredicateDef[] } = { name: SPEC.name, types: SPEC.types, requirements: SPEC.requirements, predicates: [] };
const names = { name: 'Pick up a ball', pddlName: 'pick-up-ball' };
const categories = (text: string, context = ctx): CheckCategory[] => checkAnswer(parseActionAnswer(text), names, context).issues.map((i) => i.category);
const messages = (text: string, context = ctx): string => checkAnswer(parseActionAnswer(text), names, context).issues.map((i) => i.message).join('\n');

describe('LLM-DM automatic checks (seed A.3 categories)', () => {
  it('accepts a correct answer and a correct model', () => {
    expect(categories(pickAnswer())).toEqual([]);
    expect(checkModel(GOLD)).toEqual([]);
  });

  it('unsupported keyword: forall (not in the requirements) and if', () => {
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r) (forall (?x - ball) (ball-in ?x ?r)))' }))).toEqual(['unsupported-keyword']);
    expect(messages(pickAnswer({ pre: '(and (robot-in ?r) (forall (?x - ball) (ball-in ?x ?r)))' }))).toContain('the keyword `forall` that is not supported');
    expect(categories(pickAnswer({ eff: '(and (carries ?b) (if (gripper-free) (not (gripper-free))))' }))).toContain('unsupported-keyword');
    // allowed when the requirements list quantified preconditions
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r) (forall (?x - ball) (ball-in ?x ?r)))' }), { ...ctx, requirements: [...ctx.requirements, 'universal-preconditions'] })).toEqual([]);
    // conditional effects are in the requirements: no issue
    expect(categories(pickAnswer({ eff: '(and (carries ?b) (when (gripper-free) (not (gripper-free))))' }))).toEqual([]);
  });

  it('invalid object type in a parameter and in a new predicate', () => {
    expect(categories(pickAnswer({ params: [{ name: '?b', type: 'sphere', description: '' }, PICK_PARAMS[1]] }))).toContain('invalid-object-type');
    expect(messages(pickAnswer({ params: [{ name: '?b', type: 'sphere', description: '' }, PICK_PARAMS[1]] }))).toContain('There is an invalid object type `sphere` for the parameter ?b');
    const bad = [...PREDICATES, { name: 'heavy', params: [{ name: '?b', type: 'boulder' }], description: 'true if heavy' }];
    expect(categories(pickAnswer({ newPredicates: bad }))).toEqual(['invalid-object-type']);
    expect(categories(pickAnswer({ params: PICK_PARAMS }))).not.toContain('invalid-object-type');
  });

  it('name clash: a new predicate repeating an existing one, or named like a type', () => {
    const withDict = { ...ctx, predicates: PREDICATES };
    expect(categories(pickAnswer({ newPredicates: [PREDICATES[0]] }), withDict)).toEqual(['name-clash']);
    expect(messages(pickAnswer({ newPredicates: [PREDICATES[0]] }), withDict)).toContain('have the same name(s) as existing predicate(s)');
    expect(categories(pickAnswer({ newPredicates: [...PREDICATES, { name: 'ball', params: [{ name: '?b', type: 'ball' }], description: 'x' }] }))).toEqual(['name-clash']);
    expect(categories(pickAnswer({ newPredicates: [] }), withDict)).toEqual([]);
  });

  it('malformed predicate definition', () => {
    const text = pickAnswer().replace('(carries ?b - ball)', '(carries ?b)');
    expect(categories(text)).toContain('malformed-predicate');
    expect(messages(text)).toContain('parameter ?b has no type');
    expect(categories(pickAnswer().replace('(carries ?b - ball)', 'carries ?b - ball'))).toContain('malformed-predicate');
    expect(categories(pickAnswer())).not.toContain('malformed-predicate');
  });

  it('wrong number of arguments', () => {
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r) (ball-in ?b) (gripper-free))' }))).toEqual(['wrong-arity']);
    expect(messages(pickAnswer({ pre: '(and (robot-in ?r) (ball-in ?b) (gripper-free))' }))).toContain('`ball-in` is given 1 parameter(s)');
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r) (ball-in ?b ?r) (gripper-free))' }))).toEqual([]);
  });

  it('unknown parameter', () => {
    expect(categories(pickAnswer({ pre: '(and (robot-in ?room) (ball-in ?b ?r))' }))).toEqual(['unknown-parameter']);
    expect(messages(pickAnswer({ pre: '(and (robot-in ?room) (ball-in ?b ?r))' }))).toContain('in the predicate `robot-in`, there is an unknown parameter ?room');
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r) (ball-in ?b ?r))' }))).toEqual([]);
  });

  it('argument of the wrong type', () => {
    expect(categories(pickAnswer({ pre: '(and (robot-in ?b))' }))).toEqual(['type-mismatch']);
    expect(messages(pickAnswer({ pre: '(and (robot-in ?b))' }))).toContain('the first parameter of `robot-in` should be a room, but a ball was given');
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r))' }))).toEqual([]);
  });

  it('undeclared predicate', () => {
    expect(categories(pickAnswer({ pre: '(and (robot-at ?r))' }))).toEqual(['undeclared-predicate']);
    expect(messages(pickAnswer({ pre: '(and (robot-at ?r))' }))).toContain("`robot-at` is not defined");
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r))' }))).toEqual([]);
  });

  it('malformed PDDL and a missing section', () => {
    expect(categories(pickAnswer({ pre: '(and (robot-in ?r)' }))).toEqual(['malformed']);
    expect(categories(pickAnswer().replace(/Effects:[\s\S]*?New Predicates/, 'New Predicates'))).toContain('answer-format');
  });

  it('locates engine diagnostics in the assembled model and joins several issues into one feedback turn', () => {
    const bad = { ...GOLD, actions: [{ ...GOLD.actions[0], preconditions: '(and (robot-in ?b) (ball-in ?b))' }, GOLD.actions[1]] };
    const issues = checkModel(bad);
    expect(issues.map((i) => [i.category, i.action, i.section])).toEqual([
      ['type-mismatch', 'Pick up a ball', 'preconditions'],
      ['wrong-arity', 'Pick up a ball', 'preconditions'],
    ]);
    expect(issues.every((i) => (i.diagnostic?.line ?? 0) > 0)).toBe(true);
    const fb = feedbackText(issues.map((i) => i.message));
    expect(fb).toMatch(/^There are 2 problems/);
    expect(fb.endsWith('Parameters:')).toBe(true);
  });

  it('never throws on mutated action text, and every issue names the mutated action or is domain-wide', () => {
    const text = GOLD.actions[0].preconditions;
    fc.assert(
      fc.property(fc.nat(text.length), fc.nat(text.length), fc.constantFrom('', '(', ')', '?', ' forall ', ' if ', 'x', ' - '), (from, len, insert) => {
        const pre = text.slice(0, from) + insert + text.slice(Math.min(text.length, from + (len % 6)));
        const model = { ...GOLD, actions: [{ ...GOLD.actions[0], preconditions: pre }, GOLD.actions[1]] };
        const issues = checkModel(model);
        for (const i of issues) expect(i.action === undefined || i.action === 'Pick up a ball').toBe(true);
        if (pre === text) expect(issues).toEqual([]);
      }),
    );
  });
});
