import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { repeatFilter } from './repeat-filter.js';

describe('repeatFilter', () => {
  it('passes new messages, drops repeats within the quiet time, passes them again after it', () => {
    let t = 0;
    const pass = repeatFilter(1000, () => t);
    expect(pass('a')).toBe(true);
    t = 500;
    expect(pass('a')).toBe(false);
    expect(pass('b')).toBe(true);
    expect(pass('a')).toBe(true);
    t = 1400;
    expect(pass('a')).toBe(false);
    t = 1600;
    expect(pass('a')).toBe(true);
  });

  it('always passes a message that differs from the previous one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 50 }), (messages) => {
        const pass = repeatFilter(1000, () => 0);
        messages.forEach((m, i) => {
          const passed = pass(m);
          if (i === 0 || messages[i - 1] !== m) expect(passed).toBe(true);
          else expect(passed).toBe(false);
        });
      }),
    );
  });
});
