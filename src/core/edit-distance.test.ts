import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.js';

/** The textbook recursion, memoised: the independent oracle. */
function oracle(a: string, b: string): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = Math.min(go(i - 1, j) + 1, go(i, j - 1) + 1, go(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      memo.set(key, v);
    }
    return v;
  };
  return go(a.length, b.length);
}

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 8 });

describe('editDistance', () => {
  it('hand-checked cases', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('flaw', 'lawn')).toBe(2);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('equals the recursive definition', () => {
    fc.assert(fc.property(word, word, (a, b) => editDistance(a, b) === oracle(a, b)));
  });

  it('with a cap: the distance when within it, else cap + 1', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 5 }), (a, b, cap) => {
        const d = oracle(a, b);
        return editDistance(a, b, cap) === (d <= cap ? d : cap + 1);
      }),
    );
  });
});
