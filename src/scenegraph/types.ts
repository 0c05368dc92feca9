/**
 * The vocabulary of the typed scene graph G = (V, E, Φ) of GAVEL (§III-A):
 * rooms, objects and the robot; relations; unary flags; object affordances.
 */

/** Binary relations of the scene graph (E in Eq. 1). */
export const RELATIONS = ['room_connect', 'room_inside', 'object_inside', 'on_top', 'under', 'next_to', 'near', 'holding'] as const;
export type RelationName = (typeof RELATIONS)[number];

/** Relations between two objects that a scene file or a goal may state. */
export const OBJECT_RELATIONS = ['object_inside', 'on_top', 'under', 'next_to'] as const;
export type ObjectRelation = (typeof OBJECT_RELATIONS)[number];

/** Unary flags (Φ in Eq. 1). */
export const FLAGS = ['open', 'toggled', 'cooked', 'washed', 'dried'] as const;
export type Flag = (typeof FLAGS)[number];

/** What an object supports. `container` receives PlaceInside, `surface` PlaceOnTop. */
export const AFFORDANCES = ['openable', 'toggleable', 'graspable', 'container', 'surface'] as const;
export type Affordance = (typeof AFFORDANCES)[number];

/**
 * Appliance kinds with a modelled semantic effect while switched on (see
 * `appliances.ts`); `other` is a toggleable device without one (a lamp, a TV).
 */
export const APPLIANCE_KINDS = ['dishwasher', 'sink', 'washer', 'dryer', 'stove', 'oven', 'microwave', 'other'] as const;
export type ApplianceKind = (typeof APPLIANCE_KINDS)[number];

export interface Room {
  id: string;
  /** Semantic room type τ(r), e.g. `kitchen`, `living_room`. */
  type: string;
  /** Traversable area A_trav(r) in m² (search cost s(r) = A_trav / w_cov). */
  area: number;
  /** Room centre in metres (used for distances when a connection has no length). */
  center?: [number, number];
}

export interface RoomConnection {
  a: string;
  b: string;
  /** Walking distance between the two room centres through the door, metres. */
  length: number;
}

export interface SceneObject {
  id: string;
  /** Category c(o), e.g. `apple`, `electric_refrigerator`. */
  category: string;
  affordances: Affordance[];
  appliance?: ApplianceKind;
  /** Switching it on creates a restoration obligation (it must be switched off). */
  safetyCritical: boolean;
}

/** A relation instance between two objects. */
export interface RelationFact {
  rel: ObjectRelation;
  a: string;
  b: string;
}

/** The robot ρ: where it is, what it is near (at most one object), what it holds. */
export interface RobotState {
  room: string;
  near: string | null;
  holding: string | null;
}

/** One grounded primitive a = (α, ξ). */
export interface PlanStep {
  action: string;
  args: string[];
}

/** A goal literal: a relation or flag that must (or, negated, must not) hold. */
export type GoalLiteral =
  | { kind: 'relation'; rel: ObjectRelation; a: string; b: string; negated?: boolean }
  | { kind: 'room'; object: string; room: string; negated?: boolean }
  | { kind: 'flag'; flag: Flag; object: string; negated?: boolean }
  | { kind: 'holding'; object: string; negated?: boolean };

/** A partial-graph goal g: a conjunction of literals. */
export interface Goal {
  literals: GoalLiteral[];
}

export function formatStep(step: PlanStep): string {
  return `${step.action}(${step.args.join(', ')})`;
}

export function formatLiteral(l: GoalLiteral): string {
  let s: string;
  switch (l.kind) {
    case 'relation':
      s = `${l.rel}(${l.a}, ${l.b})`;
      break;
    case 'room':
      s = `room_inside(${l.object}, ${l.room})`;
      break;
    case 'flag':
      s = `${l.flag}(${l.object})`;
      break;
    case 'holding':
      s = `holding(${l.object})`;
      break;
  }
  return l.negated ? `not ${s}` : s;
}
