/**
 * Object affordances from BEHAVIOR synset properties (`synsets.csv`:
 * openable, toggleable, fillable, sceneObject = fixed furniture), the
 * appliance kind from the synset's hypernym chain, and the union with what a
 * task itself asserts (an `inside x y` fact makes y a container).
 */
import type { Affordance, ApplianceKind } from '../../scenegraph/index.js';
import { synsetAncestors, type BehaviorData } from './data.js';

const APPLIANCE_SYNSETS: [string, ApplianceKind][] = [
  ['dishwasher.n.01', 'dishwasher'],
  ['washer.n.03', 'washer'],
  ['dryer.n.01', 'dryer'],
  ['sink.n.01', 'sink'],
  ['stove.n.01', 'stove'],
  ['grill.n.02', 'stove'],
  ['oven.n.01', 'oven'],
  ['microwave.n.02', 'microwave'],
];

/** Openable things that do not hold objects. */
const NOT_CONTAINERS = ['door.n.01', 'window.n.01', 'curtain.n.01', 'lid.n.02'];

export interface AffordanceInfo {
  affordances: Set<Affordance>;
  appliance?: ApplianceKind;
}

/** Affordances of a synset (e.g. `electric_refrigerator.n.01`) from the data alone. */
export function synsetAffordances(data: BehaviorData, synset: string): AffordanceInfo {
  const info = data.synsets.get(synset);
  const anc = synsetAncestors(data, synset);
  const aff = new Set<Affordance>();
  const p = info?.props ?? {};
  if (p.openable) aff.add('openable');
  if (p.toggleable) aff.add('toggleable');
  const doorLike = NOT_CONTAINERS.some((s) => anc.has(s));
  if ((p.openable && !doorLike) || p.fillable) aff.add('container');
  if (p.sceneObject) {
    if (!doorLike) aff.add('surface');
  } else aff.add('graspable');
  let appliance: ApplianceKind | undefined;
  for (const [s, kind] of APPLIANCE_SYNSETS) {
    if (anc.has(s)) {
      appliance = kind;
      break;
    }
  }
  if (appliance) {
    aff.add('toggleable');
    if (appliance === 'sink' || appliance === 'stove') aff.add(appliance === 'sink' ? 'container' : 'surface');
  }
  if (!appliance && aff.has('toggleable')) appliance = 'other';
  return { affordances: aff, ...(appliance ? { appliance } : {}) };
}
