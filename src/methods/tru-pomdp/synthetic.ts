/**
 * The `synthetic` LLM's answers for Tru-POMDP's prompt kinds, generated from
 * the task's hidden truth (`KitchenTruth`: goal set and placements) with
 * calibrated, seeded noise, as TEXT in the format a real model would use.
 * Wrong answers are plausible: objects of the same catalogue category, areas
 * of the same kind. Knobs: goalRecall, locationRecall, hallucination,
 * invalidRate, actError, rankAccuracy, answerCorrelation, flatHallucination,
 * flatDiversity. Reports must print `describeSynthetic(knobs)`.
 */
import { hashString, type Rng } from '../../core/rng.js';
import { areaKind, catalogueObject, CATALOGUE_OBJECTS, matchAreas } from '../../envs/kitchen/index.js';
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../../llm/index.js';
import type { KitchenTruth } from '../method.js';
import { baseName } from './agent-world.js';
import type { ActVars, FlatVars, GoalPairName, GoalsVars, LocationsVars, SceneVars } from './prompts.js';

export const TRU_KNOBS = {
  goalRecall: { default: 0.7, min: 0, max: 1, description: 'probability that one proposed goal combination is a true goal alternative (toh.goals, toh.flat)' },
  locationRecall: { default: 0.8, min: 0, max: 1, description: "probability that an existing hidden object's true area is among the proposed locations (toh.locations, toh.flat)" },
  hallucination: { default: 0.1, min: 0, max: 1, description: 'share of proposed objects in wrong combinations that do not exist in the task (same category)' },
  invalidRate: { default: 0.05, min: 0, max: 1, description: 'probability that a Tru-POMDP answer names a nonexistent area or has probabilities not summing to 1' },
  actError: { default: 0.2, min: 0, max: 1, description: 'probability that tru.act picks a random legal action instead of a sensible one' },
  rankAccuracy: {
    default: 0.6,
    min: 0,
    max: 1,
    description: 'probability that a proposed true goal combination (toh.goals) or true hidden area (toh.locations) is ranked most likely; otherwise a wrong one is',
  },
  answerCorrelation: {
    default: 0.8,
    min: 0,
    max: 1,
    description:
      'probability that whether the truth is proposed (goalRecall, locationRecall) is decided by the question (instruction, view, failed goals) rather than drawn afresh, so re-asking the same question mostly repeats the miss',
  },
  flatHallucination: { default: 0.2, min: 0, max: 1, description: 'hallucination share in the one flat query of w/o TOH (toh.flat), which must invent whole particles at once' },
  flatDiversity: {
    default: 0.3,
    min: 0,
    max: 1,
    description: "toh.flat: probability that a particle's hidden location for an object is not the answer's single most likely one for it (low = particles repeat the mode)",
  },
};

let registered = false;

function knob(ctx: SyntheticContext, name: keyof typeof TRU_KNOBS): number {
  const v = ctx.knobs[name];
  return typeof v === 'number' ? v : TRU_KNOBS[name].default;
}

/**
 * Whether the truth is proposed, at probability `p`. A real model asked the same
 * question again tends to repeat its answer: with probability answerCorrelation
 * the draw is a fixed function of the question (`context`), else fresh.
 */
function recalls(ctx: SyntheticContext, p: number, context: string): boolean {
  const u = ctx.rng.chance(knob(ctx, 'answerCorrelation')) ? hashString(context) / 4294967296 : ctx.rng.next();
  return u < p;
}

function truthOf(ctx: SyntheticContext): KitchenTruth | undefined {
  const t = ctx.truth as KitchenTruth | undefined;
  return t && t.kind === 'kitchen' ? t : undefined;
}

function categoryOf(name: string): string | undefined {
  return catalogueObject(baseName(name))?.category;
}

function visibleNames(v: SceneVars): Set<string> {
  return new Set([...v.visible.map((o) => o.object), ...(v.inHand ? [v.inHand] : [])]);
}

/** How a model that sees the scene would name a real object: full name if visible, else its type. */
function display(name: string, v: SceneVars): string {
  return visibleNames(v).has(name) ? name : baseName(name);
}

/** Probabilities with 2 decimals summing exactly to 1. */
function probabilities(rng: Rng, n: number, first?: number): number[] {
  const raw = Array.from({ length: n }, () => rng.uniform(0.2, 1));
  if (first !== undefined && n > 0) raw[0] = Math.max(...raw) * first;
  const s = raw.reduce((a, b) => a + b, 0);
  const ps = raw.map((x) => Math.round((x / s) * 100) / 100);
  const drift = Math.round((1 - ps.reduce((a, b) => a + b, 0)) * 100) / 100;
  ps[0] = Math.round((ps[0] + drift) * 100) / 100;
  return ps;
}

function answerText(reasoning: string, value: unknown): string {
  return `${reasoning}\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

/** A same-category substitute: another task object of that category, or a catalogue type absent from the task. */
function substitute(rng: Rng, name: string, truth: KitchenTruth, v: SceneVars, exclude: Set<string>, hallucinate: boolean): string {
  const cat = categoryOf(name);
  const taskObjects = truth.placement.map((p) => p.placed_object);
  const present = new Set(taskObjects.map(baseName));
  if (!hallucinate) {
    const same = taskObjects.filter((o) => o !== name && categoryOf(o) === cat && !exclude.has(display(o, v)));
    if (same.length > 0) return display(rng.pick(same), v);
  }
  const absent = CATALOGUE_OBJECTS.filter((c) => c.category === cat && !present.has(c.type) && !exclude.has(c.type)).map((c) => c.type);
  if (absent.length > 0) return rng.pick(absent);
  const any = CATALOGUE_OBJECTS.filter((c) => !present.has(c.type) && !exclude.has(c.type)).map((c) => c.type);
  return any.length > 0 ? rng.pick(any) : baseName(name);
}

function sameKindArea(rng: Rng, area: string, v: SceneVars, pool?: string[]): string {
  const all = pool ?? [...v.openAreas, ...v.closedAreas];
  const kind = areaKind(area);
  const same = all.filter((a) => a !== area && areaKind(a) === kind);
  return same.length > 0 ? rng.pick(same) : rng.pick(all.filter((a) => a !== area).length ? all.filter((a) => a !== area) : all);
}

function goalKey(g: GoalPairName[]): string {
  return g.map((p) => `${p.object}@${p.target_area}`).sort().join('|');
}

/** Goal combinations: the truth with probability goalRecall, the rest plausible perturbations. */
function goalCombos(call: SyntheticCall, ctx: SyntheticContext, v: GoalsVars, k: number): { objects: GoalPairName[]; probability: number }[] {
  const rng = ctx.rng;
  const truth = truthOf(ctx);
  const areas = [...v.openAreas, ...v.closedAreas];
  if (!truth) return [{ objects: [{ object: v.visible[0]?.object ?? 'apple', target_area: areas[0] }], probability: 1 }];
  const alts = truth.goal_set.map((alt) => alt.map((p) => ({ object: display(p.placed_object, v), target_area: p.target_area })));
  const failed = new Set(v.failedGoals.map(goalKey));
  const fresh = alts.filter((a) => !failed.has(goalKey(a)));
  const combos: GoalPairName[][] = [];
  const lock = new Map<string, string>();
  const add = (c: GoalPairName[]): void => {
    combos.push(c);
    for (const p of c) lock.set(p.object, p.target_area);
  };
  const question = `goals|${v.instruction}|${[...visibleNames(v)].sort().join(',')}|${[...failed].sort().join(';')}`;
  if (fresh.length > 0 && recalls(ctx, knob(ctx, 'goalRecall'), question)) add(rng.pick(fresh));
  const hall = knob(ctx, 'hallucination');
  for (let tries = 0; combos.length < k && tries < 20; tries++) {
    const src = rng.pick(alts);
    const used = new Set<string>();
    const c: GoalPairName[] = [];
    const perturbAt = rng.int(src.length);
    for (let i = 0; i < src.length; i++) {
      let { object, target_area } = src[i];
      const real = truth.goal_set.flat().find((p) => display(p.placed_object, v) === object)?.placed_object ?? object;
      if (rng.chance(hall)) object = substitute(rng, real, truth, v, used, true);
      else if (i === perturbAt && rng.chance(0.5)) object = substitute(rng, real, truth, v, used, false);
      else if (i === perturbAt || rng.chance(0.25)) target_area = sameKindArea(rng, target_area, v);
      if (used.has(object)) continue;
      used.add(object);
      c.push({ object, target_area: lock.get(object) ?? target_area });
    }
    if (c.length === 0) continue;
    const key = goalKey(c);
    if (failed.has(key) || combos.some((x) => goalKey(x) === key)) continue;
    add(c);
  }
  const ps = probabilities(rng, combos.length, combos.length > 1 ? 1.2 : undefined);
  // the first combination (the truth, when proposed) gets the top probability unless the ranking is wrong
  if (combos.length > 1 && !rng.chance(knob(ctx, 'rankAccuracy'))) {
    const j = 1 + rng.int(combos.length - 1);
    [ps[0], ps[j]] = [ps[j], ps[0]];
  }
  const out = combos.map((objects, i) => ({ objects, probability: ps[i] }));
  if (rng.chance(knob(ctx, 'invalidRate')) && out.length > 0) corruptGoals(rng, out);
  void call;
  return out;
}

function corruptGoals(rng: Rng, out: { objects: GoalPairName[]; probability: number }[]): void {
  if (rng.chance(0.5)) {
    const c = rng.pick(out);
    const p = rng.pick(c.objects);
    p.target_area = rng.pick(['Kitchen_Island_Drawer', 'Pantry_Cupboard', 'Dining_Table', 'Fridge_Door_Shelf']);
  } else {
    out[0].probability = Math.round((out[0].probability + 0.4) * 100) / 100;
  }
}

/** Hidden-location candidates for one object. */
function locationList(ctx: SyntheticContext, v: LocationsVars, k: number): { initial_area: string; probability: number }[] {
  const rng = ctx.rng;
  const truth = truthOf(ctx);
  const closed = v.closedAreas;
  if (closed.length === 0) return [{ initial_area: v.openAreas[0], probability: 1 }];
  const type = baseName(v.object);
  const real = truth?.placement.find((p) => (p.placed_object === v.object || baseName(p.placed_object) === type) && closed.includes(p.area));
  const stores = catalogueObject(type)?.stores ?? [];
  const plausible = rng.shuffle(matchAreas(closed, stores).map((i) => closed[i]));
  const list: string[] = [];
  if (real && recalls(ctx, knob(ctx, 'locationRecall'), `locations|${v.instruction}|${type}|${closed.join(',')}`)) list.push(real.area);
  const others = [...plausible, ...(real ? closed.filter((a) => areaKind(a) === areaKind(real.area)) : []), ...rng.shuffle([...closed])];
  for (const a of others) {
    if (list.length >= k) break;
    if (real && a === real.area) continue;
    if (!list.includes(a)) list.push(a);
  }
  // the first area (the true one, when proposed) is ranked most likely unless the ranking is wrong
  const ordered = list.slice();
  if (ordered.length > 1 && !rng.chance(knob(ctx, 'rankAccuracy'))) {
    const j = 1 + rng.int(ordered.length - 1);
    [ordered[0], ordered[j]] = [ordered[j], ordered[0]];
  }
  const ps = probabilities(rng, ordered.length, ordered.length > 1 ? 1.5 : undefined);
  return ordered.map((a, i) => ({ initial_area: a, probability: ps[i] }));
}

function goalsGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as GoalsVars;
  const answer = goalCombos(call, ctx, v, v.k);
  return answer.length > 0
    ? answerText('Reasoning: the instruction points at these objects; visible ones use their observed names, unseen ones are probably in closed areas.', { answer })
    : 'I cannot identify any objects for this instruction.';
}

function locationsGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as LocationsVars;
  const answer = locationList(ctx, v, v.k);
  // an empty list (recall missed the only closed area) has nothing to corrupt
  if (answer.length > 0 && ctx.rng.chance(knob(ctx, 'invalidRate'))) {
    if (ctx.rng.chance(0.5)) answer[0].initial_area = v.openAreas[0] ?? 'Pantry_Cupboard';
    else answer[0].probability = Math.round((answer[0].probability + 0.5) * 100) / 100;
  }
  return answerText(`Reasoning: ${v.object} is not visible; by common sense it is kept in one of these closed areas.`, { answer });
}

function flatGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as FlatVars;
  // One flat query (w/o TOH) has to invent whole particles at once. Modelled mechanism (seed §5.3):
  // more hallucinated objects (flatHallucination instead of hallucination), and particles that
  // repeat the answer's single most likely hidden area per object instead of spreading over the
  // C2 alternatives a per-object query would list (flatDiversity).
  const flat: SyntheticContext = { ...ctx, knobs: { ...ctx.knobs, hallucination: knob(ctx, 'flatHallucination'), invalidRate: 0 } };
  const combos = goalCombos(call, flat, v, v.k);
  const seen = visibleNames(v);
  const seenTypes = new Set([...seen].map(baseName));
  const lists = new Map<string, string[]>();
  const locationsOf = (object: string): string[] => {
    let l = lists.get(object);
    if (!l) {
      l = locationList(ctx, { ...v, object, k: v.k2 }, v.k2).map((x) => x.initial_area);
      lists.set(object, l);
    }
    return l;
  };
  const answer: { objects: Array<GoalPairName & { initial_area?: string }>; probability: number }[] = [];
  for (const c of combos) {
    for (let j = 0; j < v.k2; j++) {
      const objects = c.objects.map((p) => {
        if (seen.has(p.object) || seenTypes.has(p.object)) return { ...p };
        const l = locationsOf(p.object);
        const area = l.length > 1 && ctx.rng.chance(knob(ctx, 'flatDiversity')) ? l[1 + ctx.rng.int(l.length - 1)] : l[0];
        return { ...p, initial_area: area };
      });
      answer.push({ objects, probability: c.probability / v.k2 });
    }
  }
  const ps = probabilities(ctx.rng, answer.length);
  answer.forEach((a, i) => (a.probability = ps[i]));
  return answerText('Reasoning: complete hypotheses of targets, destinations and hidden locations.', { answer });
}

function actGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as ActVars;
  const rng = ctx.rng;
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
