/**
 * An RSN-like room-type predictor (GAVEL §IV-C, after SEEK's Relational
 * Semantic Network): object category → score per room type. The seed uses a
 * frozen sentence encoder and an MLP; offline we use a softmax regression on
 * sparse features of the category — its name tokens, its synset's name and
 * hypernym tokens, and its synset property flags (openable, cookable, ...) —
 * trained with AdaGrad and L2 from the BEHAVIOR-1K scene room lists (one
 * sample per category present in a room), seeded and deterministic. A
 * smoothed frequency prior P(type | category) is the baseline. `evaluateRsn`
 * holds scenes out and reports AUC, Brier score and top-1 room accuracy.
 */
import { Rng } from '../../core/rng.js';
import { synsetAncestors, type BehaviorData } from './data.js';
import { roomType } from './homes.js';
import { initialBelief, type RoomBelief, type Scene } from '../../scenegraph/index.js';

/** Categories that are part of the building, not placed objects. */
export const STRUCTURAL = new Set(['floors', 'walls', 'ceilings', 'carpet', 'rug', 'electric_switch', 'door', 'sliding_door', 'openable_window', 'window', 'fixed_window', 'lawn', 'driveway', 'roof', 'stairs', 'gate', 'rail_fence', 'picture', 'mirror', 'curtain', 'bush', 'tree']);

export interface Placement {
  scene: string;
  room: string;
  type: string;
  category: string;
}

export function scenePlacements(data: BehaviorData, scenes?: readonly string[]): Placement[] {
  const out: Placement[] = [];
  for (const scene of scenes ?? Object.keys(data.scenes).sort()) {
    for (const [room, cats] of Object.entries(data.scenes[scene] ?? {})) {
      for (const category of Object.keys(cats).sort()) if (!STRUCTURAL.has(category)) out.push({ scene, room, type: roomType(room), category });
    }
  }
  return out;
}

/** A room-type scorer: category → probability per room type. */
export interface RoomTypeModel {
  types: string[];
  scores(category: string): Record<string, number>;
}

/** The smoothed frequency prior P(type | category) ∝ count + α·P(type). */
export function frequencyPrior(train: readonly Placement[], alpha = 1): RoomTypeModel {
  const types = [...new Set(train.map((p) => p.type))].sort();
  const typeCount = new Map<string, number>();
  const byCat = new Map<string, Map<string, number>>();
  for (const p of train) {
    typeCount.set(p.type, (typeCount.get(p.type) ?? 0) + 1);
    const m = byCat.get(p.category) ?? new Map<string, number>();
    m.set(p.type, (m.get(p.type) ?? 0) + 1);
    byCat.set(p.category, m);
  }
  const total = train.length;
  return {
    types,
    scores(category) {
      const m = byCat.get(category);
      const n = m ? [...m.values()].reduce((a, b) => a + b, 0) : 0;
      const out: Record<string, number> = {};
      for (const t of types) out[t] = ((m?.get(t) ?? 0) + (alpha * (typeCount.get(t) ?? 0)) / total) / (n + alpha);
      return out;
    },
  };
}

function features(data: BehaviorData, category: string): string[] {
  const f = new Set<string>([`cat:${category}`]);
  for (const tok of category.split('_')) if (tok) f.add(`tok:${tok}`);
  const synset = data.categorySynset.get(category);
  if (synset) {
    for (const s of synsetAncestors(data, synset)) {
      f.add(`syn:${s}`);
      for (const tok of s.replace(/\.n\.\d+$/, '').split('_')) if (tok) f.add(`stok:${tok}`);
    }
    const props = data.synsets.get(synset)?.props ?? {};
    for (const [k, v] of Object.entries(props)) if (v) f.add(`prop:${k}`);
  }
  return [...f];
}

export interface RsnOptions {
  epochs?: number;
  l2?: number;
  lr?: number;
  seed?: number | string;
}

/** Trains the softmax regression on placements. */
export function trainRsn(data: BehaviorData, train: readonly Placement[], opts: RsnOptions = {}): RoomTypeModel {
  const epochs = opts.epochs ?? 30;
  const l2 = opts.l2 ?? 1e-4;
  const lr = opts.lr ?? 0.3;
  const rng = new Rng(opts.seed ?? 'rsn');
  const types = [...new Set(train.map((p) => p.type))].sort();
  const T = types.length;
  const tIndex = new Map(types.map((t, i) => [t, i]));
  const fIndex = new Map<string, number>();
  const featCache = new Map<string, number[]>();
  const featOf = (cat: string, grow: boolean): number[] => {
    const hit = featCache.get(cat);
    if (hit) return hit;
    const ids: number[] = [];
    for (const f of features(data, cat)) {
      let i = fIndex.get(f);
      if (i === undefined && grow) {
        i = fIndex.size;
        fIndex.set(f, i);
      }
      if (i !== undefined) ids.push(i);
    }
    if (grow) featCache.set(cat, ids);
    return ids;
  };
  const samples = train.map((p) => ({ x: featOf(p.category, true), y: tIndex.get(p.type) as number }));
  const F = fIndex.size + 1; // + bias
  const W = new Float64Array(F * T);
  const G = new Float64Array(F * T).fill(1e-8);
  const probs = (x: number[], out: Float64Array): void => {
    let mx = -Infinity;
    for (let t = 0; t < T; t++) {
      let z = W[(F - 1) * T + t];
      for (const i of x) z += W[i * T + t];
      out[t] = z;
      if (z > mx) mx = z;
    }
    let s = 0;
    for (let t = 0; t < T; t++) {
      out[t] = Math.exp(out[t] - mx);
      s += out[t];
    }
    for (let t = 0; t < T; t++) out[t] /= s;
  };
  const p = new Float64Array(T);
  const order = samples.map((_, i) => i);
  for (let e = 0; e < epochs; e++) {
    rng.shuffle(order);
    for (const k of order) {
      const { x, y } = samples[k];
      probs(x, p);
      for (let t = 0; t < T; t++) {
        const g = p[t] - (t === y ? 1 : 0);
        for (const i of [...x, F - 1]) {
          const j = i * T + t;
          const grad = g + l2 * W[j];
          G[j] += grad * grad;
          W[j] -= (lr * grad) / Math.sqrt(G[j]);
        }
      }
    }
  }
  return {
    types,
    scores(category) {
      probs(featOf(category, false), p);
      const out: Record<string, number> = {};
      types.forEach((t, i) => (out[t] = p[i]));
      return out;
    },
  };
}

export interface RsnMetrics {
  queries: number;
  /** ROC AUC over (query, room type present in the held-out scene) pairs: does the object occur in a room of that type? */
  auc: number;
  /** ROC AUC over (query, every room type the model knows) pairs — the easier, seed-style pool with distant types as negatives. */
  aucAllTypes: number;
  /** Mean squared error of those probabilities against the 0/1 labels. */
  brier: number;
  /** Expected fraction of queries whose true room has the highest belief (Eq. 10; ties share). */
  top1Room: number;
  /** Fraction whose true room type scores highest among the scene's types. */
  top1Type: number;
}

function auc(scored: { s: number; y: number }[]): number {
  const sorted = scored.slice().sort((a, b) => a.s - b.s);
  let rankSum = 0;
  let pos = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j].s === sorted[i].s) j++;
    const avg = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k].y === 1) {
      rankSum += avg;
      pos++;
    }
    i = j;
  }
  const neg = sorted.length - pos;
  return pos === 0 || neg === 0 ? NaN : (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Evaluates a model on held-out scenes' placements. */
export function evaluateModel(model: RoomTypeModel, test: readonly Placement[]): RsnMetrics {
  const byScene = new Map<string, Placement[]>();
  for (const p of test) byScene.set(p.scene, [...(byScene.get(p.scene) ?? []), p]);
  const pairs: { s: number; y: number }[] = [];
  const pairsAll: { s: number; y: number }[] = [];
  let brier = 0;
  let top1Room = 0;
  let top1Type = 0;
  let queries = 0;
  for (const ps of byScene.values()) {
    const rooms = [...new Set(ps.map((p) => p.room))];
    const typesHere = [...new Set(rooms.map(roomType))];
    const perType = new Map<string, number>();
    for (const r of rooms) perType.set(roomType(r), (perType.get(roomType(r)) ?? 0) + 1);
    const typesOf = new Map<string, Set<string>>();
    for (const p of ps) typesOf.set(p.category, (typesOf.get(p.category) ?? new Set()).add(p.type));
    const scoreCache = new Map<string, Record<string, number>>();
    for (const p of ps) {
      let sc = scoreCache.get(p.category);
      if (!sc) {
        sc = model.scores(p.category);
        scoreCache.set(p.category, sc);
      }
      queries++;
      for (const t of model.types) pairsAll.push({ s: sc[t] ?? 0, y: typesOf.get(p.category)?.has(t) ? 1 : 0 });
      for (const t of typesHere) {
        const y = typesOf.get(p.category)?.has(t) ? 1 : 0;
        const s = sc[t] ?? 0;
        pairs.push({ s, y });
        brier += (s - y) ** 2;
      }
      // Eq. 10 over the scene's rooms.
      const b = rooms.map((r) => (sc[roomType(r)] ?? 0) / (perType.get(roomType(r)) as number));
      const best = Math.max(...b);
      const ties = b.filter((x) => x === best).length;
      if (b[rooms.indexOf(p.room)] === best) top1Room += 1 / ties;
      const bestType = typesHere.reduce((a, t) => ((sc[t] ?? 0) > (sc[a] ?? 0) ? t : a), typesHere[0]);
      if (bestType === p.type) top1Type++;
    }
  }
  return { queries, auc: auc(pairs), aucAllTypes: auc(pairsAll), brier: brier / pairs.length, top1Room: top1Room / queries, top1Type: top1Type / queries };
}

export interface RsnEvaluation {
  folds: number;
  scenes: number;
  trainPlacements: number;
  categories: number;
  roomTypes: number;
  rsn: RsnMetrics;
  prior: RsnMetrics;
}

/** k-fold cross-validation by scene (seeded split); metrics pooled over all held-out queries. */
export function evaluateRsn(data: BehaviorData, opts: RsnOptions & { folds?: number } = {}): RsnEvaluation {
  const folds = opts.folds ?? 5;
  const all = scenePlacements(data);
  const scenes = [...new Set(all.map((p) => p.scene))].sort();
  new Rng(opts.seed ?? 'rsn-split').shuffle(scenes);
  const pooled = { rsn: [] as RsnMetrics[], prior: [] as RsnMetrics[] };
  for (let f = 0; f < folds; f++) {
    const held = new Set(scenes.filter((_, i) => i % folds === f));
    const train = all.filter((p) => !held.has(p.scene));
    const test = all.filter((p) => held.has(p.scene));
    pooled.rsn.push(evaluateModel(trainRsn(data, train, opts), test));
    pooled.prior.push(evaluateModel(frequencyPrior(train), test));
  }
  const mean = (ms: RsnMetrics[]): RsnMetrics => {
    const q = ms.reduce((a, m) => a + m.queries, 0);
    const w = (k: keyof RsnMetrics) => ms.reduce((a, m) => a + m[k] * m.queries, 0) / q;
    return { queries: q, auc: w('auc'), aucAllTypes: w('aucAllTypes'), brier: w('brier'), top1Room: w('top1Room'), top1Type: w('top1Type') };
  };
  return {
    folds,
    scenes: scenes.length,
    trainPlacements: all.length,
    categories: new Set(all.map((p) => p.category)).size,
    roomTypes: new Set(all.map((p) => p.type)).size,
    rsn: mean(pooled.rsn),
    prior: mean(pooled.prior),
  };
}

/** b_o^0 over the rooms of a scene for an object of `category` (Eq. 10 with the model's type scores). */
export function roomBeliefFor(model: RoomTypeModel, scene: Scene, category: string, from?: string): RoomBelief {
  return initialBelief(scene, model.scores(category), from);
}

export { auc as rocAuc };
