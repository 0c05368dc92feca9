/**
 * Real placement statistics from the 1,016 BEHAVIOR-1K activity definitions:
 * every `:init` fact `(ontop x y)` / `(inside x y)` whose support y (directly
 * or through a chain of supports) has `(inroom y <room type>)` gives one
 * sample "an x rests on/in a y in a <room type>". Used to place the small
 * objects of generated errands and as a room-type prior.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BehaviorData } from './data.js';

export interface PlacementSample {
  /** Synset of the placed object, e.g. `apple.n.01`. */
  object: string;
  rel: 'on_top' | 'object_inside' | 'floor';
  /** Synset of the support (`floor.n.01` for the floor). */
  support: string;
  roomType: string;
  activity: string;
}

const instSynset = (inst: string): string => inst.replace(/_(\d+|\*)$/, '');

const cache = new Map<string, PlacementSample[]>();

export function activityPlacements(data: BehaviorData): PlacementSample[] {
  const hit = cache.get(data.dir);
  if (hit) return hit;
  const dir = join(data.dir, 'bddl', 'activities');
  const out: PlacementSample[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.bddl')) continue;
    const text = readFileSync(join(dir, f), 'utf8');
    const start = text.indexOf('(:init');
    const end = text.indexOf('(:goal');
    if (start < 0) continue;
    const init = text.slice(start, end < 0 ? undefined : end);
    const inroom = new Map<string, string>();
    for (const m of init.matchAll(/\(inroom\s+(\S+)\s+(\w+)\s*\)/g)) inroom.set(m[1], m[2]);
    const support = new Map<string, { rel: 'on_top' | 'object_inside'; b: string }>();
    for (const m of init.matchAll(/\((ontop|inside)\s+(\S+)\s+([^\s)]+)\s*\)/g)) {
      if (!support.has(m[2])) support.set(m[2], { rel: m[1] === 'ontop' ? 'on_top' : 'object_inside', b: m[3] });
    }
    const roomOf = (x: string, depth: number): string | undefined => {
      const r = inroom.get(x);
      if (r) return r;
      const s = support.get(x);
      return s && depth < 6 ? roomOf(s.b, depth + 1) : undefined;
    };
    const activity = f.slice(0, -5);
    for (const [a, s] of support) {
      if (a.startsWith('agent.') || inroom.has(a)) continue;
      const room = roomOf(s.b, 0);
      if (!room) continue;
      const sup = instSynset(s.b);
      out.push({ object: instSynset(a), rel: sup === 'floor.n.01' ? 'floor' : s.rel, support: sup, roomType: room, activity });
    }
  }
  cache.set(data.dir, out);
  return out;
}
