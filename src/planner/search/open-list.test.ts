// The bucket open list pops in exactly the order of the tie-breaking heap (key, then FIFO), including after it
// turns into a heap on a key it cannot bucket.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BucketOpenList, TieBreakingHeap } from './open-list.js';

type Step = { push: true; key: number; a: number } | { push: false };

const key = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: 20 }) }, { weight: 1, arbitrary: fc.constantFrom(0.5, 7.25, 1e9) });
const steps = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ push: fc.constant(true as const), key, a: fc.integer({ min: 0, max: 1000 }) }) },
    { weight: 2, arbitrary: fc.constant({ push: false as const }) },
  ),
  { maxLength: 300 },
);

describe('BucketOpenList', () => {
  it('pops FIFO within a key and the smallest key first', () => {
    const l = new BucketOpenList();
    l.push(3, 0, 1, 10);
    l.push(1, 0, 2, 20);
    l.push(3, 0, 3, 30);
    l.push(1, 0, 4, 40);
    const out: number[] = [];
    while (l.size > 0) {
      l.pop();
      out.push(l.poppedA, l.poppedB, l.poppedKey);
    }
    expect(out).toEqual([2, 20, 1, 4, 40, 1, 1, 10, 3, 3, 30, 3]);
  });

  it('pops what a TieBreakingHeap pops, step for step', () => {
    fc.assert(
      fc.property(steps, (ss: Step[]) => {
        const bucket = new BucketOpenList();
        const heap = new TieBreakingHeap(4);
        ss.forEach((s, i) => {
          if (s.push) {
            bucket.push(s.key, 0, s.a, i);
            heap.push(s.key, 0, s.a, i);
          } else if (heap.size > 0) {
            bucket.pop();
            heap.pop();
            expect([bucket.poppedA, bucket.poppedB, bucket.poppedKey]).toEqual([heap.poppedA, heap.poppedB, heap.poppedKey]);
          }
          expect(bucket.size).toBe(heap.size);
        });
      }),
      { numRuns: 500 },
    );
  });
});
