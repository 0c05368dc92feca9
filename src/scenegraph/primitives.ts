/**
 * The nine grounded primitives of GAVEL (§IV-E) as data: each entry lists its
 * parameters, a `check` returning the first violated precondition (proximity,
 * affordance, gripper state, accessibility) as a failure, and an `apply` that
 * edits the graph. A new primitive is one more entry in `PRIMITIVES`.
 */
import { doorBlocks } from './appliances.js';
import type { Scene } from './scene.js';
import type { WorldState } from './state.js';

export const FAILURE_CODES = [
  'UNKNOWN_PRIMITIVE',
  'BAD_ARITY',
  'UNKNOWN_OBJECT',
  'TARGET_IS_ROOM',
  'TARGET_HELD',
  'UNREACHABLE',
  'INSIDE_CLOSED',
  'NOT_NEAR',
  'HAND_FULL',
  'NOT_HOLDING',
  'ALREADY_HOLDING',
  'NOT_GRASPABLE',
  'NOT_SURFACE',
  'NOT_CONTAINER',
  'CONTAINER_CLOSED',
  'SAME_OBJECT',
  'NOT_OPENABLE',
  'ALREADY_OPEN',
  'ALREADY_CLOSED',
  'NOT_TOGGLEABLE',
  'ALREADY_ON',
  'ALREADY_OFF',
  'APPLIANCE_OPEN',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** Why a step cannot run: a code, a sentence, and the object that matters for repair. */
export interface Failure {
  code: FailureCode;
  message: string;
  /** The object the failure is about (the target, or the held object). */
  object?: string;
  /** For INSIDE_CLOSED / CONTAINER_CLOSED / APPLIANCE_OPEN: the closed (or open) container. */
  container?: string;
}

export interface Ctx {
  scene: Scene;
  state: WorldState;
}

/** `object`: an object id; `target`: an object or a room id. */
export type ParamKind = 'object' | 'target';

export interface PrimitiveSpec {
  params: readonly ParamKind[];
  summary: string;
  check(ctx: Ctx, args: readonly string[]): Failure | null;
  /** Applies the effect (only called when `check` passed); returns the travel distance. */
  apply(ctx: Ctx, args: readonly string[]): number;
}

const f = (code: FailureCode, message: string, object?: string, container?: string): Failure => ({
  code,
  message,
  ...(object !== undefined ? { object } : {}),
  ...(container !== undefined ? { container } : {}),
});

/**
 * The outermost closed container enclosing `o`, if any, following the support
 * chain upwards (an apple on a plate inside a closed fridge is enclosed too).
 */
export function closedEnclosure(ctx: Ctx, o: string): string | undefined {
  let found: string | undefined;
  const seen = new Set<string>();
  let frontier = [o];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const x of frontier) {
      for (const rel of ['object_inside', 'on_top', 'under'] as const) {
        for (const c of ctx.state.targets(rel, x)) {
          if (seen.has(c)) continue;
          seen.add(c);
          if (rel === 'object_inside' && ctx.scene.affords(c, 'openable') && !ctx.state.flag(c, 'open')) found = c;
          next.push(c);
        }
      }
    }
    frontier = next;
  }
  return found;
}

function roomCheck(ctx: Ctx, x: string): Failure | null {
  return ctx.scene.isRoom(x) ? f('TARGET_IS_ROOM', `'${x}' is a room; this action needs an object`, x) : null;
}

function accessible(ctx: Ctx, x: string): Failure | null {
  const c = closedEnclosure(ctx, x);
  return c ? f('INSIDE_CLOSED', `'${x}' is inside '${c}', which is closed`, x, c) : null;
}

function nearCheck(ctx: Ctx, x: string): Failure | null {
  return ctx.state.robot.near === x ? null : f('NOT_NEAR', `the robot is not near '${x}'`, x);
}

function handFree(ctx: Ctx, x: string): Failure | null {
  const h = ctx.state.robot.holding;
  return h === null ? null : f('HAND_FULL', `the robot's hand holds '${h}'`, h === x ? x : h);
}

function first(...checks: (() => Failure | null)[]): Failure | null {
  for (const c of checks) {
    const r = c();
    if (r) return r;
  }
  return null;
}

function place(rel: 'on_top' | 'object_inside') {
  return (ctx: Ctx, [o, d]: readonly string[]): number => {
    const { state } = ctx;
    state.detach(o);
    state.add(rel, o, d);
    state.robot.holding = null;
    state.setRoom(o, state.roomOf(d) ?? state.robot.room);
    return 0;
  };
}

function placeChecks(ctx: Ctx, o: string, d: string): (() => Failure | null)[] {
  return [
    () => roomCheck(ctx, o),
    () => roomCheck(ctx, d),
    () => (o === d ? f('SAME_OBJECT', `cannot place '${o}' on or in itself`, o) : null),
    () => (ctx.state.robot.holding === o ? null : f('NOT_HOLDING', `the robot does not hold '${o}'`, o)),
  ];
}

function setOpen(value: boolean) {
  return (ctx: Ctx, [o]: readonly string[]): number => {
    ctx.state.setFlag(o, 'open', value);
    return 0;
  };
}

function setToggled(value: boolean) {
  return (ctx: Ctx, [o]: readonly string[]): number => {
    ctx.state.setFlag(o, 'toggled', value);
    return 0;
  };
}

export const PRIMITIVES: Record<string, PrimitiveSpec> = {
  NavigateTo: {
    params: ['target'],
    summary: 'move next to an object (or into a room); the target must not be inside a closed container',
    check: (ctx, [t]) =>
      first(
        () => (ctx.state.robot.holding === t ? f('TARGET_HELD', `'${t}' is in the robot's hand`, t) : null),
        () => (ctx.scene.isRoom(t) ? null : accessible(ctx, t)),
        () => {
          const room = ctx.scene.isRoom(t) ? t : ctx.state.roomOf(t);
          return room !== undefined && Number.isFinite(ctx.scene.roomDistance(ctx.state.robot.room, room)) ? null : f('UNREACHABLE', `'${t}' cannot be reached from '${ctx.state.robot.room}'`, t);
        },
      ),
    apply: (ctx, [t]) => {
      const { scene, state } = ctx;
      const from = state.robot.room;
      const toRoom = scene.isRoom(t) ? t : (state.roomOf(t) as string);
      let d: number;
      if (from !== toRoom) d = scene.roomDistance(from, toRoom);
      else if (state.robot.near === t || scene.isRoom(t)) d = 0;
      else d = scene.intraRoomDistance(from);
      state.robot.room = toRoom;
      state.robot.near = scene.isRoom(t) ? null : t;
      if (state.robot.holding) state.setRoom(state.robot.holding, toRoom);
      return d;
    },
  },
  Grasp: {
    params: ['object'],
    summary: 'pick up a graspable object the robot is near, with an empty hand',
    check: (ctx, [o]) =>
      first(
        () => roomCheck(ctx, o),
        () => (ctx.scene.affords(o, 'graspable') ? null : f('NOT_GRASPABLE', `'${o}' cannot be grasped`, o)),
        () => (ctx.state.robot.holding === o ? f('ALREADY_HOLDING', `the robot already holds '${o}'`, o) : null),
        () => handFree(ctx, o),
        () => accessible(ctx, o),
        () => nearCheck(ctx, o),
      ),
    apply: ({ state }, [o]) => {
      state.detach(o);
      state.robot.holding = o;
      state.setRoom(o, state.robot.room);
      return 0;
    },
  },
  Release: {
    params: ['object'],
    summary: 'put the held object down on the floor here (next to what the robot is near)',
    check: (ctx, [o]) => first(() => roomCheck(ctx, o), () => (ctx.state.robot.holding === o ? null : f('NOT_HOLDING', `the robot does not hold '${o}'`, o))),
    apply: ({ state }, [o]) => {
      state.robot.holding = null;
      state.setRoom(o, state.robot.room);
      const near = state.robot.near;
      if (near !== null && near !== o) {
        state.add('next_to', o, near);
        state.add('next_to', near, o);
      }
      return 0;
    },
  },
  PlaceOnTop: {
    params: ['object', 'object'],
    summary: 'put the held object on a surface the robot is near',
    check: (ctx, [o, d]) =>
      first(
        ...placeChecks(ctx, o, d),
        () => (ctx.scene.affords(d, 'surface') ? null : f('NOT_SURFACE', `'${d}' has no surface to place on`, d)),
        () => accessible(ctx, d),
        () => nearCheck(ctx, d),
      ),
    apply: place('on_top'),
  },
  PlaceInside: {
    params: ['object', 'object'],
    summary: 'put the held object into a container the robot is near; an openable container must be open',
    check: (ctx, [o, d]) =>
      first(
        ...placeChecks(ctx, o, d),
        () => (ctx.scene.affords(d, 'container') ? null : f('NOT_CONTAINER', `'${d}' is not a container`, d)),
        () => accessible(ctx, d),
        () => (ctx.scene.affords(d, 'openable') && !ctx.state.flag(d, 'open') ? f('CONTAINER_CLOSED', `'${d}' is closed`, o, d) : null),
        () => nearCheck(ctx, d),
      ),
    apply: place('object_inside'),
  },
  Open: {
    params: ['object'],
    summary: 'open a closed openable object the robot is near (the hand may be full)',
    check: (ctx, [o]) =>
      first(
        () => roomCheck(ctx, o),
        () => (ctx.scene.affords(o, 'openable') ? null : f('NOT_OPENABLE', `'${o}' cannot be opened`, o)),
        () => (ctx.state.flag(o, 'open') ? f('ALREADY_OPEN', `'${o}' is already open`, o) : null),
        () => accessible(ctx, o),
        () => nearCheck(ctx, o),
      ),
    apply: setOpen(true),
  },
  Close: {
    params: ['object'],
    summary: 'close an open openable object the robot is near (the hand may be full)',
    check: (ctx, [o]) =>
      first(
        () => roomCheck(ctx, o),
        () => (ctx.scene.affords(o, 'openable') ? null : f('NOT_OPENABLE', `'${o}' cannot be closed`, o)),
        () => (ctx.state.flag(o, 'open') ? null : f('ALREADY_CLOSED', `'${o}' is already closed`, o)),
        () => nearCheck(ctx, o),
      ),
    apply: setOpen(false),
  },
  ToggleOn: {
    params: ['object'],
    summary: 'switch on a toggleable object the robot is near (the hand may be full); appliances with a door must be closed',
    check: (ctx, [o]) =>
      first(
        () => roomCheck(ctx, o),
        () => (ctx.scene.affords(o, 'toggleable') ? null : f('NOT_TOGGLEABLE', `'${o}' cannot be switched on`, o)),
        () => (ctx.state.flag(o, 'toggled') ? f('ALREADY_ON', `'${o}' is already on`, o) : null),
        () => accessible(ctx, o),
        () => nearCheck(ctx, o),
        () => (doorBlocks(ctx.scene, ctx.state, o) ? f('APPLIANCE_OPEN', `'${o}' must be closed before it runs`, o, o) : null),
      ),
    apply: setToggled(true),
  },
  ToggleOff: {
    params: ['object'],
    summary: 'switch off a toggleable object the robot is near (the hand may be full)',
    check: (ctx, [o]) =>
      first(
        () => roomCheck(ctx, o),
        () => (ctx.scene.affords(o, 'toggleable') ? null : f('NOT_TOGGLEABLE', `'${o}' cannot be switched off`, o)),
        () => (ctx.state.flag(o, 'toggled') ? null : f('ALREADY_OFF', `'${o}' is already off`, o)),
        () => nearCheck(ctx, o),
      ),
    apply: setToggled(false),
  },
};

export const PRIMITIVE_NAMES = Object.keys(PRIMITIVES);

const canonical = new Map(PRIMITIVE_NAMES.map((n) => [n.toLowerCase(), n]));
const aliases: Record<string, string> = { place_ontop: 'PlaceOnTop', navigate: 'NavigateTo', pickup: 'Grasp', pick: 'Grasp', putdown: 'Release' };

/** The canonical primitive name for `NavigateTo`, `navigate_to`, `navigateto`, ...; undefined if unknown. */
export function primitiveName(name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  return canonical.get(lower.replace(/[_\-\s]/g, '')) ?? aliases[lower];
}
