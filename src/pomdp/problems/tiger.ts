/**
 * Tiger (Kaelbling, Littman, Cassandra 1998) as in the DESPOT reference
 * example: actions 0 = open left, 1 = open right, 2 = listen; opening the
 * tiger's door −100, the other +10 (then the tiger is re-placed uniformly);
 * listening −1 and hears the correct side w.p. 0.85. Observations 0 = left,
 * 1 = right, 2 = none. Optional `horizon` H makes the problem end after H
 * steps (state = side + 2·t) so exact finite-horizon values can be checked.
 */
import type { Rng } from '../../core/rng.js';
import type { Obs, PomdpModel, StepOutcome } from '../model.js';

export const TIGER_LEFT = 0;
export const TIGER_RIGHT = 1;
export const TIGER_LISTEN = 2;
const NOISE = 0.15;

export interface TigerOptions {
  horizon?: number;
  discount?: number;
}

export function createTiger(options: TigerOptions = {}): PomdpModel<number> {
  const H = options.horizon ?? Infinity;
  const out: StepOutcome<number> = { state: 0, reward: 0, observation: 0, terminal: false };
  return {
    name: 'tiger',
    numActions: 3,
    discount: options.discount ?? 0.95,
    safeAction: { action: TIGER_LISTEN, value: -1 },
    maxReward: 10,
    minReward: -100,
    step(state: number, random: number, action: number): StepOutcome<number> {
      const side = state & 1;
      const t = state >> 1;
      let next = side;
      if (action === TIGER_LEFT || action === TIGER_RIGHT) {
        out.reward = side !== action ? 10 : -100;
        next = random <= 0.5 ? TIGER_LEFT : TIGER_RIGHT;
        out.observation = 2;
      } else {
        out.reward = -1;
        out.observation = random <= 1 - NOISE ? side : 1 - side;
      }
      const t1 = H === Infinity ? 0 : t + 1;
      out.state = next + 2 * t1;
      out.terminal = t1 >= H;
      return out;
    },
    obsProb(obs: Obs, next: number, action: number): number {
      if (action !== TIGER_LISTEN) return obs === 2 ? 1 : 0;
      return obs === (next & 1) ? 1 - NOISE : obs === 1 - (next & 1) ? NOISE : 0;
    },
    initialParticles() {
      return { states: [TIGER_LEFT, TIGER_RIGHT], weights: [0.5, 0.5] };
    },
    sampleInitialState(rng: Rng): number {
      return rng.int(2);
    },
    // default policy "always listen", in closed form: −(1−γ^(H−t))/(1−γ) per scenario
    scenarioLowerBound(states: readonly number[]) {
      const gamma = options.discount ?? 0.95;
      const t = states.length ? states[0] >> 1 : 0;
      const v = H === Infinity ? -1 / (1 - gamma) : -(1 - Math.pow(gamma, H - t)) / (1 - gamma);
      return { action: TIGER_LISTEN, value: states.length * v };
    },
    actionName: (a) => ['open-left', 'open-right', 'listen'][a] ?? `a${a}`,
    observationName: (o) => (o === 0 ? 'hear-left' : o === 1 ? 'hear-right' : 'none'),
    stateName: (s) => `${(s & 1) === 0 ? 'tiger-left' : 'tiger-right'}${H === Infinity ? '' : `@t${s >> 1}`}`,
  };
}
