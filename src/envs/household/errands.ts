/**
 * Multi-task instructions (GAVEL §V-B): 2–5 independent errands in one
 * BEHAVIOR home, with pairwise disjoint goal objects. Small objects are placed
 * by real BEHAVIOR-1K activity placements (an apple in the fridge of the
 * kitchen, a sweater on the bed of a bedroom). Errand kinds: deliver to a
 * surface, put away in a container, wash (dishwasher or sink), cook (stove,
 * microwave or oven), launder (washer) and dry (dryer). Every errand has a
 * reference subplan; a generated instruction is kept only when the
 * concatenated subplans verify against the union of goals.
 */
import { Rng } from '../../core/rng.js';
import { sceneFromJson, verifyPlan, type Goal, type PlanStep, type SceneFile } from '../../scenegraph/index.js';
import { synsetAffordances } from './affordances.js';
import { synsetAncestors, type BehaviorData } from './data.js';
import { homeLayer, type Furniture, type HomeLayer } from './home-scene.js';
import { buildHome } from './homes.js';
import { objectPhrase } from './instruction.js';
import { activityPlacements, type PlacementSample } from './placements.js';
import type { HouseholdTask } from './task.js';

export const ERRAND_KINDS = ['deliver', 'put-away', 'wash', 'cook', 'launder', 'dry'] as const;
export type ErrandKind = (typeof ERRAND_KINDS)[number];

interface SmallObject {
  id: string;
  category: string;
  synset: string;
  rel: 'on_top' | 'object_inside' | 'floor';
  support: Furniture | undefined;
  room: string;
}

interface Errand {
  kind: ErrandKind;
  text: string;
  goal: Goal;
  plan: PlanStep[];
  objects: string[];
  small: SmallObject;
}

/**
 * The synset hierarchy in the data is shallow (hypernym chains stop early), so
 * dishes and clothing are recognised by name stems along the chain.
 */
const DISH = /^(plate|bowl|mug|cup|teacup|wineglass|glass|tumbler|platter|dish|saucer|pan|frying_pan|saucepan|pot|casserole|flatware|crockery|tableware|cookware|kettle|teapot|pitcher|spoon|fork|knife|tablespoon|teaspoon)\.n\./;
const CLOTHING = /^(garment|clothing|apparel|workwear|trouser|jean|sweater|shirt|t-shirt|jersey|sock|dress|skirt|jacket|coat|underwear|brassiere|short|legging|blouse|sweatshirt|hoodie|scarf|glove|towel|dishtowel|hand_towel|bath_towel|sheet|pillowcase|blanket)\.n\./;

const nav = (o: string): PlanStep => ({ action: 'NavigateTo', args: [o] });
const s1 = (action: string, o: string): PlanStep => ({ action, args: [o] });
const s2 = (action: string, o: string, d: string): PlanStep => ({ action, args: [o, d] });

function isA(data: BehaviorData, synset: string, stems: RegExp): boolean {
  for (const a of synsetAncestors(data, synset)) if (stems.test(a)) return true;
  return false;
}

const label = (f: Furniture): string => `${objectPhrase(f.category)} in the ${objectPhrase(f.room.replace(/_\d+$/, ''))}`;

/** Steps to get `o` into the hand, opening (and afterwards closing) its closed source container. */
function fetch(o: SmallObject, openable: (id: string) => boolean): { pre: PlanStep[]; post: PlanStep[] } {
  const src = o.rel === 'object_inside' && o.support && openable(o.support.id) ? o.support.id : undefined;
  return {
    pre: [...(src ? [nav(src), s1('Open', src)] : []), nav(o.id), s1('Grasp', o.id)],
    post: src ? [nav(src), s1('Close', src)] : [],
  };
}

export interface MultiTaskOptions {
  count: number;
  seed?: number | string;
  /** BEHAVIOR scenes to use (default: the 15 homes of the EAI problems). */
  scenes?: string[];
  minTasks?: number;
  maxTasks?: number;
  /**
   * Probability that an errand needs an appliance (wash, cook, launder, dry).
   * Default 0.25: with the kinds a home cannot serve resampled, about 30–40 % of instructions need one (the seed's benchmark: 199 of 500).
   */
  applianceShare?: number;
}

/** The ten-plus homes the EAI problems use. */
export const EAI_HOMES = ['Beechwood_0_int', 'Beechwood_1_int', 'Benevolence_0_int', 'Benevolence_1_int', 'Benevolence_2_int', 'Ihlen_0_int', 'Ihlen_1_int', 'Merom_0_int', 'Merom_1_int', 'Pomaria_0_int', 'Pomaria_1_int', 'Pomaria_2_int', 'Rs_int', 'Wainscott_0_int', 'Wainscott_1_int'];

export function generateMultiTasks(data: BehaviorData, opts: MultiTaskOptions): HouseholdTask[] {
  const rng = new Rng(opts.seed ?? 1);
  const scenes = opts.scenes ?? EAI_HOMES;
  const layers = new Map<string, HomeLayer>();
  const samples = activityPlacements(data).filter((p) => synsetAffordances(data, p.object).affordances.has('graspable'));
  const out: HouseholdTask[] = [];
  const minN = opts.minTasks ?? 2;
  const maxN = opts.maxTasks ?? 5;
  let attempts = 0;
  while (out.length < opts.count && attempts < opts.count * 20) {
    attempts++;
    const scene = scenes[rng.int(scenes.length)];
    let layer = layers.get(scene);
    if (!layer) {
      layer = homeLayer(data, buildHome(data, scene));
      layers.set(scene, layer);
    }
    const n = minN + rng.int(maxN - minN + 1);
    const task = tryInstruction(data, layer, samples, n, rng, `multi/${scene}/${out.length}`, opts.applianceShare ?? 0.25);
    if (task) out.push(task);
  }
  return out;
}

const poolCache = new WeakMap<PlacementSample[], Record<ErrandKind, PlacementSample[]>>();

/** Placement samples suited to each errand kind (dishes to wash, cookable food, clothing). */
function poolsFor(data: BehaviorData, samples: PlacementSample[]): Record<ErrandKind, PlacementSample[]> {
  const hit = poolCache.get(samples);
  if (hit) return hit;
  const dish = samples.filter((s) => isA(data, s.object, DISH));
  const food = samples.filter((s) => data.synsets.get(s.object)?.props.cookable === true);
  const clothes = samples.filter((s) => isA(data, s.object, CLOTHING));
  const pools = { deliver: samples, 'put-away': samples, wash: dish, cook: food, launder: clothes, dry: clothes };
  poolCache.set(samples, pools);
  return pools;
}

function tryInstruction(data: BehaviorData, layer: HomeLayer, samples: PlacementSample[], n: number, rng: Rng, id: string, applianceShare: number): HouseholdTask | undefined {
  const { home, furniture } = layer;
  const fOpenable = new Set(layer.objects.filter((o) => o.affordances?.includes('openable')).map((o) => o.id));
  const fAff = new Map(layer.objects.map((o) => [o.id, new Set(o.affordances ?? [])]));
  const app = new Map(layer.objects.filter((o) => o.appliance).map((o) => [o.id, o.appliance as string]));
  const byKind = (k: string) => furniture.filter((f) => app.get(f.id) === k);
  const usedGoal = new Set<string>();
  const smalls: SmallObject[] = [];
  const errands: Errand[] = [];
  const catCount = new Map<string, number>();
  const place = (pool: PlacementSample[]): SmallObject | undefined => {
    for (let tries = 0; tries < 40 && pool.length > 0; tries++) {
      const s = pool[rng.int(pool.length)];
      const rooms = home.rooms.filter((r) => r.type === s.roomType).map((r) => r.id);
      if (rooms.length === 0) continue;
      let support: Furniture | undefined;
      if (s.rel !== 'floor') {
        const fits = furniture.filter((f) => rooms.includes(f.room) && f.ancestors.has(s.support) && fAff.get(f.id)?.has(s.rel === 'on_top' ? 'surface' : 'container'));
        if (fits.length === 0) continue;
        support = fits[rng.int(fits.length)];
      }
      const category = s.object.replace(/\.n\.\d+$/, '');
      if (catCount.has(category) || fAff.has(`${category}_0`)) continue; // one object per category keeps the instruction unambiguous
      const k = catCount.get(category) ?? 0;
      catCount.set(category, k + 1);
      return { id: `${category}_${k}`, category, synset: s.object, rel: s.rel, support, room: support ? support.room : rooms[rng.int(rooms.length)] };
    }
    return undefined;
  };
  const kinds = [...ERRAND_KINDS];
  const pools = poolsFor(data, samples);
  for (let e = 0; e < n * 6 && errands.length < n; e++) {
    const kind = rng.chance(applianceShare) ? kinds[2 + rng.int(4)] : kinds[rng.int(2)];
    const o = place(pools[kind]);
    if (!o) continue;
    const f = fetch(o, (x) => fOpenable.has(x));
    const free = (x: string) => !usedGoal.has(x);
    let errand: Errand | undefined;
    const dishy = isA(data, o.synset, DISH);
    const cookable = data.synsets.get(o.synset)?.props.cookable === true;
    const clothing = isA(data, o.synset, CLOTHING);
    if (kind === 'deliver') {
      const dests = furniture.filter((d) => d.room !== o.room && fAff.get(d.id)?.has('surface') && !app.has(d.id) && free(d.id));
      if (dests.length > 0) {
        const d = dests[rng.int(dests.length)];
        errand = { kind, text: `bring the ${objectPhrase(o.category)} to the ${label(d)}`, goal: { literals: [{ kind: 'relation', rel: 'on_top', a: o.id, b: d.id }] }, plan: [...f.pre, nav(d.id), s2('PlaceOnTop', o.id, d.id), ...f.post], objects: [o.id, d.id], small: o };
      }
    } else if (kind === 'put-away') {
      const dests = furniture.filter((d) => d.id !== o.support?.id && fOpenable.has(d.id) && fAff.get(d.id)?.has('container') && !app.has(d.id) && free(d.id));
      const food = data.synsets.get(o.synset)?.props.cookable === true;
      const pool = food ? dests.filter((d) => d.ancestors.has('electric_refrigerator.n.01')) : dests.filter((d) => !d.ancestors.has('electric_refrigerator.n.01'));
      if (pool.length > 0) {
        const d = pool[rng.int(pool.length)];
        errand = {
          kind,
          text: `put the ${objectPhrase(o.category)} away in the ${label(d)}`,
          goal: { literals: [{ kind: 'relation', rel: 'object_inside', a: o.id, b: d.id }, { kind: 'flag', flag: 'open', object: d.id, negated: true }] },
          plan: [nav(d.id), s1('Open', d.id), ...f.pre, nav(d.id), s2('PlaceInside', o.id, d.id), s1('Close', d.id), ...f.post],
          objects: [o.id, d.id],
          small: o,
        };
      }
    } else if (kind === 'wash' && dishy) {
      const dw = byKind('dishwasher');
      const sinks = byKind('sink');
      if (dw.length > 0) {
        const d = dw[rng.int(dw.length)];
        errand = { kind, text: `wash the ${objectPhrase(o.category)}`, goal: { literals: [{ kind: 'flag', flag: 'washed', object: o.id }] }, plan: [nav(d.id), s1('Open', d.id), ...f.pre, nav(d.id), s2('PlaceInside', o.id, d.id), s1('Close', d.id), s1('ToggleOn', d.id), s1('ToggleOff', d.id), ...f.post], objects: [o.id], small: o };
      } else if (sinks.length > 0) {
        const d = sinks[rng.int(sinks.length)];
        errand = { kind, text: `wash the ${objectPhrase(o.category)}`, goal: { literals: [{ kind: 'flag', flag: 'washed', object: o.id }] }, plan: [...f.pre, nav(d.id), s2('PlaceInside', o.id, d.id), s1('ToggleOn', d.id), s1('ToggleOff', d.id), ...f.post], objects: [o.id], small: o };
      }
    } else if (kind === 'cook' && cookable) {
      const stoves = byKind('stove');
      const boxes = [...byKind('microwave'), ...byKind('oven')];
      if (stoves.length > 0 && (boxes.length === 0 || rng.chance(0.5))) {
        const d = stoves[rng.int(stoves.length)];
        errand = { kind, text: `cook the ${objectPhrase(o.category)}`, goal: { literals: [{ kind: 'flag', flag: 'cooked', object: o.id }] }, plan: [...f.pre, nav(d.id), s2('PlaceOnTop', o.id, d.id), s1('ToggleOn', d.id), s1('ToggleOff', d.id), ...f.post], objects: [o.id], small: o };
      } else if (boxes.length > 0) {
        const d = boxes[rng.int(boxes.length)];
        errand = { kind, text: `cook the ${objectPhrase(o.category)}`, goal: { literals: [{ kind: 'flag', flag: 'cooked', object: o.id }] }, plan: [nav(d.id), s1('Open', d.id), ...f.pre, nav(d.id), s2('PlaceInside', o.id, d.id), s1('Close', d.id), s1('ToggleOn', d.id), s1('ToggleOff', d.id), ...f.post], objects: [o.id], small: o };
      }
    } else if ((kind === 'launder' || kind === 'dry') && clothing) {
      const machines = byKind(kind === 'launder' ? 'washer' : 'dryer');
      if (machines.length > 0) {
        const d = machines[rng.int(machines.length)];
        const flag = kind === 'launder' ? 'washed' : 'dried';
        errand = { kind, text: `${kind === 'launder' ? 'wash' : 'dry'} the ${objectPhrase(o.category)}`, goal: { literals: [{ kind: 'flag', flag, object: o.id }] }, plan: [nav(d.id), s1('Open', d.id), ...f.pre, nav(d.id), s2('PlaceInside', o.id, d.id), s1('Close', d.id), s1('ToggleOn', d.id), s1('ToggleOff', d.id), ...f.post], objects: [o.id], small: o };
      }
    }
    if (!errand || !errand.objects.every(free)) {
      continue;
    }
    for (const x of errand.objects) usedGoal.add(x);
    smalls.push(o);
    errands.push(errand);
  }
  if (errands.length < n) return undefined;
  const sceneJson: SceneFile = {
    name: `${home.scene} (${n} errands)`,
    rooms: home.rooms,
    connections: home.connections,
    objects: [
      ...layer.objects,
      ...smalls.map((o) => {
        const aff = synsetAffordances(data, o.synset);
        return { id: o.id, category: o.category, ...(o.support ? {} : { room: o.room }), affordances: [...aff.affordances].filter((a) => a !== 'toggleable').sort() };
      }),
    ],
    relations: smalls.filter((o) => o.support).map((o) => ({ rel: o.rel === 'on_top' ? ('on_top' as const) : ('object_inside' as const), a: o.id, b: (o.support as Furniture).id })),
    robot: { room: home.start },
  };
  const scene = sceneFromJson(sceneJson, id);
  const plan = errands.flatMap((e) => e.plan);
  const goal: Goal = { literals: errands.flatMap((e) => e.goal.literals) };
  if (!verifyPlan(scene, plan, goal).valid) return undefined;
  const texts = errands.map((e) => e.text);
  const sentence = texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]}`;
  return {
    id,
    kind: 'multi',
    instruction: `${sentence[0].toUpperCase()}${sentence.slice(1)}.`,
    scene: sceneJson,
    goals: errands.map((e) => e.goal),
    goal,
    referencePlan: plan,
    subplans: errands.map((e) => e.plan),
    errands: texts,
    uncertain: smalls.map((o) => o.id),
    source: { scene: home.scene, errands: errands.map((e) => e.kind).join(','), appliance: errands.filter((e) => e.kind !== 'deliver' && e.kind !== 'put-away').length },
    notes: [],
  };
}
