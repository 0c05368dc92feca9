/**
 * Semantic states produced by running appliances (GAVEL §IV-E: "appliance
 * operation can induce semantic states such as cooked, washed, or dried").
 * One table entry per appliance kind: which objects it acts on and which
 * flag it sets. Effects are applied after every step (`settle`), so an
 * object placed on a stove that is already on becomes cooked as well.
 */
import type { Scene } from './scene.js';
import type { WorldState } from './state.js';
import type { ApplianceKind, Flag } from './types.js';

export interface ApplianceSpec {
  /** The flag it gives to what it acts on. */
  produces: Flag;
  /** `inside`: objects in it; `on_top`: objects on it; `both`. Transitive (a pan on a stove, food in the pan). */
  acts: 'inside' | 'on_top' | 'both';
  /** It has a door that must be closed to switch it on and while it works. */
  door: boolean;
  /** Vessels (containers/surfaces) do not get this flag (a pan is not cooked). */
  skipVessels: boolean;
}

export const APPLIANCES: Record<Exclude<ApplianceKind, 'other'>, ApplianceSpec> = {
  dishwasher: { produces: 'washed', acts: 'inside', door: true, skipVessels: false },
  washer: { produces: 'washed', acts: 'inside', door: true, skipVessels: false },
  sink: { produces: 'washed', acts: 'both', door: false, skipVessels: false },
  dryer: { produces: 'dried', acts: 'inside', door: true, skipVessels: false },
  stove: { produces: 'cooked', acts: 'on_top', door: false, skipVessels: true },
  oven: { produces: 'cooked', acts: 'inside', door: true, skipVessels: true },
  microwave: { produces: 'cooked', acts: 'inside', door: true, skipVessels: true },
};

export function applianceSpec(scene: Scene, id: string): ApplianceSpec | undefined {
  const kind = scene.objects.get(id)?.appliance;
  return kind && kind !== 'other' ? APPLIANCES[kind] : undefined;
}

/** True if the appliance's door must be closed before it runs and it is open. */
export function doorBlocks(scene: Scene, state: WorldState, id: string): boolean {
  const spec = applianceSpec(scene, id);
  return spec !== undefined && spec.door && scene.affords(id, 'openable') && state.flag(id, 'open');
}

/** Objects an appliance acts on: directly and transitively in/on it. */
export function applianceContents(state: WorldState, id: string, spec: ApplianceSpec): string[] {
  const first: string[] = [];
  if (spec.acts !== 'on_top') first.push(...state.subjects('object_inside', id));
  if (spec.acts !== 'inside') first.push(...state.subjects('on_top', id));
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [...first];
  while (stack.length > 0) {
    const o = stack.pop() as string;
    if (seen.has(o)) continue;
    seen.add(o);
    out.push(o);
    stack.push(...state.subjects('object_inside', o), ...state.subjects('on_top', o));
  }
  return out;
}

/** Applies every running appliance's effect; returns the flags newly set, as `flag(object)`. */
export function settle(scene: Scene, state: WorldState): string[] {
  const changes: string[] = [];
  for (const obj of scene.objects.values()) {
    if (!obj.appliance || obj.appliance === 'other' || !state.flag(obj.id, 'toggled')) continue;
    const spec = APPLIANCES[obj.appliance];
    if (doorBlocks(scene, state, obj.id)) continue;
    for (const o of applianceContents(state, obj.id, spec)) {
      if (spec.skipVessels && (scene.affords(o, 'container') || scene.affords(o, 'surface'))) continue;
      if (!state.flag(o, spec.produces)) {
        state.setFlag(o, spec.produces, true);
        changes.push(`${spec.produces}(${o})`);
      }
    }
  }
  return changes;
}
