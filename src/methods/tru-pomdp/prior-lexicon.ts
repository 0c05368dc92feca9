/**
 * The hand-written part of the offline `prior` model's knowledge (none of it
 * comes from BEHAVIOR-1K): how it splits and stems words, the stop words and
 * synonyms, the instruction words that signal "put away" or "hand over", the
 * names of general work surfaces, and how kitchen area names end
 * (`…_Cabinet`, `…_Drawer`, `…_Surface`, `…_Shelf`, `…_Inner_Space`,
 * `Human_Hand`) — the naming a model reads off the area names in its prompt.
 * Object names carry numeric suffixes (`pasta_jar_5`).
 */

const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'some', 'something', 'could', 'you', 'please', 'need', 'want', 'make', 'sure', 'get', 'put', 'can', 'set', 'this', 'that', 'have', 'before', 'after', 'soon', 'all', 'what', 'will', 'would', 'like', 'them', 'are', 'out', 'bit', 'few', 'one', 'any', 'nothing', 'but', 'back', 'just', 'got', 'bottle', 'box', 'bag', 'jar', 'sack', 'pack', 'package', 'carton', 'half']);

/** A few spellings that mean the same storage: frozen/freeze/freezer, cold/chill/cool(er). */
const SYNONYM: Record<string, string> = { frozen: 'freez', freeze: 'freez', freezer: 'freez', cold: 'cool', chilled: 'cool', cooler: 'cool', fridge: 'cool', refrigerator: 'cool' };

/** Lower-case word tokens of a name or instruction: at least 3 letters, no stop words, synonyms merged. */
export function tokens(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length >= 3 && !STOP.has(t))
    .map((t) => SYNONYM[t] ?? t);
}

/** Crude stemming so "snacks", "baking", "cookies" meet "snack", "bake", "cookie". */
export function stem(t: string): string {
  if (t.endsWith('ies') && t.length > 4) return `${t.slice(0, -3)}y`;
  if (t.endsWith('ing') && t.length > 5) return t.slice(0, -3);
  if (t.endsWith('es') && t.length > 4 && /(sh|ch|x|s)es$/.test(t)) return t.slice(0, -2);
  if (t.endsWith('s') && !t.endsWith('ss') && t.length > 3) return t.slice(0, -1);
  return t;
}

/** Instruction words that mean putting things away (into storage, never onto a work surface). */
export const STORE_WORDS = new Set(['away', 'store', 'cold', 'perishable', 'grocery', 'groceries', 'belong', 'tidy', 'organise', 'organize', 'fridge', 'freezer', 'leftover', 'clean']);
/** Area-name words of a general work surface ("the counter"), as opposed to a specialised station. */
export const GENERAL_SURFACES = new Set(['prep', 'meal', 'flex', 'workspace', 'counter', 'island', 'mix']);
/** Instruction words that mean handing something to the person. */
export const HAND_WORDS = new Set(['me', 'hand', 'take', 'give', 'pack', 'bring', 'carry', 'work', 'lunch', 'cup', 'drink']);

/** An object's type: its name without the numeric instance suffix. */
export function baseName(name: string): string {
  return name.replace(/_\d+$/, '');
}

export type AreaKindName = 'human_hand' | 'inner_space' | 'cabinet' | 'drawer' | 'surface' | 'shelf' | 'other';

/** Area-name endings, checked in order (inner spaces and layers before the furniture they belong to). */
const AREA_ENDINGS: ReadonlyArray<readonly [string, AreaKindName]> = [
  ['_inner_space', 'inner_space'],
  ['_layer', 'inner_space'],
  ['_cabinet', 'cabinet'],
  ['_drawer', 'drawer'],
  ['_surface', 'surface'],
  ['_shelf', 'shelf'],
];

/** What kind of place an area is, read from its name. */
export function areaKindOf(area: string): AreaKindName {
  const l = area.toLowerCase();
  if (l === 'human_hand') return 'human_hand';
  return AREA_ENDINGS.find(([ending]) => l.endsWith(ending))?.[1] ?? 'other';
}
