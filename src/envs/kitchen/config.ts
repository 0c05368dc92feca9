/**
 * Episode limits and reward constants of the kitchen rearrangement benchmark
 * (Tru-POMDP, Tang et al. 2025, sections 3.2 and 5.1).
 */

export type KitchenLevel = 'easy' | 'medium' | 'hard';
export const KITCHEN_LEVELS: readonly KitchenLevel[] = ['easy', 'medium', 'hard'];

/** Step limit per episode by difficulty. */
export const STEP_LIMITS: Readonly<Record<KitchenLevel, number>> = { easy: 25, medium: 30, hard: 35 };

/** Wall-clock limit per episode (planning included), in milliseconds. */
export const EPISODE_WALL_TIME_MS = 600_000;

/** Fixed cost of a manipulation action (OPEN, PICK, PLACE); navigation adds its distance. */
export const MANIPULATION_COST = 5;

/** Number of target objects per level: [min, max]. */
export const TARGET_COUNTS: Readonly<Record<KitchenLevel, readonly [number, number]>> = {
  easy: [2, 2],
  medium: [3, 3],
  hard: [4, 8],
};

/** Objects per task, targets and distractors together. */
export const MAX_OBJECTS = 20;

/** The planning reward (section 3.2) used inside belief-tree search. */
export interface PlanningRewardParams {
  /** Reward of an infeasible action (the action changes nothing). */
  infeasible: number;
  /** Reward of NONE (the reference implementation treats it like an infeasible action). */
  none: number;
  /** Bonus when an action increases the number of met goal pairs. */
  subgoal: number;
  /** Reward when an action decreases the number of met goal pairs (reference implementation: −250). */
  subgoalUndone: number;
  /** Bonus when the pursued goal becomes fully met (the episode then terminates). */
  goal: number;
}

export const PLANNING_REWARD: Readonly<PlanningRewardParams> = {
  infeasible: -100,
  none: -100,
  subgoal: 200,
  subgoalUndone: -250,
  goal: 200,
};

/** The evaluation reward (section 5.1): no subgoal reward, 1000 for success, −25 per infeasible action. */
export interface EvaluationRewardParams {
  infeasible: number;
  success: number;
}

export const EVALUATION_REWARD: Readonly<EvaluationRewardParams> = { infeasible: -25, success: 1000 };
