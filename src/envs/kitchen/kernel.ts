/**
 * The kitchen kernel: the one definition of the kitchen's dynamics and of
 * its planning reward (Tru-POMDP §3.2), on plain numbers, shared by the
 * environment (`actions.ts`, `reward.ts`), the Tru-POMDP search model and
 * its rollouts. Nothing here allocates.
 *
 * - **Action ids** (`ActionCodec`): OPEN a → a, PLACE a → A + a,
 *   PICK o → 2A + o, NONE → 2A + O (A areas, O objects). A PICK id names the
 *   object only; it picks the object from the area where it lies.
 * - **One step** = `blocker` (the preconditions) then `applyEffects` (the
 *   effects and the cost); `stepInPlace` is the two together. The split lets
 *   a caller that keeps states immutable copy only the array the action
 *   writes (`writesOpen`), and only when the action is feasible.
 * - **One planning reward** (`planningStepReward`) as a function of the step's
 *   outcome and of the number of met goal pairs before and after.
 */
import { MANIPULATION_COST, type PlanningRewardParams } from './config.js';
import { EMPTY_HAND, IN_HAND, type KitchenState, type KitchenWorld } from './state.js';
import type { KitchenAction } from './actions.js';

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
   * The area of id's action in `s`: the area itself for OPEN and PLACE, the
   * object's area for PICK (0 when it lies in no area, an infeasible pick), 0 for NONE.
   */
  area(id: number, s: { readonly objectArea: Int16Array }): number {
    const A = this.areas;
    if (id < A) return id;
    if (id < 2 * A) return id - A;
    if (id < this.none) {
      const at = s.objectArea[id - 2 * A];
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
        return { type: 'pick', area: this.area(id, s), object: id - 2 * this.areas };
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
 * in `s`, else the first unmet one. OPEN needs a closed area; PICK and PLACE
 * an open area; PICK an empty hand and the object in that area; PLACE a full hand.
 */
export function blocker(s: KitchenState, kind: ActionKind, area: number, object: number): number {
  if (kind === NONE_KIND) return FEASIBLE;
  if (kind === OPEN_KIND) return s.open[area] ? AREA_ALREADY_OPEN : FEASIBLE;
  if (!s.open[area]) return AREA_CLOSED;
  if (kind === PLACE_KIND) return s.hand === EMPTY_HAND ? HAND_EMPTY : FEASIBLE;
  if (s.hand !== EMPTY_HAND) return HAND_FULL;
  return s.objectArea[object] === area ? FEASIBLE : OBJECT_NOT_IN_AREA;
}

/** True when action `kind` writes the open flags (OPEN); PICK and PLACE write the placements. */
export function writesOpen(kind: ActionKind): boolean {
  return kind === OPEN_KIND;
}

/**
 * The effects of a feasible OPEN, PLACE or PICK (kind, area, object) from `s`,
 * written into `into`, which holds the same values as `s` on entry (it may be
 * `s` itself; with immutable states, a copy whose `open` (OPEN) or
 * `objectArea` (PICK/PLACE) array is fresh). The robot moves to `area`.
 * Returns the cost: navigation from the robot's area + the manipulation cost.
 */
export function applyEffects(dist: Float64Array, numAreas: number, s: KitchenState, kind: ActionKind, area: number, object: number, into: WritableKitchenState): number {
  const cost = dist[s.robot * numAreas + area] + MANIPULATION_COST;
  if (kind === OPEN_KIND) into.open[area] = 1;
  else if (kind === PLACE_KIND) {
    into.objectArea[s.hand] = area;
    into.hand = EMPTY_HAND;
  } else {
    into.objectArea[object] = IN_HAND;
    into.hand = object;
  }
  into.robot = area;
  return cost;
}

/** One step of action `id` on `s` in place: its cost, `IDLE` (NONE) or `BLOCKED` (infeasible; `s` unchanged). */
export function stepInPlace(codec: ActionCodec, dist: Float64Array, s: WritableKitchenState, id: number): number {
  const kind = codec.kind(id);
  if (kind === NONE_KIND) return IDLE;
  const area = codec.area(id, s);
  const object = id - 2 * codec.areas;
  if (blocker(s, kind, area, object) !== FEASIBLE) return BLOCKED;
  return applyEffects(dist, codec.areas, s, kind, area, object, s);
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
