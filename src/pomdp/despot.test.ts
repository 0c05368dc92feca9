import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../core/rng.js';
import { Despot } from './despot.js';
import { forEachVNode } from './despot-tree.js';
import { makeBelief, splitParticles } from './belief.js';
import { History } from './history.js';
import { createTiger, TIGER_LISTEN } from './problems/tiger.js';
import { makeProblem } from './problems/index.js';
import { runEpisode } from './episode.js';
import type { PomdpModel } from './model.js';

/** Exact H-step discounted value of Tiger from belief p = P(tiger left), by enumeration. */
function tigerExact(p: number, h: number, gamma: number): number {
  if (h === 0) return 0;
  const pl = 0.85 * p + 0.15 * (1 - p);
  const listen =
    -1 +
    gamma * (pl * tigerExact((0.85 * p) / pl, h - 1, gamma) + (1 - pl) * tigerExact((0.15 * p) / (1 - pl), h - 1, gamma));
  const rest = gamma * tigerExact(0.5, h - 1, gamma);
  const openLeft = 10 * (1 - p) - 100 * p + rest;
  const openRight = 10 * p - 100 * (1 - p) + rest;
  return Math.max(listen, openLeft, openRight);
}

function initialBelief(model: PomdpModel<number>) {
  const init = model.initialParticles();
  return makeBelief(init.states, init.weights);
}

describe('DESPOT on Tiger', () => {
  it('closes the gap and the root value matches the exact finite-horizon value (K = 4000 scenarios)', () => {
    // Horizon-3 Tiger: the tree reaches the terminal step, so once the gap
    // closes the root value is the optimum over the K sampled scenarios,
    // an estimate of the exact value with sampling error ~ 1/sqrt(K).
    const H = 3;
    const model = createTiger({ horizon: H });
    const exact = tigerExact(0.5, H, model.discount);
    const values: number[] = [];
    for (const seed of [1, 2, 3]) {
      const solver = new Despot(model, new Rng(seed), { numScenarios: 4000, depth: H + 1, timePerMove: 1e9, maxTrials: 500 });
      const r = solver.search(initialBelief(model));
      expect(r.stats.stop).toBe('gap');
      expect(r.stats.rootUpper - r.stats.rootLower).toBeLessThanOrEqual(1e-6);
      expect(r.action).toBe(TIGER_LISTEN);
      values.push(r.stats.rootLower);
    }
    const avg = values.reduce((a, b) => a + b, 0) / values.length;
    expect(Math.abs(avg - exact)).toBeLessThan(1.0);
  });

  it('with a longer horizon Tiger still listens first and never claims more than the exact value by much', () => {
    const H = 5;
    const model = createTiger({ horizon: H });
    const exact = tigerExact(0.5, H, model.discount);
    const r = new Despot(model, new Rng(7), { numScenarios: 3000, depth: H + 1, timePerMove: 1e9, maxTrials: 3000 }).search(initialBelief(model));
    expect(r.action).toBe(TIGER_LISTEN);
    expect(r.stats.rootLower).toBeLessThan(exact + 1.5);
    expect(r.stats.rootLower).toBeGreaterThan(exact - 1.5);
  });
});

describe('DESPOT tree invariants', () => {
  it('lower ≤ upper at every node of random trees (fast-check over problems and seeds)', () => {
    const problems = ['tiger', 'tag', 'rocksample:7:8'].map((id) => makeProblem(id));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), (pi, seed, trials, prune) => {
        const spec = problems[pi];
        const init = spec.model.initialParticles();
        const belief = splitParticles(makeBelief(init.states, init.weights), 200);
        const r = new Despot(spec.model, new Rng(seed), {
          numScenarios: 50,
          depth: 30,
          lambda: prune ? 0.01 : 0,
          timePerMove: 1e9,
          maxTrials: trials,
          keepTree: true,
        }).search(belief, new History());
        let ok = true;
        forEachVNode(r.root!, (v) => {
          if (v.lower > v.upper + 1e-9) ok = false;
          for (const q of v.children ?? []) if (q.lower > q.upper + 1e-9) ok = false;
        });
        expect(ok).toBe(true);
        expect(r.stats.rootLower).toBeLessThanOrEqual(r.stats.rootUpper + 1e-9);
        // the chosen action is legal and the value is its lower bound
        expect(r.action).toBeGreaterThanOrEqual(0);
        expect(r.action).toBeLessThan(spec.model.numActions);
      }),
      { numRuns: 40 },
    );
  });

  it('bounds are monotone over trials: the root gap never grows', () => {
    const spec = makeProblem('tag');
    const init = spec.model.initialParticles();
    const belief = makeBelief(init.states, init.weights);
    let prevGap = Infinity;
    for (const trials of [1, 5, 20, 60]) {
      const r = new Despot(spec.model, new Rng(3), { numScenarios: 100, timePerMove: 1e9, maxTrials: trials }).search(belief);
      const gap = r.stats.rootUpper - r.stats.rootLower;
      expect(gap).toBeLessThanOrEqual(prevGap + 1e-9);
      prevGap = gap;
    }
  });
});

describe('DESPOT determinism', () => {
  it('the same seed gives the same actions and rewards (trial budget)', () => {
    const spec = makeProblem('rocksample:7:8');
    const run = () =>
      runEpisode(spec.model, (rng) => new Despot(spec.model, rng, { numScenarios: 100, timePerMove: 1e9, maxTrials: 20 }), { seed: 5, maxSteps: 15 });
    const a = run();
    const b = run();
    expect(a.records.map((r) => r.action)).toEqual(b.records.map((r) => r.action));
    expect(a.records.map((r) => r.reward)).toEqual(b.records.map((r) => r.reward));
    expect(a.discounted).toBe(b.discounted);
    const c = runEpisode(spec.model, (rng) => new Despot(spec.model, rng, { numScenarios: 100, timePerMove: 1e9, maxTrials: 20 }), { seed: 6, maxSteps: 15 });
    // a different seed is a different episode (different world and scenarios)
    expect(JSON.stringify(c.records.map((r) => [r.action, r.observation]))).not.toBe(JSON.stringify(a.records.map((r) => [r.action, r.observation])));
  });

  it('stops on an aborted signal and still returns a legal action', () => {
    const spec = makeProblem('tag');
    const ac = new AbortController();
    ac.abort();
    const init = spec.model.initialParticles();
    const r = new Despot(spec.model, new Rng(1), { signal: ac.signal }).search(makeBelief(init.states, init.weights));
    expect(r.stats.stop).toBe('cancelled');
    expect(r.stats.trials).toBe(0);
    expect(r.action).toBeGreaterThanOrEqual(0);
    expect(r.action).toBeLessThan(5);
  });

  it('spends the time budget as measured by its clock: it stops before a trial would overrun it', () => {
    const spec = makeProblem('tag');
    const init = spec.model.initialParticles();
    // A fake clock that advances `step` seconds per reading: each trial is read twice (before and
    // after), so every trial costs `step`. The search stops once the projected cost of one more
    // trial, used·(n+1)/n = (n+1)·step, reaches the budget T: after n = ⌈T/step⌉ − 1 trials.
    for (const [T, step, n] of [
      [1, 1 / 64, 63],
      [1, 0.3, 3],
      [0.5, 1 / 8, 3],
    ] as const) {
      let now = 0;
      const clock = (): number => (now += step);
      const r = new Despot(spec.model, new Rng(1), { timePerMove: T, clock }).search(makeBelief(init.states, init.weights));
      expect([T, step, r.stats.stop, r.stats.trials]).toEqual([T, step, 'time', n]);
      expect(r.stats.searchTime).toBeCloseTo(n * step, 12);
    }
    // trials that cost half as much: twice as many fit (2·64 − 1)
    let now = 0;
    const slow = new Despot(spec.model, new Rng(1), { timePerMove: 1, clock: () => (now += 1 / 128) }).search(makeBelief(init.states, init.weights));
    expect(slow.stats.trials).toBe(127);
  });
});
