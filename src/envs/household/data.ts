/**
 * Readers for the public BEHAVIOR data the household environment is built
 * from (MIT licensed, in the shared data folder): BEHAVIOR-1K scene room
 * object lists, synset properties and hypernyms, category→synset mapping,
 * activity definitions (BDDL `:init`), and the EAI BEHAVIOR PDDL problems with
 * gold plans. The folder is `$GROUNDPLAN_DATA`, else the first `shared/data`
 * found above the working directory, else the compact bundle shipped in the
 * package (`data/household`, derived by `data/household/derive.mjs`).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GroundplanError } from '../../core/errors.js';

export function householdDataDir(explicit?: string): string {
  const candidates: string[] = [];
  if (explicit) candidates.push(resolve(explicit));
  if (process.env.GROUNDPLAN_DATA) candidates.push(resolve(process.env.GROUNDPLAN_DATA));
  let dir = process.cwd();
  for (;;) {
    candidates.push(join(dir, 'shared', 'data'), join(dir, 'data'));
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  candidates.push(bundledDataDir());
  for (const c of candidates) if (existsSync(join(c, 'bddl', 'generated', 'combined_room_object_list.json'))) return c;
  throw new GroundplanError('HOUSEHOLD_DATA', `cannot find the BEHAVIOR data folder (bddl/generated/combined_room_object_list.json); set GROUNDPLAN_DATA or pass --data (looked in ${candidates.slice(0, 3).join(', ')}, ...)`);
}

/** The package's own compact copy of the data (`data/household`), found above this module. */
export function bundledDataDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const c = join(dir, 'data', 'household');
    if (existsSync(join(c, 'bddl', 'generated', 'combined_room_object_list.json'))) return c;
    const parent = dirname(dir);
    if (parent === dir) return c;
    dir = parent;
  }
}

/** Minimal RFC-4180 CSV reader (quoted fields with commas and doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface SynsetInfo {
  synset: string;
  hypernyms: string[];
  props: Record<string, boolean>;
}

export interface BehaviorData {
  dir: string;
  /** scene → room instance → category → count. */
  scenes: Record<string, Record<string, Record<string, number>>>;
  synsets: Map<string, SynsetInfo>;
  /** category (e.g. `fridge`) → synset (`electric_refrigerator.n.01`). */
  categorySynset: Map<string, string>;
}

const cache = new Map<string, BehaviorData>();

export function loadBehaviorData(dir: string = householdDataDir()): BehaviorData {
  const hit = cache.get(dir);
  if (hit) return hit;
  const gen = join(dir, 'bddl', 'generated');
  const combined = JSON.parse(readFileSync(join(gen, 'combined_room_object_list.json'), 'utf8')) as { scenes: Record<string, Record<string, Record<string, number>>> };
  const scenes: BehaviorData['scenes'] = {};
  for (const [scene, rooms] of Object.entries(combined.scenes)) {
    scenes[scene] = {};
    for (const [room, objs] of Object.entries(rooms)) {
      const cats: Record<string, number> = {};
      for (const [model, n] of Object.entries(objs)) {
        const cat = model.replace(/-[a-z0-9]+$/, '');
        cats[cat] = (cats[cat] ?? 0) + n;
      }
      scenes[scene][room] = cats;
    }
  }
  const synRows = parseCsv(readFileSync(join(gen, 'synsets.csv'), 'utf8'));
  const head = synRows[0];
  const synsets = new Map<string, SynsetInfo>();
  for (const r of synRows.slice(1)) {
    if (r.length < 3 || !r[0]) continue;
    const props: Record<string, boolean> = {};
    head.forEach((h, i) => {
      if (i >= 2 && h) props[h] = r[i] === '1';
    });
    synsets.set(r[0], { synset: r[0], hypernyms: r[1] ? r[1].split(',').map((s) => s.trim()) : [], props });
  }
  const mapRows = parseCsv(readFileSync(join(gen, 'category_mapping.csv'), 'utf8'));
  const ci = mapRows[0].indexOf('category');
  const si = mapRows[0].indexOf('synset');
  const categorySynset = new Map<string, string>();
  for (const r of mapRows.slice(1)) if (r[ci] && r[si]) categorySynset.set(r[ci], r[si]);
  const data = { dir, scenes, synsets, categorySynset };
  cache.set(dir, data);
  return data;
}

/** The synset and all its ancestors. */
export function synsetAncestors(data: BehaviorData, synset: string): Set<string> {
  const out = new Set<string>();
  const stack = [synset];
  while (stack.length > 0) {
    const s = stack.pop() as string;
    if (out.has(s)) continue;
    out.add(s);
    stack.push(...(data.synsets.get(s)?.hypernyms ?? []));
  }
  return out;
}

/** Whether a scene category (e.g. `breakfast_table`) is an instance of `synset` (e.g. `table.n.02`). */
export function categoryIsA(data: BehaviorData, category: string, synset: string): boolean {
  const s = data.categorySynset.get(category);
  return s !== undefined && synsetAncestors(data, s).has(synset);
}

/** `(inroom obj.n.01_1 kitchen)` facts of a BDDL activity: object → room type. */
export function activityInroom(dir: string, activity: string): Map<string, string> {
  const f = join(dir, 'bddl', 'activities', `${activity}.bddl`);
  const out = new Map<string, string>();
  if (!existsSync(f)) return out;
  const text = readFileSync(f, 'utf8');
  for (const m of text.matchAll(/\(inroom\s+([^\s()]+)\s+([^\s()]+)\s*\)/g)) out.set(m[1], m[2]);
  return out;
}

export interface EaiProblemFile {
  /** File name without `.pddl`, the key of the gold plan. */
  key: string;
  /** Activity name, e.g. `bottling_fruit`. */
  activity: string;
  /** BEHAVIOR scene, e.g. `Wainscott_0_int`. */
  scene: string;
  text: string;
  gold: string[];
}

export function loadEaiProblems(dir: string = householdDataDir()): EaiProblemFile[] {
  const root = join(dir, 'eai-behavior');
  const gold = JSON.parse(readFileSync(join(root, 'gold_pddl_plan.json'), 'utf8')) as Record<string, string[]>;
  const out: EaiProblemFile[] = [];
  for (const f of readdirSync(join(root, 'problems')).sort()) {
    if (!f.endsWith('.pddl')) continue;
    const key = f.slice(0, -5);
    const m = /^(.+?)_\d+_([A-Za-z]+_\d+_int|Rs_int)_/.exec(key);
    if (!m) continue;
    out.push({ key, activity: m[1], scene: m[2], text: readFileSync(join(root, 'problems', f), 'utf8'), gold: gold[key] ?? [] });
  }
  return out;
}

export function eaiDomainText(dir: string = householdDataDir()): string {
  return readFileSync(join(dir, 'eai-behavior', 'behavior.pddl'), 'utf8');
}
