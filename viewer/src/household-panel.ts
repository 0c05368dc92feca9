/**
 * The household at one frame: an SVG map of the rooms (boxes sized by floor
 * area around their centres, doors as lines between centres), searched rooms
 * shaded, the robot's path so far and where it stands, each room's name and
 * objects (placed clear of the lines and of each other: label-layout.ts);
 * below it, a table of the objects (room, parent, relation, flags).
 */
import type { HouseholdSnapshot, Json } from '../../src/eval/types.js';
import { h, panel, pretty, svg } from './dom.js';
import { placeLabels, type Rect, type Segment } from './label-layout.js';

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

/** Text sizes of the map labels (map units; the CSS of .room-label and .obj-label says the same). */
const TITLE = { size: 0.42, weight: 600 };
const OBJ = { size: 0.34, weight: 400 };
/** Baselines in a label block: the title's, then one line per object (the font's ascent and descent are about 0.93 and 0.24 em). */
const TITLE_BASE = 0.39;
const OBJ_BASE = 0.81;
const OBJ_STEP = 0.4;
const MAX_OBJECTS = 5;

let canvas: CanvasRenderingContext2D | null | undefined;

/** The width of a label in map units, measured with the page's font (estimated where there is no canvas). */
function textWidth(text: string, font: { size: number; weight: number }): number {
  if (canvas === undefined) canvas = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  if (!canvas) return text.length * font.size * 0.62;
  canvas.font = `${font.weight} 100px ${getComputedStyle(document.body).fontFamily}`;
  return (canvas.measureText(text).width / 100) * font.size;
}

/** A room's label block: its name, then up to five objects (and how many more). */
function labelLines(id: string, objects: readonly string[]): { title: string; lines: string[]; w: number; h: number } {
  const title = pretty(id);
  const shown = objects.slice(0, MAX_OBJECTS).map((o) => `• ${pretty(o)}`);
  const lines = objects.length > shown.length ? [...shown, `+${objects.length - shown.length} more`] : shown;
  const w = Math.max(textWidth(title, TITLE), ...lines.map((l) => textWidth(l, OBJ))) + 0.1;
  const h = lines.length ? OBJ_BASE + (lines.length - 1) * OBJ_STEP + 0.1 : TITLE_BASE + 0.12;
  return { title, lines, w, h };
}

export function householdPanel(world: { [k: string]: Json }, state: HouseholdSnapshot, path: readonly string[]): HTMLElement {
  const searched = new Set(state.searched ?? []);
  const rooms = mapRooms(world, [...path, ...state.objects.map((o) => o.room), state.robot.room]);
  const at = new Map(rooms.map((r) => [r.id, r]));
  const side = (r: MapRoom): number => Math.min(5.4, Math.max(2.4, Math.sqrt(r.area)));
  const box = new Map(rooms.map((r): [string, Rect] => [r.id, { x: r.x - side(r) / 2, y: r.y - side(r) / 2, w: side(r), h: side(r) }]));
  // The robot sits in its room's lower right corner, kept free of labels.
  const corner = (r: MapRoom): [number, number] => [r.x + side(r) / 2 - 0.55, r.y + side(r) / 2 - 0.55];
  const byRoom = new Map<string, string[]>();
  for (const o of state.objects) byRoom.set(o.room, [...(byRoom.get(o.room) ?? []), o.id]);

  const doorPairs = mapDoors(world);
  const doorLines = doorPairs.filter(([a, b]) => at.has(a) && at.has(b)).map(([a, b]): Segment => [at.get(a)!.x, at.get(a)!.y, at.get(b)!.x, at.get(b)!.y]);
  const doors = doorLines.map(([x1, y1, x2, y2]) => svg('line', { class: 'door', x1, y1, x2, y2 }));
  // Three layers so the path runs over the floors but under the labels.
  const boxes = rooms.map((r) => {
    const b = box.get(r.id)!;
    const cls = ['room', searched.has(r.id) ? 'searched' : '', state.robot.room === r.id ? 'robot-here' : ''].filter(Boolean).join(' ');
    return svg('rect', { class: cls, 'data-testid': `room-${r.id}`, 'data-searched': searched.has(r.id) ? 'true' : 'false', x: b.x, y: b.y, width: b.w, height: b.h, rx: 0.25 });
  });
  const walked = path.filter((p) => at.has(p)).flatMap((p, i, all) => (i === 0 ? [p] : doorRoute(doorPairs, all[i - 1], p).slice(1)));
  const pathLines = walked.slice(1).map((p, i): Segment => [at.get(walked[i])!.x, at.get(walked[i])!.y, at.get(p)!.x, at.get(p)!.y]);
  // Labels clear of the doors and the path (which runs along the doors), of each other and of the robot.
  const blocks = new Map(rooms.map((r) => [r.id, labelLines(r.id, byRoom.get(r.id) ?? [])]));
  const places = placeLabels(
    rooms.map((r) => ({ id: r.id, w: blocks.get(r.id)!.w, h: blocks.get(r.id)!.h, room: box.get(r.id)! })),
    {
      segments: [...doorLines, ...pathLines],
      reserved: rooms.filter((r) => r.id === state.robot.room).map((r) => ({ x: corner(r)[0] - 0.4, y: corner(r)[1] - 0.4, w: 0.8, h: 0.8 })),
      rooms: [...box.values()],
    },
  );
  const labels = rooms.map((r) => {
    const { title, lines } = blocks.get(r.id)!;
    const { x, y } = places.get(r.id)!;
    return svg(
      'g',
      { class: 'map-label', 'data-testid': `map-label-${r.id}` },
      svg('text', { class: 'room-label', x: x + 0.05, y: y + TITLE_BASE }, title),
      ...lines.map((l, i) => svg('text', { class: 'obj-label', x: x + 0.05, y: y + OBJ_BASE + i * OBJ_STEP }, l)),
    );
  });
  const extent = [...box.values(), ...places.values()];
  const x0 = Math.min(...extent.map((b) => b.x)) - 0.6;
  const y0 = Math.min(...extent.map((b) => b.y)) - 0.6;
  const w = Math.max(...extent.map((b) => b.x + b.w)) + 0.6 - x0;
  const hgt = Math.max(...extent.map((b) => b.y + b.h)) + 0.6 - y0;
  const pts = walked.map((p) => `${at.get(p)!.x},${at.get(p)!.y}`);
  const robot = at.get(state.robot.room);
  const map = svg(
    'svg',
    { class: 'map', viewBox: `${x0} ${y0} ${w} ${hgt}`, role: 'img', 'aria-label': 'household map' },
    ...doors,
    ...boxes,
    svg('polyline', { class: 'path', 'data-testid': 'robot-path', 'data-rooms': path.join(' '), points: pts.join(' ') }),
    ...labels,
    robot ? svg('circle', { class: 'robot', 'data-testid': 'robot-marker', cx: corner(robot)[0], cy: corner(robot)[1], r: 0.38 }) : null,
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
