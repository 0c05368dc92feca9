import { describe, expect, it } from 'vitest';
import { rSquared } from './ordering-bench.js';

describe('ordering benchmark', () => {
  it('R² of a perfect line is 1', () => {
    expect(rSquared([1, 2, 3], [3, 5, 7])).toBeCloseTo(1);
  });
});
