/**
 * A scene: the known room layout (rooms with types, areas and connections),
 * the objects with their categories and affordances, and the initial graph
 * state. Room-to-room distances D(·,·) are shortest paths over the room graph.
 */
import { GroundplanError } from '../core/errors.js';
import { WorldState } from './state.js';
import type { Affordance, Room, RoomConnection, SceneObject } from './types.js';

export class Scene {
  readonly name: string;
  readonly rooms: ReadonlyMap<string, Room>;
  readonly objects: ReadonlyMap<string, SceneObject>;
  readonly connections: readonly RoomConnection[];
  private readonly initial: WorldState;
  private readonly dist: Map<string, Map<string, number>>;

  constructor(name: string, rooms: Room[], connections: RoomConnection[], objects: SceneObject[], initial: WorldState) {
    this.name = name;
    this.rooms = new Map(rooms.map((r) => [r.id, r]));
    this.objects = new Map(objects.map((o) => [o.id, o]));
    this.connections = connections;
    this.initial = initial;
    for (const o of objects) {
      if (this.rooms.has(o.id)) throw new GroundplanError('SCENE_ID', `id '${o.id}' names both a room and an object`);
    }
    this.dist = allPairs(rooms, connections);
  }

  /** A fresh copy of the initial state G_0. */
  initialState(): WorldState {
    return this.initial.clone();
  }

  isRoom(id: string): boolean {
    return this.rooms.has(id);
  }

  isObject(id: string): boolean {
    return this.objects.has(id);
  }

  affords(id: string, a: Affordance): boolean {
    return this.objects.get(id)?.affordances.includes(a) ?? false;
  }

  /** Shortest-path distance D(r1, r2) in metres (Infinity when unreachable). */
  roomDistance(r1: string, r2: string): number {
    return this.dist.get(r1)?.get(r2) ?? Infinity;
  }

  /** Distance of moving within one room between two pieces of furniture: half the room's side. */
  intraRoomDistance(room: string): number {
    const r = this.rooms.get(room);
    return r ? 0.5 * Math.sqrt(r.area) : 0;
  }

  /** Rooms adjacent to `room` through a door. */
  neighbours(room: string): string[] {
    const out: string[] = [];
    for (const c of this.connections) {
      if (c.a === room) out.push(c.b);
      else if (c.b === room) out.push(c.a);
    }
    return out;
  }
}

function allPairs(rooms: Room[], connections: RoomConnection[]): Map<string, Map<string, number>> {
  const ids = rooms.map((r) => r.id);
  const out = new Map<string, Map<string, number>>();
  const adj = new Map<string, { to: string; w: number }[]>(ids.map((id) => [id, []]));
  for (const c of connections) {
    adj.get(c.a)?.push({ to: c.b, w: c.length });
    adj.get(c.b)?.push({ to: c.a, w: c.length });
  }
  // Dijkstra from every room (room graphs are small; a linear scan suffices).
  for (const src of ids) {
    const d = new Map<string, number>(ids.map((id) => [id, Infinity]));
    d.set(src, 0);
    const done = new Set<string>();
    for (;;) {
      let best: string | undefined;
      let bestD = Infinity;
      for (const [id, v] of d) if (!done.has(id) && v < bestD) [best, bestD] = [id, v];
      if (best === undefined) break;
      done.add(best);
      for (const e of adj.get(best) ?? []) if (bestD + e.w < (d.get(e.to) ?? Infinity)) d.set(e.to, bestD + e.w);
    }
    out.set(src, d);
  }
  return out;
}
