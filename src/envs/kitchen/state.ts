/**
 * The kitchen scene graph as a compact state: objects and areas are interned
 * (indices into a shared `KitchenWorld`), so a state is three small typed arrays
 * and two numbers and copies in a few hundred nanoseconds.
 */
import { GroundplanError } from '../../core/errors.js';
import type { KitchenLayout } from './layout.js';

/** `objectArea[o]` value for an object held by the robot. */
export const IN_HAND = -1;
/** `hand` value when the robot holds nothing. */
export const EMPTY_HAND = -1;

/** The fixed vocabulary of one task: the layout plus interned object names. */
export interface KitchenWorld {
  readonly layout: KitchenLayout;
  readonly objects: readonly string[];
  readonly objectIndex: ReadonlyMap<string, number>;
}

/**
 * One world state. Treat as immutable: `applyAction` returns a fresh copy and
 * never writes into its input. `objectArea[o]` is an area index or `IN_HAND`.
 */
export interface KitchenState {
  /** Area the robot stands in front of. */
  readonly robot: number;
  /** Held object index, or `EMPTY_HAND`. */
  readonly hand: number;
  readonly objectArea: Int16Array;
  /** 1 = open, 0 = closed, per area. */
  readonly open: Uint8Array;
}

export function makeWorld(layout: KitchenLayout, objects: readonly string[]): KitchenWorld {
  const objectIndex = new Map<string, number>();
  objects.forEach((o, i) => {
    if (objectIndex.has(o)) throw new GroundplanError('KITCHEN_WORLD', `duplicate object '${o}'`);
    objectIndex.set(o, i);
  });
  if (objects.length > 32767) throw new GroundplanError('KITCHEN_WORLD', 'too many objects');
  return { layout, objects: [...objects], objectIndex };
}

/** A deep copy (new typed arrays). */
export function cloneState(s: KitchenState): KitchenState {
  return { robot: s.robot, hand: s.hand, objectArea: s.objectArea.slice(), open: s.open.slice() };
}

export function statesEqual(a: KitchenState, b: KitchenState): boolean {
  if (a.robot !== b.robot || a.hand !== b.hand) return false;
  if (a.objectArea.length !== b.objectArea.length || a.open.length !== b.open.length) return false;
  for (let i = 0; i < a.objectArea.length; i++) if (a.objectArea[i] !== b.objectArea[i]) return false;
  for (let i = 0; i < a.open.length; i++) if (a.open[i] !== b.open[i]) return false;
  return true;
}

/** A canonical string key (for hashing/dedup in search). */
export function stateKey(s: KitchenState): string {
  let k = `${s.robot}|${s.hand}|`;
  for (let i = 0; i < s.open.length; i++) k += s.open[i] ? '1' : '0';
  k += '|';
  for (let i = 0; i < s.objectArea.length; i++) k += `${s.objectArea[i]},`;
  return k;
}

/** Objects (indices) currently in area `a`. */
export function objectsIn(s: KitchenState, a: number): number[] {
  const out: number[] = [];
  for (let o = 0; o < s.objectArea.length; o++) if (s.objectArea[o] === a) out.push(o);
  return out;
}

/** Build a state by names; areas not listed in `open` take the layout's initial status. */
export function stateFromNames(
  world: KitchenWorld,
  init: { robot: string; hand?: string; placement: ReadonlyArray<readonly [object: string, area: string]>; open?: readonly string[] },
): KitchenState {
  const area = (name: string): number => {
    const i = world.layout.areaIndex.get(name);
    if (i === undefined) throw new GroundplanError('KITCHEN_STATE', `unknown area '${name}' in kitchen ${world.layout.name}`);
    return i;
  };
  const obj = (name: string): number => {
    const i = world.objectIndex.get(name);
    if (i === undefined) throw new GroundplanError('KITCHEN_STATE', `unknown object '${name}'`);
    return i;
  };
  const objectArea = new Int16Array(world.objects.length).fill(-2);
  for (const [o, a] of init.placement) objectArea[obj(o)] = area(a);
  let hand = EMPTY_HAND;
  if (init.hand) {
    hand = obj(init.hand);
    objectArea[hand] = IN_HAND;
  }
  for (let o = 0; o < objectArea.length; o++) {
    if (objectArea[o] === -2) throw new GroundplanError('KITCHEN_STATE', `object '${world.objects[o]}' has no placement`);
  }
  const open = world.layout.initiallyOpen.slice();
  for (const a of init.open ?? []) open[area(a)] = 1;
  return { robot: area(init.robot), hand, objectArea, open };
}
