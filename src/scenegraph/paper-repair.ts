/**
 * Algorithm 2 on the paper's action language (`paper-machine.ts`): each fault
 * the machine reports implies its own edit, and the loop (`repair-loop.ts`)
 * keeps the best candidate by rk(ω) = (applicable, goal met, safe, −d).
 *
 *   not_near(x)            insert NAVIGATE_TO(x) before the step
 *   closed(c)              insert OPEN(c) before the step (then not_near(c) adds the drive to c)
 *   not_open(x)            insert OPEN(x) before PLACE_INSIDE(x)
 *   room(r)                drop the step (a room is no argument)
 *   arity (RELEASE(x))     write RELEASE()
 *   holding(h) at GRASP    put h where the goal wants it first (NAVIGATE_TO(d), PLACE_*(d)), else RELEASE()
 *   empty_hand at PLACE(x) fetch the object the goal wants in/on x (NAVIGATE_TO(o), GRASP(o))
 *   no_door / no_switch    drop the step and its counterpart (OPEN with its CLOSE, ON with OFF)
 *   unsafe                 append NAVIGATE_TO(o), TOGGLE_OFF(o) / CLOSE(o) for what was left on / open
 *
 * Unknown names, fixed furniture, self-placement and unmet goals have no
 * model-derived edit: they are semantic failures for the LLM.
 */
import { resolveName } from './paper-names.js';
import { formatPaperStep, runPaperPlan, type PaperFaultKind, type PaperStep, type PaperVerdict } from './paper-machine.js';
import { repairLoop, type RepairStop } from './repair-loop.js';
import type { Scene } from './scene.js';
import type { Goal, GoalLiteral } from './types.js';

export interface PaperEdit {
  rule: PaperFaultKind | 'discharge';
  /** 0-based position in the plan the edit was applied to. */
  step: number;
  inserted: PaperStep[];
  removed: PaperStep[];
}

export interface PaperRepairResult {
  plan: PaperStep[];
  verdict: PaperVerdict;
  edits: PaperEdit[];
  stop: RepairStop;
  candidates: number;
}

const st = (action: string, arg: string | null = null): PaperStep => ({ action, arg });

/** rk(ω): applicable, goal met, safe; an inapplicable plan by how far it runs; then −d. */
export function comparePaperRank(a: PaperVerdict, b: PaperVerdict): number {
  const rk = (v: PaperVerdict): number[] => (v.fault ? [0, 0, 0, v.executed, -v.distance] : [1, v.missing.length === 0 ? 1 : 0, v.leftOpen.length + v.leftOn.length === 0 ? 1 : 0, 0, -v.distance]);
  const [ra, rb] = [rk(a), rk(b)];
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
  return 0;
}

const COUNTERPART: Record<string, string> = { OPEN: 'CLOSE', CLOSE: 'OPEN', TOGGLE_ON: 'TOGGLE_OFF', TOGGLE_OFF: 'TOGGLE_ON' };

/** The goal's relation literals, names resolved to scene ids. */
function placements(scene: Scene, goal: Goal): { rel: 'on_top' | 'object_inside'; a: string; b: string }[] {
  const id = (n: string): string => {
    const r = resolveName(scene, n);
    return r.kind === 'object' ? r.id : n;
  };
  return goal.literals.filter((l): l is Extract<GoalLiteral, { kind: 'relation' }> => l.kind === 'relation' && !l.negated && (l.rel === 'on_top' || l.rel === 'object_inside')).map((l) => ({ rel: l.rel as 'on_top' | 'object_inside', a: id(l.a), b: id(l.b) }));
}

const placeAction = (rel: 'on_top' | 'object_inside'): string => (rel === 'on_top' ? 'PLACE_ON_TOP' : 'PLACE_INSIDE');

/** The model-derived edit for a verdict, or null when the failure needs semantic reasoning. */
export function proposePaperEdit(scene: Scene, plan: readonly PaperStep[], v: PaperVerdict, goal: Goal): { plan: PaperStep[]; edit: PaperEdit } | null {
  const edit = (rule: PaperEdit['rule'], at: number, remove: number, inserted: PaperStep[]) => {
    const next = plan.slice();
    const removed = next.splice(at, remove, ...inserted);
    return { plan: next, edit: { rule, step: at, inserted, removed } };
  };
  const f = v.fault;
  if (f) {
    const i = f.step;
    const s = plan[i];
    const obj = f.object ?? '';
    switch (f.kind) {
      case 'not_near':
        return edit('not_near', i, 0, [st('NAVIGATE_TO', obj)]);
      case 'closed':
      case 'not_open':
        return edit(f.kind, i, 0, [st('OPEN', obj)]);
      case 'room':
        return edit('room', i, 1, []);
      case 'arity':
        return s.action === 'RELEASE' ? edit('arity', i, 1, [st('RELEASE')]) : null;
      case 'holding': {
        const p = placements(scene, goal).find((g) => g.a === obj);
        return edit('holding', i, 0, p ? [st('NAVIGATE_TO', p.b), st(placeAction(p.rel), p.b)] : [st('RELEASE')]);
      }
      case 'empty_hand': {
        const r = resolveName(scene, s.arg ?? '');
        const dest = r.kind === 'object' ? r.id : '';
        const rel = s.action === 'PLACE_ON_TOP' ? 'on_top' : 'object_inside';
        const p = placements(scene, goal).find((g) => g.b === dest && g.rel === rel && !v.final.has(g.rel, g.a, g.b));
        return p ? edit('empty_hand', i, 0, [st('NAVIGATE_TO', p.a), st('GRASP', p.a)]) : null;
      }
      case 'no_door':
      case 'no_switch': {
        const other = COUNTERPART[s.action];
        const same = (k: number): boolean => plan[k].action === other && plan[k].arg === s.arg;
        let j = -1;
        if (s.action === 'OPEN' || s.action === 'TOGGLE_ON') j = plan.findIndex((_, k) => k > i && same(k));
        else for (let k = i - 1; k >= 0 && j < 0; k--) if (same(k)) j = k;
        if (j < 0) return edit(f.kind, i, 1, []);
        const [lo, hi] = j < i ? [j, i] : [i, j];
        const next = plan.filter((_, k) => k !== lo && k !== hi);
        return { plan: next, edit: { rule: f.kind, step: lo, inserted: [], removed: [plan[lo], plan[hi]] } };
      }
      default:
        return null;
    }
  }
  if (v.missing.length > 0 || v.leftOpen.length + v.leftOn.length === 0) return null;
  const restore = [...v.leftOn.flatMap((o) => [st('NAVIGATE_TO', o), st('TOGGLE_OFF', o)]), ...v.leftOpen.flatMap((o) => [st('NAVIGATE_TO', o), st('CLOSE', o)])];
  return edit('discharge', plan.length, 0, restore);
}

/** Algorithm 2 with the paper's edits; `goal` is the goal the planner believes (the predicted one). */
export function repairPaperPlan(scene: Scene, plan: readonly PaperStep[], goal: Goal, maxEdits = 4 * plan.length + 16): PaperRepairResult {
  return repairLoop<PaperStep, PaperVerdict, PaperEdit>(plan, {
    verify: (p) => runPaperPlan(scene, p, goal),
    valid: (v) => v.status === 'ok',
    compare: comparePaperRank,
    propose: (p, v) => proposePaperEdit(scene, p, v, goal),
    key: (p) => p.map(formatPaperStep).join(';'),
    maxEdits,
  });
}
