/**
 * Procedural kitchen rearrangement tasks in the style of the Tru-POMDP
 * benchmark (Tang et al. 2025, section 5.1 and appendix A.4), built from our
 * hand-written catalogue instead of an LLM: an ambiguous instruction, target
 * objects (2 / 3 / 4–8 by level) each with alternative instances and target
 * areas, distractors up to 20 objects, some targets hidden in closed areas, no
 * goal met initially, and a goal set (OR of ANDs) listing the valid
 * combinations. Every task is certified solvable by the fully observed greedy
 * planner within the level's step limit; failures are regenerated.
 */
import { GroundplanError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { CATALOGUE_OBJECTS, TASK_CONTEXTS, TASK_THEMES, catalogueObject, matchAreas, slotTargets, type TaskTheme, type ThemeSlot } from './catalogue.js';
import { MAX_OBJECTS, STEP_LIMITS, TARGET_COUNTS, type KitchenLevel } from './config.js';
import { goalSatisfied, type GoalAlternative, type GoalPair } from './goal.js';
import { loadLayout, type KitchenLayout, type KitchenName } from './layout.js';
import { planFullyObserved, type OraclePlan } from './oracle-plan.js';
import { EMPTY_HAND, makeWorld, type KitchenState } from './state.js';
import type { KitchenTask } from './task.js';

export interface GenerateTasksOptions {
  kitchen: KitchenName;
  level: KitchenLevel;
  n: number;
  seed: number;
  /** Cap on goal alternatives per task (sampled when the product is larger). Default 24. */
  maxAlternatives?: number;
  /** Attempts per task before giving up. Default 200. */
  maxAttempts?: number;
}

export interface GeneratedTask extends KitchenTask {
  readonly level: KitchenLevel;
  /** `<kitchen>-<level>-<seed>-<index>` */
  readonly id: string;
  readonly themes: readonly string[];
  /** Number of target objects per goal alternative. */
  readonly targets: number;
  /** The solvability certificate: a fully observed plan within the step limit. */
  readonly witness: OraclePlan;
  /** Attempts used (1 when the first draw passed every check). */
  readonly attempts: number;
}

const HUMAN_HAND = 'human_hand';

/**
 * Generate `n` tasks. Deterministic: task i depends only on
 * (seed, kitchen, level, i), so a smaller `n` yields a prefix.
 */
export function generateTasks(options: GenerateTasksOptions): GeneratedTask[] {
  const { kitchen, level, n, seed } = options;
  if (!Number.isInteger(n) || n < 0) throw new GroundplanError('KITCHEN_GEN', `n must be a non-negative integer, got ${n}`);
  if (!(level in STEP_LIMITS)) throw new GroundplanError('KITCHEN_GEN', `unknown level '${String(level)}' (easy, medium, hard)`);
  const layout = loadLayout(kitchen);
  const out: GeneratedTask[] = [];
  for (let i = 0; i < n; i++) out.push(generateOne(layout, kitchen, level, seed, i, options));
  return out;
}

function generateOne(layout: KitchenLayout, kitchen: KitchenName, level: KitchenLevel, seed: number, index: number, options: GenerateTasksOptions): GeneratedTask {
  const maxAttempts = options.maxAttempts ?? 200;
  const rng = new Rng(`kitchen-gen:${seed}:${kitchen}:${level}:${index}`);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const t = draw(layout, kitchen, level, rng, options.maxAlternatives ?? 24);
    if (!t) continue;
    if (goalSatisfied(t.initial, t.goals)) continue;
    const witness = planFullyObserved(t.world, t.initial, t.goals, STEP_LIMITS[level]);
    if (!witness) continue;
    return { ...t, id: `${kitchen}-${level}-${seed}-${index}`, witness, attempts: attempt };
  }
  throw new GroundplanError('KITCHEN_GEN', `could not generate a solvable ${level} task for ${kitchen} in ${maxAttempts} attempts`);
}

interface ChosenSlot {
  theme: TaskTheme;
  slot: ThemeSlot;
  types: string[];
  targetAreas: number[];
}

type Draft = Omit<GeneratedTask, 'id' | 'witness' | 'attempts'>;

function draw(layout: KitchenLayout, kitchen: KitchenName, level: KitchenLevel, rng: Rng, maxAlternatives: number): Draft | undefined {
  const [lo, hi] = TARGET_COUNTS[level];
  const k = lo + rng.int(hi - lo + 1);
  const handArea = layout.areas.findIndex((a) => a.toLowerCase() === HUMAN_HAND);

  // 1. pick slots from one theme, topping up from further themes when needed
  const themes = rng.shuffle([...TASK_THEMES]);
  const used = new Set<string>();
  const chosen: ChosenSlot[] = [];
  const themesUsed: TaskTheme[] = [];
  for (const theme of themes) {
    if (chosen.length >= k) break;
    let added = false;
    for (const slot of rng.shuffle([...theme.slots])) {
      if (chosen.length >= k) break;
      const free = slot.objects.filter((o) => !used.has(o));
      const targets = slotTargets(slot, layout);
      if (free.length === 0 || targets.length === 0) continue;
      const nObj = free.length >= 2 && rng.chance(0.75) ? 2 : 1;
      const types = rng.shuffle([...free]).slice(0, nObj);
      const nAreas = targets.length >= 2 && rng.chance(0.6) ? 2 : 1;
      const targetAreas = rng.shuffle([...targets]).slice(0, nAreas);
      for (const ty of types) used.add(ty);
      chosen.push({ theme, slot, types, targetAreas });
      added = true;
    }
    if (added) themesUsed.push(theme);
  }
  if (chosen.length < k) return undefined;
  // ambiguity: at least two goal alternatives
  if (chosen.every((c) => c.types.length * c.targetAreas.length === 1)) {
    const c = chosen.find((x) => slotTargets(x.slot, layout).length >= 2);
    if (!c) return undefined;
    const more = slotTargets(c.slot, layout).filter((a) => !c.targetAreas.includes(a));
    c.targetAreas.push(rng.pick(more));
  }

  // 2. instance names and initial placements
  const names = new Set<string>();
  const instance = (type: string): string => {
    for (;;) {
      const name = `${type}_${1 + rng.int(20)}`;
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  };
  const placeableAreas = layout.areas.map((_, i) => i).filter((i) => i !== handArea);
  const plausible = (type: string, avoid: readonly number[]): number[] => {
    const stores = catalogueObject(type)?.stores ?? [];
    const ok = matchAreas(layout.areas, stores).filter((a) => a !== handArea && !avoid.includes(a));
    return ok.length > 0 ? ok : placeableAreas.filter((a) => !avoid.includes(a));
  };
  const placed: Array<{ name: string; area: number; target: boolean; avoid: number[]; type: string }> = [];
  const slotObjects: string[][] = [];
  for (const c of chosen) {
    const names_: string[] = [];
    for (const type of c.types) {
      const name = instance(type);
      const cands = plausible(type, c.targetAreas);
      if (cands.length === 0) return undefined;
      placed.push({ name, area: rng.pick(cands), target: true, avoid: c.targetAreas, type });
      names_.push(name);
    }
    slotObjects.push(names_);
  }
  const targetCount = placed.length;
  if (targetCount > MAX_OBJECTS) return undefined;
  const minTotal = Math.min(MAX_OBJECTS, Math.max(targetCount + 2, 12));
  const total = minTotal + rng.int(MAX_OBJECTS - minTotal + 1);
  const distractorTypes = rng.shuffle(CATALOGUE_OBJECTS.map((o) => o.type).filter((t) => !used.has(t)));
  for (let i = 0; placed.length < total && i < distractorTypes.length; i++) {
    const type = distractorTypes[i];
    placed.push({ name: instance(type), area: rng.pick(plausible(type, [])), target: false, avoid: [], type });
  }

  // 3. some targets hidden: at least one target starts in a closed area
  const closed = (a: number): boolean => layout.initiallyOpen[a] === 0;
  if (!placed.some((p) => p.target && closed(p.area))) {
    const targets = placed.filter((p) => p.target);
    const p = rng.pick(targets);
    let cands = plausible(p.type, p.avoid).filter(closed);
    if (cands.length === 0) cands = placeableAreas.filter((a) => closed(a) && !p.avoid.includes(a));
    if (cands.length === 0) return undefined;
    p.area = rng.pick(cands);
  }

  // 4. world, state, goal set
  const order = rng.shuffle(placed.map((_, i) => i));
  const objects = order.map((i) => placed[i].name);
  const world = makeWorld(layout, objects);
  const objectArea = Int16Array.from(order.map((i) => placed[i].area));
  const robotAreas = placeableAreas;
  const initial: KitchenState = { robot: rng.pick(robotAreas), hand: EMPTY_HAND, objectArea, open: layout.initiallyOpen.slice() };
  const options: GoalPair[][] = chosen.map((c, si) => {
    const opts: GoalPair[] = [];
    for (const name of slotObjects[si]) {
      const object = world.objectIndex.get(name);
      if (object === undefined) throw new GroundplanError('KITCHEN_GEN', `internal: lost object ${name}`);
      for (const area of c.targetAreas) opts.push({ object, area });
    }
    return opts;
  });
  const goals = combine(options, maxAlternatives, rng);

  // 5. instruction
  const context = rng.pick(TASK_CONTEXTS);
  const parts = themesUsed.map((t, i) => {
    let text = rng.pick(t.instructions).replace('{context}', i === 0 ? context : '').trim();
    if (i === 0 && context.endsWith(',')) {
      // "After my evening run, the seasonings ..."
      const at = context.length + 1;
      text = text.slice(0, at) + text.charAt(at).toLowerCase() + text.slice(at + 1);
    }
    return i === 0 ? text : `Also, ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  });
  return {
    kitchen,
    level,
    description: parts.join(' '),
    robotName: 'Fetch',
    world,
    initial,
    goals,
    themes: themesUsed.map((t) => t.id),
    targets: chosen.length,
  };
}

/** All combinations (one option per slot) when few, else a distinct random sample of `cap`. */
function combine(options: readonly GoalPair[][], cap: number, rng: Rng): GoalAlternative[] {
  const total = options.reduce((p, o) => p * o.length, 1);
  const out: GoalAlternative[] = [];
  if (total <= cap) {
    for (let code = 0; code < total; code++) {
      let c = code;
      const alt: GoalPair[] = [];
      for (const o of options) {
        alt.push(o[c % o.length]);
        c = Math.floor(c / o.length);
      }
      out.push(alt);
    }
    return out;
  }
  const seen = new Set<string>();
  while (out.length < cap) {
    const picks = options.map((o) => rng.int(o.length));
    const key = picks.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(picks.map((p, i) => options[i][p]));
  }
  return out;
}
