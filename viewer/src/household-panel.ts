/**
 * The household at one frame: an SVG map of the rooms (boxes sized by floor
 * area around their centres, doors as lines between centres), searched rooms
 * shaded, the robot's path so far and where it stands, each object's room;
 * below it, a table of the objects (room, parent, relation, flags).
 */
import type { HouseholdSnapshot, Json } from '../../src/eval/types.js';
import { h, panel, pretty, svg } from './dom.js';

interface MapRoom {
  id: string;
  type: string;
  area: number;
  x: number;
  y: number;
}

const isRecord = (v: Json | undefined): v is { [k: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

/** Rooms from `world.rooms` ({id, type?, area?, center?}); rooms without a centre go on a circle. */
export function mapRooms(world: { [k: string]: Json }, seen: readonly string[]): MapRoom[] {
  const rooms: MapRoom[] = [];
  for (const r of asList(world.rooms)) {
    if (typeof r === 'string') rooms.push({ id: r, type: r, area: 10, x: NaN, y: NaN });
    else if (isRecord(r) && typeof r.id === 'string') {
      const c = Array.isArray(r.center) ? r.center : [];
      rooms.push({ id: r.id, type: typeof r.type === 'string' ? r.type : r.id, area: typeof r.area === 'number' ? r.area : 10, x: typeof c[0] === 'number' ? c[0] : NaN, y: typeof c[1] === 'number' ? c[1] : NaN });
    }
  }
  for (const id of seen) if (!rooms.some((r) => r.id === id)) rooms.push({ id, type: id, area: 10, x: NaN, y: NaN });
  const loose = rooms.filter((r) => !Number.isFinite(r.x) || !Number.isFinite(r.y));
  loose.forEach((r, i) => {
    const t = (2 * Math.PI * i) / loose.length;
    r.x = 12 * Math.cos(t);
    r.y = 12 * Math.sin(t);
  });
  return rooms;
}

/** Door pairs from `world.doors` or `world.connections` ({a, b} or [a, b]). */
export function mapDoors(world: { [k: string]: Json }): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const d of [...asList(world.doors), ...asList(world.connections)]) {
    if (Array.isArray(d) && typeof d[0] === 'string' && typeof d[1] === 'string') out.push([d[0], d[1]]);
    else if (isRecord(d) && typeof d.a === 'string' && typeof d.b === 'string') out.push([d.a, d.b]);
  }
  return out;
}

/** Shortest room sequence from `from` to `to` over the doors (just the two when no door path is known). */
export function doorRoute(doors: ReadonlyArray<[string, string]>, from: string, to: string): string[] {
  if (from === to) return [from];
  const next = new Map<string, string[]>();
  for (const [a, b] of doors) {
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  const parent = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const r = queue.shift() as string;
    if (r === to) break;
    for (const n of next.get(r) ?? []) {
      if (!parent.has(n)) {
        parent.set(n, r);
        queue.push(n);
      }
    }
  }
  if (!parent.has(to)) return [from, to];
  const route = [to];
  while (route[0] !== from) route.unshift(parent.get(route[0]) as string);
  return route;
}

export function householdPanel(world: { [k: string]: Json }, state: HouseholdSnapshot, path: readonly string[]): HTMLElement {
  const searched = new Set(state.searched ?? []);
  const rooms = mapRooms(world, [...path, ...state.objects.map((o) => o.room), state.robot.room]);
  const at = new Map(rooms.map((r) => [r.id, r]));
  const side = (r: MapRoom): number => Math.min(5.4, Math.max(2.4, Math.sqrt(r.area)));
  const xs = rooms.flatMap((r) => [r.x - side(r) / 2, r.x + side(r) / 2]);
  const ys = rooms.flatMap((r) => [r.y - side(r) / 2, r.y + side(r) / 2]);
  const x0 = Math.min(...xs) - 0.6;
  const y0 = Math.min(...ys) - 0.6;
  const w = Math.max(...xs) + 0.6 - x0;
  const hgt = Math.max(...ys) + 0.6 - y0;
  const byRoom = new Map<string, string[]>();
  for (const o of state.objects) byRoom.set(o.room, [...(byRoom.get(o.room) ?? []), o.id]);

  const doorPairs = mapDoors(world);
  const doors = doorPairs
    .filter(([a, b]) => at.has(a) && at.has(b))
    .map(([a, b]) => svg('line', { class: 'door', x1: at.get(a)!.x, y1: at.get(a)!.y, x2: at.get(b)!.x, y2: at.get(b)!.y }));
  // Three layers so the path runs over the floors but under the labels.
  const boxes = rooms.map((r) => {
    const s = side(r);
    const cls = ['room', searched.has(r.id) ? 'searched' : '', state.robot.room === r.id ? 'robot-here' : ''].filter(Boolean).join(' ');
    return svg('rect', { class: cls, 'data-testid': `room-${r.id}`, 'data-searched': searched.has(r.id) ? 'true' : 'false', x: r.x - s / 2, y: r.y - s / 2, width: s, height: s, rx: 0.25 });
  });
  const labels = rooms.map((r) => {
    const s = side(r);
    const left = r.x - s / 2 + 0.2;
    const top = r.y - s / 2;
    const all = byRoom.get(r.id) ?? [];
    const objs = all.slice(0, 5);
    return svg(
      'g',
      {},
      svg('text', { class: 'room-label', x: left, y: top + 0.55 }, pretty(r.id)),
      ...objs.map((o, i) => svg('text', { class: 'obj-label', x: left, y: top + 1.15 + i * 0.5 }, `• ${pretty(o)}`)),
      all.length > objs.length ? svg('text', { class: 'obj-label', x: left, y: top + 1.15 + objs.length * 0.5 }, `+${all.length - objs.length} more`) : null,
    );
  });
  const walked = path.filter((p) => at.has(p)).flatMap((p, i, all) => (i === 0 ? [p] : doorRoute(doorPairs, all[i - 1], p).slice(1)));
  const pts = walked.map((p) => `${at.get(p)!.x},${at.get(p)!.y}`);
  const robot = at.get(state.robot.room);
  // The robot sits in its room's lower right corner, clear of the labels.
  const corner = robot ? side(robot) / 2 - 0.55 : 0;
  const map = svg(
    'svg',
    { class: 'map', viewBox: `${x0} ${y0} ${w} ${hgt}`, role: 'img', 'aria-label': 'household map' },
    ...doors,
    ...boxes,
    svg('polyline', { class: 'path', 'data-testid': 'robot-path', 'data-rooms': path.join(' '), points: pts.join(' ') }),
    ...labels,
    robot ? svg('circle', { class: 'robot', 'data-testid': 'robot-marker', cx: robot.x + corner, cy: robot.y + corner, r: 0.38 }) : null,
  );
  const rows = state.objects.map((o) =>
    h(
      'tr',
      { 'data-testid': `hh-object-${o.id}`, 'data-room': o.room, class: state.robot.holding === o.id ? 'held' : '' },
      h('td', {}, pretty(o.id)),
      h('td', {}, pretty(o.room)),
      h('td', {}, o.parent ? `${pretty((o.relation ?? 'in').replace(/^object_/, ''))} ${pretty(o.parent)}` : ''),
      h('td', {}, o.flags.join(', ')),
    ),
  );
  const robotLine = h(
    'div',
    { class: 'hand' },
    h('span', { class: 'label' }, 'robot in'),
    h('strong', { 'data-testid': 'robot-location' }, pretty(state.robot.room)),
    state.robot.near ? h('span', { class: 'muted' }, `near ${pretty(state.robot.near)}`) : null,
    h('span', { class: 'label' }, 'holding'),
    h('strong', { 'data-testid': 'hand', 'data-object': state.robot.holding ?? '' }, state.robot.holding ? pretty(state.robot.holding) : 'nothing'),
  );
  const legend = h('div', { class: 'legend' }, h('span', { class: 'swatch searched' }, 'searched'), h('span', { class: 'swatch path' }, 'path so far'), h('span', { class: 'swatch robot' }, 'robot'));
  return panel(
    'Household (true state)',
    'world',
    robotLine,
    map,
    legend,
    h('table', { class: 'objects' }, h('thead', {}, h('tr', {}, h('th', {}, 'object'), h('th', {}, 'room'), h('th', {}, 'on / in'), h('th', {}, 'flags'))), h('tbody', {}, ...rows)),
  );
}
