/**
 * Observations: the robot sees the contents of open areas and its hand
 * (noise-free), and which areas are open; contents of closed areas are hidden.
 */
import { IN_HAND, type KitchenState, type KitchenWorld } from './state.js';

/** `seen[o]` value for an object inside a closed area. */
export const HIDDEN = -2;

export interface KitchenObservation {
  readonly robot: number;
  readonly hand: number;
  readonly open: Uint8Array;
  /** Per object: its area when that area is open, `IN_HAND`, or `HIDDEN`. */
  readonly seen: Int16Array;
}

export function observe(s: KitchenState): KitchenObservation {
  const seen = new Int16Array(s.objectArea.length);
  for (let o = 0; o < seen.length; o++) {
    const a = s.objectArea[o];
    seen[o] = a === IN_HAND ? IN_HAND : s.open[a] ? a : HIDDEN;
  }
  return { robot: s.robot, hand: s.hand, open: s.open.slice(), seen };
}

/** Canonical key: equal keys ⇔ equal observations. */
export function observationKey(z: KitchenObservation): string {
  let k = `${z.robot}|${z.hand}|`;
  for (let i = 0; i < z.open.length; i++) k += z.open[i] ? '1' : '0';
  k += '|';
  for (let i = 0; i < z.seen.length; i++) k += `${z.seen[i]},`;
  return k;
}

export function observationsEqual(a: KitchenObservation, b: KitchenObservation): boolean {
  return observationKey(a) === observationKey(b);
}

/** An observation by names (for prompts, logs and the CLI). */
export interface NamedObservation {
  robotAt: string;
  inHand: string | null;
  openAreas: string[];
  closedAreas: string[];
  /** Visible objects with their areas, in object order. */
  objects: Array<{ object: string; area: string }>;
}

export function describeObservation(world: KitchenWorld, z: KitchenObservation): NamedObservation {
  const areas = world.layout.areas;
  const openAreas: string[] = [];
  const closedAreas: string[] = [];
  for (let a = 0; a < areas.length; a++) (z.open[a] ? openAreas : closedAreas).push(areas[a]);
  const objects: Array<{ object: string; area: string }> = [];
  for (let o = 0; o < z.seen.length; o++) if (z.seen[o] >= 0) objects.push({ object: world.objects[o], area: areas[z.seen[o]] });
  return { robotAt: areas[z.robot], inHand: z.hand >= 0 ? world.objects[z.hand] : null, openAreas, closedAreas, objects };
}
