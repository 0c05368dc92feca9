import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jobIdFor, keyOfJobId } from './job-id.js';

describe('jobIdFor', () => {
  it('never contains ":" and is never an integer, and reads back to the key', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        const id = jobIdFor(key);
        expect(id.includes(':')).toBe(false);
        expect(`${parseInt(id, 10)}`).not.toBe(id);
        expect(keyOfJobId(id)).toBe(key);
      }),
    );
  });

  it('maps distinct keys to distinct ids', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        expect(jobIdFor(a)).not.toBe(jobIdFor(b));
      }),
    );
  });

  it('rejects ids it did not make', () => {
    expect(keyOfJobId('123')).toBeUndefined();
    expect(keyOfJobId('ep-a%zz')).toBeUndefined();
    expect(keyOfJobId('ep-pomdp%3Atiger')).toBe('pomdp:tiger');
  });
});
