/**
 * Goal semantics: a goal set is an OR over alternatives, each an AND of
 * (object → target area) pairs. Success when any alternative is fully met;
 * objects not named in the met alternative may be anywhere.
 */
import { metCount, type GoalPair } from './kernel.js';
import type { KitchenState } from './state.js';

export type { GoalPair } from './kernel.js';
/** One placement goal p_i: all pairs must hold. */
export type GoalAlternative = readonly GoalPair[];
/** The goal set 𝒫: one satisfied alternative suffices. */
export type GoalSet = readonly GoalAlternative[];

export function pairMet(s: KitchenState, p: GoalPair): boolean {
  return s.objectArea[p.object] === p.area;
}

/** Number of pairs of `alt` that hold in `s`. */
export function countMet(s: KitchenState, alt: GoalAlternative): number {
  return metCount(s.objectArea, alt);
}

export function alternativeSatisfied(s: KitchenState, alt: GoalAlternative): boolean {
  for (const p of alt) if (s.objectArea[p.object] !== p.area) return false;
  return true;
}

export function goalSatisfied(s: KitchenState, goals: GoalSet): boolean {
  for (const alt of goals) if (alternativeSatisfied(s, alt)) return true;
  return false;
}

/** Index of the first satisfied alternative, or -1. */
export function satisfiedAlternative(s: KitchenState, goals: GoalSet): number {
  return goals.findIndex((alt) => alternativeSatisfied(s, alt));
}
