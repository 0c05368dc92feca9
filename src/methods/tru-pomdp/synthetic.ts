/**
 * The `synthetic` LLM's answers for Tru-POMDP's prompt kinds, as TEXT in the
 * format a real model would use. Each answer is built in two parts:
 *
 * - a GUESS that is a function of the prompt alone: the offline `prior`
 *   model's answer to the same call (BEHAVIOR-1K placement statistics and
 *   instruction words; it never sees the task's goal set or placements);
 * - at most ONE RECALL per call, the only place the task's hidden truth enters:
 *   with probability `goalRecall` (`toh.goals`, `toh.flat`) a true goal
 *   alternative that has not failed yet is put into the guess, with
 *   probability `locationRecall` (`toh.locations`) the asked object's true
 *   closed area is. `toh.flat` is a single call, so it gets the single goal
 *   recall of a call without the hierarchy: its unseen objects' initial areas
 *   are the guess's, never the truth. `tru.act` reads only its prompt.
 *
 * Every other random choice (ranking, corrupting an answer) is drawn before
 * the truth is looked at, from a stream that does not depend on it, so with
 * both recalls at 0 every answer is the same under any hidden truth
 * (synthetic.test.ts scrambles the truth to check this).
 * Knobs: goalRecall, locationRecall, rankAccuracy, answerCorrelation,
 * invalidRate, actError. Reports must print `describeSynthetic(knobs)`.
 */
import { hashString, type Rng } from '../../core/rng.js';
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../../llm/index.js';
import { loadPrior, priorGoals, priorLikeliestArea, priorLocations, type PriorKnowledge } from './prior-model.js';
import type { KitchenTruth } from '../method.js';
import { baseName } from './agent-world.js';
import type { ActVars, FlatVars, GoalPairName, GoalsVars, LocationsVars, SceneVars } from './prompts.js';

export const TRU_KNOBS = {
  goalRecall: {
    default: 0.7,
    min: 0,
    max: 1,
    description: 'probability that a toh.goals or toh.flat answer contains a true goal alternative not yet failed (besides what the prompt-only guess finds by itself)',
  },
  locationRecall: {
    default: 0.8,
    min: 0,
    max: 1,
    description: "probability that a toh.locations answer lists the asked object's true closed area (besides the prompt-only guess's hits)",
  },
  rankAccuracy: {
    default: 0.6,
    min: 0,
    max: 1,
    description: 'probability that a recalled true combination or area is ranked first; otherwise the guess keeps first place and the truth comes second',
  },
  answerCorrelation: {
    default: 0.8,
    min: 0,
    max: 1,
    description: 'probability that whether a call recalls the truth is a fixed function of its question (instruction, view, failed goals), so asking the same question again repeats the miss',
  },
  invalidRate: { default: 0.05, min: 0, max: 1, description: 'probability that a Tru-POMDP answer names a nonexistent area or has probabilities not summing to 1 (exercises the repair turn)' },
  actError: { default: 0.2, min: 0, max: 1, description: 'probability that tru.act picks a random legal action instead of acting on the top hypothesis' },
};

let registered = false;
let prior: PriorKnowledge | undefined;
const knowledge = (): PriorKnowledge => (prior ??= loadPrior());

function knob(ctx: SyntheticContext, name: keyof typeof TRU_KNOBS): number {
  const v = ctx.knobs[name];
  return typeof v === 'number' ? v : TRU_KNOBS[name].default;
}

/** The random choices of one answer that do not touch the truth, drawn up front. */
interface Draws {
  /** The recall draw: a fixed function of the question with probability answerCorrelation, else fresh. */
  u: number;
  rankFirst: boolean;
  corrupt: boolean;
  corruptHow: number;
  pick: number;
}

function draws(ctx: SyntheticContext, question: string): Draws {
  const rng = ctx.rng;
  const fixed = rng.chance(knob(ctx, 'answerCorrelation'));
  const fresh = rng.next();
  return {
    u: fixed ? hashString(question) / 4294967296 : fresh,
    rankFirst: rng.chance(knob(ctx, 'rankAccuracy')),
    corrupt: rng.chance(knob(ctx, 'invalidRate')),
    corruptHow: rng.next(),
    pick: rng.next(),
  };
}

function truthOf(ctx: SyntheticContext): KitchenTruth | undefined {
  const t = ctx.truth as KitchenTruth | undefined;
  return t && t.kind === 'kitchen' ? t : undefined;
}

function visibleNames(v: SceneVars): Set<string> {
  return new Set([...v.visible.map((o) => o.object), ...(v.inHand ? [v.inHand] : [])]);
}

/** How a model that sees the scene would name a real object: full name if visible, else its type. */
function display(name: string, v: SceneVars): string {
  return visibleNames(v).has(name) ? name : baseName(name);
}

function goalKey(g: GoalPairName[]): string {
  return g.map((p) => `${p.object}@${p.target_area}`).sort().join('|');
}

/** Probabilities by rank (0.5, 0.3, 0.2, 0.1 …), 2 decimals, summing exactly to 1. */
function rankProbabilities(n: number): number[] {
  const raw = Array.from({ length: n }, (_, i) => [0.5, 0.3, 0.2][i] ?? 0.1);
  const s = raw.reduce((a, b) => a + b, 0);
  const ps = raw.map((x) => Math.round((x / s) * 100) / 100);
  if (n > 0) ps[0] = Math.round((ps[0] + 1 - ps.reduce((a, b) => a + b, 0)) * 100) / 100;
  return ps;
}

function answerText(reasoning: string, value: unknown): string {
  return `${reasoning}\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

/** The question a goals call asks, as the model reads it: instruction, what is in view, the failed goals. */
function goalsQuestion(v: GoalsVars): string {
  return `goals|${v.instruction}|${[...visibleNames(v)].sort().join(',')}|${v.failedGoals.map(goalKey).sort().join(';')}`;
}

/**
 * The one recalled goal alternative of a goals or flat call (named as the
 * model would see it), or undefined when the call does not recall.
 */
function recalledGoal(ctx: SyntheticContext, v: GoalsVars, d: Draws): GoalPairName[] | undefined {
  if (d.u >= knob(ctx, 'goalRecall')) return undefined;
  const truth = truthOf(ctx);
  if (!truth) return undefined;
  const failed = new Set(v.failedGoals.map(goalKey));
  const fresh = truth.goal_set
    .map((alt) => alt.map((p) => ({ object: display(p.placed_object, v), target_area: p.target_area })))
    .filter((a) => !failed.has(goalKey(a)));
  return fresh.length > 0 ? fresh[Math.floor(d.pick * fresh.length)] : undefined;
}

/**
 * Put a recalled item into a ranked guess: first when ranked right, else
 * second; an equal guess entry is removed, the list stays within k.
 */
function insertRanked<T>(guess: T[], item: T, same: (a: T) => boolean, first: boolean, k: number): T[] {
  const rest = guess.filter((g) => !same(g));
  const at = first ? 0 : Math.min(1, rest.length);
  return [...rest.slice(0, at), item, ...rest.slice(at)].slice(0, k);
}

/** The goal combinations of a goals or flat call: the guess, with the recalled alternative put in. */
function goalCombos<P extends GoalPairName>(guess: P[][], recalled: P[] | undefined, d: Draws, k: number): P[][] {
  if (!recalled) return guess.slice(0, k);
  const key = goalKey(recalled);
  const target = new Map(recalled.map((p) => [p.object, p.target_area]));
  // the prompt's rule: an object keeps one target area in every combination
  const bound = guess.map((c) => c.map((p) => ({ ...p, target_area: target.get(p.object) ?? p.target_area })));
  return insertRanked(bound, recalled, (c) => goalKey(c) === key, d.rankFirst, k);
}

const BAD_AREAS = ['Kitchen_Island_Drawer', 'Pantry_Cupboard', 'Dining_Table', 'Fridge_Door_Shelf'];

function goalsGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as GoalsVars;
  const d = draws(ctx, goalsQuestion(v));
  const guess = priorGoals(knowledge(), v, call.attempt).map((c) => c.objects);
  const combos = goalCombos(guess, recalledGoal(ctx, v, d), d, v.k);
  if (combos.length === 0) return 'I cannot identify any objects for this instruction.';
  const answer = combos.map((objects, i) => ({ objects, probability: rankProbabilities(combos.length)[i] }));
  if (d.corrupt) {
    if (d.corruptHow < 0.5) answer[0].objects[0].target_area = BAD_AREAS[Math.floor(d.pick * BAD_AREAS.length)];
    else answer[0].probability = Math.round((answer[0].probability + 0.4) * 100) / 100;
  }
  return answerText('Reasoning: the instruction points at these objects; visible ones use their observed names, unseen ones are probably in closed areas.', { answer });
}

function locationsGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as LocationsVars;
  const type = baseName(v.object);
  const d = draws(ctx, `locations|${v.instruction}|${type}|${v.closedAreas.join(',')}`);
  let areas = priorLocations(knowledge(), v).map((l) => l.initial_area);
  if (d.u < knob(ctx, 'locationRecall')) {
    const real = truthOf(ctx)?.placement.find((p) => (p.placed_object === v.object || baseName(p.placed_object) === type) && v.closedAreas.includes(p.area));
    if (real) areas = insertRanked(areas, real.area, (a) => a === real.area, d.rankFirst, v.k);
  }
  if (areas.length === 0) areas = v.openAreas.slice(0, 1);
  const answer = areas.map((a, i) => ({ initial_area: a, probability: rankProbabilities(areas.length)[i] }));
  if (d.corrupt) {
    if (d.corruptHow < 0.5) answer[0].initial_area = v.openAreas[0] ?? 'Pantry_Cupboard';
    else answer[0].probability = Math.round((answer[0].probability + 0.5) * 100) / 100;
  }
  return answerText(`Reasoning: ${v.object} is not visible; by common sense it is kept in one of these closed areas.`, { answer });
}

function flatGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as FlatVars;
  const d = draws(ctx, goalsQuestion(v)); // the same question as toh.goals: the same recall when correlated
  const k = knowledge();
  const seen = visibleNames(v);
  const seenTypes = new Set([...seen].map(baseName));
  // one call, one recall: the goal; an unseen object's initial area is the guess's likeliest one
  const located = (c: GoalPairName[]): Array<GoalPairName & { initial_area?: string }> =>
    c.map((p) => (seen.has(p.object) || seenTypes.has(p.object) ? { object: p.object, target_area: p.target_area } : { ...p, initial_area: priorLikeliestArea(k, v, p.object) }));
  const guess = priorGoals(k, v, call.attempt).map((c) => located(c.objects));
  const recalled = recalledGoal(ctx, v, d);
  const combos = goalCombos(guess, recalled ? located(recalled) : undefined, d, v.k * v.k2);
  if (combos.length === 0) return 'I cannot identify any objects for this instruction.';
  const answer = combos.map((objects, i) => ({ objects, probability: rankProbabilities(combos.length)[i] }));
  return answerText('Reasoning: complete hypotheses of targets, destinations and hidden locations.', { answer });
}

function actGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as ActVars;
  const rng: Rng = ctx.rng;
  const legal = v.actions;
  let choice: string | undefined;
  if (!rng.chance(knob(ctx, 'actError')) && v.hypotheses.length > 0) {
    const h = v.hypotheses[0];
    const where = new Map(v.visible.map((o) => [o.object, o.area]));
    const held = v.inHand ? h.goal.find((g) => g.object === v.inHand) : undefined;
    const candidates: string[] = [];
    if (held) candidates.push(`PLACE(${held.target_area})`, `OPEN(${held.target_area})`);
    for (const g of h.goal) if (where.has(g.object) && where.get(g.object) !== g.target_area) candidates.push(`PICK(${where.get(g.object)}, ${g.object})`);
    for (const x of h.hidden) candidates.push(`OPEN(${x.area})`);
    choice = candidates.find((c) => legal.includes(c));
  }
  choice ??= legal.length > 0 ? rng.pick(legal) : 'NONE';
  return answerText('Thought: act on the most likely hypothesis.', { action: choice });
}

/** Register the generators and declare the knobs (idempotent). */
export function registerTruSynthetic(): void {
  if (registered) return;
  registered = true;
  declareSyntheticKnobs('tru-pomdp', TRU_KNOBS);
  registerSyntheticGenerator('toh.goals', goalsGenerator);
  registerSyntheticGenerator('toh.locations', locationsGenerator);
  registerSyntheticGenerator('toh.flat', flatGenerator);
  registerSyntheticGenerator('tru.act', actGenerator);
}
