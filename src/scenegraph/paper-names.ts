/**
 * Loose name resolution for the GAVEL paper's action language: a plan names
 * objects in the instruction's words (`tshirt`, `bowls`, `tv`), the scene
 * graph holds ids and categories (`t_shirt`, `bowl`, `standing_tv`). A name
 * resolves to an object id exactly, else to the one object whose id or
 * category is the same word up to underscores and a plural `s`, or whose
 * category ends with the name as a whole word; two candidates resolve to
 * nothing (no guessing). Room ids, and room types no object category
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

/** Whether `name` may denote something called `candidate` (same key, or `candidate` ends with `_name`). */
export function sameName(name: string, candidate: string): boolean {
  const n = name.toLowerCase().trim();
  const c = candidate.toLowerCase();
  return nameKey(n) === nameKey(c) || (n.length > 1 && c.endsWith(`_${n.replace(/\s+/g, '_')}`));
}

const roomType = (roomId: string): string => roomId.replace(/_\d+$/, '');

/** Resolves a plan's or a goal's name against the scene. */
export function resolveName(scene: Scene, raw: string): NameRef {
  const name = raw.trim();
  if (scene.isObject(name)) return { kind: 'object', id: name };
  if (scene.isRoom(name)) return { kind: 'room', id: name };
  const hits = new Set<string>();
  for (const o of scene.objects.values()) if (sameName(name, o.id) || sameName(name, o.category)) hits.add(o.id);
  if (hits.size === 1) return { kind: 'object', id: [...hits][0] };
  if (hits.size === 0) {
    const room = [...scene.rooms.keys()].find((r) => roomType(r) === name.toLowerCase());
    if (room !== undefined) return { kind: 'room', id: room };
  }
  return { kind: 'unknown' };
}
