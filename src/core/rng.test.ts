import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from './rng.js';
import { mean, standardError, median } from './stats.js';

describe('Rng', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const xs = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(xs);
  });

  it('draws floats in [0,1) and ints in [0,n)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const r = new Rng(seed);
        for (let i = 0; i < 50; i++) {
          const x = r.next();
          const k = r.int(n);
          if (!(x >= 0 && x < 1)) return false;
          if (!(Number.isInteger(k) && k >= 0 && k < n)) return false;
        }
        return true;
      }),
    );
  });

  it('has a roughly uniform mean and restores saved state', () => {
    const r = new Rng(7);
    const xs = Array.from({ length: 20000 }, () => r.next());
    expect(Math.abs(mean(xs) - 0.5)).toBeLessThan(0.01);
    const saved = r.getState();
    const next = r.next();
    r.setState(saved);
    expect(r.next()).toBe(next);
  });

  it('weightedIndex follows the weights', () => {
    const r = new Rng(3);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) counts[r.weightedIndex([1, 2, 7])]++;
    expect(counts[2] / 30000).toBeGreaterThan(0.67);
    expect(counts[2] / 30000).toBeLessThan(0.73);
    expect(() => r.weightedIndex([0, 0])).toThrow(RangeError);
  });
});

describe('stats', () => {
  it('computes mean, SE (n-1) and median', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(standardError([1, 2, 3, 4])).toBeCloseTo(Math.sqrt(5 / 3) / 2, 10);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
