/**
 * Verify (GAVEL §IV-F): roll a plan forward on the graph world model (Eq. 2),
 * stop at the first violated precondition, then check the goal (unmet literals)
 * and the trace-level safety predicate (containers opened by the plan are
 * closed again, safety-critical appliances switched on are switched off).
 * Bad steps (an unknown primitive, an object not in the scene) are verdicts,
 * not exceptions.
 */
import { settle } from './appliances.js';
import { PRIMITIVES, primitiveName, type Failure, type Ctx } from './primitives.js';
import type { Scene } from './scene.js';
import type { WorldState } from './state.js';
import type { Goal, GoalLiteral, PlanStep } from './types.js';
import { editDistance } from '../core/edit-distance.js';

export interface StepFailure extends Failure {
  stepIndex: number;
  step: PlanStep;
}

export interface SafetyViolation {
  kind: 'left_open' | 'left_on';
  object: string;
  /** Index of the step that opened / switched it on. */
  since: number;
}

export interface StepTrace {
  step: PlanStep;
  distance: number;
  /** Semantic flags newly produced by running appliances after this step. */
  effects: string[];
}

export interface Verdict {
  /** Every step's preconditions held. */
  applicable: boolean;
  failure: StepFailure | null;
  /** Steps executed before the first failure (all of them when applicable). */
  executed: number;
  unmet: GoalLiteral[];
  safety: SafetyViolation[];
  safe: boolean;
  /** applicable, all goal literals met, safe (Eq. 12). */
  valid: boolean;
  /** Travel distance ω.d in metres over the executed steps. */
  distance: number;
  trace: StepTrace[];
  final: WorldState;
}

const nearest = (name: string, known: readonly string[]): string | undefined => {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = editDistance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
};

/** Checks a step's name, arity and ids against the scene; returns the canonical step or a failure. */
export function resolveStep(scene: Scene, step: PlanStep): { step: PlanStep } | { failure: Failure } {
  const name = primitiveName(step.action);
  if (!name) {
    const hint = nearest(step.action, Object.keys(PRIMITIVES));
    return { failure: { code: 'UNKNOWN_PRIMITIVE', message: `unknown primitive '${step.action}'${hint ? ` (did you mean ${hint}?)` : ''}; known: ${Object.keys(PRIMITIVES).join(', ')}`, object: step.action } };
  }
  const spec = PRIMITIVES[name];
  if (step.args.length !== spec.params.length) {
    return { failure: { code: 'BAD_ARITY', message: `${name} takes ${spec.params.length} argument(s), got ${step.args.length}` } };
  }
  for (const a of step.args) {
    if (!scene.isObject(a) && !scene.isRoom(a)) {
      const hint = nearest(a, [...scene.objects.keys(), ...scene.rooms.keys()]);
      return { failure: { code: 'UNKNOWN_OBJECT', message: `'${a}' is not in the scene${hint ? ` (did you mean ${hint}?)` : ''}`, object: a } };
    }
  }
  return { step: { action: name, args: [...step.args] } };
}

/** Whether one goal literal holds in a state. */
export function literalHolds(state: WorldState, l: GoalLiteral): boolean {
  let v: boolean;
  switch (l.kind) {
    case 'relation':
      v = state.has(l.rel, l.a, l.b) || (l.rel === 'next_to' && state.has('next_to', l.b, l.a));
      break;
    case 'room':
      v = state.roomOf(l.object) === l.room && state.robot.holding !== l.object;
      break;
    case 'flag':
      v = state.flag(l.object, l.flag);
      break;
    case 'holding':
      v = state.robot.holding === l.object;
      break;
  }
  return l.negated ? !v : v;
}

export function unmetLiterals(state: WorldState, goal: Goal): GoalLiteral[] {
  return goal.literals.filter((l) => !literalHolds(state, l));
}

/** Rolls `plan` forward from the scene's initial state (or `from`). */
export function verifyPlan(scene: Scene, plan: readonly PlanStep[], goal: Goal = { literals: [] }, from?: WorldState): Verdict {
  const state = (from ?? scene.initialState()).clone();
  const initial = state.clone();
  const ctx: Ctx = { scene, state };
  let distance = 0;
  let failure: StepFailure | null = null;
  const trace: StepTrace[] = [];
  const opened = new Map<string, number>();
  const switchedOn = new Map<string, number>();
  settle(scene, state);
  for (let i = 0; i < plan.length; i++) {
    const r = resolveStep(scene, plan[i]);
    if ('failure' in r) {
      failure = { ...r.failure, stepIndex: i, step: plan[i] };
      break;
    }
    const spec = PRIMITIVES[r.step.action];
    const bad = spec.check(ctx, r.step.args);
    if (bad) {
      failure = { ...bad, stepIndex: i, step: r.step };
      break;
    }
    const d = spec.apply(ctx, r.step.args);
    distance += d;
    const effects = settle(scene, state);
    trace.push({ step: r.step, distance: d, effects });
    const target = r.step.args[0];
    if (r.step.action === 'Open' && !opened.has(target)) opened.set(target, i);
    if (r.step.action === 'ToggleOn' && !switchedOn.has(target)) switchedOn.set(target, i);
  }
  const unmet = unmetLiterals(state, goal);
  const wanted = (flag: 'open' | 'toggled', o: string): boolean => goal.literals.some((l) => l.kind === 'flag' && l.flag === flag && l.object === o && !l.negated);
  const safety: SafetyViolation[] = [];
  for (const [o, since] of opened) {
    if (state.flag(o, 'open') && !initial.flag(o, 'open') && !wanted('open', o)) safety.push({ kind: 'left_open', object: o, since });
  }
  for (const [o, since] of switchedOn) {
    if (scene.objects.get(o)?.safetyCritical && state.flag(o, 'toggled') && !initial.flag(o, 'toggled') && !wanted('toggled', o)) safety.push({ kind: 'left_on', object: o, since });
  }
  const applicable = failure === null;
  const safe = safety.length === 0;
  return { applicable, failure, executed: failure ? failure.stepIndex : plan.length, unmet, safety, safe, valid: applicable && unmet.length === 0 && safe, distance, trace, final: state };
}

/**
 * The seed's ranking rk(ω) = (1[app], 1[unmet = ∅], 1[safe], −d), compared
 * lexicographically. Where the seed is silent: an inapplicable plan's goal and
 * safety components describe a truncated rollout, so they are zeroed and such
 * plans are ordered by how many steps they execute, then by −d — a repair
 * that gets further is kept over the shorter original.
 */
export function rank(v: Verdict): [number, number, number, number, number] {
  if (!v.applicable) return [0, 0, 0, v.executed, -v.distance];
  return [1, v.unmet.length === 0 ? 1 : 0, v.safe ? 1 : 0, 0, -v.distance];
}

/** Positive when `a` ranks above `b`. */
export function compareRank(a: Verdict, b: Verdict): number {
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
  return 0;
}
