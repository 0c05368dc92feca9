/**
 * Multi-room homes: the room instances and their furniture come from the
 * BEHAVIOR-1K scene lists (`combined_room_object_list.json`); the data has no
 * floor plans, so the geometry is synthetic and deterministic per scene:
 * room areas from typical sizes per room type (±15 %, seeded by the scene
 * name), rooms laid out on a 6 m grid in rings around a hub (a corridor,
 * entryway or living room), doors along a spanning tree of grid neighbours
 * plus hub–hub doors and a few seeded extra doors. Distances are shortest
 * paths over the door graph between room centres.
 */
import { Rng } from '../../core/rng.js';
import type { Room, RoomConnection } from '../../scenegraph/index.js';
import type { BehaviorData } from './data.js';

export interface Home {
  scene: string;
  rooms: Room[];
  connections: RoomConnection[];
  /** room id → furniture category → count (from the scene data). */
  furniture: Record<string, Record<string, number>>;
  /** The robot's start room (the hub). */
  start: string;
}

/** Typical floor areas in m² by room type (residential floor plans). */
export const TYPICAL_AREA: Record<string, number> = {
  kitchen: 14,
  living_room: 24,
  dining_room: 14,
  bedroom: 13,
  childs_room: 11,
  bathroom: 6,
  corridor: 8,
  entryway: 6,
  storage_room: 4,
  closet: 3,
  utility_room: 7,
  private_office: 11,
  garage: 30,
  playroom: 14,
  television_room: 18,
  lobby: 20,
  empty_room: 10,
};

const HUB_ORDER = ['corridor', 'entryway', 'lobby', 'living_room'];
const CELL = 6;

export const roomType = (roomId: string): string => roomId.replace(/_\d+$/, '');

/** The interior scenes (`*_int`) that have room lists. */
export function homeScenes(data: BehaviorData): string[] {
  return Object.keys(data.scenes)
    .filter((s) => s.endsWith('_int'))
    .sort();
}

function ringCells(n: number): [number, number][] {
  const out: [number, number][] = [[0, 0]];
  for (let d = 1; out.length < n; d++) {
    const ring: [number, number][] = [];
    for (let x = -d; x <= d; x++) {
      const y = d - Math.abs(x);
      ring.push([x, y]);
      if (y !== 0) ring.push([x, -y]);
    }
    ring.sort((a, b) => Math.abs(a[1]) - Math.abs(b[1]) || a[0] - b[0] || a[1] - b[1]);
    out.push(...ring);
  }
  return out.slice(0, n);
}

export function buildHome(data: BehaviorData, scene: string): Home {
  const rooms = data.scenes[scene];
  if (!rooms) throw new Error(`unknown BEHAVIOR scene '${scene}'`);
  const rng = new Rng(`home:${scene}`);
  const ids = Object.keys(rooms).sort((a, b) => {
    const ha = HUB_ORDER.indexOf(roomType(a));
    const hb = HUB_ORDER.indexOf(roomType(b));
    const ka = ha < 0 ? 99 : ha;
    const kb = hb < 0 ? 99 : hb;
    return ka - kb || a.localeCompare(b);
  });
  const cells = ringCells(ids.length);
  const cellOf = new Map<string, [number, number]>();
  const out: Room[] = ids.map((id, i) => {
    cellOf.set(id, cells[i]);
    const base = TYPICAL_AREA[roomType(id)] ?? 10;
    const area = Math.round(base * rng.uniform(0.85, 1.15) * 10) / 10;
    const jx = rng.uniform(-0.5, 0.5);
    const jy = rng.uniform(-0.5, 0.5);
    return { id, type: roomType(id), area, center: [Math.round((cells[i][0] * CELL + jx) * 100) / 100, Math.round((cells[i][1] * CELL + jy) * 100) / 100] };
  });
  const centre = new Map(out.map((r) => [r.id, r.center as [number, number]]));
  const len = (a: string, b: string): number => {
    const [ax, ay] = centre.get(a) as [number, number];
    const [bx, by] = centre.get(b) as [number, number];
    return Math.round(Math.hypot(ax - bx, ay - by) * 100) / 100;
  };
  const adjacent = (a: string, b: string): boolean => {
    const [ax, ay] = cellOf.get(a) as [number, number];
    const [bx, by] = cellOf.get(b) as [number, number];
    return Math.abs(ax - bx) + Math.abs(ay - by) === 1;
  };
  const isHub = (id: string): boolean => HUB_ORDER.includes(roomType(id));
  const edges = new Map<string, RoomConnection>();
  const addEdge = (a: string, b: string): void => {
    const k = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (!edges.has(k)) edges.set(k, { a, b, length: len(a, b) });
  };
  // Spanning tree: each room links to an earlier grid neighbour, preferring hubs, then the earliest.
  for (let i = 1; i < ids.length; i++) {
    const prev = ids.slice(0, i).filter((p) => adjacent(p, ids[i]));
    prev.sort((a, b) => Number(isHub(b)) - Number(isHub(a)) || ids.indexOf(a) - ids.indexOf(b));
    addEdge(prev[0], ids[i]);
  }
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      if (!adjacent(ids[i], ids[j])) continue;
      if ((isHub(ids[i]) && isHub(ids[j])) || rng.chance(0.2)) addEdge(ids[i], ids[j]);
    }
  }
  return { scene, rooms: out, connections: [...edges.values()], furniture: rooms, start: ids[0] };
}
