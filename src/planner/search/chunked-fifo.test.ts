// ChunkedFifo against an array model: same pairs out, in the same order, through chunk boundaries,
// chunk release and the compaction of its chunk list (small chunks make both happen in a few hundred steps).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ChunkedFifo } from './chunked-fifo.js';

const steps = fc.array(fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 2, arbitrary: fc.integer({ min: -40, max: -1 }) }), { maxLength: 120 });

describe('ChunkedFifo', () => {
  it('pops what an array queue pops, for bursts of pushes and pops', () => {
    fc.assert(
      fc.property(steps, fc.constantFrom([2, 2], [2, 8], [4, 64], [16, 1 << 16]), (ss, [first, max]) => {
        const q = new ChunkedFifo(first, max);
        const model: [number, number][] = [];
        let next = 0;
        for (const s of ss) {
          if (s > 0) {
            for (let i = 0; i < s; i++, next++) {
              q.push(next, 1_000_000 - next);
              model.push([next, 1_000_000 - next]);
            }
          } else {
            for (let i = 0; i < -s && model.length > 0; i++) {
              q.pop();
              expect([q.poppedA, q.poppedB]).toEqual(model.shift());
            }
          }
          expect(q.size).toBe(model.length);
          const seen: [number, number][] = [];
          q.forEach((a, b) => seen.push([a, b]));
          expect(seen).toEqual(model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('releases chunks it has read: a long queue drained and refilled keeps working', () => {
    const q = new ChunkedFifo(2, 4);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 1000; i++) q.push(i, round);
      for (let i = 0; i < 1000; i++) {
        q.pop();
        expect([q.poppedA, q.poppedB]).toEqual([i, round]);
      }
      expect(q.size).toBe(0);
    }
  });
});
