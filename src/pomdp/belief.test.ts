import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../core/rng.js';
import { GroundplanError } from '../core/errors.js';
import { beliefFromHistory, effectiveSampleSize, makeBelief, systematicResample, updateBelief } from './belief.js';
import { History } from './history.js';
import type { Obs, PomdpModel, StepOutcome } from './model.js';
import { createTag } from './problems/tag.js';
import { createTiger, TIGER_LISTEN } from './problems/tiger.js';

/** A two-state hidden Markov model: the state flips w.p. 0.3; the sensor is right w.p. 0.8. */
function flipModel(): PomdpModel<number> {
  const out: StepOutcome<number> = { state: 0, reward: 0, observation: 0, terminal: false };
  return {
    name: 'flip',
    numActions: 1,
    discount: 0.95,
    safeAction: { action: 0, value: 0 },
    maxReward: 0,
    minReward: 0,
    step(s, random) {
      // two independent decisions from one number: flip with the low bits, sense with the high bits
      const flip = random < 0.3;
      const next = flip ? 1 - s : s;
      const r2 = random < 0.3 ? random / 0.3 : (random - 0.3) / 0.7;
      out.state = next;
      out.observation = r2 < 0.8 ? next : 1 - next;
      return out;
    },
    obsProb: (o: Obs, next: number) => (o === next ? 0.8 : 0.2),
    initialParticles: () => ({ states: [0, 1], weights: [0.7, 0.3] }),
    sampleInitialState: (rng) => (rng.chance(0.7) ? 0 : 1),
  };
}

/** Exact forward filter for the flip model. */
function exactPosterior(p1: number, observations: number[]): number {
  let p = p1;
  for (const o of observations) {
    const pred = p * 0.7 + (1 - p) * 0.3;
    const l1 = o === 1 ? 0.8 : 0.2;
    const l0 = o === 0 ? 0.8 : 0.2;
    p = (pred * l1) / (pred * l1 + (1 - pred) * l0);
  }
  return p;
}

function massOf(states: number[], weights: Float64Array, x: number): number {
  let m = 0;
  for (let i = 0; i < states.length; i++) if (states[i] === x) m += weights[i];
  return m;
}

describe('particle filter', () => {
  it('matches the exact posterior of a small HMM (importance and rejection)', () => {
    const model = flipModel();
    const obs = [1, 1, 0, 1, 1, 1, 0, 0];
    for (const method of ['importance', 'rejection'] as const) {
      const rng = new Rng(11);
      let b = makeBelief(systematicResample(makeBelief([0, 1], [0.7, 0.3]), 20000, rng));
      const seen: number[] = [];
      for (const o of obs) {
        const r = updateBelief(model, b, 0, o, rng, { method, count: 20000 });
        expect(r.status).toBe('ok');
        if (r.status !== 'ok') return;
        b = r.belief;
        seen.push(o);
        const exact = exactPosterior(0.3, seen);
        // sampling error of 20000 particles: sd ≈ sqrt(p(1-p)/N) ≤ 0.0036; allow 4 sd
        expect(Math.abs(massOf(b.states, b.weights, 1) - exact)).toBeLessThan(0.015);
      }
    }
  });

  it('Tiger: two "hear left" give P(left) = 0.85²/(0.85²+0.15²)', () => {
    const model = createTiger();
    const rng = new Rng(3);
    let b = makeBelief(systematicResample(makeBelief([0, 1]), 10000, rng));
    for (let i = 0; i < 2; i++) {
      const r = updateBelief(model, b, TIGER_LISTEN, 0, rng);
      if (r.status !== 'ok') throw new Error('empty');
      b = r.belief;
    }
    expect(massOf(b.states, b.weights, 0)).toBeCloseTo((0.85 * 0.85) / (0.85 * 0.85 + 0.15 * 0.15), 2);
  });

  it('an observation impossible under the belief is the typed empty outcome', () => {
    const model = createTag();
    // robot in cell 0, opponent in cell 20: after moving north the robot is in cell 3, never in cell 9
    const b = makeBelief([0 * 29 + 20]);
    const r = updateBelief(model, b, 0, 9, new Rng(1));
    expect(r.status).toBe('empty');
    const ok = updateBelief(model, b, 0, 3, new Rng(1));
    expect(ok.status).toBe('ok');
    // rebuilding from the initial belief and the history also reports empty, not a crash
    const h = new History();
    h.push(0, 29);
    h.push(0, 29);
    h.push(4, 29);
    const rebuilt = beliefFromHistory(model, h, new Rng(2), 500);
    expect(['ok', 'empty']).toContain(rebuilt.status);
  });

  it('reinvigoration adds particles when the filter runs empty', () => {
    const model = createTag();
    const b = makeBelief([0 * 29 + 20]);
    const h = new History();
    h.push(0, 9);
    const r = updateBelief(model, b, 0, 9, new Rng(1), { history: h, count: 50, reinvigorate: (_h, _rng, n) => Array.from({ length: n }, () => 9 * 29 + 20) });
    expect(r.status).toBe('ok');
    if (r.status === 'ok') {
      expect(r.reinvigorated).toBe(50);
      expect(r.belief.states.length).toBe(50);
    }
  });

  it('makeBelief rejects an empty particle set (misuse)', () => {
    expect(() => makeBelief([])).toThrow(GroundplanError);
  });

  it('systematic resampling keeps each count within 1 of n·w (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.01, max: 10, noNaN: true }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 500 }), fc.integer(), (ws, n, seed) => {
        const states = ws.map((_, i) => i);
        const b = makeBelief(states, ws);
        const out = systematicResample(b, n, new Rng(seed));
        expect(out.length).toBe(n);
        const counts = new Array(ws.length).fill(0);
        for (const s of out) counts[s]++;
        for (let i = 0; i < ws.length; i++) expect(Math.abs(counts[i] - n * b.weights[i])).toBeLessThanOrEqual(1 + 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('effective sample size of uniform weights is N', () => {
    expect(effectiveSampleSize(new Float64Array([0.25, 0.25, 0.25, 0.25]))).toBeCloseTo(4);
  });
});
