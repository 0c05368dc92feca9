import { describe, expect, it } from 'vitest';
import { createTag, tagTables, TAG_ACTION } from './tag.js';
import { createRockSample, RS_SAMPLE } from './rocksample.js';
import { makeProblem } from './index.js';
import { InputError } from '../../core/errors.js';
import { freeCells, referenceOpponentMoves, type Cell } from './test-support.js';

describe('Tag', () => {
  const model = createTag();
  const t = tagTables();
  it('has 29 cells; opponent distributions sum to 1 and never move toward the robot', () => {
    expect(t.map.numCells).toBe(29);
    for (let s = 0; s < 29 * 29; s++) {
      let p = 0;
      for (let j = 0; j < t.oppCount[s]; j++) p += t.oppProb[s * 5 + j];
      expect(p).toBeCloseTo(1, 12);
      const rob = Math.floor(s / 29);
      const opp = s % 29;
      for (let j = 0; j < t.oppCount[s]; j++) {
        const c = t.oppCell[s * 5 + j];
        expect(t.map.dist[rob * 29 + c]).toBeGreaterThanOrEqual(t.map.dist[rob * 29 + opp] - 1);
      }
    }
  });
  it('rewards: tag on the opponent +10 terminal, failed tag −10, move −1; observation is the robot cell or 29', () => {
    const same = 12 * 29 + 12;
    const r = model.step(same, 0.5, TAG_ACTION);
    expect([r.reward, r.terminal]).toEqual([10, true]);
    const r2 = model.step(12 * 29 + 20, 0.5, TAG_ACTION);
    expect([r2.reward, r2.terminal]).toEqual([-10, false]);
    const r3 = model.step(12 * 29 + 20, 0.5, 1);
    expect(r3.reward).toBe(-1);
    expect(r3.observation).toBe(13);
  });
  it("over the scenario number, every state's next opponent cell follows the reference rule, and the robot moves as told", () => {
    // the reference map (examples/cpp_models/tag), copied from its definition
    const cells = freeCells(['#####...##', '#####...##', '#####...##', '..........', '..........']);
    expect(cells).toHaveLength(29);
    const at = (c: Cell): number => cells.findIndex((d) => d.x === c.x && d.y === c.y);
    const N = 1000; // u = (i + ½)/N: the cumulative thresholds are multiples of 0.2, so counts are exact
    for (let rob = 0; rob < 29; rob++) {
      for (let opp = 0; opp < 29; opp++) {
        const want = referenceOpponentMoves(cells, cells[rob], cells[opp]);
        for (const [a, dx, dy] of [[0, 0, 1], [1, 1, 0]] as const) {
          const north = at({ x: cells[rob].x + dx, y: cells[rob].y + dy });
          const rob2 = north < 0 ? rob : north;
          const seen = new Map<number, number>();
          const robots = new Set<number>();
          let badObs = 0;
          for (let i = 0; i < N; i++) {
            const r = model.step(rob * 29 + opp, (i + 0.5) / N, a);
            robots.add(Math.floor(r.state / 29));
            if (model.obsProb(r.observation, r.state, a) !== 1) badObs++;
            seen.set(r.state % 29, (seen.get(r.state % 29) ?? 0) + 1);
          }
          const got = [...seen].map(([c, k]) => [c, k / N]).sort((x, y) => x[0] - y[0]);
          const exp = [...want].map(([c, p]) => [c, Math.round(p * N) / N]).sort((x, y) => x[0] - y[0]);
          expect({ rob, opp, a, robots: [...robots], badObs, next: got }).toEqual({ rob, opp, a, robots: [rob2], badObs: 0, next: exp });
        }
      }
    }
  });
  it('the MDP policy tags when co-located and the SP bound is ≥ the MDP value', () => {
    for (let c = 0; c < 29; c++) expect(t.policy[c * 29 + c]).toBe(TAG_ACTION);
    for (let s = 0; s < 841; s++) expect(t.sp[s]).toBeGreaterThanOrEqual(t.mdpValue[s] - 1e-6);
  });
});

describe('RockSample', () => {
  const m = createRockSample(7, 8);
  const k = 8;
  it('exits east with +10, bumps −100, samples ±10, checks with efficiency (1+2^(−d/20))/2', () => {
    const at = (x: number, y: number, bits: number) => (((y * 7 + x) << k) | bits);
    expect(m.step(at(6, 3, 0), 0.5, 1)).toMatchObject({ reward: 10, terminal: true });
    expect(m.step(at(0, 3, 0), 0.5, 3)).toMatchObject({ reward: -100, terminal: false });
    // rock 3 is at (6,3)
    const s = m.step(at(6, 3, 1 << 3), 0.5, RS_SAMPLE);
    expect(s.reward).toBe(10);
    expect(s.state & (1 << 3)).toBe(0);
    expect(m.step(at(6, 3, 0), 0.5, RS_SAMPLE).reward).toBe(-10);
    expect(m.step(at(0, 0, 0), 0.5, RS_SAMPLE).reward).toBe(-100);
    // check rock 3 from distance 6: efficiency (1 + 2^(-0.3))/2
    const eta = (1 + Math.pow(2, -6 / 20)) / 2;
    expect(m.obsProb(1, at(0, 3, 1 << 3), RS_SAMPLE + 4)).toBeCloseTo(eta, 12);
    expect(m.step(at(0, 3, 1 << 3), eta - 1e-9, RS_SAMPLE + 4).observation).toBe(1);
    expect(m.step(at(0, 3, 1 << 3), eta + 1e-9, RS_SAMPLE + 4).observation).toBe(0);
  });
  it('the MDP upper bound dominates the EAST lower bound', () => {
    const init = m.initialParticles();
    for (const s of init.states) {
      const lb = m.scenarioLowerBound!([s], undefined as never).value;
      expect(m.particleUpperBound!(s)).toBeGreaterThanOrEqual(lb - 1e-9);
    }
  });
});

describe('makeProblem', () => {
  it('parses ids and rejects unknown ones', () => {
    expect(makeProblem('rocksample:11:11').model.numActions).toBe(16);
    expect(makeProblem('tag').lambda).toBe(0.01);
    expect(() => makeProblem('chess')).toThrow(InputError);
    expect(() => makeProblem('rocksample:5:5')).toThrow(/layout/);
  });
});
