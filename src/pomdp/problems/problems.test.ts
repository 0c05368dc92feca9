import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTag, tagTables, TAG_ACTION } from './tag.js';
import { createRockSample, RS_SAMPLE } from './rocksample.js';
import { makeProblem } from './index.js';
import { InputError } from '../../core/errors.js';

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
  it('step is a deterministic function of the random number (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 840 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.integer({ min: 0, max: 4 }), (s, u, a) => {
        const x = { ...model.step(s, u, a) };
        const y = { ...model.step(s, u, a) };
        expect(x).toEqual(y);
        if (!x.terminal) expect(model.obsProb(x.observation, x.state, a)).toBe(1);
      }),
    );
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
