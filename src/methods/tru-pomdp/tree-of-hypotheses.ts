/**
 * Tree of Hypotheses (Tru-POMDP §4.1): one `toh.goals` call proposes up to C1
 * combinations of target objects with target areas (levels 1 and 2); for each
 * hypothesised object that is not visible, a `toh.locations` call (all in
 * parallel) proposes up to C2 closed areas (level 3). Every root-to-leaf path
 * is a particle (full scene + placement goal) with weight ∏ of the confidences
 * along it, normalized. The w/o-TOH ablation asks once for flat particles.
 */
import { GroundplanError } from '../../core/errors.js';
import { HIDDEN, type GoalPair, type KitchenObservation, type NamedObservation } from '../../envs/kitchen/index.js';
import { ask, extractJson, LlmSchemaError, type LlmClient, type UsageMeter } from '../../llm/index.js';
import type { z } from 'zod';
import { AgentWorld, type Particle } from './agent-world.js';
import {
  flatSchema,
  goalsSchema,
  locationsSchema,
  renderFlat,
  renderGoals,
  renderLocations,
  sanitizeFlat,
  sanitizeGoals,
  sanitizeLocations,
  type FlatVars,
  type GoalPairName,
  type GoalsVars,
  type LocationsVars,
  type Sanitized,
  type SceneVars,
} from './prompts.js';

export interface TohOptions {
  /** Goal combinations per query (C1, default 3). */
  c1: number;
  /** Hidden locations per unseen object (C2, default 3). */
  c2: number;
  /** Most particles kept per goal combination (highest weight first). */
  maxPerCombination: number;
  /** The w/o-TOH ablation: one flat query. */
  flat: boolean;
  temperature?: number;
}

export const DEFAULT_TOH: TohOptions = { c1: 3, c2: 3, maxPerCombination: 64, flat: false, temperature: 0.1 };

export interface TohInput {
  llm: LlmClient;
  meter?: UsageMeter;
  world: AgentWorld;
  instruction: string;
  observation: NamedObservation;
  failedGoals: GoalPairName[][];
  placed: Array<{ object: string; area: string }>;
  warn(message: string): void;
  signal?: AbortSignal;
}

export interface TohResult {
  particles: Particle[];
  /** Normalized weights (empty when no particle survived validation). */
  weights: number[];
  /** Prompt calls made. */
  calls: number;
  /** Hypothesised goals already met in the current scene (wrong, since the task is not done). */
  alreadyMet: GoalPairName[][];
}

export function sceneVars(instruction: string, z: NamedObservation): SceneVars {
  return {
    instruction,
    robotAt: z.robotAt,
    inHand: z.inHand,
    openAreas: [...z.openAreas],
    closedAreas: [...z.closedAreas],
    visible: z.objects.map((o) => ({ object: o.object, area: o.area })),
  };
}

/**
 * `ask` with the sanitizer as the semantic check (one repair turn); when the
 * repaired answer is still invalid, keep only its valid entries and warn.
 */
async function askSanitized<T, E>(
  input: TohInput,
  call: { kind: string; vars: unknown; messages: { role: 'system' | 'user'; content: string }[]; schema: z.ZodType<T>; temperature?: number },
  entries: (v: T) => E[],
  sanitize: (entries: E[]) => Sanitized<E>,
): Promise<E[]> {
  try {
    const r = await ask(
      input.llm,
      { ...call, check: (v: T) => sanitize(entries(v)).problems },
      { meter: input.meter, signal: input.signal },
    );
    return sanitize(entries(r.value)).kept;
  } catch (err) {
    if (!(err instanceof LlmSchemaError)) throw err;
    const last = err.raws[err.raws.length - 1] ?? '';
    const ex = extractJson(last);
    const parsed = ex.status === 'found' ? call.schema.safeParse(ex.value) : undefined;
    const kept = parsed?.success ? sanitize(entries(parsed.data)).kept : [];
    input.warn(`${call.kind}: answer still invalid after the repair turn (${err.issues.slice(0, 2).join('; ')}); kept ${kept.length} valid entr${kept.length === 1 ? 'y' : 'ies'}`);
    return kept;
  }
}

function normalized(ps: number[]): number[] {
  const s = ps.reduce((a, b) => a + b, 0);
  return s > 0 ? ps.map((p) => p / s) : ps.map(() => 1 / ps.length);
}

/** Enumerate the product of per-object location choices, keeping the `cap` heaviest. */
function placements(choices: Array<Array<{ area: number; p: number }>>, cap: number): Array<{ areas: number[]; p: number }> {
  let acc: Array<{ areas: number[]; p: number }> = [{ areas: [], p: 1 }];
  for (const c of choices) {
    const next: Array<{ areas: number[]; p: number }> = [];
    for (const a of acc) for (const x of c) next.push({ areas: [...a.areas, x.area], p: a.p * x.p });
    next.sort((x, y) => y.p - x.p);
    acc = next.slice(0, cap);
  }
  return acc;
}

interface Combo {
  pairs: Array<{ name: string; target: string; initial?: string }>;
  p: number;
}

/** Run the Tree of Hypotheses on the current observation. */
export async function treeOfHypotheses(input: TohInput, options: TohOptions = DEFAULT_TOH): Promise<TohResult> {
  const aw = input.world;
  const layout = aw.layout;
  const scene = sceneVars(input.instruction, input.observation);
  const goalsVars: GoalsVars = { ...scene, failedGoals: input.failedGoals, placed: input.placed, k: options.c1 };
  let calls = 0;
  let combos: Combo[];
  if (options.flat) {
    const vars: FlatVars = { ...goalsVars, k2: options.c2 };
    calls++;
    const kept = await askSanitized(
      input,
      { kind: 'toh.flat', vars, messages: renderFlat(vars), schema: flatSchema, temperature: options.temperature },
      (v) => v.answer,
      (e) => sanitizeFlat(e, vars),
    );
    combos = kept.map((c) => ({ pairs: c.objects.map((p) => ({ name: p.object, target: p.target_area, initial: p.initial_area })), p: c.probability }));
  } else {
    calls++;
    const kept = await askSanitized(
      input,
      { kind: 'toh.goals', vars: goalsVars, messages: renderGoals(goalsVars), schema: goalsSchema, temperature: options.temperature },
      (v) => v.answer,
      (e) => sanitizeGoals(e, goalsVars),
    );
    combos = kept.map((c) => ({ pairs: c.objects.map((p) => ({ name: p.object, target: p.target_area })), p: c.probability }));
  }
  const visibleNames = [...scene.visible.map((o) => o.object), ...(scene.inHand ? [scene.inHand] : [])];
  // intern every hypothesised object (placeholders for unseen ones)
  const resolved = combos.map((c) => ({
    ...c,
    objs: c.pairs.map((p) => aw.hypothesised(p.name, visibleNames)),
  }));
  const z: KitchenObservation = aw.observation(input.observation);
  const base = aw.baseState(z);
  const isVisible = (o: number): boolean => o < z.seen.length && z.seen[o] !== HIDDEN;
  // level 3: one locations call per unseen object, in parallel
  const locs = new Map<number, Array<{ area: number; p: number }>>();
  if (!options.flat) {
    const unseen = new Map<number, string>();
    for (const c of resolved) c.objs.forEach((o, i) => o !== undefined && !isVisible(o) && unseen.set(o, c.pairs[i].name));
    const jobs = [...unseen].map(async ([o, name]) => {
      const vars: LocationsVars = { ...scene, object: name, k: options.c2 };
      calls++;
      const kept = await askSanitized(
        input,
        { kind: 'toh.locations', vars, messages: renderLocations(vars), schema: locationsSchema, temperature: options.temperature },
        (v) => v.answer,
        (e) => sanitizeLocations(e, vars),
      );
      const ps = normalized(kept.map((l) => l.probability));
      locs.set(o, kept.map((l, i) => ({ area: layout.areaIndex.get(l.initial_area) as number, p: ps[i] })));
    });
    await Promise.all(jobs);
  }
  const particles: Particle[] = [];
  const weights: number[] = [];
  const alreadyMet: GoalPairName[][] = [];
  const comboP = normalized(resolved.map((c) => c.p));
  resolved.forEach((c, ci) => {
    if (c.objs.some((o) => o === undefined)) return;
    const objs = c.objs as number[];
    const goal: GoalPair[] = objs.map((o, i) => ({ object: o, area: layout.areaIndex.get(c.pairs[i].target) as number }));
    const hidden = objs.map((o, i) => ({ o, i })).filter(({ o }) => !isVisible(o));
    let choices: Array<Array<{ area: number; p: number }>>;
    if (options.flat) {
      choices = hidden.map(({ i }) => {
        const a = layout.areaIndex.get(c.pairs[i].initial ?? '');
        return a === undefined ? [] : [{ area: a, p: 1 }];
      });
    } else {
      choices = hidden.map(({ o }) => locs.get(o) ?? []);
    }
    if (choices.some((ch) => ch.length === 0)) {
      input.warn(`hypothesis dropped: no valid location for ${hidden.filter((_, j) => choices[j].length === 0).map(({ i }) => c.pairs[i].name).join(', ')}`);
      return;
    }
    if (hidden.length === 0 && goal.every((g) => base.objectArea[g.object] === g.area)) {
      alreadyMet.push(c.pairs.map((p) => ({ object: p.name, target_area: p.target })));
      return;
    }
    for (const pl of placements(choices, options.maxPerCombination)) {
      const objectArea = base.objectArea.slice();
      hidden.forEach(({ o }, j) => (objectArea[o] = pl.areas[j]));
      particles.push({ state: { ...base, objectArea }, goal });
      weights.push(comboP[ci] * pl.p);
    }
  });
  if (particles.length > 0 && weights.some((w) => !(w >= 0))) throw new GroundplanError('TRU_TOH', 'invalid particle weight');
  return { particles, weights: particles.length > 0 ? normalized(weights) : [], calls, alreadyMet };
}
