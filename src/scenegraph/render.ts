/**
 * A compact text rendering of the believed scene graph for prompts (the
 * planner "receives the believed graph G_0 and the beliefs B_0", §IV-D):
 * rooms with their doors, each room's objects with relations, flags and
 * affordances, the robot, and for uncertain objects their most likely rooms
 * instead of their true place.
 */
import type { RoomBelief } from './belief.js';
import type { Scene } from './scene.js';
import type { WorldState } from './state.js';

export interface RenderOptions {
  /** Objects whose place is unknown: shown only with their belief (and hidden from rooms). */
  beliefs?: ReadonlyMap<string, RoomBelief>;
  /** How many rooms of each belief to list (default 3). */
  topRooms?: number;
  state?: WorldState;
}

const AFF_SHORT: Record<string, string> = { openable: 'openable', toggleable: 'switchable', graspable: 'graspable', container: 'container', surface: 'surface' };

export function renderScene(scene: Scene, opts: RenderOptions = {}): string {
  const state = opts.state ?? scene.initialState();
  const hidden = opts.beliefs ?? new Map<string, RoomBelief>();
  const lines: string[] = [];
  lines.push('Rooms (type, area m², doors to):');
  for (const r of scene.rooms.values()) {
    const doors = scene.neighbours(r.id).join(', ');
    lines.push(`- ${r.id} (${r.type}, ${r.area} m²) doors: ${doors || 'none'}`);
  }
  const where = (o: string): string => {
    const parts: string[] = [];
    for (const rel of ['object_inside', 'on_top', 'under'] as const) for (const b of state.targets(rel, o)) parts.push(`${rel === 'object_inside' ? 'inside' : rel === 'on_top' ? 'on' : 'under'} ${b}`);
    const next = state.targets('next_to', o);
    if (next.length > 0) parts.push(`next to ${next.join(', ')}`);
    return parts.join('; ');
  };
  lines.push('Objects by room:');
  for (const r of scene.rooms.values()) {
    const here = [...scene.objects.values()].filter((o) => state.roomOf(o.id) === r.id && !hidden.has(o.id) && state.robot.holding !== o.id);
    if (here.length === 0) continue;
    lines.push(`- ${r.id}:`);
    for (const o of here) {
      const aff = o.affordances.map((a) => AFF_SHORT[a]).join(', ');
      const flags = state.flagsOf(o.id);
      const w = where(o.id);
      lines.push(`  - ${o.id} [${o.category}${aff ? `; ${aff}` : ''}${o.appliance && o.appliance !== 'other' ? `; ${o.appliance}` : ''}]${w ? ` ${w}` : ''}${flags.length ? ` (${flags.join(', ')})` : ''}`);
    }
  }
  if (hidden.size > 0) {
    lines.push('Objects not yet seen (room beliefs):');
    for (const [o, b] of hidden) {
      const top = [...b.entries()].sort((x, y) => y[1] - x[1]).slice(0, opts.topRooms ?? 3);
      const cat = scene.objects.get(o)?.category ?? o;
      lines.push(`- ${o} [${cat}]: ${top.map(([r, p]) => `${r} ${(100 * p).toFixed(0)}%`).join(', ')}`);
    }
  }
  const rb = state.robot;
  lines.push(`Robot: in ${rb.room}${rb.near ? `, near ${rb.near}` : ''}, ${rb.holding ? `holding ${rb.holding}` : 'hand empty'}.`);
  return lines.join('\n');
}
