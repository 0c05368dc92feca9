/**
 * Model-derived plan repair (GAVEL Algorithm 2). Each rule turns a verdict
 * into an edit whose correctness follows from the action model alone; the
 * loop keeps the best candidate by rk(ω) and stops when the plan is valid,
 * when no rule applies (a semantic failure for the LLM), when an edit would
 * revisit a plan already considered, or after `maxEdits` edits.
 */
import type { Scene } from './scene.js';
import type { WorldState } from './state.js';
import { formatStep, type Goal, type PlanStep } from './types.js';
import { compareRank, verifyPlan, type Verdict } from './verify.js';
import { repairLoop, type RepairStop } from './repair-loop.js';

export const REPAIR_RULES = ['approach', 'open-container', 'close-before-run', 'grasp', 'drop-room-target', 'drop-impossible-pair', 'drop-redundant', 'restore', 'goal-state'] as const;
export type RepairRule = (typeof REPAIR_RULES)[number];

export interface RepairEdit {
  rule: RepairRule;
  /** Where the edit happened in the plan it was applied to. */
  stepIndex: number;
  inserted: PlanStep[];
  removed: PlanStep[];
  reason: string;
}

export interface RepairResult {
  /** The returned plan: the first valid one, else the best-ranked candidate. */
  plan: PlanStep[];
  verdict: Verdict;
  /** The edits that turned the input plan into `plan`, in order. */
  edits: RepairEdit[];
  /** Why the loop ended. */
  stop: RepairStop;
  /** Plans considered (the input included). */
  candidates: number;
}

export interface RepairOptions {
  maxEdits?: number;
  from?: WorldState;
}

const nav = (o: string): PlanStep => ({ action: 'NavigateTo', args: [o] });
const step = (action: string, o: string): PlanStep => ({ action, args: [o] });

function splice(plan: readonly PlanStep[], at: number, removeCount: number, insert: PlanStep[]): PlanStep[] {
  const out = plan.slice();
  out.splice(at, removeCount, ...insert);
  return out;
}

/** Holding state before each step index 0..n of the executed prefix. */
function handBefore(v: Verdict, initialHolding: string | null): (string | null)[] {
  const out: (string | null)[] = [initialHolding];
  let h = initialHolding;
  for (const t of v.trace) {
    if (t.step.action === 'Grasp') h = t.step.args[0];
    else if (t.step.action === 'Release' || t.step.action === 'PlaceOnTop' || t.step.action === 'PlaceInside') h = null;
    out.push(h);
  }
  return out;
}

/** One model-derived edit for the verdict, or null when the failure needs semantic reasoning. */
export function proposeEdit(scene: Scene, plan: readonly PlanStep[], v: Verdict, goal: Goal, from?: WorldState): { plan: PlanStep[]; edit: RepairEdit } | null {
  const mk = (rule: RepairRule, at: number, removed: PlanStep[], inserted: PlanStep[], reason: string, next: PlanStep[]) => ({ plan: next, edit: { rule, stepIndex: at, inserted, removed, reason } });
  const holding0 = (from ?? scene.initialState()).robot.holding;
  if (v.failure) {
    const fl = v.failure;
    const i = fl.stepIndex;
    const s = plan[i];
    const why = `${fl.code}: ${fl.message}`;
    switch (fl.code) {
      case 'TARGET_IS_ROOM':
        return mk('drop-room-target', i, [s], [], why, splice(plan, i, 1, []));
      case 'NOT_OPENABLE':
      case 'NOT_TOGGLEABLE': {
        const counterpart: Record<string, string> = { Open: 'Close', Close: 'Open', ToggleOn: 'ToggleOff', ToggleOff: 'ToggleOn' };
        const other = counterpart[fl.step.action];
        const forward = fl.step.action === 'Open' || fl.step.action === 'ToggleOn';
        let j = -1;
        if (other) {
          if (forward) j = plan.findIndex((p, k) => k > i && p.action === other && p.args[0] === s.args[0]);
          else for (let k = i - 1; k >= 0 && j < 0; k--) if (plan[k].action === other && plan[k].args[0] === s.args[0]) j = k;
        }
        if (j < 0) return mk('drop-impossible-pair', i, [s], [], why, splice(plan, i, 1, []));
        const [lo, hi] = j < i ? [j, i] : [i, j];
        const next = plan.filter((_, k) => k !== lo && k !== hi);
        return mk('drop-impossible-pair', lo, [plan[lo], plan[hi]], [], why, next);
      }
      case 'ALREADY_OPEN':
      case 'ALREADY_CLOSED':
      case 'ALREADY_ON':
      case 'ALREADY_OFF':
      case 'ALREADY_HOLDING':
      case 'TARGET_HELD':
        return mk('drop-redundant', i, [s], [], why, splice(plan, i, 1, []));
      case 'NOT_NEAR': {
        const o = fl.object as string;
        return mk('approach', i, [], [nav(o)], why, splice(plan, i, 0, [nav(o)]));
      }
      case 'INSIDE_CLOSED':
      case 'CONTAINER_CLOSED': {
        // Open needs no empty hand, so the container is opened right where the step needs it.
        const c = fl.container as string;
        const ins = [nav(c), step('Open', c)];
        return mk('open-container', i, [], ins, why, splice(plan, i, 0, ins));
      }
      case 'APPLIANCE_OPEN': {
        const c = fl.container as string;
        return mk('close-before-run', i, [], [step('Close', c)], why, splice(plan, i, 0, [step('Close', c)]));
      }
      case 'NOT_HOLDING': {
        const o = fl.object as string;
        const ins = [nav(o), step('Grasp', o)];
        return mk('grasp', i, [], ins, why, splice(plan, i, 0, ins));
      }
      default:
        return null;
    }
  }
  if (!v.safe) {
    const viol = v.safety[0];
    const action = viol.kind === 'left_open' ? 'Close' : 'ToggleOff';
    const ins = [nav(viol.object), step(action, viol.object)];
    // Where to restore: after the last step touching the object, at a point where the hand is free;
    // among those (and the end of the plan) the position whose plan ranks best, earliest on ties.
    let lastUse = viol.since;
    plan.forEach((p, k) => {
      if (p.args.includes(viol.object)) lastUse = Math.max(lastUse, k);
    });
    const hand = handBefore(v, holding0);
    const positions: number[] = [];
    for (let k = lastUse + 1; k < plan.length; k++) if (hand[k] === null) positions.push(k);
    positions.push(plan.length);
    // With or without the approach (it is redundant when the robot is already near): best rank, then fewer steps, then earliest.
    let at = plan.length;
    let chosen = ins;
    let bestV: Verdict | undefined;
    for (const k of positions) {
      for (const option of [ins.slice(1), ins]) {
        const cand = verifyPlan(scene, splice(plan, k, 0, option), goal, from);
        const cmp = bestV ? compareRank(cand, bestV) : 1;
        if (cmp > 0 || (cmp === 0 && option.length < chosen.length)) [at, bestV, chosen] = [k, cand, option];
      }
    }
    return mk('restore', at, [], chosen, `${viol.kind}: '${viol.object}' was ${viol.kind === 'left_open' ? 'opened' : 'switched on'} at step ${viol.since + 1} and never ${viol.kind === 'left_open' ? 'closed' : 'switched off'}`, splice(plan, at, 0, chosen));
  }
  for (const l of v.unmet) {
    if (l.kind !== 'flag' || (l.flag !== 'open' && l.flag !== 'toggled')) continue;
    const action = l.flag === 'open' ? (l.negated ? 'Close' : 'Open') : l.negated ? 'ToggleOff' : 'ToggleOn';
    const ins = [nav(l.object), step(action, l.object)];
    return mk('goal-state', plan.length, [], ins, `goal ${l.negated ? 'not ' : ''}${l.flag}(${l.object}) is unmet`, splice(plan, plan.length, 0, ins));
  }
  return null;
}

const planKey = (plan: readonly PlanStep[]): string => plan.map(formatStep).join(';');

/** Algorithm 2: repair `plan` with model-derived edits. */
export function repairPlan(scene: Scene, plan: readonly PlanStep[], goal: Goal = { literals: [] }, opts: RepairOptions = {}): RepairResult {
  return repairLoop<PlanStep, Verdict, RepairEdit>(plan, {
    verify: (p) => verifyPlan(scene, p, goal, opts.from),
    valid: (v) => v.valid,
    compare: compareRank,
    propose: (p, v) => proposeEdit(scene, p, v, goal, opts.from),
    key: planKey,
    maxEdits: opts.maxEdits ?? 4 * plan.length + 16,
  });
}
