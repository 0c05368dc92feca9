/**
 * The plan errors of the synthetic household LLM: what a compact model gets
 * wrong in a long-horizon plan (GAVEL §I and §V-E: plans "omit prerequisite
 * actions, violate embodiment constraints, or end without reaching the
 * intended state"), injected into a reference subplan with one probability
 * per opportunity (so longer plans carry more errors, as in the seed), and
 * the complaint round: a diff of the model's previous plan against the
 * reference, where each difference the complaint names is fixed with
 * probability `fixProb` and the others stay.
 *
 * Plans are written over what the model sees (`SceneView`, read back from
 * the rendered believed graph): a container opened in the reference only to
 * reach an object the model does not know is inside it is not opened, a
 * container shown open is not opened again, and an object already in the
 * hand is not fetched again.
 */
import type { Rng } from '../../core/rng.js';
import { formatStep, parseStep, type GoalLiteral, type PlanStep } from '../../scenegraph/index.js';

export const PLAN_ERROR_KINDS = ['missingNavigate', 'missingOpen', 'forgottenRestore', 'swappedOrder', 'hallucinatedObject', 'wrongObject', 'missingApplianceStep', 'duplicateStep'] as const;
export type PlanErrorKind = (typeof PLAN_ERROR_KINDS)[number];

export type ErrorRates = Record<PlanErrorKind, number>;

export interface InjectedError {
  kind: PlanErrorKind;
  /** The step(s) concerned, as written in the reference. */
  steps: string[];
  /** For object substitutions: the id written instead. */
  written?: string;
}

/** What the model can read off the rendered believed graph (`renderScene` text). */
export interface SceneView {
  /** Every object id listed (seen and not yet seen). */
  ids: Set<string>;
  category: Map<string, string>;
  /** Object → container it is shown inside. */
  inside: Map<string, string>;
  /** Objects shown with the `open` flag. */
  open: Set<string>;
  /** Objects listed under "not yet seen". */
  unseen: Set<string>;
  /** Objects shown as openable. */
  openable: Set<string>;
  holding: string | null;
}

/** Reads the ids, categories, `inside` relations, open flags and the hand off `renderScene` output. */
export function readSceneView(text: string): SceneView {
  const v: SceneView = { ids: new Set(), category: new Map(), inside: new Map(), open: new Set(), unseen: new Set(), openable: new Set(), holding: null };
  let unseenSection = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('Objects not yet seen')) unseenSection = true;
    const m = /^\s*- (\S+) \[([^;\]]+)([^\]]*)\](.*)$/.exec(line);
    if (m) {
      const [, id, cat, aff, rest] = m;
      if (/\bopenable\b/.test(aff)) v.openable.add(id);
      v.ids.add(id);
      v.category.set(id, cat.trim());
      if (unseenSection) v.unseen.add(id);
      const ins = /(?:^|;\s*|\s)inside (\S+?)(?:;|\s|$)/.exec(rest);
      if (ins && !unseenSection) v.inside.set(id, ins[1]);
      const flags = /\(([^)]*)\)\s*$/.exec(rest);
      if (flags && flags[1].split(',').map((f) => f.trim()).includes('open')) v.open.add(id);
    }
    const h = /^Robot: .*holding (\S+?)\.?$/.exec(line.trim());
    if (h) v.holding = h[1].replace(/\.$/, '');
  }
  return v;
}

const APPLIANCE_CATEGORY = /dishwasher|washer|dryer|stove|oven|microwave|sink|range|cooktop|burner/;

/**
 * The reference subplan as the model would write it from what it sees:
 * containers whose opening the model cannot explain (not a destination, not
 * in the goal, no object of the plan shown inside) are not opened or closed;
 * containers shown open are not opened again; a held object is not fetched again.
 */
export function believedReference(reference: readonly PlanStep[], view: SceneView, goalIds: ReadonlySet<string>, goal: readonly GoalLiteral[] = []): PlanStep[] {
  const planIds = new Set(reference.flatMap((s) => s.args));
  const destinations = new Set(reference.filter((s) => s.action === 'PlaceInside').map((s) => s.args[1]));
  const explained = (c: string): boolean => destinations.has(c) || goalIds.has(c) || [...view.inside].some(([o, p]) => p === c && planIds.has(o) && o !== c);
  let plan = reference.slice();
  const dropAt = (pred: (s: PlanStep, i: number) => boolean): void => {
    const drop = new Set<number>();
    plan.forEach((s, i) => {
      if (!pred(s, i)) return;
      drop.add(i);
      const prev = plan[i - 1];
      if (prev && prev.action === 'NavigateTo' && prev.args[0] === s.args[0]) drop.add(i - 1);
    });
    plan = plan.filter((_, i) => !drop.has(i));
  };
  dropAt((s) => (s.action === 'Open' || s.action === 'Close') && !explained(s.args[0]));
  dropAt((s) => s.action === 'Open' && view.open.has(s.args[0]));
  if (view.holding) {
    const g = plan.findIndex((s) => s.action === 'Grasp' && s.args[0] === view.holding);
    if (g >= 0) plan = plan.slice(g + 1);
  }
  // closing what is neither shown open nor opened earlier in the plan
  dropAt((s, i) => s.action === 'Close' && !view.open.has(s.args[0]) && !plan.slice(0, i).some((p) => p.action === 'Open' && p.args[0] === s.args[0]));
  return [...fetches(plan, view, goal), ...plan];
}

/**
 * Goal objects the reference never picks up (in the true world their goal
 * already held) but that the model sees elsewhere or not at all: it plans to
 * bring them, as the instruction says.
 */
function fetches(plan: readonly PlanStep[], view: SceneView, goal: readonly GoalLiteral[]): PlanStep[] {
  const out: PlanStep[] = [];
  const step = (action: string, ...args: string[]): PlanStep => ({ action, args });
  for (const l of goal) {
    if (l.negated || (l.kind !== 'relation' && l.kind !== 'room')) continue;
    const [o, d] = l.kind === 'relation' ? [l.a, l.b] : [l.object, l.room];
    if (plan.some((s) => s.action === 'Grasp' && s.args[0] === o) || view.holding === o) continue;
    // shown already in place: nothing to do
    if (l.kind === 'relation' && l.rel === 'object_inside' && view.inside.get(o) === d) continue;
    if (!view.unseen.has(o) && l.kind === 'relation' && l.rel !== 'object_inside') continue;
    const opens = l.kind === 'relation' && l.rel === 'object_inside' && view.openable.has(d) && !view.open.has(d);
    if (opens) out.push(step('NavigateTo', d), step('Open', d));
    out.push(step('NavigateTo', o), step('Grasp', o), step('NavigateTo', d));
    if (l.kind === 'room' || (l.kind === 'relation' && l.rel === 'next_to')) out.push(step('Release', o));
    else if (l.kind === 'relation' && l.rel === 'object_inside') out.push(step('PlaceInside', o, d));
    else if (l.kind === 'relation' && l.rel === 'on_top') out.push(step('PlaceOnTop', o, d));
    else continue;
    if (opens) out.push(step('Close', d));
  }
  return out;
}

/** An id that looks like a scene id of the same category but is not in the scene (`bowl_0` → `bowl_1`). */
export function lookalikeId(id: string, ids: ReadonlySet<string>): string {
  const m = /^(.*?)(\d+)$/.exec(id);
  const stem = m ? m[1] : `${id}_`;
  for (let k = m ? Number(m[2]) + 1 : 1; ; k++) if (!ids.has(`${stem}${k}`)) return `${stem}${k}`;
}

const dependent = (a: PlanStep, b: PlanStep): boolean => a.args.some((x) => b.args.includes(x)) && formatStep(a) !== formatStep(b);

/**
 * Injects errors into one subplan: each opportunity of each kind happens
 * with its rate. Opportunities: every NavigateTo (missingNavigate), Open
 * (missingOpen), Close/ToggleOff (forgottenRestore), adjacent dependent pair
 * (swappedOrder), distinct graspable object (hallucinatedObject: a lookalike
 * id that does not exist; wrongObject: another object of the same category),
 * appliance run ToggleOn…ToggleOff (missingApplianceStep: both dropped), and
 * Open/Grasp/ToggleOn (duplicateStep).
 */
export function injectErrors(reference: readonly PlanStep[], view: SceneView, rates: ErrorRates, rng: Rng): { plan: PlanStep[]; errors: InjectedError[] } {
  const errors: InjectedError[] = [];
  let plan = reference.map((s) => ({ action: s.action, args: [...s.args] }));
  // object substitutions first, on whole-plan ids
  const grasped = [...new Set(plan.filter((s) => s.action === 'Grasp').map((s) => s.args[0]))];
  for (const o of grasped) {
    let written: string | undefined;
    let kind: PlanErrorKind | undefined;
    if (rng.chance(rates.hallucinatedObject)) {
      written = lookalikeId(o, view.ids);
      kind = 'hallucinatedObject';
    } else if (rng.chance(rates.wrongObject)) {
      const cat = view.category.get(o);
      const same = [...view.category].filter(([id, c]) => c === cat && id !== o && !grasped.includes(id)).map(([id]) => id);
      if (same.length > 0) {
        written = rng.pick(same);
        kind = 'wrongObject';
      }
    }
    if (written && kind) {
      errors.push({ kind, steps: plan.filter((s) => s.args.includes(o)).map(formatStep), written });
      const w = written;
      plan = plan.map((s) => ({ action: s.action, args: s.args.map((a) => (a === o ? w : a)) }));
    }
  }
  // appliance runs
  const runs = plan.flatMap((s, i) => (s.action === 'ToggleOn' && APPLIANCE_CATEGORY.test(view.category.get(s.args[0]) ?? s.args[0]) ? [i] : []));
  const dropRun = new Set<number>();
  for (const i of runs) {
    if (!rng.chance(rates.missingApplianceStep)) continue;
    const x = plan[i].args[0];
    const off = plan.findIndex((s, k) => k > i && s.action === 'ToggleOff' && s.args[0] === x);
    dropRun.add(i);
    if (off >= 0) dropRun.add(off);
    errors.push({ kind: 'missingApplianceStep', steps: [formatStep(plan[i]), ...(off >= 0 ? [formatStep(plan[off])] : [])] });
  }
  plan = plan.filter((_, i) => !dropRun.has(i));
  // omissions, one pass
  const out: PlanStep[] = [];
  for (const s of plan) {
    const kind: PlanErrorKind | undefined =
      s.action === 'NavigateTo' ? 'missingNavigate' : s.action === 'Open' ? 'missingOpen' : s.action === 'Close' || s.action === 'ToggleOff' ? 'forgottenRestore' : undefined;
    if (kind && rng.chance(rates[kind])) {
      errors.push({ kind, steps: [formatStep(s)] });
      continue;
    }
    out.push(s);
    if ((s.action === 'Open' || s.action === 'Grasp' || s.action === 'ToggleOn') && rng.chance(rates.duplicateStep)) {
      out.push({ action: s.action, args: [...s.args] });
      errors.push({ kind: 'duplicateStep', steps: [formatStep(s)] });
    }
  }
  // swaps of adjacent dependent steps
  for (let i = 0; i + 1 < out.length; i++) {
    if (!dependent(out[i], out[i + 1]) || !rng.chance(rates.swappedOrder)) continue;
    errors.push({ kind: 'swappedOrder', steps: [formatStep(out[i]), formatStep(out[i + 1])] });
    [out[i], out[i + 1]] = [out[i + 1], out[i]];
    i++;
  }
  return { plan: out, errors };
}

/** One difference between a plan and the reference: plan[a0, a1) stands where reference[b0, b1) should. */
export interface Hunk {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/** The differences between `plan` and `reference` (longest common subsequence of the written steps). */
export function diffHunks(plan: readonly string[], reference: readonly string[]): Hunk[] {
  const n = plan.length;
  const m = reference.length;
  const L: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = plan[i] === reference[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | undefined;
  const close = (): void => {
    if (open) hunks.push({ ...open, a1: i, b1: j });
    open = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && plan[i] === reference[j]) {
      close();
      i++;
      j++;
      continue;
    }
    open ??= { a0: i, a1: i, b0: j, b1: j };
    if (j >= m || (i < n && L[i + 1][j] >= L[i][j + 1])) i++;
    else j++;
  }
  close();
  return hunks;
}

const SEMANTIC_WORDS = /\b(cooked|washed|dried)\(/;

/** Whether a complaint (its problem lines) names this difference. */
export function hunkNamed(h: Hunk, plan: readonly string[], reference: readonly string[], problems: readonly string[]): boolean {
  const text = problems.join('\n');
  // the ids a problem is about: a failing step's reason (not the step as written), an unmet literal, a left-open object
  const about = problems.map((p) => /\bfails: (.*)$/.exec(p)?.[1] ?? p).join('\n');
  const steps = [...plan.slice(h.a0, h.a1), ...reference.slice(h.b0, h.b1)];
  const ids = new Set(steps.flatMap((s) => parseStep(s)?.args ?? []));
  for (const id of ids) if (new RegExp(`(^|[^\\w])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`).test(about)) return true;
  // an unmet semantic state names the missing appliance run
  if (SEMANTIC_WORDS.test(text) && steps.some((s) => s.startsWith('ToggleOn(') || s.startsWith('ToggleOff('))) return true;
  // a failing step names the difference at or just before it
  for (const m of text.matchAll(/step (\d+)\b/g)) {
    const k = Number(m[1]) - 1;
    if (k >= h.a0 - 1 && k <= h.a1) return true;
  }
  return false;
}

/**
 * The complaint round for one task: the differences between the previous
 * plan and the reference that the complaint names are each fixed with
 * probability `fixProb`; the others stay as they were.
 */
export function fixNamed(previous: readonly string[], reference: readonly PlanStep[], problems: readonly string[], fixProb: number, rng: Rng): { plan: PlanStep[]; named: number; fixed: number } {
  const ref = reference.map(formatStep);
  const hunks = diffHunks(previous, ref);
  let out = previous.slice();
  let named = 0;
  let fixed = 0;
  // an id written wrong is one error wherever it occurs: fixed everywhere or nowhere
  const refIds = new Set(reference.flatMap((s) => s.args));
  const decided = new Map<string, boolean>();
  for (const [k, h] of [...hunks.entries()].reverse()) {
    if (!hunkNamed(h, previous, ref, problems)) continue;
    named++;
    const wrong = previous.slice(h.a0, h.a1).flatMap((s) => parseStep(s)?.args ?? []).find((a) => !refIds.has(a));
    const key = wrong ?? `#${k}`;
    if (!decided.has(key)) decided.set(key, rng.chance(fixProb));
    if (!decided.get(key)) continue;
    fixed++;
    out = [...out.slice(0, h.a0), ...ref.slice(h.b0, h.b1), ...out.slice(h.a1)];
  }
  return { plan: out.map((s) => parseStep(s) ?? { action: s, args: [] }), named, fixed };
}
