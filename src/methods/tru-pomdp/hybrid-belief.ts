/**
 * Hybrid belief update (Tru-POMDP §4.2): predict every particle with the
 * executed action (deterministic transition), eliminate those whose visible
 * scene contradicts the observation, and when the surviving weight w_BF drops
 * below 1 − ε, supplement with fresh Tree-of-Hypotheses particles scaled by
 * (1 − w_BF). A surviving particle whose goal is met while the task is still
 * running is a *failed goal state*: it is removed and reported, and informs
 * the next hypothesis query.
 */
import { alternativeSatisfied, applyAction, type KitchenAction, type KitchenObservation, type KitchenWorld } from '../../envs/kitchen/index.js';
import { reconcile, type AgentWorld, type Particle } from './agent-world.js';

/** A weighted particle set; `weights` sum to 1 (or the set is empty). */
export interface Belief {
  particles: Particle[];
  weights: number[];
}

export const EMPTY_BELIEF: Belief = Object.freeze({ particles: [], weights: [] }) as Belief;

export interface FilterResult {
  /** Survivors with their old (unnormalized) weights; they sum to w_BF. */
  particles: Particle[];
  weights: number[];
  /** w_BF: the total weight that survived. */
  survived: number;
  /** Particles removed as inconsistent with the observation. */
  eliminated: number;
  /** Goals of surviving particles that are met although the task is not done. */
  failedGoals: Particle['goal'][];
}

/** Prediction and elimination steps (the Bayesian filter with a deterministic observation model). */
export function filterBelief(
  belief: Belief,
  action: KitchenAction,
  z: KitchenObservation,
  aw: AgentWorld,
  taskRunning = true,
): FilterResult {
  const world: KitchenWorld = aw.world;
  const particles: Particle[] = [];
  const weights: number[] = [];
  const failedGoals: Particle['goal'][] = [];
  let survived = 0;
  let eliminated = 0;
  belief.particles.forEach((p, i) => {
    const s = aw.pad(p.state);
    const next = applyAction(world, s, action).state;
    const r = reconcile(next, z);
    if (r === undefined) {
      eliminated++;
      return;
    }
    if (taskRunning && alternativeSatisfied(r, p.goal)) {
      failedGoals.push(p.goal);
      return;
    }
    particles.push({ state: r, goal: p.goal });
    weights.push(belief.weights[i]);
    survived += belief.weights[i];
  });
  return { particles, weights, survived, eliminated, failedGoals };
}

/** Normalize a weighted set (empty stays empty). */
export function normalizeBelief(particles: Particle[], weights: number[]): Belief {
  const s = weights.reduce((a, b) => a + b, 0);
  if (particles.length === 0 || !(s > 0)) return { particles: [], weights: [] };
  return { particles, weights: weights.map((w) => w / s) };
}

/**
 * Merge: b = b_BF ∪ (1 − w_BF)·b_LLM, where b_BF keeps its unnormalized
 * weights (summing to w_BF) and b_LLM is normalized.
 */
export function supplement(filtered: { particles: Particle[]; weights: number[]; survived: number }, fresh: Belief): Belief {
  if (fresh.particles.length === 0) return normalizeBelief(filtered.particles, filtered.weights);
  const scale = 1 - Math.min(1, Math.max(0, filtered.survived));
  const particles = [...filtered.particles, ...fresh.particles];
  const weights = [...filtered.weights, ...fresh.weights.map((w) => w * scale)];
  return normalizeBelief(particles, weights);
}

/** Whether to call the Tree of Hypotheses: w_BF < 1 − ε. */
export function needsSupplement(survived: number, epsilon: number): boolean {
  return survived < 1 - epsilon - 1e-9;
}
