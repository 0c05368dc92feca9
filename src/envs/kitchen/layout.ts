/**
 * Kitchen layouts (the five RoboCasa kitchens of Tru-POMDP): rooms → poses →
 * furniture groups → areas with an initial `is_open`, plus undirected pose
 * edges with navigation costs. The navigation cost between two areas is the
 * shortest-path cost between their poses (Dijkstra over the pose graph); areas
 * under the same pose cost 0.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { GroundplanError, InputError } from '../../core/errors.js';
import { IssueList, IssuesError } from '../../core/issues.js';
import { parseJsonText } from '../../core/json-text.js';
import { packageDataPath } from '../../core/package-data.js';

/** The five kitchens shipped with the package. */
export const KITCHEN_NAMES = ['one_wall', 'one_wall_large', 'l_shaped', 'l_shaped_large', 'galley'] as const;
export type KitchenName = (typeof KITCHEN_NAMES)[number];

export function isKitchenName(s: string): s is KitchenName {
  return (KITCHEN_NAMES as readonly string[]).includes(s);
}

/** A loaded layout. Areas are interned: index i ↔ `areas[i]`. Immutable. */
export interface KitchenLayout {
  readonly name: string;
  /** Area names in file order. */
  readonly areas: readonly string[];
  readonly areaIndex: ReadonlyMap<string, number>;
  /** Pose names (including poses that only appear in edges, e.g. waypoints). */
  readonly poses: readonly string[];
  /** Pose index of each area. */
  readonly areaPose: Int32Array;
  /** Furniture group of each area. */
  readonly areaFurniture: readonly string[];
  /** 1 when the area starts open (surfaces, shelves), 0 when closed. */
  readonly initiallyOpen: Uint8Array;
  /** All-pairs area navigation costs, row-major `dist[a * n + b]`. */
  readonly dist: Float64Array;
  /** Largest finite navigation cost between two areas. */
  readonly maxDist: number;
}

/**
 * Area categories of the Tru-POMDP kitchens (appendix A.3): furniture inner
 * spaces, cabinets and drawers start closed; surfaces and shelves start open;
 * `Human_Hand` is where objects are handed to the person.
 */
export type AreaKind = 'inner_space' | 'cabinet' | 'drawer' | 'surface' | 'shelf' | 'human_hand' | 'other';

/** The category of an area, from its name suffix. */
export function areaKind(name: string): AreaKind {
  const l = name.toLowerCase();
  if (l === 'human_hand') return 'human_hand';
  if (l.endsWith('_inner_space') || l.endsWith('_layer')) return 'inner_space';
  if (l.endsWith('_cabinet')) return 'cabinet';
  if (l.endsWith('_drawer')) return 'drawer';
  if (l.endsWith('_surface')) return 'surface';
  if (l.endsWith('_shelf')) return 'shelf';
  return 'other';
}

/** Navigation cost between two area indices. */
export function navCost(layout: KitchenLayout, from: number, to: number): number {
  return layout.dist[from * layout.areas.length + to];
}

const areaSchema = z.object({ is_open: z.boolean(), objects: z.array(z.string()).optional() });
const rawLayoutSchema = z.object({
  room: z.record(z.string(), z.record(z.string(), z.record(z.string(), areaSchema))),
  edges: z.array(z.object({ link: z.tuple([z.string(), z.string()]), cost: z.number().nonnegative() })),
});

/** Build a layout from the raw JSON value of a layout file. */
export function parseLayout(raw: unknown, name: string, file?: string): KitchenLayout {
  const parsed = rawLayoutSchema.safeParse(raw);
  const where = file ?? name;
  if (!parsed.success) throw new IssuesError('KITCHEN_LAYOUT', where, parsed.error.issues);
  const { room, edges } = parsed.data;
  const poses: string[] = [];
  const poseIndex = new Map<string, number>();
  const internPose = (p: string): number => {
    let i = poseIndex.get(p);
    if (i === undefined) {
      i = poses.length;
      poses.push(p);
      poseIndex.set(p, i);
    }
    return i;
  };
  const areas: string[] = [];
  const areaIndex = new Map<string, number>();
  const furniture: string[] = [];
  const poseOf: number[] = [];
  const open: number[] = [];
  const issues = new IssueList();
  for (const [pose, groups] of Object.entries(room)) {
    const p = internPose(pose);
    for (const [group, members] of Object.entries(groups)) {
      for (const [area, info] of Object.entries(members)) {
        if (areaIndex.has(area)) {
          issues.add(['room', pose, group, area], `duplicate area name '${area}'`);
          continue;
        }
        areaIndex.set(area, areas.length);
        areas.push(area);
        furniture.push(group);
        poseOf.push(p);
        open.push(info.is_open ? 1 : 0);
      }
    }
  }
  issues.throwIfAny('KITCHEN_LAYOUT', where);
  const adj: Array<Array<[number, number]>> = [];
  for (const e of edges) {
    const a = internPose(e.link[0]);
    const b = internPose(e.link[1]);
    while (adj.length < poses.length) adj.push([]);
    adj[a].push([b, e.cost]);
    adj[b].push([a, e.cost]);
  }
  while (adj.length < poses.length) adj.push([]);
  const poseDist = poses.map((_, src) => dijkstra(adj, src));
  const n = areas.length;
  const dist = new Float64Array(n * n);
  let maxDist = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = poseDist[poseOf[i]][poseOf[j]];
      dist[i * n + j] = d;
      if (Number.isFinite(d) && d > maxDist) maxDist = d;
    }
  }
  return {
    name,
    areas,
    areaIndex,
    poses,
    areaPose: Int32Array.from(poseOf),
    areaFurniture: furniture,
    initiallyOpen: Uint8Array.from(open),
    dist,
    maxDist,
  };
}

/** Single-source shortest paths; O(V²) is plenty for ~12 poses. */
function dijkstra(adj: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, src: number): number[] {
  const n = adj.length;
  const d = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  d[src] = 0;
  for (let k = 0; k < n; k++) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!done[v] && (u < 0 || d[v] < d[u])) u = v;
    if (u < 0 || d[u] === Infinity) break;
    done[u] = true;
    for (const [v, w] of adj[u]) if (d[u] + w < d[v]) d[v] = d[u] + w;
  }
  return d;
}

const cache = new Map<string, KitchenLayout>();

/** Load one of the five bundled kitchens (cached; layouts are immutable). */
export function loadLayout(name: KitchenName | string): KitchenLayout {
  if (!isKitchenName(name)) {
    throw new GroundplanError('KITCHEN_UNKNOWN', `unknown kitchen '${name}' (known: ${KITCHEN_NAMES.join(', ')})`);
  }
  const hit = cache.get(name);
  if (hit) return hit;
  const file = packageDataPath('kitchens', `${name}.json`);
  const layout = loadLayoutFile(file, name);
  cache.set(name, layout);
  return layout;
}

/** Load a layout file in the RoboCasa/Tru-POMDP format from any path. */
export function loadLayoutFile(file: string, name: string): KitchenLayout {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError('KITCHEN_LAYOUT', `${file}: cannot read layout: ${(err as Error).message}`, undefined, { cause: err });
  }
  return parseLayout(parseJsonText(text, file, 'KITCHEN_LAYOUT'), name, file);
}
