/**
 * The `synthetic` LLM's answers for GAVEL's request kinds (`gavel.decompose`,
 * `gavel.extract`, `gavel.plan`), generated from the household task's hidden
 * truth (`HouseholdTruth`: errands, goal literals, reference subplans) with
 * the errors compact models make, as the JSON TEXT a real model would write.
 *
 * - decompose: the errands, one dropped with `gavel.decomposeError`;
 * - extract: the errand's objects and goal literals; with `gavel.extractError`
 *   (per task, always realized) one literal names another catalog object:
 *   of the same category where there is one, else with the same affordances,
 *   else any; the object list names it instead of the right one;
 * - plan: per task the reference subplan for the goal it is shown (an id the
 *   extraction got wrong replaces the true one, so extraction errors carry
 *   into the plan as they would for a real model), written over the believed
 *   graph it is shown (`believedReference`), with the errors of `synthetic-errors.ts`
 *   at their per-opportunity rates; on a complaint round each difference the
 *   complaint names is fixed with probability `gavel.fixProb`, the others
 *   stay. Tasks without a complaint are planned afresh.
 *
 * Defaults are calibrated so that the household benchmark lands near the
 * seed's Qwen3-8B rows (Tables I and II; see docs/gavel.md). Seeded by the
 * synthetic model's rng (deterministic per episode seed).
 * Reports must print `describeSynthetic(knobs)`.
 */
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../../llm/index.js';
import { formatLiteral, parseLiteral, parseStep, type GoalLiteral, type PlanStep } from '../../scenegraph/index.js';
import type { DecomposeVars, ExtractVars, HouseholdTruth, PlanVars } from './prompts.js';
import { believedReference, fixNamed, injectErrors, readSceneView, type ErrorRates, type PlanErrorKind } from './synthetic-errors.js';

export const GAVEL_KNOBS = {
  'gavel.missingNavigate': { default: 0.03, min: 0, max: 1, description: 'probability that a plan leaves out one NavigateTo of the reference (per NavigateTo)' },
  'gavel.missingOpen': { default: 0.08, min: 0, max: 1, description: 'probability that a plan leaves out an Open (per Open)' },
  'gavel.forgottenRestore': { default: 0.08, min: 0, max: 1, description: 'probability that a plan forgets a Close or ToggleOff (per restoring step)' },
  'gavel.swappedOrder': { default: 0.01, min: 0, max: 1, description: 'probability that two adjacent dependent steps come in the wrong order (per pair)' },
  'gavel.hallucinatedObject': { default: 0.02, min: 0, max: 1, description: 'probability that a grasped object is written with a lookalike id that is not in the scene (per object)' },
  'gavel.wrongObject': { default: 0.01, min: 0, max: 1, description: 'probability that a grasped object is swapped for another scene object of the same category (per object)' },
  'gavel.missingApplianceStep': { default: 0.3, min: 0, max: 1, description: 'probability that a plan never runs an appliance it needs: ToggleOn and its ToggleOff left out (per appliance run)' },
  'gavel.duplicateStep': { default: 0.01, min: 0, max: 1, description: 'probability that an Open, Grasp or ToggleOn is written twice (per step)' },
  'gavel.fixProb': { default: 0.4, min: 0, max: 1, description: 'probability that a complaint round fixes each error the complaint names (errors not named stay)' },
  'gavel.extractError': { default: 0.02, min: 0, max: 1, description: 'probability that an extracted goal names another object (same category where there is one, else same affordances; per task)' },
  'gavel.decomposeError': { default: 0, min: 0, max: 1, description: 'probability that decomposition drops one errand (per instruction with 2+ errands)' },
} as const;

type KnobName = keyof typeof GAVEL_KNOBS;

const RATE_KNOBS: Record<PlanErrorKind, KnobName> = {
  missingNavigate: 'gavel.missingNavigate',
  missingOpen: 'gavel.missingOpen',
  forgottenRestore: 'gavel.forgottenRestore',
  swappedOrder: 'gavel.swappedOrder',
  hallucinatedObject: 'gavel.hallucinatedObject',
  wrongObject: 'gavel.wrongObject',
  missingApplianceStep: 'gavel.missingApplianceStep',
  duplicateStep: 'gavel.duplicateStep',
};

function knob(ctx: SyntheticContext, name: KnobName): number {
  const v = ctx.knobs[name];
  return typeof v === 'number' ? v : GAVEL_KNOBS[name].default;
}

export function errorRates(ctx: SyntheticContext): ErrorRates {
  const out = {} as ErrorRates;
  for (const [kind, name] of Object.entries(RATE_KNOBS) as [PlanErrorKind, KnobName][]) out[kind] = knob(ctx, name);
  return out;
}

function truthOf(ctx: SyntheticContext): HouseholdTruth | undefined {
  const t = ctx.truth as HouseholdTruth | undefined;
  return t && t.kind === 'household' ? t : undefined;
}

function answerText(reasoning: string, value: unknown): string {
  return `${reasoning}\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** The errand a task text stands for: equal text, else the largest word overlap (Jaccard). */
export function matchErrand(truth: HouseholdTruth, task: string): number {
  const norm = (s: string) => s.trim().toLowerCase().replace(/[.\s]+$/, '');
  const exact = truth.errands.findIndex((e) => norm(e) === norm(task));
  if (exact >= 0) return exact;
  const w = words(task);
  let best = 0;
  let score = -1;
  truth.errands.forEach((e, i) => {
    const x = words(e);
    const inter = [...w].filter((t) => x.has(t)).length;
    const s = inter / (w.size + x.size - inter || 1);
    if (s > score) {
      score = s;
      best = i;
    }
  });
  return best;
}

const stepsOf = (lines: readonly string[]): PlanStep[] => lines.flatMap((l) => parseStep(l) ?? []);

function literalIds(text: string): string[] {
  const l = parseLiteral(text);
  if (typeof l === 'string') return [];
  return l.kind === 'relation' ? [l.a, l.b] : l.kind === 'room' ? [l.object, l.room] : [l.object];
}

function decomposeGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as DecomposeVars;
  const truth = truthOf(ctx);
  const tasks = truth ? [...truth.errands] : [v.instruction];
  if (tasks.length > 1 && ctx.rng.chance(knob(ctx, 'gavel.decomposeError'))) tasks.splice(ctx.rng.int(tasks.length), 1);
  return answerText('The instruction contains these independent tasks.', { tasks });
}

function extractGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as ExtractVars;
  const truth = truthOf(ctx);
  if (!truth) return answerText('I could not identify the objects.', { objects: [], goal: [`holding(${v.catalog[0]?.id ?? 'robot'})`] });
  const j = matchErrand(truth, v.task);
  const goal = [...truth.goals[j]];
  const plan = stepsOf(truth.subplans[j]);
  const objects = new Set<string>(goal.flatMap(literalIds).filter((id) => v.catalog.some((c) => c.id === id)));
  for (const s of plan) if (s.action === 'Grasp' || s.action === 'PlaceInside' || s.action === 'PlaceOnTop' || s.action === 'ToggleOn') objects.add(s.args[s.args.length - 1]);
  if (goal.length > 0 && ctx.rng.chance(knob(ctx, 'gavel.extractError'))) {
    const k = ctx.rng.int(goal.length);
    const ids = literalIds(goal[k]).filter((id) => v.catalog.some((c) => c.id === id));
    const from = ids.length > 0 ? ctx.rng.pick(ids) : undefined;
    const to = from === undefined ? undefined : confusable(from, v.catalog, ctx);
    if (from !== undefined && to !== undefined) {
      const word = new RegExp(`(^|[^\\w])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\w)`);
      goal[k] = goal[k].replace(word, `$1${to}`);
      // the extracted object list names what the model (wrongly) took the task to be about
      if (!goal.some((g) => literalIds(g).includes(from))) objects.delete(from);
      objects.add(to);
    }
  }
  return answerText(`Task ${v.index + 1} involves these objects; when it is done the following holds.`, { objects: [...objects], goal });
}

/**
 * The object an extraction error names instead of `id`: another catalog
 * object of the same category, else one with the same affordances, else any
 * other object (so the error happens at the knob's rate whatever the scene).
 */
function confusable(id: string, catalog: ExtractVars['catalog'], ctx: SyntheticContext): string | undefined {
  const me = catalog.find((c) => c.id === id);
  const others = catalog.filter((c) => c.id !== id);
  const sameCategory = others.filter((c) => c.category === me?.category);
  const key = (c: { affordances: readonly string[] }): string => [...c.affordances].sort().join(',');
  const sameUse = others.filter((c) => me !== undefined && key(c) === key(me));
  const pool = sameCategory.length > 0 ? sameCategory : sameUse.length > 0 ? sameUse : others;
  return pool.length > 0 ? ctx.rng.pick(pool).id : undefined;
}

/**
 * The ids the extracted goal names in place of the true goal's, literal by
 * literal (when both list the same literals up to ids): true id → shown id.
 */
export function extractedIds(truthGoal: readonly string[], shownGoal: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (truthGoal.length !== shownGoal.length) return out;
  truthGoal.forEach((x, k) => {
    const a = parseLiteral(x);
    const b = parseLiteral(shownGoal[k]);
    if (typeof a === 'string' || typeof b === 'string' || a.kind !== b.kind || a.negated !== b.negated) return;
    if (a.kind === 'relation' && b.kind === 'relation' && a.rel !== b.rel) return;
    if (a.kind === 'flag' && b.kind === 'flag' && a.flag !== b.flag) return;
    const [ia, ib] = [literalIds(x), literalIds(shownGoal[k])];
    ia.forEach((id, n) => {
      if (ib[n] !== undefined && ib[n] !== id && !out.has(id)) out.set(id, ib[n]);
    });
  });
  return out;
}

function renameLiteral(text: string, rename: (id: string) => string): string {
  const l = parseLiteral(text);
  if (typeof l === 'string') return text;
  const r: GoalLiteral = l.kind === 'relation' ? { ...l, a: rename(l.a), b: rename(l.b) } : l.kind === 'room' ? { ...l, object: rename(l.object) } : { ...l, object: rename(l.object) };
  return formatLiteral(r);
}

function planGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as PlanVars;
  const truth = truthOf(ctx);
  if (!truth) return answerText('No plan.', { tasks: v.tasks.map((_, i) => ({ task: i + 1, steps: [] })) });
  const view = readSceneView(v.scene);
  const rates = errorRates(ctx);
  const fixProb = knob(ctx, 'gavel.fixProb');
  const tasks = v.tasks.map((t, i) => {
    const j = matchErrand(truth, t.task);
    // The model plans for the goal it is shown: an id the extraction got wrong is the id it works with.
    const swap = extractedIds(truth.goals[j], t.goal);
    const rename = (id: string): string => swap.get(id) ?? id;
    const shown = truth.goals[j].map((x) => (swap.size === 0 ? x : renameLiteral(x, rename)));
    const goalIds = new Set([...shown, ...t.goal].flatMap(literalIds));
    const goal = shown.flatMap((x) => {
      const l = parseLiteral(x);
      return typeof l === 'string' ? [] : [l];
    });
    const subplan = stepsOf(truth.subplans[j]).map((s) => ({ action: s.action, args: s.args.map(rename) }));
    const reference = believedReference(subplan, view, goalIds, goal);
    const fb = v.feedback?.find((f) => f.task === i);
    const plan = fb ? fixNamed(fb.plan, reference, fb.problems, fixProb, ctx.rng).plan : injectErrors(reference, view, rates, ctx.rng).plan;
    return { task: i + 1, steps: plan.map((s) => `${s.action}(${s.args.join(', ')})`) };
  });
  const why = v.feedback && v.feedback.length > 0 ? 'I corrected the plans according to the reported problems.' : 'Plan for each task, step by step.';
  return answerText(why, { tasks });
}

let registered = false;

/** Register the generators and declare the knobs (idempotent). */
export function registerGavelSynthetic(): void {
  if (registered) return;
  registered = true;
  declareSyntheticKnobs('gavel', GAVEL_KNOBS);
  registerSyntheticGenerator('gavel.decompose', decomposeGenerator);
  registerSyntheticGenerator('gavel.extract', extractGenerator);
  registerSyntheticGenerator('gavel.plan', planGenerator);
}
