/**
 * The common face of online POMDP planners (DESPOT, POMCP): given the current
 * particle belief and the real history, choose one action and report stats.
 */
import type { ParticleBelief } from './belief.js';
import type { History } from './history.js';

/** Per-move search statistics (fields a solver does not track are 0). */
export interface SearchStats {
  /** DESPOT trials, or POMCP simulations. */
  trials: number;
  nodes: number;
  expanded: number;
  maxTrialDepth: number;
  /** Budget-clock seconds spent searching. */
  searchTime: number;
  rootLower?: number;
  rootUpper?: number;
}

export interface PlanStep {
  action: number;
  stats: SearchStats;
}

export interface Planner<S> {
  readonly name: string;
  plan(belief: ParticleBelief<S>, history: History): PlanStep;
}
