import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersects, isSubset, minusSorted, sortUniqInPlace, uniqSorted } from './ground-lists.js';

const ref = (xs: number[]): number[] => [...new Set(xs)].sort((a, b) => a - b);
const list = fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 40 });

describe('sorted fact lists', () => {
  it('sort/dedup, difference, intersection and subset agree with Set-based references', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        expect(sortUniqInPlace([...a])).toEqual(ref(a));
        expect(uniqSorted(a)).toEqual(ref(a));
        const sa = ref(a);
        const sb = ref(b);
        expect(minusSorted([...sa], sb)).toEqual(sa.filter((x) => !sb.includes(x)));
        expect(intersects(sa, sb)).toBe(sa.some((x) => sb.includes(x)));
        expect(isSubset(sa, sb)).toBe(sa.every((x) => sb.includes(x)));
      }),
      { numRuns: 300 },
    );
  });

  it('returns a frozen shared list for empty results', () => {
    const e = sortUniqInPlace([]);
    expect(Object.isFrozen(e)).toBe(true);
    expect(() => e.push(1)).toThrow(TypeError);
  });
});
