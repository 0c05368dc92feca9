/**
 * Synthetic answers for the baselines' prompt kinds (`react.step`,
 * `reflexion.reflect`, `mcts.goal`, `mcts.locations`, `mcts.prior`): a
 * stand-in that knows the task's hidden truth (`KitchenTruth`) and acts
 * plausibly with seeded noise — wrong but legal-looking actions, thoughts,
 * hallucinated names, misplaced location guesses — in the text format a real
 * model would use. Reports built on them say "synthetic LLM".
 */
import { hashString, Rng } from '../../core/rng.js';
import type { NamedObservation } from '../../envs/kitchen/index.js';
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../../llm/synthetic-model.js';
import type { KitchenTruth } from '../method.js';
import { MCTS_GOAL_KIND, MCTS_LOCATIONS_KIND, MCTS_PRIOR_KIND, type MctsGoalVars, type MctsLocationVars, type MctsPriorVars } from './llm-mcts.js';
import { REACT_STEP_KIND, REFLECT_KIND, type ReactStepVars, type ReflectVars } from './react.js';

export const BASELINE_KNOBS = {
  reactError: { default: 0.3, min: 0, max: 1, description: 'probability that a plain ReAct/Reflexion step is a plausible but wrong action' },
  reactStarError: { default: 0.15, min: 0, max: 1, description: 'the same for ReAct*/Reflexion* (structured system prompt)' },
  reactHallucination: { default: 0.05, min: 0, max: 1, description: 'probability that a ReAct-family action names an object or area that does not exist' },
  reactThink: { default: 0.3, min: 0, max: 1, description: "probability of a 'think:' turn when the previous turn was an action" },
  reactGoalRecall: { default: 0.7, min: 0, max: 1, description: 'probability that a ReAct-family agent understands the goal from the start; otherwise it first delivers a distractor object (until it sees that this did not finish the task, or a reflection corrects it)' },
  searchHit: { default: 0.6, min: 0, max: 1, description: 'probability that a ReAct-family agent looking for a hidden object opens its true area' },
  mctsGoalError: { default: 0.2, min: 0, max: 1, description: 'probability that mcts.goal names one target object that does not exist (closed-domain failure)' },
  mctsLocationRecall: { default: 0.8, min: 0, max: 1, description: "probability that mcts.locations puts weight on a hidden object's true area" },
  mctsPriorError: { default: 0.2, min: 0, max: 1, description: 'probability that an mcts.prior answer is uniform instead of favouring the sensible action' },
};

function knob(ctx: SyntheticContext, name: keyof typeof BASELINE_KNOBS): number {
  const v = ctx.knobs[name];
  return typeof v === 'number' ? v : BASELINE_KNOBS[name].default;
}

function truthOf(ctx: SyntheticContext): KitchenTruth {
  const t = ctx.truth as KitchenTruth | undefined;
  if (!t || t.kind !== 'kitchen') throw new Error('baseline synthetic answers need the kitchen truth (run through the kitchen episode runner)');
  return t;
}

const base = (name: string): string => name.replace(/_\d+$/, '');

/** The alternative the synthetic agent pursues: the first of the goal set (stable over the episode). */
function target(t: KitchenTruth): Array<{ placed_object: string; target_area: string }> {
  return t.goal_set[0];
}

function whereNow(t: KitchenTruth, obs: NamedObservation, object: string): { area: string; visible: boolean } | 'hand' | undefined {
  if (obs.inHand === object) return 'hand';
  const seen = obs.objects.find((o) => o.object === object);
  if (seen) return { area: seen.area, visible: true };
  const p = t.placement.find((q) => q.placed_object === object);
  return p ? { area: p.area, visible: false } : undefined;
}

/**
 * The goal a ReAct-family agent believes in: the truth, or (episode-wide, decided from the
 * instruction's hash) the truth with its first object replaced by a distractor, until that
 * distractor sits at the target or a reflection corrected it.
 */
function believedTarget(t: KitchenTruth, obs: NamedObservation, recall: number, reflected: boolean): Array<{ placed_object: string; target_area: string }> {
  const alt = target(t);
  if (reflected) return alt;
  const episode = new Rng(hashString(`react-goal|${t.instruction}|${t.placement.length}`));
  if (episode.next() < recall) return alt;
  const inGoals = new Set(t.goal_set.flat().map((g) => g.placed_object));
  const decoys = t.placement.filter((p) => !inGoals.has(p.placed_object) && p.area !== 'IN_HAND');
  if (decoys.length === 0) return alt;
  const decoy = decoys[episode.int(decoys.length)].placed_object;
  const done = obs.objects.some((o) => o.object === decoy && o.area === alt[0].target_area);
  return done ? alt : [{ placed_object: decoy, target_area: alt[0].target_area }, ...alt.slice(1)];
}

/** The sensible next action by names (or undefined when the target is already met). */
function sensible(t: KitchenTruth, obs: NamedObservation, rng: Rng, hit: number, alt = target(t)): string | undefined {
  if (obs.inHand) {
    const g = alt.find((p) => p.placed_object === obs.inHand);
    if (g) return obs.closedAreas.includes(g.target_area) ? `Open(${g.target_area})` : `Place(${g.target_area})`;
    return `Place(${obs.openAreas[0]})`;
  }
  for (const g of alt) {
    const w = whereNow(t, obs, g.placed_object);
    if (w === undefined || w === 'hand' || w.area === g.target_area) continue;
    if (w.visible) return `Pick(${w.area}, ${g.placed_object})`;
    if (rng.chance(hit) || obs.closedAreas.length <= 1) return `Open(${w.area})`;
    return `Open(${rng.pick(obs.closedAreas)})`;
  }
  return undefined;
}

function wrong(obs: NamedObservation, rng: Rng): string {
  const options: string[] = [];
  if (obs.closedAreas.length > 0) options.push(`Open(${rng.pick(obs.closedAreas)})`);
  if (!obs.inHand && obs.objects.length > 0) {
    const o = rng.pick(obs.objects);
    options.push(`Pick(${o.area}, ${o.object})`);
  }
  if (obs.inHand) options.push(`Place(${rng.pick(obs.openAreas)})`);
  options.push(`Place(${rng.pick(obs.openAreas)})`);
  return rng.pick(options);
}

function hallucinated(t: KitchenTruth, obs: NamedObservation, rng: Rng): string {
  const g = rng.pick(target(t));
  return rng.chance(0.5) ? `Pick(${rng.pick(obs.openAreas)}, ${base(g.placed_object)}_spare)` : `Open(${g.target_area.split('_')[0]}_Area)`;
}

export function reactStepGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as ReactStepVars;
  const t = truthOf(ctx);
  const { rng } = ctx;
  const obs = v.observation;
  if (!v.afterThought && rng.chance(knob(ctx, 'reactThink'))) {
    const next = sensible(t, obs, rng, 1, believedTarget(t, obs, knob(ctx, 'reactGoalRecall'), v.reflections.length > 0));
    return `think: ${v.instruction.slice(0, 60)}... ${next ? `The next useful step looks like ${next}.` : 'I should check the areas again.'}`;
  }
  let err = v.variant.endsWith('-star') ? knob(ctx, 'reactStarError') : knob(ctx, 'reactError');
  if (v.reflections.length > 0) err /= 2;
  if (rng.chance(knob(ctx, 'reactHallucination'))) return hallucinated(t, obs, rng);
  const believed = believedTarget(t, obs, knob(ctx, 'reactGoalRecall'), v.reflections.length > 0);
  const good = sensible(t, obs, rng, knob(ctx, 'searchHit'), believed);
  if (good === undefined || rng.chance(err)) return wrong(obs, rng);
  return good;
}

export function reflectGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as ReflectVars;
  const t = truthOf(ctx);
  const steps = target(t).map((g, i) => `${i + 1}. find ${g.placed_object.replace(/_\d+$/, '')} and Place(${g.target_area})`);
  return `Reflection: I repeated actions that could not work in ${v.observation.robotAt}'s surroundings. Plan:\n${steps.join('\n')}`;
}

export function mctsGoalGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as MctsGoalVars;
  const t = truthOf(ctx);
  const visible = new Set(v.observation.objects.map((o) => o.object));
  const goal = target(t).map((g) => ({ object: visible.has(g.placed_object) ? g.placed_object : base(g.placed_object), target_area: g.target_area }));
  if (ctx.rng.chance(knob(ctx, 'mctsGoalError'))) {
    const i = ctx.rng.int(goal.length);
    goal[i] = { ...goal[i], object: `${base(goal[i].object)}_substitute` };
  }
  return `The instruction asks for these placements.\n\`\`\`json\n${JSON.stringify({ goal }, null, 1)}\n\`\`\``;
}

export function mctsLocationsGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as MctsLocationVars;
  const t = truthOf(ctx);
  const { rng } = ctx;
  const closed = v.observation.closedAreas;
  const truthArea = t.placement.find((p) => base(p.placed_object) === base(v.object) && closed.includes(p.area))?.area;
  const picks: string[] = [];
  if (truthArea !== undefined && rng.chance(knob(ctx, 'mctsLocationRecall'))) picks.push(truthArea);
  const others = rng.shuffle(closed.filter((a) => a !== truthArea));
  while (picks.length < Math.min(3, closed.length) && others.length > 0) picks.push(others.pop() as string);
  const weights = picks.map((_, i) => (i === 0 ? 0.6 : 0.4 / Math.max(1, picks.length - 1)));
  const total = weights.reduce((a, b) => a + b, 0);
  const locations = picks.map((area, i) => ({ area, probability: Math.round((100 * weights[i]) / total) / 100 }));
  return `\`\`\`json\n${JSON.stringify({ locations })}\n\`\`\``;
}

export function mctsPriorGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const v = call.vars as MctsPriorVars;
  const { rng } = ctx;
  const n = v.actions.length;
  if (n === 0 || rng.chance(knob(ctx, 'mctsPriorError'))) {
    return `\`\`\`json\n${JSON.stringify({ actions: v.actions.map((action) => ({ action, probability: Math.round(100 / Math.max(1, n)) / 100 })) })}\n\`\`\``;
  }
  const held = Object.entries(v.placement).find(([, a]) => a === 'IN_HAND')?.[0];
  const wanted = new Set<string>();
  for (const g of v.goal) {
    const at = v.placement[g.object];
    if (held === g.object) {
      wanted.add(`OPEN(${g.target_area})`);
      wanted.add(`PLACE(${g.target_area})`);
    } else if (at !== undefined && at !== g.target_area) {
      wanted.add(`PICK(${at}, ${g.object})`);
      if (!v.open.includes(at)) wanted.add(`OPEN(${at})`);
    }
  }
  const good = v.actions.filter((a) => wanted.has(a));
  const actions = v.actions.map((action) => ({
    action,
    probability: good.length > 0 ? (good.includes(action) ? 0.8 / good.length : 0.2 / Math.max(1, n - good.length)) : 1 / n,
  }));
  return `\`\`\`json\n${JSON.stringify({ actions: actions.map((a) => ({ ...a, probability: Math.round(a.probability * 1000) / 1000 })) })}\n\`\`\``;
}

let registered = false;

/** Registers the baselines' synthetic generators and knobs (idempotent). */
export function registerBaselineSynthetic(): void {
  if (registered) return;
  registered = true;
  declareSyntheticKnobs('baselines', BASELINE_KNOBS);
  registerSyntheticGenerator(REACT_STEP_KIND, reactStepGenerator);
  registerSyntheticGenerator(REFLECT_KIND, reflectGenerator);
  registerSyntheticGenerator(MCTS_GOAL_KIND, mctsGoalGenerator);
  registerSyntheticGenerator(MCTS_LOCATIONS_KIND, mctsLocationsGenerator);
  registerSyntheticGenerator(MCTS_PRIOR_KIND, mctsPriorGenerator);
}
