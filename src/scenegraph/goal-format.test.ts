import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { goalFromJson, parseGoalText, parseLiteral } from './goal-format.js';
import { parsePlanText } from './plan-format.js';
import { formatLiteral, formatStep, type GoalLiteral } from './types.js';

describe('goal text', () => {
  it('parses relations, rooms, flags, holding and negation, with aliases', () => {
    const g = parseGoalText('on_top(apple, table)\nnot open(fridge)  # closed again\ninside(egg, pan); washed(plate)\nroom_inside(box, kitchen)\nholding(cup)');
    expect(g.literals.map(formatLiteral)).toEqual(['on_top(apple, table)', 'not open(fridge)', 'object_inside(egg, pan)', 'washed(plate)', 'room_inside(box, kitchen)', 'holding(cup)']);
  });
  it('rejects unknown predicates and wrong arity with the line', () => {
    expect(() => parseGoalText('on_top(a, b)\nsliced(apple)', 'g.txt')).toThrow(InputError);
    expect(() => parseGoalText('on_top(a, b)\nsliced(apple)', 'g.txt')).toThrow(/^g\.txt: line 2: unknown goal predicate 'sliced'/);
    expect(parseLiteral('washed(a, b)')).toBe('washed takes 1 argument(s), got 2');
  });
  it('JSON forms: literal strings or {literals}, with field paths on errors', () => {
    expect(goalFromJson(['cooked(egg)']).literals).toEqual([{ kind: 'flag', flag: 'cooked', object: 'egg' }]);
    expect(() => goalFromJson({ literals: [{ kind: 'flag', flag: 'sliced', object: 'x' }] }, 't.json')).toThrow(/^t\.json: literals\[0\]: /);
    expect(() => goalFromJson(['cooked(egg)', 'fly(x)', 7], 't.json', ['goals', 2])).toThrow(/^t\.json: goals\[2\]\[1\]: unknown goal predicate 'fly'.*; goals\[2\]\[2\]: expected a literal string/);
  });
  it('formatLiteral and parseLiteral round-trip', () => {
    const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((s) => s !== 'not' && s !== 'and');
    const lit: fc.Arbitrary<GoalLiteral> = fc.oneof(
      fc.record({ kind: fc.constant('relation' as const), rel: fc.constantFrom('object_inside' as const, 'on_top' as const, 'under' as const, 'next_to' as const), a: id, b: id, negated: fc.boolean() }),
      fc.record({ kind: fc.constant('flag' as const), flag: fc.constantFrom('open' as const, 'toggled' as const, 'cooked' as const, 'washed' as const, 'dried' as const), object: id, negated: fc.boolean() }),
      fc.record({ kind: fc.constant('room' as const), object: id, room: id, negated: fc.boolean() }),
    );
    fc.assert(
      fc.property(lit, (l) => {
        const back = parseLiteral(formatLiteral(l));
        const norm = (x: GoalLiteral) => ({ ...x, negated: Boolean(x.negated) });
        expect(typeof back === 'string' ? back : norm(back)).toEqual(norm(l));
      }),
    );
  });
});

describe('plan text', () => {
  it('reads call syntax, snake_case lines, numbering and comments, and JSON', () => {
    const p = parsePlanText('1. NavigateTo(fridge)\n2) open fridge ; comment\n# nothing\nPlaceOnTop(apple, table)\n');
    expect(p.map(formatStep)).toEqual(['NavigateTo(fridge)', 'open(fridge)', 'PlaceOnTop(apple, table)']);
    expect(parsePlanText('[{"action":"Grasp","args":["a"]},"Release(a)"]').map(formatStep)).toEqual(['Grasp(a)', 'Release(a)']);
    expect(() => parsePlanText('[{"args":["a"]}]', 'p.json')).toThrow(/^p\.json: \[0\]\.action: /);
    // three planted errors, all reported with their paths; a syntax error at its line:col
    expect(() => parsePlanText('{"plan": [{"args": ["a"]}, {"action": "Grasp", "args": [1]}, 7]}', 'p.json')).toThrow(
      /^p\.json: plan\[0\]\.action: expected a primitive name; plan\[1\]\.args: expected an array of ids; plan\[2\]: expected a step string or \{"action", "args"\}$/,
    );
    expect(() => parsePlanText('[\n  "Grasp(a)"\n  "Release(a)"\n]', 'p.json')).toThrow(/^p\.json:3:3: invalid JSON: /);
  });
});
