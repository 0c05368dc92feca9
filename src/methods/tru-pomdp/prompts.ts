/**
 * Prompt calls of Tru-POMDP (our own wording, in the spirit of the paper's
 * appendix A.1): `toh.goals` (levels 1–2 of the Tree of Hypotheses: target
 * object combinations with target areas), `toh.locations` (level 3: hidden
 * locations of one unseen object), `toh.flat` (the w/o-TOH ablation: whole
 * particles in one call) and `tru.act` (the w/o-BTS ablation: the LLM picks
 * the action from the belief). Each has a zod schema and a `sanitize` that
 * both feeds the repair turn and, if the repair fails too, keeps only the
 * valid entries — so a name that does not exist never reaches the planner.
 */
import { z } from 'zod';
import type { PriorGoalPair, PriorGoalsVars, PriorLocationsVars, PriorSceneVars } from './prior-model.js';
import { baseName, hasSuffix } from './agent-world.js';

/** The scene part of every Tru-POMDP prompt: the offline prior's (which reads a subset) plus where the robot is. */
export interface SceneVars extends PriorSceneVars {
  robotAt: string;
}

export type GoalPairName = PriorGoalPair;

export interface GoalsVars extends SceneVars, Omit<PriorGoalsVars, keyof PriorSceneVars> {}

export interface LocationsVars extends SceneVars, Omit<PriorLocationsVars, keyof PriorSceneVars> {}

export interface FlatVars extends GoalsVars {
  k2: number;
}

export interface ActVars extends SceneVars {
  hypotheses: Array<{ probability: number; goal: GoalPairName[]; hidden: Array<{ object: string; area: string }> }>;
  failedGoals: GoalPairName[][];
  actions: string[];
}

const probability = z.number().min(0).max(1);

export const goalsSchema = z.object({
  answer: z
    .array(z.object({ objects: z.array(z.object({ object: z.string().min(1), target_area: z.string().min(1) })).min(1), probability }))
    .min(1),
});
export type GoalsAnswer = z.infer<typeof goalsSchema>;

export const locationsSchema = z.object({
  answer: z.array(z.object({ initial_area: z.string().min(1), probability })).min(1),
});
export type LocationsAnswer = z.infer<typeof locationsSchema>;

export const flatSchema = z.object({
  answer: z
    .array(
      z.object({
        objects: z
          .array(z.object({ object: z.string().min(1), target_area: z.string().min(1), initial_area: z.string().min(1).optional() }))
          .min(1),
        probability,
      }),
    )
    .min(1),
});
export type FlatAnswer = z.infer<typeof flatSchema>;

export const actSchema = z.object({ action: z.string().min(1) });
export type ActAnswer = z.infer<typeof actSchema>;

/** Tolerance on probability sums. */
export const SUM_TOLERANCE = 0.05;

function sceneText(v: SceneVars): string {
  const objs = v.visible.map((o) => `${o.object} is in ${o.area}`).join(', ');
  return [
    `Instruction: ${v.instruction}`,
    `Current observation:`,
    `The closed areas are: ${v.closedAreas.join(', ') || '(none)'}`,
    `The open areas are: ${v.openAreas.join(', ')}`,
    `The observed objects and their areas are: ${objs || '(none)'}`,
    `The robot is at ${v.robotAt} and holds ${v.inHand ?? 'nothing'}.`,
  ].join('\n');
}

function failedText(failed: GoalPairName[][]): string {
  if (failed.length === 0) return 'The wrong goal states are: (none yet)';
  return `The wrong goal states are:\n${failed.map((g, i) => `${i + 1}. ${g.map((p) => `${p.object} in ${p.target_area}`).join(', ')}.`).join('\n')}`;
}

const GOALS_SYSTEM = `You help a household robot rearrange objects in a kitchen. The instruction is ambiguous: infer what the person most plausibly wants.
You receive the instruction, the current observation (open and closed areas, visible objects; objects inside closed areas are not visible), goal states that were already tried and turned out wrong, and objects the robot has already placed.
Propose up to K alternative goal states. Each goal state is a combination of at most 8 target objects, each with the one area it must end up in.
Rules:
- Objects may be visible ones (use their full observed name, e.g. milk_carton_3) or plausible unseen ones that are probably hidden in a closed area (use a plain name without a number, e.g. oat_milk).
- Target areas must be areas named in the observation. Use Human_Hand when the person wants something handed over or easy to reach.
- An object must keep the same target area in every combination.
- Do not repeat a wrong goal state; pay less attention to objects that appear in wrong goal states.
- Ignore objects that are already in their target area.
- Give each combination a probability; the probabilities must sum to 1.
Reason briefly, then give the final answer as JSON in a \`\`\`json block:
{"answer": [{"objects": [{"object": "oat_milk", "target_area": "Human_Hand"}, {"object": "cereal_bowl_2", "target_area": "Breakfast_Prep_Surface"}], "probability": 0.6}, ...]}`;

export function renderGoals(v: GoalsVars): { role: 'system' | 'user'; content: string }[] {
  const placed = v.placed.length > 0 ? v.placed.map((p) => `${p.object} (now in ${p.area})`).join(', ') : '(none)';
  return [
    { role: 'system', content: GOALS_SYSTEM.replace('up to K', `up to ${v.k}`) },
    { role: 'user', content: `${sceneText(v)}\n${failedText(v.failedGoals)}\nObjects the robot already placed: ${placed}\nK = ${v.k}` },
  ];
}

const LOCATIONS_SYSTEM = `You help a household robot find an object in a kitchen. The object of interest is not visible, so it is probably inside one of the closed areas (cabinets, drawers, appliances).
Using common sense about where such an object is kept, give up to K candidate initial areas with probabilities that sum to 1. Only closed areas from the observation are allowed.
Reason briefly, then give the final answer as JSON in a \`\`\`json block:
{"answer": [{"initial_area": "Fridge_Cooler_Layer", "probability": 0.7}, {"initial_area": "Beverage_Storage_Cabinet", "probability": 0.3}]}`;

export function renderLocations(v: LocationsVars): { role: 'system' | 'user'; content: string }[] {
  return [
    { role: 'system', content: LOCATIONS_SYSTEM.replace('up to K', `up to ${v.k}`) },
    { role: 'user', content: `${sceneText(v)}\nObject of interest: ${v.object}\nK = ${v.k}` },
  ];
}

const FLAT_SYSTEM = `You help a household robot rearrange objects in a kitchen following an ambiguous instruction.
In ONE answer, list up to K complete hypotheses. Each hypothesis is a set of at most 8 target objects, each with its target area and, for objects that are not visible, the closed area where it probably is now (initial_area). Visible objects use their full observed name; unseen ones a plain name without a number. Areas must be named in the observation. Probabilities sum to 1. Do not repeat wrong goal states.
Answer as JSON in a \`\`\`json block:
{"answer": [{"objects": [{"object": "oat_milk", "target_area": "Human_Hand", "initial_area": "Fridge_Cooler_Layer"}], "probability": 1.0}]}`;

export function renderFlat(v: FlatVars): { role: 'system' | 'user'; content: string }[] {
  return [
    { role: 'system', content: FLAT_SYSTEM.replace('up to K', `up to ${v.k * v.k2}`) },
    { role: 'user', content: `${sceneText(v)}\n${failedText(v.failedGoals)}\nK = ${v.k * v.k2}` },
  ];
}

const ACT_SYSTEM = `You control a household robot rearranging objects in a kitchen. You are given the instruction, the observation, the robot's current belief (weighted hypotheses of the goal and of where unseen objects are), and the legal actions.
Choose the single best next action to make progress on the most likely goals, preferring cheap moves and actions that also reveal hidden objects.
Answer as JSON in a \`\`\`json block: {"action": "PICK(Prep_Surface, apple_2)"} using exactly one of the legal actions.`;

export function renderAct(v: ActVars): { role: 'system' | 'user'; content: string }[] {
  const hyps = v.hypotheses
    .map((h, i) => `${i + 1}. p=${h.probability.toFixed(2)} goal: ${h.goal.map((p) => `${p.object}→${p.target_area}`).join(', ')}${h.hidden.length ? `; hidden: ${h.hidden.map((x) => `${x.object} in ${x.area}`).join(', ')}` : ''}`)
    .join('\n');
  return [
    { role: 'system', content: ACT_SYSTEM },
    { role: 'user', content: `${sceneText(v)}\n${failedText(v.failedGoals)}\nBelief:\n${hyps || '(empty)'}\nLegal actions: ${v.actions.join(', ')}` },
  ];
}

// ------------------------------------------------------------------ validation

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Problems with one object name (empty when usable). */
export function objectNameProblems(name: string, scene: SceneVars): string[] {
  if (!NAME.test(name)) return [`object '${name}' is not a valid name; use snake_case like oat_milk`];
  const known = scene.visible.some((o) => o.object === name) || scene.inHand === name;
  if (!known && hasSuffix(name)) {
    const sameType = scene.visible.filter((o) => baseName(o.object) === baseName(name)).map((o) => o.object);
    return [
      `object '${name}' is not in the observation${sameType.length ? ` (visible: ${sameType.join(', ')})` : ''}; use the full name of an observed object, or a plain name without a number for an unseen object`,
    ];
  }
  return [];
}

function sumProblem(ps: number[]): string[] {
  const s = ps.reduce((a, b) => a + b, 0);
  return Math.abs(s - 1) > SUM_TOLERANCE ? [`the probabilities sum to ${s.toFixed(3)}; they must sum to 1`] : [];
}

export interface Sanitized<T> {
  kept: T[];
  problems: string[];
}

export interface GoalCombo {
  objects: GoalPairName[];
  probability: number;
}

/** Validate `toh.goals` (and the goal part of `toh.flat`) answers against the scene. */
export function sanitizeGoals<C extends GoalCombo>(answer: C[], v: GoalsVars): Sanitized<C> {
  const problems: string[] = [];
  const kept: C[] = [];
  const areas = new Set([...v.openAreas, ...v.closedAreas]);
  if (answer.length > v.k) problems.push(`${answer.length} combinations given; at most ${v.k}`);
  const lock = new Map<string, string>();
  answer.slice(0, v.k).forEach((c, i) => {
    const mine: string[] = [];
    const seen = new Set<string>();
    for (const p of c.objects) {
      mine.push(...objectNameProblems(p.object, v));
      if (!areas.has(p.target_area)) mine.push(`target area '${p.target_area}' does not exist in the scene`);
      if (seen.has(p.object)) mine.push(`object '${p.object}' appears twice in one combination`);
      seen.add(p.object);
      const prev = lock.get(p.object);
      if (prev !== undefined && prev !== p.target_area) mine.push(`object '${p.object}' has target ${p.target_area} here but ${prev} in an earlier combination`);
    }
    if (c.objects.length > 8) mine.push('more than 8 objects in one combination');
    if (mine.length > 0) {
      problems.push(...mine.map((m) => `combination ${i + 1}: ${m}`));
      return;
    }
    for (const p of c.objects) lock.set(p.object, p.target_area);
    kept.push(c);
  });
  problems.push(...sumProblem(answer.map((c) => c.probability)));
  return { kept, problems };
}

/** Validate a `toh.locations` answer: only closed areas of the observation. */
export function sanitizeLocations(answer: LocationsAnswer['answer'], v: LocationsVars): Sanitized<LocationsAnswer['answer'][number]> {
  const problems: string[] = [];
  const kept: LocationsAnswer['answer'] = [];
  const closed = new Set(v.closedAreas);
  const all = new Set([...v.openAreas, ...v.closedAreas]);
  const seen = new Set<string>();
  for (const l of answer.slice(0, v.k)) {
    if (!all.has(l.initial_area)) problems.push(`area '${l.initial_area}' does not exist in the scene`);
    else if (!closed.has(l.initial_area)) problems.push(`area '${l.initial_area}' is open, and ${v.object} is not visible there; choose closed areas`);
    else if (seen.has(l.initial_area)) problems.push(`area '${l.initial_area}' is listed twice`);
    else {
      seen.add(l.initial_area);
      kept.push(l);
    }
  }
  if (answer.length > v.k) problems.push(`${answer.length} areas given; at most ${v.k}`);
  problems.push(...sumProblem(answer.map((l) => l.probability)));
  return { kept, problems };
}

/** Validate the flat answer: goals as `toh.goals`, plus a closed initial area for every unseen object. */
export function sanitizeFlat(answer: FlatAnswer['answer'], v: FlatVars): Sanitized<FlatAnswer['answer'][number]> {
  const goals = sanitizeGoals(answer, { ...v, k: v.k * v.k2 });
  const problems = [...goals.problems];
  const closed = new Set(v.closedAreas);
  const visible = new Set([...v.visible.map((o) => o.object), ...(v.inHand ? [v.inHand] : [])]);
  const visibleTypes = new Set([...visible].map(baseName));
  const kept = goals.kept.filter((c, i) => {
    for (const p of c.objects) {
      if (visible.has(p.object) || visibleTypes.has(p.object)) continue;
      if (p.initial_area === undefined || !closed.has(p.initial_area)) {
        problems.push(`hypothesis ${i + 1}: unseen object '${p.object}' needs an initial_area among the closed areas`);
        return false;
      }
    }
    return true;
  });
  return { kept, problems };
}
