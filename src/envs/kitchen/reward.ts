/**
 * The two reward models of Tru-POMDP (Tang et al. 2025), as pure functions of
 * (state, action, next state, goal).
 *
 * Planning reward (section 3.2, used inside belief-tree search, relative to
 * ONE placement goal — the alternative p_s the particle pursues):
 *   infeasible action → −100 (nothing else); NONE → −100 (as in the reference
 *   implementation); otherwise −(navigation + 5), then +200 if the action
 *   increased the number of met goal pairs (a subgoal completed: the held
 *   object placed at its target area), −250 if it decreased it (a met target
 *   picked up again — the reference implementation's choice, the paper is
 *   silent), and +200 more when the whole placement goal becomes met (terminal).
 *
 * Evaluation reward (section 5.1, relative to the whole goal SET): no subgoal
 * reward; infeasible → −25; otherwise −(navigation + 5) (NONE costs 0); +1000
 * when the action makes some alternative of the goal set fully met.
 */
import { actionCost, infeasibleReason, type KitchenAction } from './actions.js';
import {
  EVALUATION_REWARD,
  PLANNING_REWARD,
  type EvaluationRewardParams,
  type PlanningRewardParams,
} from './config.js';
import { alternativeSatisfied, countMet, goalSatisfied, type GoalAlternative, type GoalSet } from './goal.js';
import { BLOCKED, IDLE, planningStepReward } from './kernel.js';
import type { KitchenState, KitchenWorld } from './state.js';

/** The kernel's planning reward (`kernel.ts`) for a step from `s` by `a` to `next`. */
export function planningReward(
  world: KitchenWorld,
  s: KitchenState,
  a: KitchenAction,
  next: KitchenState,
  goal: GoalAlternative,
  params: PlanningRewardParams = PLANNING_REWARD,
): number {
  const outcome = a.type === 'none' ? IDLE : infeasibleReason(s, a) !== undefined ? BLOCKED : actionCost(world, s, a);
  return planningStepReward(params, outcome, countMet(s, goal), countMet(next, goal), goal.length);
}

/** True when `s` is terminal for the planning model (the pursued goal is met). */
export function planningTerminal(s: KitchenState, goal: GoalAlternative): boolean {
  return alternativeSatisfied(s, goal);
}

export function evaluationReward(
  world: KitchenWorld,
  s: KitchenState,
  a: KitchenAction,
  next: KitchenState,
  goals: GoalSet,
  params: EvaluationRewardParams = EVALUATION_REWARD,
): number {
  if (infeasibleReason(s, a) !== undefined) return params.infeasible;
  let r = 0 - actionCost(world, s, a);
  if (!goalSatisfied(s, goals) && goalSatisfied(next, goals)) r += params.success;
  return r;
}
