/**
 * Loose name resolution for the GAVEL paper's action language: a plan names
 * objects in the instruction's words (`tshirt`, `bowls`, `tv`), the scene
 * graph holds ids and categories (`t_shirt`, `bowl`, `standing_tv`). A name
 * resolves to an object id exactly, else to the one object whose id or
 * category is the same word up to underscores and a plural `s`, else ends
 * with the name as whole words, else has all its words in the name (the
 * closest of the three tiers that has a candidate decides); two candidates
 * resolve to nothing (no guessing). Room ids, and room types no object category
 * claims (`kitchen`, but not `toilet`), resolve to rooms.
 */
import type { Scene } from './scene.js';

export type NameRef = { kind: 'object'; id: string } | { kind: 'room'; id: string } | { kind: 'unknown' };

/** Singular form of one word-ish token (`bowls` → `bowl`, `boxes` → `box`, `berries` → `berry`). */
function singular(w: string): string {
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) return w.slice(0, -1);
  return w;
}

/** The comparison key of a name: lower case, underscores and punctuation gone, singular. */
export function nameKey(name: string): string {
  return singular(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

const words = (s: string): string[] => s.toLowerCase().trim().split(/[^a-z0-9]+/).filter(Boolean).map(singular);

/**
 * How closely `name` may denote something called `candidate`: 1 the same key
 * (`tshirt`/`t_shirt`, `bowls`/`bowl`), 2 `candidate` ends with `name` as
 * whole words (`tv`/`standing_tv`), 3 every word of `candidate` is in `name`
 * (`shampoo_water_bottle`/`shampoo_bottle`); 0 not at all.
 */
export function nameMatch(name: string, candidate: string): 0 | 1 | 2 | 3 {
  if (nameKey(name) === nameKey(candidate)) return 1;
  const n = words(name);
  const c = words(candidate);
  if (n.length > 0 && n.length < c.length && n.every((w, i) => c[c.length - n.length + i] === w)) return 2;
  if (c.length > 1 && c.length < n.length && c.every((w) => n.includes(w))) return 3;
  return 0;
}

export const sameName = (name: string, candidate: string): boolean => nameMatch(name, candidate) > 0;

const roomType = (roomId: string): string => roomId.replace(/_\d+$/, '');

/** Resolves a plan's or a goal's name against the scene. */
export function resolveName(scene: Scene, raw: string): NameRef {
  const name = raw.trim();
  if (scene.isObject(name)) return { kind: 'object', id: name };
  if (scene.isRoom(name)) return { kind: 'room', id: name };
  // The closest tier with any candidate decides; it must have exactly one.
  const tiers: Set<string>[] = [new Set(), new Set(), new Set()];
  for (const o of scene.objects.values()) {
    const m = Math.min(...[nameMatch(name, o.id), nameMatch(name, o.category)].map((x) => x || 9));
    if (m < 9) tiers[m - 1].add(o.id);
  }
  const hits = tiers.find((t) => t.size > 0) ?? new Set<string>();
  if (hits.size === 1) return { kind: 'object', id: [...hits][0] };
  if (hits.size === 0) {
    const room = [...scene.rooms.keys()].find((r) => roomType(r) === name.toLowerCase());
    if (room !== undefined) return { kind: 'room', id: room };
  }
  return { kind: 'unknown' };
}
