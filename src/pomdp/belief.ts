/**
 * Weighted particle beliefs and the particle-filter update as free functions:
 * importance weighting by O(o|s',a) or rejection sampling, systematic
 * (low-variance) resampling, and a reinvigoration hook. An observation that
 * no particle explains is a typed outcome (`{status:'empty'}`), not a crash.
 */
import type { Rng } from '../core/rng.js';
import { GroundplanError } from '../core/errors.js';
import type { Obs, PomdpModel } from './model.js';
import type { History } from './history.js';

/** A weighted particle set; weights are normalized (sum 1). */
export interface ParticleBelief<S> {
  readonly states: S[];
  readonly weights: Float64Array;
}

export type BeliefUpdate<S> =
  | { status: 'ok'; belief: ParticleBelief<S>; ess: number; resampled: boolean; reinvigorated: number }
  | { status: 'empty'; reason: string };

/** Normalize weights into a belief; throws on an empty or zero-mass set (misuse). */
export function makeBelief<S>(states: S[], weights?: ArrayLike<number>): ParticleBelief<S> {
  if (states.length === 0) throw new GroundplanError('POMDP_EMPTY_BELIEF', 'makeBelief: no particles');
  const w = new Float64Array(states.length);
  let total = 0;
  for (let i = 0; i < states.length; i++) {
    const x = weights ? weights[i] : 1;
    if (!(x >= 0)) throw new GroundplanError('POMDP_BAD_WEIGHT', `makeBelief: weight ${x} at ${i}`);
    w[i] = x;
    total += x;
  }
  if (!(total > 0)) throw new GroundplanError('POMDP_EMPTY_BELIEF', 'makeBelief: weights sum to zero');
  for (let i = 0; i < w.length; i++) w[i] /= total;
  return { states, weights: w };
}

/** Effective sample size 1/Σw² of normalized weights. */
export function effectiveSampleSize(weights: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < weights.length; i++) s += weights[i] * weights[i];
  return s > 0 ? 1 / s : 0;
}

/**
 * Systematic (low-variance) resampling: n draws with spacing 1/n and one
 * uniform offset; returns the chosen states (each of weight 1/n).
 */
export function systematicResample<S>(belief: ParticleBelief<S>, n: number, rng: Rng): S[] {
  const out = new Array<S>(n);
  const w = belief.weights;
  const step = 1 / n;
  let u = rng.next() * step;
  let c = w[0];
  let i = 0;
  for (let j = 0; j < n; j++) {
    while (u > c && i < w.length - 1) {
      i++;
      c += w[i];
    }
    out[j] = belief.states[i];
    u += step;
  }
  return out;
}

/** Split particles (duplicating, dividing weights) until there are at least `min` (as the reference's ParticleBelief). */
export function splitParticles<S>(belief: ParticleBelief<S>, min: number): ParticleBelief<S> {
  let states = belief.states;
  let weights = Array.from(belief.weights);
  while (states.length < min) {
    states = [...states, ...states];
    weights = [...weights, ...weights];
  }
  return makeBelief(states, weights);
}

/** The weighted mode state (by `key`), or undefined for an empty belief. */
export function modeState<S>(belief: ParticleBelief<S>, key: (s: S) => string | number = (s) => s as unknown as number): S | undefined {
  const mass = new Map<string | number, number>();
  let best: S | undefined;
  let bestMass = -1;
  for (let i = 0; i < belief.states.length; i++) {
    const k = key(belief.states[i]);
    const m = (mass.get(k) ?? 0) + belief.weights[i];
    mass.set(k, m);
    if (m > bestMass) {
      bestMass = m;
      best = belief.states[i];
    }
  }
  return best;
}

export interface UpdateOptions<S> {
  /** 'importance' (default): step every particle once, weight by O(o|s',a). 'rejection': keep only matching simulated observations. */
  method?: 'importance' | 'rejection';
  /** Number of particles after resampling (default: the current count). */
  count?: number;
  /** Resample when ESS < threshold·N (default 0.5, as the reference). */
  resampleThreshold?: number;
  /** Max simulation attempts per wanted particle in rejection mode (default 20). */
  rejectionTries?: number;
  /** Called when the belief is empty or ESS < reinvigorateBelow·N: returns extra particles. */
  reinvigorate?: (history: History, rng: Rng, count: number) => S[];
  /** History INCLUDING the new (action, observation) pair, passed to `reinvigorate`. */
  history?: History;
  /** ESS fraction below which `reinvigorate` adds particles (default: only when empty). */
  reinvigorateBelow?: number;
}

/**
 * One particle-filter step b' ∝ O(o|s',a) Σ_s T(s'|s,a) b(s): each particle
 * is stepped with its own random number; terminal successors are dropped.
 */
export function updateBelief<S>(
  model: PomdpModel<S>,
  belief: ParticleBelief<S>,
  action: number,
  obs: Obs,
  rng: Rng,
  options: UpdateOptions<S> = {},
): BeliefUpdate<S> {
  const n = options.count ?? belief.states.length;
  const states: S[] = [];
  const weights: number[] = [];
  if ((options.method ?? 'importance') === 'importance') {
    for (let i = 0; i < belief.states.length; i++) {
      const w0 = belief.weights[i];
      if (w0 <= 0) continue;
      const out = model.step(belief.states[i], rng.next(), action);
      if (out.terminal) continue;
      const next = out.state;
      const p = model.obsProb(obs, next, action);
      if (p > 0) {
        states.push(next);
        weights.push(w0 * p);
      }
    }
  } else {
    const maxTries = n * (options.rejectionTries ?? 20);
    for (let t = 0; t < maxTries && states.length < n; t++) {
      const s = systematicPick(belief, rng);
      const out = model.step(s, rng.next(), action);
      if (!out.terminal && out.observation === obs) {
        states.push(out.state);
        weights.push(1);
      }
    }
  }
  let reinvigorated = 0;
  let total = 0;
  for (const w of weights) total += w;
  const reinv = options.reinvigorate;
  if (reinv && options.history) {
    const ess = total > 0 ? essOf(weights, total) : 0;
    const below = options.reinvigorateBelow ?? 0;
    if (states.length === 0 || total <= 0 || ess < below * n) {
      const extra = reinv(options.history, rng, n);
      // new particles get the mean weight of the existing ones (or 1 when empty)
      const w = states.length > 0 && total > 0 ? total / states.length : 1;
      for (const s of extra) {
        states.push(s);
        weights.push(w);
      }
      reinvigorated = extra.length;
      total += w * extra.length;
    }
  }
  if (states.length === 0 || !(total > 0)) {
    return { status: 'empty', reason: `no particle is consistent with action ${action} and observation ${String(obs)}` };
  }
  let b = makeBelief(states, weights);
  const ess = effectiveSampleSize(b.weights);
  let resampled = false;
  if (ess < (options.resampleThreshold ?? 0.5) * n || states.length !== n) {
    b = makeBelief(systematicResample(b, n, rng));
    resampled = true;
  }
  return { status: 'ok', belief: b, ess, resampled, reinvigorated };
}

function essOf(weights: readonly number[], total: number): number {
  let s = 0;
  for (const w of weights) s += (w / total) * (w / total);
  return 1 / s;
}

function systematicPick<S>(belief: ParticleBelief<S>, rng: Rng): S {
  let r = rng.next();
  const w = belief.weights;
  for (let i = 0; i < w.length; i++) {
    r -= w[i];
    if (r < 0) return belief.states[i];
  }
  return belief.states[belief.states.length - 1];
}

/**
 * Rebuild a belief from the initial particles by replaying a history with
 * importance weighting (the reference's fallback when the filter runs empty).
 * Returns the typed empty outcome when even that fails.
 */
export function beliefFromHistory<S>(model: PomdpModel<S>, history: History, rng: Rng, count: number): BeliefUpdate<S> {
  const init = model.initialParticles();
  let b = makeBelief(init.states, init.weights);
  b = makeBelief(systematicResample(b, count, rng));
  for (let t = 0; t < history.size; t++) {
    const r = updateBelief(model, b, history.action(t), history.observation(t), rng, { count, resampleThreshold: 1 });
    if (r.status === 'empty') return r;
    b = r.belief;
  }
  return { status: 'ok', belief: b, ess: effectiveSampleSize(b.weights), resampled: true, reinvigorated: count };
}
