/**
 * The GAVEL paper's action language and graph machine (seed §IV-E and the
 * paper's own benchmark): one-argument primitives `NAVIGATE_TO(x)`,
 * `GRASP(x)`, `PLACE_ON_TOP(x)`, `PLACE_INSIDE(x)` (x is the destination; the
 * held object moves), `OPEN/CLOSE(x)`, `TOGGLE_ON/OFF(x)` and `RELEASE()`.
 * Preconditions, in the paper's order:
 *
 *   NAVIGATE_TO(x)   x not inside a closed container
 *   GRASP(x)         hand empty; near(x); x graspable; x's container open
 *   PLACE_*(x)       near(x); something held; x is not the held stack; INSIDE: x open if it has a door
 *   OPEN/CLOSE(x)    near(x); x has a door          (no empty hand needed; re-opening is no fault)
 *   TOGGLE_ON/OFF(x) near(x); x has a switch        (no empty hand needed)
 *   RELEASE()        none (no argument)
 *
 * `near` is a set: NAVIGATE_TO(x) makes the robot near x, everything in or on
 * x, everything x rests in or on (standing at a bottle in the fridge is
 * standing at the fridge), and the held stack; grasping and placing keep
 * what they touch in reach. TOGGLE_ON of an appliance that confers a state
 * (oven, microwave, stove: cooked; dishwasher, washer: washed; dryer: dried)
 * gives it to everything inside it. A room named as an argument is a fault
 * of its own (`room`), repairable by dropping the step. Safety: every door
 * the plan opened is shut at the end, and every safety-critical appliance it
 * switched on is off.
 */
import type { Scene } from './scene.js';
import type { WorldState } from './state.js';
import { formatLiteral, type Flag, type Goal, type GoalLiteral } from './types.js';
import { resolveName } from './paper-names.js';

export const PAPER_ACTIONS = ['NAVIGATE_TO', 'GRASP', 'RELEASE', 'PLACE_ON_TOP', 'PLACE_INSIDE', 'OPEN', 'CLOSE', 'TOGGLE_ON', 'TOGGLE_OFF'] as const;
export type PaperAction = (typeof PAPER_ACTIONS)[number];

/** One step as the paper writes it: an action and at most one argument. */
export interface PaperStep {
  action: string;
  arg: string | null;
}

export const PAPER_FAULTS = ['unknown_action', 'arity', 'room', 'unknown', 'closed', 'holding', 'not_near', 'not_graspable', 'empty_hand', 'self_place', 'not_open', 'no_door', 'no_switch'] as const;
export type PaperFaultKind = (typeof PAPER_FAULTS)[number];

export interface PaperFault {
  kind: PaperFaultKind;
  /** 0-based index of the failing step. */
  step: number;
  /** The object (or room, or name) the fault is about: the closed container for `closed`. */
  object: string | null;
  reason: string;
}

/** `ok`, or the recorded verdict classes: inapplicable (`planning`), goal unmet, unsafe. */
export type PaperStatus = 'ok' | 'planning' | 'goal' | 'safety';

export interface PaperVerdict {
  status: PaperStatus;
  fault: PaperFault | null;
  /** Steps that ran before the fault (the whole plan when none). */
  executed: number;
  /** Goal literals unmet at the end (all of them when the plan is inapplicable). */
  missing: GoalLiteral[];
  leftOpen: string[];
  leftOn: string[];
  /** Room-graph travel distance of the executed steps. */
  distance: number;
  final: WorldState;
}

export const formatPaperStep = (s: PaperStep): string => `${s.action}(${s.arg ?? ''})`;

/** The state an appliance confers on what is inside it when switched on. */
const CONFERS: Partial<Record<string, Flag>> = { oven: 'cooked', microwave: 'cooked', stove: 'cooked', dishwasher: 'washed', washer: 'washed', dryer: 'dried' };

export function confers(scene: Scene, id: string): Flag | undefined {
  const kind = scene.objects.get(id)?.appliance;
  return kind ? CONFERS[kind] : undefined;
}

interface Run {
  scene: Scene;
  state: WorldState;
  near: Set<string>;
  opened: Set<string>;
  switchedOn: Set<string>;
}

/** Everything in or on `o`, transitively. */
function contents(state: WorldState, o: string, rels: readonly ('object_inside' | 'on_top')[] = ['object_inside', 'on_top']): string[] {
  const out: string[] = [];
  const stack = [o];
  while (stack.length > 0) {
    const x = stack.pop() as string;
    for (const r of rels) {
      for (const y of state.subjects(r, x)) {
        if (!out.includes(y)) {
          out.push(y);
          stack.push(y);
        }
      }
    }
  }
  return out;
}

/** What `o` rests in or on, transitively (the fridge a bottle is in, the counter a plate is on). */
function supports(state: WorldState, o: string): string[] {
  const out: string[] = [];
  let frontier = [o];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const x of frontier) for (const y of [...state.targets('object_inside', x), ...state.targets('on_top', x)]) if (!out.includes(y)) next.push(y);
    out.push(...next);
    frontier = next;
  }
  return out;
}

const stack = (state: WorldState, o: string): string[] => [o, ...contents(state, o)];

/** The direct container of `o` that has a door and is shut. */
function closedContainer(run: Run, o: string): string | undefined {
  return run.state.targets('object_inside', o).find((c) => run.scene.affords(c, 'openable') && !run.state.flag(c, 'open'));
}

function fail(kind: PaperFaultKind, step: number, object: string | null, reason: string): PaperFault {
  return { kind, step, object, reason };
}

/** Runs one step; returns a fault or the distance travelled. */
function stepOnce(run: Run, i: number, s: PaperStep): PaperFault | number {
  const { scene, state } = run;
  const action = s.action;
  if (!(PAPER_ACTIONS as readonly string[]).includes(action)) return fail('unknown_action', i, action, `unknown action '${action}'`);
  const arg = s.arg === null || s.arg.trim() === '' ? null : s.arg.trim();
  if (action === 'RELEASE') {
    if (arg !== null) return fail('arity', i, arg, 'RELEASE takes no argument');
    const h = state.robot.holding;
    if (h !== null) {
      for (const x of stack(state, h)) run.near.add(x);
      state.robot.holding = null;
      state.setRoom(h, state.robot.room);
    }
    return 0;
  }
  if (arg === null) return fail('arity', i, null, `${action} needs an object`);
  const ref = resolveName(scene, arg);
  if (ref.kind === 'room') return fail('room', i, ref.id, `'${arg}' is a room, not an object; name the thing in it`);
  if (ref.kind === 'unknown') return fail('unknown', i, arg, `'${arg}' is not an object of this scene`);
  const x = ref.id;
  const held = state.robot.holding;
  const near = (): PaperFault | null => (run.near.has(x) ? null : fail('not_near', i, x, `the robot is not at '${x}'; NAVIGATE_TO it first`));
  switch (action as PaperAction) {
    case 'NAVIGATE_TO': {
      const c = closedContainer(run, x);
      if (c) return fail('closed', i, c, `'${x}' is inside '${c}', which is closed`);
      const from = state.robot.room;
      const to = state.roomOf(x) ?? from;
      const d = from !== to ? scene.roomDistance(from, to) : run.near.has(x) ? 0 : scene.intraRoomDistance(from);
      state.robot.room = to;
      state.robot.near = x;
      run.near = new Set([x, ...contents(state, x), ...supports(state, x), ...(held ? stack(state, held) : [])]);
      if (held) state.setRoom(held, to);
      return Number.isFinite(d) ? d : 0;
    }
    case 'GRASP': {
      if (held !== null) return fail('holding', i, held, `already holding '${held}'; place or release it first`);
      const bad = near();
      if (bad) return bad;
      if (!scene.affords(x, 'graspable')) return fail('not_graspable', i, x, `'${x}' is fixed furniture and cannot be picked up`);
      const c = closedContainer(run, x);
      if (c) return fail('closed', i, c, `'${x}' is inside '${c}', which is closed; OPEN it first`);
      state.detach(x);
      state.robot.holding = x;
      for (const y of stack(state, x)) run.near.add(y);
      state.setRoom(x, state.robot.room);
      return 0;
    }
    case 'PLACE_ON_TOP':
    case 'PLACE_INSIDE': {
      const bad = near();
      if (bad) return bad;
      if (held === null) return fail('empty_hand', i, null, 'nothing in the hand to place');
      if (stack(state, held).includes(x)) return fail('self_place', i, x, `cannot put '${held}' in or on itself; ${action}(x) names where it goes`);
      const inside = action === 'PLACE_INSIDE';
      if (inside && scene.affords(x, 'openable') && !state.flag(x, 'open')) return fail('not_open', i, x, `'${x}' is closed; OPEN it before placing inside`);
      state.add(inside ? 'object_inside' : 'on_top', held, x);
      state.robot.holding = null;
      state.setRoom(held, state.roomOf(x) ?? state.robot.room);
      for (const y of stack(state, held)) run.near.add(y);
      return 0;
    }
    case 'OPEN':
    case 'CLOSE': {
      const bad = near();
      if (bad) return bad;
      if (!scene.affords(x, 'openable')) return fail('no_door', i, x, `'${x}' is a ${scene.objects.get(x)?.category ?? x} and does not open`);
      state.setFlag(x, 'open', action === 'OPEN');
      if (action === 'OPEN') run.opened.add(x);
      return 0;
    }
    case 'TOGGLE_ON':
    case 'TOGGLE_OFF': {
      const bad = near();
      if (bad) return bad;
      if (!scene.affords(x, 'toggleable')) return fail('no_switch', i, x, `'${x}' is a ${scene.objects.get(x)?.category ?? x} and has no switch`);
      const on = action === 'TOGGLE_ON';
      state.setFlag(x, 'toggled', on);
      if (on) {
        run.switchedOn.add(x);
        const flag = confers(scene, x);
        if (flag) for (const y of contents(state, x, ['object_inside'])) state.setFlag(y, flag, true);
      }
      return 0;
    }
    default:
      return fail('unknown_action', i, action, `unknown action '${action}'`);
  }
}

/** Goal names resolve loosely too (`tshirt` holds for `t_shirt`); an unresolvable name stays as written. */
function goalId(scene: Scene, name: string): string {
  const r = resolveName(scene, name);
  return r.kind === 'object' ? r.id : name;
}

export function paperLiteralHolds(scene: Scene, state: WorldState, l: GoalLiteral): boolean {
  let v: boolean;
  switch (l.kind) {
    case 'relation':
      v = state.has(l.rel, goalId(scene, l.a), goalId(scene, l.b));
      break;
    case 'flag':
      v = state.flag(goalId(scene, l.object), l.flag);
      break;
    case 'room':
      v = state.roomOf(goalId(scene, l.object)) === l.room;
      break;
    case 'holding':
      v = state.robot.holding === goalId(scene, l.object);
      break;
  }
  return l.negated ? !v : v;
}

/** Rolls a paper-language plan forward from the scene's initial state and judges it against `goal`. */
export function runPaperPlan(scene: Scene, plan: readonly PaperStep[], goal: Goal): PaperVerdict {
  const state = scene.initialState();
  const run: Run = { scene, state, near: new Set(state.robot.near ? [state.robot.near] : []), opened: new Set(), switchedOn: new Set() };
  let fault: PaperFault | null = null;
  let distance = 0;
  let executed = 0;
  for (const [i, s] of plan.entries()) {
    const r = stepOnce(run, i, s);
    if (typeof r !== 'number') {
      fault = r;
      break;
    }
    distance += r;
    executed = i + 1;
  }
  const missing = fault ? goal.literals.slice() : goal.literals.filter((l) => !paperLiteralHolds(scene, state, l));
  const leftOpen = [...run.opened].filter((o) => state.flag(o, 'open')).sort();
  const leftOn = [...run.switchedOn].filter((o) => state.flag(o, 'toggled') && scene.objects.get(o)?.safetyCritical).sort();
  let status: PaperStatus = 'ok';
  if (fault) status = 'planning';
  else if (missing.length > 0) status = 'goal';
  else if (leftOpen.length + leftOn.length > 0) status = 'safety';
  return { status, fault, executed, missing, leftOpen, leftOn, distance, final: state };
}

/** One line saying why a verdict is not `ok` (the step is 1-based, as the recordings write it). */
export function explainPaperVerdict(v: PaperVerdict): string {
  if (v.fault) return `step ${v.fault.step + 1}: ${v.fault.kind}: ${v.fault.reason}`;
  if (v.status === 'goal') return `goal unmet: ${v.missing.map(formatLiteral).join(', ')}`;
  if (v.status === 'safety') return `unsafe: ${[...v.leftOpen.map((o) => `left open ${o}`), ...v.leftOn.map((o) => `left on ${o}`)].join(', ')}`;
  return 'ok';
}
