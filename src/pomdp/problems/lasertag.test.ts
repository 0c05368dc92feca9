import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLaserTag, laserTagRows, LASERTAG_SAME } from './lasertag.js';
import { TAG_ACTION } from './tag.js';
import { freeCells, referenceOpponentMoves } from './test-support.js';

describe('LaserTag', () => {
  it('draws a 7×11 map with 8 obstacles from the seed (69 free cells)', () => {
    const rows = laserTagRows(3);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.length === 11)).toBe(true);
    expect(rows.join('').split('#').length - 1).toBe(8);
    expect(laserTagRows(3)).toEqual(rows);
    expect(laserTagRows(4)).not.toEqual(rows);
    expect(createLaserTag(3).numStates).toBe(69 * 69);
  });

  const model = createLaserTag(5);
  it('every simulated observation has positive probability; the robot moves as told (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 69 * 69 - 1 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.integer({ min: 0, max: 4 }), (s, u, a) => {
        const x = model.step(s, u, a);
        if (a === TAG_ACTION) expect(Math.floor(x.state / 69)).toBe(Math.floor(s / 69));
        if (!x.terminal) {
          const p = model.obsProb(x.observation, x.state, a);
          expect(p).toBeGreaterThan(0);
          expect(p).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("over the scenario number, the opponent follows the reference rule (Tag's opponent on this map)", () => {
    const cells = freeCells(laserTagRows(5), 11);
    expect(cells).toHaveLength(69);
    const N = 4000;
    // a spread of states: robot and opponent in different rows and columns, and sharing one
    for (const [rob, opp] of [[0, 68], [10, 10], [20, 33], [68, 0], [40, 41], [5, 60]]) {
      const want = referenceOpponentMoves(cells, cells[rob], cells[opp]);
      const seen = new Map<number, number>();
      for (let i = 0; i < N; i++) {
        const c = model.step(rob * 69 + opp, (i + 0.5) / N, 0).state % 69;
        seen.set(c, (seen.get(c) ?? 0) + 1 / N);
      }
      expect([...seen.keys()].sort((x, y) => x - y)).toEqual([...want.keys()].sort((x, y) => x - y));
      // sampling through the model's own generator: within 4 standard errors of the exact probabilities
      for (const [c, p] of want) expect(Math.abs((seen.get(c) ?? 0) - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N) + 1e-9);
    }
  });

  it('beam readings: the empirical frequency of one beam pattern matches obsProb', () => {
    // robot and opponent apart; the frequency of the most common observation over many φ
    const s = 0 * 69 + 68;
    const counts = new Map<number, number>();
    const N = 20000;
    let next = -1;
    for (let i = 0; i < N; i++) {
      const out = model.step(s, (i + 0.5) / N, TAG_ACTION);
      if (out.observation === LASERTAG_SAME) continue;
      next = out.state;
      counts.set(out.observation as number, (counts.get(out.observation as number) ?? 0) + 1);
    }
    // group by next state is needed because the opponent moves; use the most frequent observation
    let bestObs = 0;
    let best = 0;
    for (const [o, c] of counts) if (c > best) [best, bestObs] = [c, o];
    expect(best).toBeGreaterThan(0);
    expect(next).toBeGreaterThanOrEqual(0);
    // the probability summed over the opponent's possible next cells, weighted by how often each occurred
    const perState = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const out = model.step(s, (i + 0.5) / N, TAG_ACTION);
      if (out.observation !== LASERTAG_SAME) perState.set(out.state, (perState.get(out.state) ?? 0) + 1);
    }
    let expected = 0;
    for (const [st, c] of perState) expected += (c / N) * model.obsProb(bestObs, st, TAG_ACTION);
    expect(Math.abs(best / N - expected)).toBeLessThan(4 * Math.sqrt((expected * (1 - expected)) / N) + 0.002);
  });
});
