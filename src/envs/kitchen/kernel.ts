/**
 * The kitchen kernel: the one definition of the kitchen's dynamics and of
 * its planning reward (Tru-POMDP §3.2), on plain numbers, shared by the
 * environment (`actions.ts`, `reward.ts`), the Tru-POMDP search model and
 * its rollouts. The step and the reward allocate nothing (only `decode` builds action objects).
 *
 * - **Action ids** (`ActionCodec`): OPEN a → a, PLACE a → A + a,
 *   PICK o → 2A + o, NONE → 2A + O (A areas, O objects). A PICK id names the
 *   object only; it picks the object from the area where it lies.
 * - **One step** = `blocker` (the preconditions), then `applyEffects` (the
 *   effects), `moveCost` (the cost) and the robot at the action's area;
 *   `stepInPlace` is all of it on one mutable state. The split lets a caller
 *   that keeps states immutable copy only the array the action writes
 *   (`writesOpen`), and only when the action is feasible.
 * - **One planning reward** (`planningStepReward`) as a function of the step's
 *   outcome and of the number of met goal pairs before and after.
 */
import { MANIPULATION_COST, type PlanningRewardParams } from './config.js';
import { EMPTY_HAND, IN_HAND, type KitchenWorld } from './state.js';

/** The kitchen's action vocabulary (areas and objects by index); the kernel's codec numbers it. */
export type KitchenAction =
  | { readonly type: 'open'; readonly area: number }
  | { readonly type: 'pick'; readonly area: number; readonly object: number }
  | { readonly type: 'place'; readonly area: number }
  | { readonly type: 'none' };

/** One (object → target area) pair of a placement goal. */
export interface GoalPair {
  readonly object: number;
  readonly area: number;
}

/** The NONE action (re-exported by `actions.ts`). */
export const NONE_ACTION: KitchenAction = Object.freeze({ type: 'none' });

/** Action kinds (the `kind` argument of `blocker` and `applyEffects`). */
export const OPEN_KIND = 0;
export const PLACE_KIND = 1;
export const PICK_KIND = 2;
export const NONE_KIND = 3;
export type ActionKind = typeof OPEN_KIND | typeof PLACE_KIND | typeof PICK_KIND | typeof NONE_KIND;

/** `blocker` results: 0 = feasible, else why not (see `InfeasibleReason` in `actions.ts`). */
export const FEASIBLE = 0;
export const AREA_ALREADY_OPEN = 1;
export const AREA_CLOSED = 2;
export const HAND_FULL = 3;
export const HAND_EMPTY = 4;
export const OBJECT_NOT_IN_AREA = 5;

/** Step outcomes other than a cost ≥ 0: NONE, and an infeasible action (nothing changed). */
export const IDLE = -1;
export const BLOCKED = -2;

/** A state the kernel may write (`KitchenState` with writable fields). */
export interface WritableKitchenState {
  robot: number;
  hand: number;
  readonly objectArea: Int16Array;
  readonly open: Uint8Array;
}

/** Dense action ids over a world's areas and objects (see the module comment). */
export class ActionCodec {
  readonly areas: number;
  readonly objects: number;
  /** Number of ids. */
  readonly size: number;
  /** The id of NONE (the largest id). */
  readonly none: number;

  constructor(world: KitchenWorld) {
    this.areas = world.layout.areas.length;
    this.objects = world.objects.length;
    this.none = 2 * this.areas + this.objects;
    this.size = this.none + 1;
  }

  kind(id: number): ActionKind {
    if (id < this.areas) return OPEN_KIND;
    if (id < 2 * this.areas) return PLACE_KIND;
    return id < this.none ? PICK_KIND : NONE_KIND;
  }

  /**
   * The area of id's action with these placements: the area itself for OPEN
   * and PLACE, the object's area for PICK (0 when it lies in no area, an
   * infeasible pick), 0 for NONE.
   */
  area(id: number, objectArea: Int16Array): number {
    const A = this.areas;
    if (id < A) return id;
    if (id < 2 * A) return id - A;
    if (id < this.none) {
      const at = objectArea[id - 2 * A];
      return at >= 0 ? at : 0;
    }
    return 0;
  }

  /** The object of a PICK id (−1 for the other kinds). */
  object(id: number): number {
    return id >= 2 * this.areas && id < this.none ? id - 2 * this.areas : -1;
  }

  encode(a: KitchenAction): number {
    switch (a.type) {
      case 'open':
        return a.area;
      case 'place':
        return this.areas + a.area;
      case 'pick':
        return 2 * this.areas + a.object;
      case 'none':
        return this.none;
    }
  }

  /** The kitchen action of an id in state `s` (PICK takes the object's area in `s`, see `area`). */
  decode(id: number, s: { readonly objectArea: Int16Array }): KitchenAction {
    switch (this.kind(id)) {
      case OPEN_KIND:
        return { type: 'open', area: id };
      case PLACE_KIND:
        return { type: 'place', area: id - this.areas };
      case PICK_KIND:
        return { type: 'pick', area: this.area(id, s.objectArea), object: id - 2 * this.areas };
      default:
        return NONE_ACTION;
    }
  }
}

const codecs = new WeakMap<KitchenWorld, ActionCodec>();

/** The codec of a world (one per world object). */
export function codecOf(world: KitchenWorld): ActionCodec {
  let c = codecs.get(world);
  if (c === undefined) {
    c = new ActionCodec(world);
    codecs.set(world, c);
  }
  return c;
}

/**
 * The preconditions: `FEASIBLE` (0) when action (kind, area, object) can run
 * in the state with these open flags, placements and hand, else the first
 * unmet one. OPEN needs a closed area; PICK and PLACE an open area; PICK an
 * empty hand and the object in that area; PLACE a full hand. (The kernel
 * takes the state's arrays and numbers, not the state object, so that its
 * hot paths see one shape whatever object holds the state.)
 */
export function blocker(open: Uint8Array, objectArea: Int16Array, hand: number, kind: ActionKind, area: number, object: number): number {
  if (kind === NONE_KIND) return FEASIBLE;
  if (kind === OPEN_KIND) return open[area] ? AREA_ALREADY_OPEN : FEASIBLE;
  if (!open[area]) return AREA_CLOSED;
  if (kind === PLACE_KIND) return hand === EMPTY_HAND ? HAND_EMPTY : FEASIBLE;
  if (hand !== EMPTY_HAND) return HAND_FULL;
  return objectArea[object] === area ? FEASIBLE : OBJECT_NOT_IN_AREA;
}

/** True when action `kind` writes the open flags (OPEN); PICK and PLACE write the placements. */
export function writesOpen(kind: ActionKind): boolean {
  return kind === OPEN_KIND;
}

/**
 * The effects of a feasible OPEN, PLACE or PICK (kind, area, object) on the
 * open flags and placements given (in place: with immutable states, pass a
 * fresh copy of `open` for OPEN, of `objectArea` for PICK/PLACE). Returns
 * the hand afterwards. The robot ends at `area`: the caller sets it, and
 * charges `moveCost` from where the robot was.
 */
export function applyEffects(open: Uint8Array, objectArea: Int16Array, hand: number, kind: ActionKind, area: number, object: number): number {
  if (kind === OPEN_KIND) {
    open[area] = 1;
    return hand;
  }
  if (kind === PLACE_KIND) {
    objectArea[hand] = area;
    return EMPTY_HAND;
  }
  objectArea[object] = IN_HAND;
  return object;
}

/** The cost of a feasible OPEN/PICK/PLACE at `area` from `robot`: navigation + the manipulation cost. */
export function moveCost(dist: Float64Array, numAreas: number, robot: number, area: number): number {
  return dist[robot * numAreas + area] + MANIPULATION_COST;
}

/** Pairs of `pairs` met by these placements. */
export function metCount(objectArea: Int16Array, pairs: readonly GoalPair[]): number {
  let n = 0;
  for (const p of pairs) if (objectArea[p.object] === p.area) n++;
  return n;
}

/** One step of action `id` on `s` in place: its cost, `IDLE` (NONE) or `BLOCKED` (infeasible; `s` unchanged). */
export function stepInPlace(codec: ActionCodec, dist: Float64Array, s: WritableKitchenState, id: number): number {
  const kind = codec.kind(id);
  if (kind === NONE_KIND) return IDLE;
  const open = s.open;
  const objectArea = s.objectArea;
  const area = codec.area(id, objectArea);
  const object = id - 2 * codec.areas;
  if (blocker(open, objectArea, s.hand, kind, area, object) !== FEASIBLE) return BLOCKED;
  const cost = moveCost(dist, codec.areas, s.robot, area);
  s.hand = applyEffects(open, objectArea, s.hand, kind, area, object);
  s.robot = area;
  return cost;
}

/**
 * The planning reward of one step relative to ONE placement goal of `len`
 * pairs, `before` and `after` of them met (Tru-POMDP §3.2; see `reward.ts`):
 * NONE → `none`; infeasible → `infeasible`; otherwise −cost, then `subgoal`
 * if the met count rose, `subgoalUndone` if it fell, and `goal` more when
 * the goal becomes fully met. `outcome` is the step's cost, `IDLE` or `BLOCKED`.
 */
export function planningStepReward(R: Readonly<PlanningRewardParams>, outcome: number, before: number, after: number, len: number): number {
  if (outcome === IDLE) return R.none;
  if (outcome === BLOCKED) return R.infeasible;
  let r = 0 - outcome;
  if (after > before) r += R.subgoal;
  else if (after < before) r += R.subgoalUndone;
  if (before !== len && after === len) r += R.goal;
  return r;
}
