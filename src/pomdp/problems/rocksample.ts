/**
 * RockSample(n,k) (Smith & Simmons 2004) exactly as the DESPOT reference
 * defines it (examples/cpp_models/rock_sample): robot position known, k rocks
 * good/bad; actions 0..3 = N,E,S,W, 4 = Sample, 5+i = Check rock i. East off
 * the grid exits (+10, terminal), other moves off the grid −100; sampling a
 * good rock +10 (it turns bad), a bad rock −10, no rock −100. Check i reports
 * the true quality w.p. η = (1+2^(−d/20))/2. State = ((y·n+x) << k) | rocks.
 * Default bounds as the reference: lower = EAST (closed form), upper = MDP.
 */
import type { Rng } from '../../core/rng.js';
import { GroundplanError } from '../../core/errors.js';
import type { Obs, PomdpModel, StepOutcome } from '../model.js';

export const RS_SAMPLE = 4;
const BAD = 0;
const GOOD = 1;
const NONE = 2;

/** Rock layouts (x,y) and start positions of the reference. */
export const ROCKSAMPLE_LAYOUTS: Record<string, { start: [number, number]; rocks: [number, number][] }> = {
  '7:8': { start: [0, 3], rocks: [[2, 0], [0, 1], [3, 1], [6, 3], [2, 4], [3, 4], [5, 5], [1, 6]] },
  '11:11': {
    start: [0, 5],
    rocks: [[0, 3], [0, 7], [1, 8], [2, 4], [3, 3], [3, 8], [4, 3], [5, 8], [6, 1], [9, 3], [9, 9]],
  },
};

export interface RockSampleOptions {
  discount?: number;
  /** Custom layout (default: the reference layout for (n,k)). */
  start?: [number, number];
  rocks?: [number, number][];
}

const mdpCache = new Map<string, Float64Array>();

export function createRockSample(n: number, k: number, options: RockSampleOptions = {}): PomdpModel<number> {
  const layout = ROCKSAMPLE_LAYOUTS[`${n}:${k}`];
  const rocks = options.rocks ?? layout?.rocks;
  const start = options.start ?? layout?.start ?? [0, Math.floor(n / 2)];
  if (!rocks) throw new GroundplanError('POMDP_PROBLEM', `rocksample:${n}:${k}: no fixed rock layout (known: 7:8, 11:11); pass rocks`);
  if (rocks.length !== k) throw new GroundplanError('POMDP_PROBLEM', `rocksample: expected ${k} rocks, got ${rocks.length}`);
  if (k > 20 || n * n * 2 ** k > 2 ** 30) throw new GroundplanError('POMDP_PROBLEM', `rocksample:${n}:${k} is too large for integer states`);
  const gamma = options.discount ?? 0.95;
  const cells = n * n;
  const rockAt = new Int32Array(cells).fill(-1);
  rocks.forEach(([x, y], i) => (rockAt[y * n + x] = i));
  const eta = new Float64Array(cells * k);
  for (let c = 0; c < cells; c++) {
    const x = c % n;
    const y = (c / n) | 0;
    for (let i = 0; i < k; i++) {
      const d = Math.hypot(x - rocks[i][0], y - rocks[i][1]);
      eta[c * k + i] = (1 + Math.pow(2, -d / 20)) * 0.5;
    }
  }
  const mask = (1 << k) - 1;
  const numStates = cells << k;
  const key = `${n}:${k}:${gamma}:${JSON.stringify(rocks)}`;
  let V = mdpCache.get(key);
  if (!V) {
    V = rockSampleMdp(n, k, rockAt, gamma);
    mdpCache.set(key, V);
  }
  const mdp = V;
  const out: StepOutcome<number> = { state: 0, reward: 0, observation: NONE, terminal: false };
  const startCell = start[1] * n + start[0];

  return {
    name: `rocksample:${n}:${k}`,
    numActions: k + 5,
    discount: gamma,
    numStates,
    safeAction: { action: RS_SAMPLE + 1, value: 0 },
    maxReward: 10,
    minReward: -100,
    step(state: number, random: number, action: number): StepOutcome<number> {
      let cell = state >> k;
      let bits = state & mask;
      let reward = 0;
      let obs = NONE;
      out.terminal = false;
      if (action < RS_SAMPLE) {
        const x = cell % n;
        const y = (cell / n) | 0;
        if (action === 1) {
          if (x + 1 < n) cell += 1;
          else {
            out.reward = 10;
            out.terminal = true;
            out.observation = NONE;
            out.state = state;
            return out;
          }
        } else if (action === 0) {
          if (y + 1 < n) cell += n;
          else reward = -100;
        } else if (action === 2) {
          if (y > 0) cell -= n;
          else reward = -100;
        } else if (x > 0) cell -= 1;
        else reward = -100;
      } else if (action === RS_SAMPLE) {
        const r = rockAt[cell];
        if (r >= 0) {
          reward = (bits >> r) & 1 ? 10 : -10;
          bits &= ~(1 << r);
        } else reward = -100;
      } else {
        const r = action - RS_SAMPLE - 1;
        const good = (bits >> r) & 1;
        obs = random < eta[cell * k + r] ? good : 1 - good;
      }
      out.state = (cell << k) | bits;
      out.reward = reward;
      out.observation = obs;
      return out;
    },
    obsProb(obs: Obs, next: number, action: number): number {
      if (action <= RS_SAMPLE) return obs === NONE ? 1 : 0;
      const r = action - RS_SAMPLE - 1;
      const good = (next >> r) & 1;
      const e = eta[(next >> k) * k + r];
      return obs === good ? e : obs === 1 - good ? 1 - e : 0;
    },
    initialParticles() {
      const states: number[] = [];
      for (let b = 0; b <= mask; b++) states.push((startCell << k) | b);
      return { states, weights: states.map(() => 1) };
    },
    sampleInitialState(rng: Rng): number {
      let bits = 0;
      for (let i = 0; i < k; i++) if (rng.chance(0.5)) bits |= 1 << i;
      return (startCell << k) | bits;
    },
    scenarioLowerBound(states: readonly number[]) {
      const x = (states[0] >> k) % n;
      return { action: 1, value: states.length * 10 * Math.pow(gamma, n - x - 1) };
    },
    particleUpperBound: (s: number) => mdp[s],
    rolloutAction(s: number, rng: Rng): number {
      // random among non-harmful actions (POMCP's rollout policy)
      const cell = s >> k;
      const x = cell % n;
      const y = (cell / n) | 0;
      const legal: number[] = [1];
      if (y + 1 < n) legal.push(0);
      if (y > 0) legal.push(2);
      if (x > 0) legal.push(3);
      if (rockAt[cell] >= 0 && ((s >> rockAt[cell]) & 1) === 1) legal.push(RS_SAMPLE);
      return legal[rng.int(legal.length)];
    },
    stateIndex: (s: number) => s,
    actionName: (a) => (a < 4 ? ['north', 'east', 'south', 'west'][a] : a === RS_SAMPLE ? 'sample' : `check-${a - RS_SAMPLE - 1}`),
    observationName: (o) => (o === GOOD ? 'good' : o === BAD ? 'bad' : 'none'),
    stateName: (s) => `(${(s >> k) % n},${((s >> k) / n) | 0}) rocks=${(s & mask).toString(2).padStart(k, '0')}`,
  };
}

/** Value of the fully observable RockSample MDP (moves + sample), by in-place value iteration. */
function rockSampleMdp(n: number, k: number, rockAt: Int32Array, gamma: number): Float64Array {
  const cells = n * n;
  const nb = 1 << k;
  const V = new Float64Array(cells * nb);
  for (let iter = 0; iter < 100000; iter++) {
    let delta = 0;
    for (let cell = 0; cell < cells; cell++) {
      const x = cell % n;
      const y = (cell / n) | 0;
      const r = rockAt[cell];
      for (let bits = 0; bits < nb; bits++) {
        const s = (cell << k) | bits;
        const here = V[s];
        // east
        let best = x + 1 < n ? gamma * V[((cell + 1) << k) | bits] : 10;
        const north = y + 1 < n ? gamma * V[((cell + n) << k) | bits] : -100 + gamma * here;
        if (north > best) best = north;
        const south = y > 0 ? gamma * V[((cell - n) << k) | bits] : -100 + gamma * here;
        if (south > best) best = south;
        const west = x > 0 ? gamma * V[((cell - 1) << k) | bits] : -100 + gamma * here;
        if (west > best) best = west;
        const sample = r >= 0 ? ((bits >> r) & 1 ? 10 : -10) + gamma * V[(cell << k) | (bits & ~(1 << r))] : -100 + gamma * here;
        if (sample > best) best = sample;
        delta += Math.abs(best - here);
        V[s] = best;
      }
    }
    if (delta < 1e-3) break;
  }
  return V;
}
