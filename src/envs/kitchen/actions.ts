/**
 * Kitchen actions and deterministic dynamics (Tru-POMDP section 3.2):
 * OPEN(area) opens a closed area; PICK(area, object) takes an object from an
 * open area into the empty hand; PLACE(area) puts the held object into an open
 * area; NONE does nothing. Moving is implicit: a feasible OPEN/PICK/PLACE first
 * moves the robot to the action's area at its navigation cost. An infeasible
 * action changes nothing (the robot does not move either). The preconditions
 * and effects are the kernel's (`kernel.ts`); this file is the action objects,
 * their names and the immutable transition the environment uses.
 */
import { GroundplanError } from '../../core/errors.js';
import {
  AREA_ALREADY_OPEN,
  AREA_CLOSED,
  FEASIBLE,
  HAND_EMPTY,
  HAND_FULL,
  NONE_ACTION,
  NONE_KIND,
  OBJECT_NOT_IN_AREA,
  OPEN_KIND,
  PICK_KIND,
  PLACE_KIND,
  applyEffects,
  blocker,
  codecOf,
  moveCost,
  writesOpen,
  type ActionKind,
  type KitchenAction,
} from './kernel.js';
import { navCost } from './layout.js';
import type { KitchenState, KitchenWorld } from './state.js';

export type { KitchenAction } from './kernel.js';

export const NONE: KitchenAction = NONE_ACTION;

/** Why an action is infeasible in a state, or `undefined` when it is feasible. */
export type InfeasibleReason =
  | 'area-already-open'
  | 'area-closed'
  | 'hand-full'
  | 'hand-empty'
  | 'object-not-in-area'
  /** An answer that names no executable action (unparseable, unknown area or object); see `KitchenEpisode.invalid`. */
  | 'invalid-action';

/** The reason of a kernel `blocker` code. */
function reasonOf(code: number): InfeasibleReason | undefined {
  switch (code) {
    case AREA_ALREADY_OPEN:
      return 'area-already-open';
    case AREA_CLOSED:
      return 'area-closed';
    case HAND_FULL:
      return 'hand-full';
    case HAND_EMPTY:
      return 'hand-empty';
    case OBJECT_NOT_IN_AREA:
      return 'object-not-in-area';
    default:
      return undefined;
  }
}

const KINDS: Readonly<Record<KitchenAction['type'], ActionKind>> = { open: OPEN_KIND, place: PLACE_KIND, pick: PICK_KIND, none: NONE_KIND };

/** The kernel's code for why `a` cannot run in `s` (0 = feasible); throws on indices outside the world. */
function blockerOf(s: KitchenState, a: KitchenAction): number {
  if (a.type === 'none') return FEASIBLE;
  if (!(a.area >= 0 && a.area < s.open.length) || !Number.isInteger(a.area)) {
    throw new GroundplanError('KITCHEN_ACTION', `action ${a.type.toUpperCase()} names area index ${a.area}, outside 0..${s.open.length - 1}`);
  }
  if (a.type === 'pick' && (!(a.object >= 0 && a.object < s.objectArea.length) || !Number.isInteger(a.object))) {
    throw new GroundplanError('KITCHEN_ACTION', `action PICK names object index ${a.object}, outside 0..${s.objectArea.length - 1}`);
  }
  return blocker(s.open, s.objectArea, s.hand, KINDS[a.type], a.area, a.type === 'pick' ? a.object : -1);
}

/**
 * Why `a` is infeasible in `s`, or undefined. Throws (misuse, not an outcome)
 * when the action names an area or object index outside the world.
 */
export function infeasibleReason(s: KitchenState, a: KitchenAction): InfeasibleReason | undefined {
  return reasonOf(blockerOf(s, a));
}

export function isFeasible(s: KitchenState, a: KitchenAction): boolean {
  return blockerOf(s, a) === FEASIBLE;
}

export interface StepResult {
  /** The next state; the very same object as the input when nothing changed. */
  readonly state: KitchenState;
  readonly feasible: boolean;
  readonly reason?: InfeasibleReason;
  /** Navigation distance travelled (0 when infeasible or NONE). */
  readonly navigation: number;
  /** Navigation + manipulation cost (0 when infeasible or NONE). */
  readonly cost: number;
}

/** Navigation + manipulation cost of a feasible action from `s` (0 for NONE). */
export function actionCost(world: KitchenWorld, s: KitchenState, a: KitchenAction): number {
  if (a.type === 'none') return 0;
  return moveCost(world.layout.dist, world.layout.areas.length, s.robot, a.area);
}

/** The transition function (the kernel's step on a fresh copy). Pure: never mutates `s`. */
export function applyAction(world: KitchenWorld, s: KitchenState, a: KitchenAction): StepResult {
  const code = blockerOf(s, a);
  if (code !== FEASIBLE) return { state: s, feasible: false, reason: reasonOf(code), navigation: 0, cost: 0 };
  if (a.type === 'none') return { state: s, feasible: true, navigation: 0, cost: 0 };
  const kind = KINDS[a.type];
  const opens = writesOpen(kind);
  const objectArea = opens ? s.objectArea : s.objectArea.slice();
  const open = opens ? s.open.slice() : s.open;
  const hand = applyEffects(open, objectArea, s.hand, kind, a.area, a.type === 'pick' ? a.object : -1);
  const navigation = navCost(world.layout, s.robot, a.area);
  const cost = moveCost(world.layout.dist, world.layout.areas.length, s.robot, a.area);
  const next: KitchenState = { robot: a.area, hand, objectArea, open };
  return { state: next, feasible: true, navigation, cost };
}

/**
 * Every feasible action in `s` except NONE, in action-id order: OPEN of each
 * closed area, then PICK of each object in an open area (hand empty) or
 * PLACE into each open area (hand full).
 */
export function feasibleActions(world: KitchenWorld, s: KitchenState): KitchenAction[] {
  const codec = codecOf(world);
  const out: KitchenAction[] = [];
  for (let id = 0; id < codec.none; id++) {
    if (blocker(s.open, s.objectArea, s.hand, codec.kind(id), codec.area(id, s.objectArea), codec.object(id)) === FEASIBLE) out.push(codec.decode(id, s));
  }
  return out;
}

export function actionsEqual(x: KitchenAction, y: KitchenAction): boolean {
  if (x.type !== y.type) return false;
  if (x.type === 'none' || y.type === 'none') return true;
  if (x.area !== y.area) return false;
  return x.type !== 'pick' || y.type !== 'pick' || x.object === y.object;
}

/** `OPEN(Fridge_Cooler_Layer)`, `PICK(Prep_Surface, milk_1)`, `PLACE(Human_Hand)`, `NONE`. */
export function formatAction(world: KitchenWorld, a: KitchenAction): string {
  const areas = world.layout.areas;
  switch (a.type) {
    case 'none':
      return 'NONE';
    case 'open':
      return `OPEN(${areas[a.area]})`;
    case 'pick':
      return `PICK(${areas[a.area]}, ${world.objects[a.object]})`;
    case 'place':
      return `PLACE(${areas[a.area]})`;
  }
}

/** Parse the `formatAction` syntax (case-insensitive verb); throws on unknown names. */
export function parseAction(world: KitchenWorld, text: string): KitchenAction {
  const m = /^\s*([A-Za-z]+)\s*(?:\(\s*([^,()]*?)\s*(?:,\s*([^,()]*?)\s*)?\))?\s*$/.exec(text);
  if (!m) throw new GroundplanError('KITCHEN_ACTION', `cannot parse action '${text}'`);
  const verb = m[1].toLowerCase();
  const area = (name: string | undefined): number => {
    const i = name === undefined ? undefined : world.layout.areaIndex.get(name);
    if (i === undefined) throw new GroundplanError('KITCHEN_ACTION', `unknown area '${name ?? ''}' in action '${text}'`);
    return i;
  };
  if (verb === 'none' && m[2] === undefined) return NONE;
  if (verb === 'open' && m[3] === undefined) return { type: 'open', area: area(m[2]) };
  if (verb === 'place' && m[3] === undefined) return { type: 'place', area: area(m[2]) };
  if (verb === 'pick' && m[3] !== undefined) {
    const o = world.objectIndex.get(m[3]);
    if (o === undefined) throw new GroundplanError('KITCHEN_ACTION', `unknown object '${m[3]}' in action '${text}'`);
    return { type: 'pick', area: area(m[2]), object: o };
  }
  throw new GroundplanError('KITCHEN_ACTION', `cannot parse action '${text}'`);
}
