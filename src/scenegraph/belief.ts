/**
 * Room-location beliefs b_o(r) over unseen objects (GAVEL Eq. 3, §IV-C).
 * Initialised from room-type scores f̃_o(τ) spread uniformly over the
 * reachable rooms of each type (Eq. 10) and normalised; updated by the seed's
 * sensor model: seeing an object localizes it, searching a room without
 * seeing it removes that room from its support.
 */
import { Scene } from './scene.js';
import type { WorldState } from './state.js';

/** room id → probability (sums to 1 over its support; empty when every room was ruled out). */
export type RoomBelief = Map<string, number>;

function normalise(b: RoomBelief): RoomBelief {
  let z = 0;
  for (const p of b.values()) z += p;
  const out: RoomBelief = new Map();
  if (z <= 0) return out;
  for (const [r, p] of b) if (p > 0) out.set(r, p / z);
  return out;
}

/**
 * Eq. 10: b_o(r) ∝ f̃_o(τ(r)) / |{r' reachable : τ(r') = τ(r)}|. Types missing
 * from `typeScores` get `floor` (default 0: such rooms are excluded). Falls
 * back to uniform over reachable rooms when every score is zero.
 */
export function initialBelief(scene: Scene, typeScores: Readonly<Record<string, number>>, from?: string, floor = 0): RoomBelief {
  const rooms = [...scene.rooms.values()].filter((r) => from === undefined || Number.isFinite(scene.roomDistance(from, r.id)));
  const perType = new Map<string, number>();
  for (const r of rooms) perType.set(r.type, (perType.get(r.type) ?? 0) + 1);
  const b: RoomBelief = new Map();
  for (const r of rooms) b.set(r.id, (typeScores[r.type] ?? floor) / (perType.get(r.type) as number));
  const n = normalise(b);
  if (n.size > 0) return n;
  return new Map(rooms.map((r) => [r.id, 1 / rooms.length]));
}

/** The object was seen in `room`. */
export function localize(room: string): RoomBelief {
  return new Map([[room, 1]]);
}

/** `room` was searched and the object was not seen there. */
export function ruleOut(b: RoomBelief, room: string): RoomBelief {
  if (!b.has(room)) return b;
  const next = new Map(b);
  next.delete(room);
  return normalise(next);
}

/** Beliefs for a set of uncertain objects with the update Υ of §III-A. */
export class BeliefState {
  private readonly beliefs = new Map<string, RoomBelief>();

  set(object: string, b: RoomBelief): void {
    this.beliefs.set(object, b);
  }

  get(object: string): RoomBelief | undefined {
    return this.beliefs.get(object);
  }

  objects(): string[] {
    return [...this.beliefs.keys()];
  }

  /** The room an object is known to be in (probability 1), if localized. */
  localized(object: string): string | undefined {
    const b = this.beliefs.get(object);
    if (!b || b.size !== 1) return undefined;
    const [[r, p]] = [...b];
    return p >= 1 - 1e-12 ? r : undefined;
  }

  /** Observation after searching `room`: objects in `seen` are localized there, the others lose that room. */
  observeRoom(room: string, seen: Iterable<string>): void {
    const s = new Set(seen);
    for (const [o, b] of this.beliefs) this.beliefs.set(o, s.has(o) ? localize(room) : ruleOut(b, room));
  }

  /** The most likely room (the map estimate r̂_o used by the gavel-map variant). */
  mostLikely(object: string): string | undefined {
    let best: string | undefined;
    let bestP = -1;
    for (const [r, p] of this.beliefs.get(object) ?? []) if (p > bestP) [best, bestP] = [r, p];
    return best;
  }

  clone(): BeliefState {
    const c = new BeliefState();
    for (const [o, b] of this.beliefs) c.set(o, new Map(b));
    return c;
  }
}

/**
 * The believed graph G_t for verification before the uncertain objects are
 * found: each uncertain object, unless localized, loses its (unknown)
 * relations and is put on the floor of its most likely room; localized ones
 * keep their true place. Layout, furniture and everything else are unchanged.
 */
export function believedScene(scene: Scene, beliefs: BeliefState, from?: WorldState): Scene {
  const state = (from ?? scene.initialState()).clone();
  for (const o of beliefs.objects()) {
    if (beliefs.localized(o) !== undefined || state.robot.holding === o) continue;
    const r = beliefs.mostLikely(o);
    if (r === undefined) continue;
    for (const rel of ['object_inside', 'on_top', 'under'] as const) for (const b of state.targets(rel, o)) state.remove(rel, o, b);
    state.setRoom(o, r);
  }
  return new Scene(`${scene.name} (believed)`, [...scene.rooms.values()], [...scene.connections], [...scene.objects.values()], state);
}
