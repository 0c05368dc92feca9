import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PddlParseError } from '../pddl/errors.js';
import { formatPlan, parsePlan, parsePlanLines } from './plan-file.js';

function errorOf(f: () => unknown): PddlParseError {
  try {
    f();
  } catch (e) {
    if (e instanceof PddlParseError) return e;
    throw e;
  }
  throw new Error('expected a PddlParseError');
}

describe('parsePlan', () => {
  it('reads IPC plans with comments and blank lines, lower-casing names', () => {
    const steps = parsePlan('(Pick-Up B)\n\n; a comment\n(stack b  a) ; trailing\n(noop)\n; cost = 3 (unit cost)\n', 'plan.txt');
    expect(steps.map((s) => [s.name, s.args])).toEqual([
      ['pick-up', ['b']],
      ['stack', ['b', 'a']],
      ['noop', []],
    ]);
    expect(steps[1].span.start).toMatchObject({ line: 4, col: 1 });
    expect(steps[1].argSpans[1].start).toMatchObject({ line: 4, col: 11 });
    expect(steps[1].span.file).toBe('plan.txt');
  });

  it('accepts CRLF line endings and a byte-order mark', () => {
    const steps = parsePlan('\ufeff(a x)\r\n(b y)\r\n', 'p.plan');
    expect(steps.map((s) => s.name)).toEqual(['a', 'b']);
    expect(steps[1].span.start).toMatchObject({ line: 2, col: 1 });
  });

  it('tolerates timestamps and durations from temporal planners', () => {
    const steps = parsePlan('0: (a x) [1]\n1.000: (b y z) [2.500]\n2.5:(c)\n');
    expect(steps.map((s) => [s.name, s.args])).toEqual([
      ['a', ['x']],
      ['b', ['y', 'z']],
      ['c', []],
    ]);
  });

  it('reports an unclosed step with line:col', () => {
    const e = errorOf(() => parsePlan('(a x)\n(b y\n(c z)', 'p.plan'));
    expect(e.message).toMatch(/^p\.plan:2:1: unexpected end of input/);
  });

  it('reports text outside parentheses with its location', () => {
    const e = errorOf(() => parsePlan('(a x)\n  pick b\n', 'p.plan'));
    expect(e.message).toBe("p.plan:2:3: unexpected 'pick' outside parentheses: each plan step is written (action arg1 arg2 ...) near: pick b");
  });

  it('rejects empty steps, nested lists and variables', () => {
    expect(errorOf(() => parsePlan('\n ()')).message).toMatch(/^2:2: empty plan step/);
    expect(errorOf(() => parsePlan('(a (b))')).message).toMatch(/^1:4: plan step arguments are object names, not lists/);
    expect(errorOf(() => parsePlan('((a) b)')).message).toMatch(/^1:2: a plan step starts with an action name/);
    expect(errorOf(() => parsePlan('(a ?x)')).message).toMatch(/^1:4: plan step argument '\?x' is a variable/);
  });

  it('round-trips through formatPlan', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
    fc.assert(
      fc.property(fc.array(fc.record({ name, args: fc.array(name, { maxLength: 4 }) }), { maxLength: 20 }), (plan) => {
        const back = parsePlan(formatPlan(plan, 'cost = 1'));
        expect(back.map((s) => ({ name: s.name, args: s.args }))).toEqual(plan);
      }),
    );
  });

  it('never throws anything but PddlParseError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        try {
          parsePlan(text);
        } catch (e) {
          expect(e).toBeInstanceOf(PddlParseError);
        }
      }),
    );
  });
});

describe('parsePlanLines', () => {
  it('reads steps with or without parentheses, one per string', () => {
    const steps = parsePlanLines(['navigate_to Cabinet_1 agent_1', '', '(open cabinet_1 agent_1)', '  grasp x agent_1']);
    expect(steps.map((s) => [s.name, s.args])).toEqual([
      ['navigate_to', ['cabinet_1', 'agent_1']],
      ['open', ['cabinet_1', 'agent_1']],
      ['grasp', ['x', 'agent_1']],
    ]);
    expect(steps[2].span.start).toMatchObject({ line: 4, col: 3 });
    expect(steps[2].argSpans[0].start).toMatchObject({ line: 4, col: 9 });
  });

  it('reports a line with a nested list at its line', () => {
    expect(errorOf(() => parsePlanLines(['a b', 'c (d)'], 'gold')).message).toMatch(/^gold:2:3: plan step arguments are object names/);
    expect(errorOf(() => parsePlanLines(['(a b) (c d)'])).message).toMatch(/^1:1: expected one plan step on this line, found 2/);
  });
});
