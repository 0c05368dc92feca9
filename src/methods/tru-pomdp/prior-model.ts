/**
 * The offline `prior` model: a commonsense prior with NO access to the
 * episode's answer (it never sees the task's goal set or hidden placements),
 * answering Tru-POMDP's prompt kinds (`toh.goals`, `toh.locations`,
 * `toh.flat`, `tru.act`) from the prompt's structured inputs (instruction,
 * visible scene; the shapes it reads are declared below).
 *
 * What it knows, by origin:
 * - from BEHAVIOR-1K: `data/prior/kitchen-prior.json`, derived from the
 *   MIT-licensed BDDL activity definitions by `bench/build-prior.ts`: where
 *   objects of each kind start (fridge, cabinet, shelf, surface, ...), their
 *   WordNet hypernyms (chips → snack_food, so `Snack_Pantry_Cabinet` matches),
 *   and which objects co-occur with words of activity names (breakfast →
 *   bowl, plate, egg ...);
 * - from this project's task generator: `data/prior/kitchen-vocabulary.json`,
 *   the type names of the generator's catalogue (the object types it may guess
 *   for unseen objects), written by `bench/build-prior-vocabulary.ts`;
 * - written by hand, while looking at the generator's tasks: the word lists
 *   and name conventions in `prior-lexicon.ts` (its "put away" and "hand over"
 *   words mirror the generator's instruction templates in
 *   `envs/kitchen/catalogue.ts`) and the scoring weights in this file (the
 *   "perishable" boost and others were tuned on the kitchen benchmark's
 *   task seed 1 and the former demo task, seed 7 task 40).
 * So its success on task seed 1 is a training-set figure: `bench/prior.ts`
 * measures it there, on an unseen task seed and on hand-written paraphrases
 * of the instructions (README, "The offline prior model").
 *
 * It is kitchen and Tru-POMDP knowledge, so it lives with Tru-POMDP; but it
 * stands in for an LLM that never sees the answer, so it and prior-lexicon.ts
 * import only core and llm (never the kitchen or the rest of Tru-POMDP:
 * prior-contract.test.ts checks it). `registerPriorModel` adds it to the LLM
 * registry under the id `prior`.
 */
import { readFileSync } from 'node:fs';
import { packageDataPath } from '../../core/package-data.js';
import { CHECK_KIND, checkAnswer } from '../../llm/check-call.js';
import { LlmError } from '../../llm/errors.js';
import { registerModel } from '../../llm/registry.js';
import { offlineResponse } from '../../llm/scripted-model.js';
import type { LlmClient } from '../../llm/types.js';
import { areaKindOf, baseName, GENERAL_SURFACES, HAND_WORDS, stem, STORE_WORDS, tokens } from './prior-lexicon.js';

/** What the prior reads of a Tru-POMDP scene prompt (its vars); Tru-POMDP's prompt vars carry at least this. */
export interface PriorSceneVars {
  instruction: string;
  inHand: string | null;
  openAreas: string[];
  closedAreas: string[];
  visible: Array<{ object: string; area: string }>;
}

export interface PriorGoalPair {
  object: string;
  target_area: string;
}

export interface PriorGoalsVars extends PriorSceneVars {
  failedGoals: PriorGoalPair[][];
  placed: Array<{ object: string; area: string }>;
  k: number;
}

export interface PriorLocationsVars extends PriorSceneVars {
  object: string;
  k: number;
}

export type PriorFlatVars = PriorGoalsVars;

export interface PriorActVars extends PriorSceneVars {
  hypotheses: Array<{ goal: PriorGoalPair[]; hidden: Array<{ object: string; area: string }> }>;
  actions: string[];
}

interface PriorTable {
  source: string;
  containers: Record<string, Record<string, number>>;
  hypernyms: Record<string, string[]>;
  activityObjects: Record<string, Record<string, number>>;
}

const KINDS = ['fridge', 'freezer', 'cabinet', 'shelf', 'surface', 'oven', 'microwave', 'dishwasher'] as const;
type Kind = (typeof KINDS)[number];
export class PriorKnowledge {
  private readonly kindByToken = new Map<string, Record<Kind, number>>();
  private readonly hyperByToken = new Map<string, Set<string>>();
  private readonly actByWord = new Map<string, Map<string, number>>();
  // pure functions of a name, memoized (the goals answer asks them for every area and candidate)
  private readonly wordsMemo = new Map<string, { own: string[]; hyper: Set<string> }>();
  private readonly kindMemo = new Map<string, Record<Kind, number>>();
  private readonly areaTokens = new Map<string, string[]>();

  constructor(
    readonly table: PriorTable,
    /** Object types that may be guessed for unseen objects, in order. */
    readonly vocabulary: readonly string[],
  ) {
    for (const [lemma, counts] of Object.entries(table.containers)) {
      const toks = tokens(lemma).map(stem);
      for (const t of toks) {
        const e = this.kindByToken.get(t) ?? (Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>);
        for (const [k, n] of Object.entries(counts)) if ((KINDS as readonly string[]).includes(k)) e[k as Kind] += n / toks.length;
        this.kindByToken.set(t, e);
      }
      const hyp = table.hypernyms[lemma] ?? [];
      for (const t of toks) {
        const set = this.hyperByToken.get(t) ?? new Set<string>();
        for (const h of hyp) for (const ht of tokens(h)) set.add(stem(ht));
        this.hyperByToken.set(t, set);
      }
    }
    for (const [w, objs] of Object.entries(table.activityObjects)) {
      const m = new Map<string, number>();
      const total = Object.values(objs).reduce((a, b) => a + b, 0);
      for (const [o, n] of Object.entries(objs)) for (const t of tokens(o)) m.set(stem(t), (m.get(stem(t)) ?? 0) + n / total);
      this.actByWord.set(stem(w), m);
    }
  }

  /** Words describing an object: its own tokens and its hypernyms' tokens. */
  words(object: string): { own: string[]; hyper: Set<string> } {
    const memo = this.wordsMemo.get(object);
    if (memo) return memo;
    const own = tokens(baseName(object)).map(stem);
    const hyper = new Set<string>();
    for (const t of own) for (const h of this.hyperByToken.get(t) ?? []) hyper.add(h);
    const w = { own, hyper };
    this.wordsMemo.set(object, w);
    return w;
  }

  /** P(kind of furniture | object), smoothed. */
  kindDistribution(object: string): Record<Kind, number> {
    const memo = this.kindMemo.get(object);
    if (memo) return memo;
    const d = Object.fromEntries(KINDS.map((k) => [k, 0.5])) as Record<Kind, number>;
    for (const t of this.words(object).own) {
      const e = this.kindByToken.get(t);
      if (e) for (const k of KINDS) d[k] += e[k];
    }
    const s = KINDS.reduce((a, k) => a + d[k], 0);
    for (const k of KINDS) d[k] /= s;
    this.kindMemo.set(object, d);
    return d;
  }

  /** How plausible it is that `object` is kept in `area` (unnormalized). */
  storageScore(object: string, area: string): number {
    const kind = furnitureOf(area);
    if (kind === undefined) return 0;
    const d = this.kindDistribution(object);
    const p = kind === 'drawer' ? d.cabinet * 0.6 : d[kind];
    return p * (1 + 2 * this.semanticMatches(object, area));
  }

  /** Tokens shared by the area's name and the object's words or hypernyms. */
  semanticMatches(object: string, area: string): number {
    const { own, hyper } = this.words(object);
    let n = 0;
    let ts = this.areaTokens.get(area);
    if (!ts) this.areaTokens.set(area, (ts = tokens(area).map(stem)));
    for (const t of ts) if (own.includes(t) || hyper.has(t)) n++;
    return n;
  }

  /** Relevance of an object to an instruction (words, hypernyms, activity co-occurrence). */
  relevance(object: string, instructionWords: readonly string[]): number {
    const { own, hyper } = this.words(object);
    let r = 0;
    for (const w of instructionWords) {
      if (own.includes(w)) r += 3;
      else if (hyper.has(w)) r += 2;
      const act = this.actByWord.get(w);
      if (act) for (const t of own) r += 4 * (act.get(t) ?? 0);
    }
    return r;
  }
}

function furnitureOf(area: string): Kind | 'drawer' | undefined {
  const l = area.toLowerCase();
  if (l.includes('freezer')) return 'freezer';
  if (l.includes('fridge')) return 'fridge';
  if (l.includes('microwave')) return 'microwave';
  if (l.includes('oven')) return 'oven';
  if (l.includes('dishwasher')) return 'dishwasher';
  const k = areaKindOf(area);
  if (k === 'cabinet') return 'cabinet';
  if (k === 'drawer') return 'drawer';
  if (k === 'shelf') return 'shelf';
  if (k === 'surface') return 'surface';
  return undefined;
}

interface VocabularyFile {
  source: string;
  types: string[];
}

let cached: PriorKnowledge | undefined;

/** The prior's knowledge from its two data files (the shipped ones by default, then cached). */
export function loadPrior(file = packageDataPath('prior', 'kitchen-prior.json'), vocabularyFile = packageDataPath('prior', 'kitchen-vocabulary.json')): PriorKnowledge {
  const shipped = file === packageDataPath('prior', 'kitchen-prior.json') && vocabularyFile === packageDataPath('prior', 'kitchen-vocabulary.json');
  if (cached && shipped) return cached;
  const vocabulary = (JSON.parse(readFileSync(vocabularyFile, 'utf8')) as VocabularyFile).types;
  const k = new PriorKnowledge(JSON.parse(readFileSync(file, 'utf8')) as PriorTable, vocabulary);
  if (shipped) cached = k;
  return k;
}

function round2(ps: number[]): number[] {
  const s = ps.reduce((a, b) => a + b, 0);
  const out = ps.map((p) => Math.round((p / s) * 100) / 100);
  out[0] = Math.round((out[0] + 1 - out.reduce((a, b) => a + b, 0)) * 100) / 100;
  return out;
}

function instructionWords(v: PriorSceneVars): string[] {
  return v.instruction
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length >= 2)
    .map(stem);
}

/** The target area the prior gives an object under an instruction. */
function targetArea(k: PriorKnowledge, object: string, v: PriorSceneVars, words: string[], exclude: Set<string>): string | undefined {
  const all = [...v.openAreas, ...v.closedAreas].filter((a) => !exclude.has(a));
  const store = words.some((w) => STORE_WORDS.has(w));
  const hand = words.some((w) => HAND_WORDS.has(w)) || v.instruction.toLowerCase().includes(' me ');
  let best: string | undefined;
  let bestScore = -Infinity;
  for (const a of all) {
    let s: number;
    if (store) {
      // putting away: into storage (cabinets, drawers, appliances, shelves), never onto a work surface
      const kind = areaKindOf(a);
      if (kind === 'surface' || kind === 'human_hand') continue;
      s = k.storageScore(object, a) + 0.5 * k.semanticMatches(object, a) + (words.includes('cool') && tokens(a).includes('cool') ? 0.3 : 0);
    }
    else {
      const kind = areaKindOf(a);
      // serving / handing over: only surfaces, shelves and the person's hand
      if (kind !== 'surface' && kind !== 'shelf' && kind !== 'human_hand') continue;
      const areaWords = tokens(a).map(stem);
      const overlap = areaWords.filter((t) => words.includes(t)).length;
      // a general work surface is "the counter"; a specialised station (coffee, herbs, charging) only fits its specialty
      const general = areaWords.some((t) => GENERAL_SURFACES.has(t));
      const base = kind === 'human_hand' ? (hand ? 1.5 : 0.6) : kind === 'surface' ? (general ? 1.2 : 0.8) : 0.4;
      s = base + 1.5 * overlap + 0.3 * k.semanticMatches(object, a);
    }
    if (s > bestScore) {
      bestScore = s;
      best = a;
    }
  }
  return best;
}

function goalsAnswer(k: PriorKnowledge, v: PriorGoalsVars, size: number): { objects: PriorGoalPair[]; probability: number }[] {
  const words = instructionWords(v);
  const visible = new Map(v.visible.map((o) => [o.object, o.area]));
  if (v.inHand) visible.set(v.inHand, 'robot');
  const visibleTypes = new Set([...visible.keys()].map(baseName));
  const failedPairs = new Map<string, number>();
  for (const g of v.failedGoals) for (const p of g) failedPairs.set(`${p.object}@${p.target_area}`, (failedPairs.get(`${p.object}@${p.target_area}`) ?? 0) + 1);
  const placed = new Map(v.placed.map((p) => [p.object, p.area]));
  const store = words.some((w) => STORE_WORDS.has(w));
  const candidates: Array<{ name: string; score: number; target: string }> = [];
  // An unseen type that exists would most likely be where it is usually kept: the share of its
  // storage plausibility still behind closed doors is how much its absence so far leaves open
  // (opening its likely places without finding it makes it probably absent from this kitchen).
  const hiddenShare = (name: string): number => {
    let closed = 0;
    let all = 0;
    for (const a of v.closedAreas) closed += k.storageScore(name, a);
    all += closed;
    for (const a of v.openAreas) all += k.storageScore(name, a);
    return all > 0 ? closed / all : 1;
  };
  const consider = (name: string, bonus: number): void => {
    if (placed.has(name)) return;
    let rel = k.relevance(name, words);
    if (!visible.has(name)) rel *= hiddenShare(name);
    // "cold stuff", "perishables": what is usually kept in the fridge or freezer
    if (words.includes('cool') || words.includes('perishable')) {
      const d = k.kindDistribution(name);
      rel += 6 * Math.max(0, d.fridge + d.freezer - 0.2);
    }
    if (rel < minRelevance) return;
    const exclude = new Set<string>();
    const here = visible.get(name);
    // already where the prior would put it: nothing to do for this object
    if (here && here !== 'robot' && targetArea(k, name, v, words, new Set()) === here) return;
    // putting away: something already inside a cabinet, drawer or appliance is already stored
    if (here && store && !['surface', 'shelf', 'human_hand', 'other'].includes(areaKindOf(here))) return;
    if (here) exclude.add(here);
    let target = targetArea(k, name, v, words, exclude);
    let score = rel + bonus;
    // a pair that was part of wrong goal states: try another area, and trust the object less
    for (let i = 0; target && failedPairs.has(`${name}@${target}`) && i < 2; i++) {
      score *= 0.6;
      exclude.add(target);
      target = targetArea(k, name, v, words, exclude);
    }
    if (target && score > 0) candidates.push({ name, score, target });
  };
  let minRelevance = 1;
  for (const name of visible.keys()) consider(name, 1);
  // unseen candidates only while something is still closed; they may not exist at all
  if (v.closedAreas.length > 0) for (const type of k.vocabulary) if (!visibleTypes.has(type)) consider(type, -1);
  if (candidates.length === 0) {
    // nothing clearly related: fall back to anything the prior relates at all
    minRelevance = 0.01;
    for (const name of visible.keys()) consider(name, 1);
    // still nothing in view: weakly related unseen types rather than an empty belief
    if (candidates.length === 0 && v.closedAreas.length > 0) for (const type of k.vocabulary) if (!visibleTypes.has(type)) consider(type, 0);
  }
  candidates.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  // at most two unseen (possibly nonexistent) objects: searching for them costs steps
  let unseenKept = 0;
  for (let i = 0; i < candidates.length; i++) {
    if (visible.has(candidates[i].name)) continue;
    if (++unseenKept > 2) candidates.splice(i--, 1);
  }
  const keep = [...placed].map(([object, area]) => ({ object, target_area: area }));
  const pick = (idx: number[]): PriorGoalPair[] => [...keep, ...idx.filter((i) => i < candidates.length).map((i) => ({ object: candidates[i].name, target_area: candidates[i].target }))];
  const shapes = [
    Array.from({ length: size }, (_, i) => i),
    [...Array.from({ length: Math.max(1, size - 2) }, (_, i) => i), size, size + 1],
    Array.from({ length: size + 2 }, (_, i) => i),
  ];
  const failedKeys = new Set(v.failedGoals.map((g) => g.map((p) => `${p.object}@${p.target_area}`).sort().join('|')));
  const combos: PriorGoalPair[][] = [];
  for (const sh of shapes) {
    const c = pick(sh);
    const key = c.map((p) => `${p.object}@${p.target_area}`).sort().join('|');
    if (c.length === 0 || failedKeys.has(key) || combos.some((x) => x.map((p) => `${p.object}@${p.target_area}`).sort().join('|') === key)) continue;
    combos.push(c);
    if (combos.length >= v.k) break;
  }
  if (combos.length === 0 && candidates.length > 0) combos.push(pick(Array.from({ length: Math.min(candidates.length, size + 3) }, (_, i) => i)));
  const ps = round2(combos.map((_, i) => [0.5, 0.3, 0.2][i] ?? 0.1));
  return combos.map((objects, i) => ({ objects, probability: ps[i] }));
}

function locationsAnswer(k: PriorKnowledge, v: PriorLocationsVars): { initial_area: string; probability: number }[] {
  const scored = v.closedAreas.map((a) => ({ a, s: k.storageScore(v.object, a) + 1e-3 })).sort((x, y) => y.s - x.s || x.a.localeCompare(y.a));
  const top = scored.slice(0, v.k);
  if (top.length === 0) return [];
  const ps = round2(top.map((t) => t.s));
  return top.map((t, i) => ({ initial_area: t.a, probability: ps[i] }));
}

function text(reason: string, value: unknown): string {
  return `${reason}\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

export type PriorGoalsAnswer = { objects: PriorGoalPair[]; probability: number }[];
export type PriorLocationsAnswer = { initial_area: string; probability: number }[];
export type PriorFlatAnswer = { objects: Array<PriorGoalPair & { initial_area?: string }>; probability: number }[];

// a repair turn asks again: widen the combinations a little
const comboSize = (failed: number, attempt: number): number => 3 + (attempt > 1 ? 1 : 0) + Math.min(2, failed);

/** The prior's `toh.goals` answer (structured). */
export function priorGoals(k: PriorKnowledge, v: PriorGoalsVars, attempt = 1): PriorGoalsAnswer {
  return goalsAnswer(k, v, comboSize(v.failedGoals.length, attempt));
}

/** The prior's `toh.locations` answer (structured): the object's likeliest closed areas. */
export function priorLocations(k: PriorKnowledge, v: PriorLocationsVars): PriorLocationsAnswer {
  return locationsAnswer(k, v);
}

/** The prior's single likeliest closed area for an unseen object (undefined when nothing is closed). */
export function priorLikeliestArea(k: PriorKnowledge, v: PriorSceneVars, object: string): string | undefined {
  return locationsAnswer(k, { ...v, object, k: 1 })[0]?.initial_area;
}

/** The prior's `toh.flat` answer (structured): its goal combinations, each unseen object at its likeliest closed area. */
export function priorFlat(k: PriorKnowledge, v: PriorFlatVars, attempt = 1): PriorFlatAnswer {
  const seen = new Set([...v.visible.map((o) => o.object), ...(v.inHand ? [v.inHand] : [])]);
  return priorGoals(k, v, attempt).map((c) => ({
    probability: c.probability,
    objects: c.objects.map((p) => (seen.has(p.object) ? p : { ...p, initial_area: priorLikeliestArea(k, v, p.object) })),
  }));
}

/** Answer one prompt call of a Tru-POMDP kind (or `llm check`'s call) from the prior (throws for other kinds). */
export function priorAnswer(k: PriorKnowledge, kind: string, vars: unknown, attempt = 1): string {
  switch (kind) {
    case CHECK_KIND:
      return checkAnswer(vars);
    case 'toh.goals':
      return text('Prior: objects related to the instruction by name, WordNet hypernyms and BEHAVIOR activity co-occurrence.', { answer: priorGoals(k, vars as PriorGoalsVars, attempt) });
    case 'toh.locations':
      return text('Prior: closed areas ranked by BEHAVIOR placement statistics and name matches.', { answer: priorLocations(k, vars as PriorLocationsVars) });
    case 'toh.flat':
      return text('Prior: flat hypotheses.', { answer: priorFlat(k, vars as PriorFlatVars, attempt) });
    case 'tru.act': {
      const v = vars as PriorActVars;
      const h = v.hypotheses[0];
      const where = new Map(v.visible.map((o) => [o.object, o.area]));
      const cands: string[] = [];
      if (h) {
        const held = v.inHand ? h.goal.find((g) => g.object === v.inHand) : undefined;
        if (held) cands.push(`PLACE(${held.target_area})`, `OPEN(${held.target_area})`);
        for (const g of h.goal) if (where.has(g.object) && where.get(g.object) !== g.target_area) cands.push(`PICK(${where.get(g.object)}, ${g.object})`);
        for (const x of h.hidden) cands.push(`OPEN(${x.area})`);
      }
      return text('Prior: act on the most likely hypothesis.', { action: cands.find((c) => v.actions.includes(c)) ?? v.actions[0] ?? 'NONE' });
    }
    default:
      throw new LlmError('LLM_PRIOR', `the prior model answers only Tru-POMDP kinds (toh.goals, toh.locations, toh.flat, tru.act) and llm check's call, not '${kind}'`);
  }
}

export function createPriorModel(knowledge?: PriorKnowledge): LlmClient {
  const k = knowledge ?? loadPrior();
  return {
    id: 'prior',
    async complete(request) {
      return offlineResponse(request, priorAnswer(k, request.kind, request.vars, request.attempt ?? 1));
    },
  };
}

/** What `groundplan llm models` says of the prior. */
export const PRIOR_DESCRIPTION = 'commonsense prior from BEHAVIOR-1K placement statistics and hand-written word lists, for Tru-POMDP kinds (offline; never sees the answer)';

/** Registers the prior under the model id `prior` (the CLI's default model); registering again replaces it with the same. */
export function registerPriorModel(): void {
  registerModel('prior', () => createPriorModel(), PRIOR_DESCRIPTION);
}
