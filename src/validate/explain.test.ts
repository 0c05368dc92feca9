import { describe, expect, it } from 'vitest';
import { describeUnsat } from './explain.js';

const lit = (predicate: string, args: string[], positive = true) => ({ text: `(${predicate} ${args.join(' ')})`, literal: { predicate, args, positive } });

describe('describeUnsat: plain-language unmet literals', () => {
  it('reads a one-word adjective predicate as "x is (not) p"', () => {
    expect(describeUnsat(lit('clear', ['b']))).toBe('b is not clear');
    expect(describeUnsat(lit('cold', ['milk']))).toBe('milk is not cold');
    expect(describeUnsat(lit('opened', ['fridge'], false))).toBe('fridge is opened');
  });

  it('keeps the literal for compound, prepositional and verb predicates instead of a broken sentence', () => {
    // data/demo: (robot-at counter) once read "counter is not robot at"
    expect(describeUnsat(lit('robot-at', ['counter']))).toBe('(robot-at counter) is false');
    expect(describeUnsat(lit('hand_empty', ['r1'], false))).toBe('(hand_empty r1) is true');
    expect(describeUnsat(lit('at', ['truck']))).toBe('(at truck) is false');
    expect(describeUnsat(lit('holding', ['a']))).toBe('(holding a) is false');
  });
});
