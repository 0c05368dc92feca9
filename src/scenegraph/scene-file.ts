/**
 * The JSON scene file: rooms, doors, objects (with affordances), object
 * relations, flags and the robot. Validated with zod, then cross-checked:
 * every id must resolve, and the error names the JSON field path of every
 * issue found (`x.json: connections[2].b: unknown room 'hall_9'; robot.room: …`).
 */
import { z } from 'zod';
import { IssueList, IssuesError } from '../core/issues.js';
import { parseJsonText } from '../core/json-text.js';
import { Scene } from './scene.js';
import { WorldState } from './state.js';
import { AFFORDANCES, APPLIANCE_KINDS, FLAGS, OBJECT_RELATIONS, type Affordance, type ApplianceKind, type Flag, type RelationFact, type Room, type RoomConnection, type SceneObject } from './types.js';

const id = z.string().min(1);
const point = z.tuple([z.number(), z.number()]);

export const sceneFileSchema = z
  .object({
    name: z.string().optional(),
    rooms: z.array(z.object({ id, type: z.string().min(1), area: z.number().positive(), center: point.optional() }).strict()).min(1),
    connections: z.array(z.object({ a: id, b: id, length: z.number().nonnegative().optional() }).strict()).default([]),
    objects: z
      .array(
        z
          .object({
            id,
            category: z.string().min(1),
            room: id.optional(),
            affordances: z.array(z.enum(AFFORDANCES)).optional(),
            appliance: z.enum(APPLIANCE_KINDS).optional(),
            safetyCritical: z.boolean().optional(),
            flags: z.array(z.enum(FLAGS)).optional(),
          })
          .strict(),
      )
      .default([]),
    relations: z.array(z.object({ rel: z.enum(OBJECT_RELATIONS), a: id, b: id }).strict()).default([]),
    robot: z.object({ room: id, near: id.nullable().optional(), holding: id.nullable().optional() }).strict(),
  })
  .strict();

export type SceneFile = z.input<typeof sceneFileSchema>;

/** Appliances whose operation is safety-critical by default (heat and running water). */
export const SAFETY_CRITICAL_APPLIANCES: readonly ApplianceKind[] = ['stove', 'oven', 'microwave', 'sink'];

/** Parses and cross-checks a scene from JSON text. */
export function parseScene(text: string, file?: string): Scene {
  return sceneFromJson(parseJsonText(text, file ?? '<scene>', 'SCENE_FILE'), file);
}

/** Validates a parsed JSON value as a scene file and builds the scene. */
export function sceneFromJson(raw: unknown, file?: string): Scene {
  const parsed = sceneFileSchema.safeParse(raw);
  if (!parsed.success) throw new IssuesError('SCENE_FILE', file, parsed.error.issues);
  const f = parsed.data;
  // Every reference is checked and every issue collected; the rooms of objects are resolved only
  // once the references hold (the support chains need them).
  const issues = new IssueList();
  const fail = (path: readonly PropertyKey[], msg: string): void => issues.add(path, msg);
  const roomIds = new Set<string>();
  const rooms: Room[] = [];
  f.rooms.forEach((r, i) => {
    if (roomIds.has(r.id)) return fail(['rooms', i, 'id'], `duplicate room id '${r.id}'`);
    roomIds.add(r.id);
    rooms.push({ id: r.id, type: r.type, area: r.area, ...(r.center ? { center: r.center } : {}) });
  });
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const connections: RoomConnection[] = [];
  f.connections.forEach((c, i) => {
    const unknown = (['a', 'b'] as const).filter((end) => !roomIds.has(c[end]));
    for (const end of unknown) fail(['connections', i, end], `unknown room '${c[end]}'`);
    if (unknown.length > 0) return;
    if (c.a === c.b) return fail(['connections', i, 'b'], `a room cannot connect to itself ('${c.a}')`);
    let length = c.length;
    if (length === undefined) {
      const ca = roomById.get(c.a)?.center;
      const cb = roomById.get(c.b)?.center;
      if (!ca || !cb) return fail(['connections', i, 'length'], `no length given and room '${!ca ? c.a : c.b}' has no center`);
      length = Math.hypot(ca[0] - cb[0], ca[1] - cb[1]);
    }
    connections.push({ a: c.a, b: c.b, length });
  });

  const objIds = new Set<string>();
  const objects: SceneObject[] = [];
  f.objects.forEach((o, i) => {
    if (objIds.has(o.id) || roomIds.has(o.id)) fail(['objects', i, 'id'], `duplicate id '${o.id}'`);
    objIds.add(o.id);
    if (o.room !== undefined && !roomIds.has(o.room)) fail(['objects', i, 'room'], `unknown room '${o.room}'`);
    const affordances: Affordance[] = o.affordances ?? [];
    if (o.appliance !== undefined && !affordances.includes('toggleable')) fail(['objects', i, 'appliance'], `appliance '${o.id}' must be toggleable`);
    objects.push({
      id: o.id,
      category: o.category,
      affordances: [...new Set(affordances)],
      ...(o.appliance ? { appliance: o.appliance } : {}),
      safetyCritical: o.safetyCritical ?? (o.appliance !== undefined && SAFETY_CRITICAL_APPLIANCES.includes(o.appliance)),
    });
  });

  const relations: RelationFact[] = [];
  const support = new Map<string, string>();
  f.relations.forEach((r, i) => {
    const unknown = (['a', 'b'] as const).filter((end) => !objIds.has(r[end]));
    for (const end of unknown) fail(['relations', i, end], roomIds.has(r[end]) ? `'${r[end]}' is a room, not an object` : `unknown object '${r[end]}'`);
    if (unknown.length > 0) return;
    if (r.a === r.b) return fail(['relations', i, 'b'], `an object cannot be related to itself ('${r.a}')`);
    if (r.rel !== 'next_to') {
      const prev = support.get(r.a);
      if (prev === undefined) support.set(r.a, r.b);
    }
    relations.push({ rel: r.rel, a: r.a, b: r.b });
  });

  const robot = f.robot;
  if (!roomIds.has(robot.room)) fail(['robot', 'room'], `unknown room '${robot.room}'`);
  for (const k of ['near', 'holding'] as const) {
    const v = robot[k];
    if (v !== undefined && v !== null && !objIds.has(v)) fail(['robot', k], `unknown object '${v}'`);
  }
  const holding = robot.holding ?? null;
  if (holding !== null && support.has(holding)) fail(['robot', 'holding'], `held object '${holding}' also rests in or on '${support.get(holding)}'`);

  const flags: [string, Flag[]][] = [];
  f.objects.forEach((o, i) => {
    const fl = o.flags ?? [];
    const obj = objects[i];
    for (const [flag, need] of [['open', 'openable'], ['toggled', 'toggleable']] as const) {
      if (fl.includes(flag) && !obj.affordances.includes(need)) fail(['objects', i, 'flags'], `'${o.id}' is ${flag} but not ${need}`);
    }
    if (fl.length > 0) flags.push([o.id, fl]);
  });

  issues.throwIfAny('SCENE_FILE', file);

  // Each object's room: its own, or that of what it rests in/on, or the robot's when held.
  const roomOf = new Map<string, string>();
  /** The object's room; undefined when it has none, null when its support chain is a cycle (reported). */
  const resolve = (oid: string, seen: Set<string>): string | undefined | null => {
    const known = roomOf.get(oid);
    if (known) return known;
    const idx = f.objects.findIndex((o) => o.id === oid);
    const own = f.objects[idx].room;
    let r: string | undefined | null = own;
    if (r === undefined && oid === holding) r = robot.room;
    if (r === undefined) {
      const s = support.get(oid);
      if (s !== undefined) {
        if (seen.has(s)) {
          fail(['objects', idx], `support cycle through '${oid}'`);
          return null;
        }
        seen.add(oid);
        r = resolve(s, seen);
      }
    }
    if (typeof r === 'string') roomOf.set(oid, r);
    return r;
  };
  for (const [i, o] of f.objects.entries()) {
    const r = resolve(o.id, new Set([o.id]));
    if (r === null) break;
    if (r === undefined) fail(['objects', i, 'room'], `object '${o.id}' has no room and rests in/on nothing`);
  }

  issues.throwIfAny('SCENE_FILE', file);
  const state = new WorldState({ room: robot.room, near: robot.near ?? null, holding }, relations, roomOf, flags);
  return new Scene(f.name ?? file ?? 'scene', rooms, connections, objects, state);
}

/** The inverse of `sceneFromJson` for the initial state (used to write generated scenes). */
export function sceneToJson(scene: Scene): SceneFile {
  const s = scene.initialState();
  const supported = new Set(s.relations().filter((r) => r.rel !== 'next_to').map((r) => r.a));
  return {
    name: scene.name,
    rooms: [...scene.rooms.values()].map((r) => ({ ...r })),
    connections: scene.connections.map((c) => ({ ...c })),
    objects: [...scene.objects.values()].map((o) => {
      const flags = s.flagsOf(o.id);
      const room = supported.has(o.id) || s.robot.holding === o.id ? undefined : s.roomOf(o.id);
      return {
        id: o.id,
        category: o.category,
        ...(room ? { room } : {}),
        affordances: [...o.affordances],
        ...(o.appliance ? { appliance: o.appliance } : {}),
        safetyCritical: o.safetyCritical,
        ...(flags.length > 0 ? { flags } : {}),
      };
    }),
    relations: s.relations(),
    robot: { ...s.robot },
  };
}
