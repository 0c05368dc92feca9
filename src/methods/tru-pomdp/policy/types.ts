/**
 * The plain-data interface between the planner and an LLM-written rollout
 * policy `nextAction(unreachedGoals, scene)` (Tru-POMDP §4.3 and appendix
 * A.2, with our own JavaScript shapes instead of the paper's C++ methods).
 * These are exactly the values a policy receives and must return; the same
 * descriptions are rendered into the `tru.policy` prompt.
 */

/** One unreached placement goal: put object `object` into area `area` (ids). */
export interface PolicyGoal {
  readonly object: number;
  readonly area: number;
}

/** One area of the scene; `id` is its index in `scene.areas`. */
export interface PolicyArea {
  readonly id: number;
  readonly name: string;
  /** Open areas show their contents and accept PICK/PLACE; closed ones need OPEN first. */
  readonly open: boolean;
  /** Ids of the objects in this area. */
  readonly objects: readonly number[];
}

/** One object; `id` is its index in `scene.objects`. */
export interface PolicyObject {
  readonly id: number;
  readonly name: string;
  /** Id of the area holding it, or -1 while the robot holds it. */
  readonly area: number;
}

/** The (hypothesized, fully known) scene a rollout is in. */
export interface PolicyScene {
  /** Area id the robot stands in front of. */
  readonly robotArea: number;
  /** Id of the object in the robot's hand, or -1 when the hand is empty. */
  readonly heldObject: number;
  readonly areas: readonly PolicyArea[];
  readonly objects: readonly PolicyObject[];
  /** Navigation cost `navCost[a][b]` between area ids (symmetric, 0 on the diagonal). */
  readonly navCost: readonly (readonly number[])[];
}

/** What `nextAction` returns. */
export type PolicyAction =
  | { readonly type: 'OPEN'; readonly area: number }
  | { readonly type: 'PICK'; readonly area: number; readonly object: number }
  | { readonly type: 'PLACE'; readonly area: number }
  | { readonly type: 'NONE' };

/** A rollout policy as a function of the plain data. */
export type NextActionFn = (unreachedGoals: readonly PolicyGoal[], scene: PolicyScene) => PolicyAction;

/** Numeric action codes on the wire between the planner and the sandbox worker. */
export const ACTION_CODE = { NONE: 0, OPEN: 1, PICK: 2, PLACE: 3, THREW: -1, GARBAGE: -2 } as const;
