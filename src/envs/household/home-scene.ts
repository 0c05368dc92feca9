/**
 * The furniture layer of a home as scene-graph objects: one object per
 * (room, furniture category) from the BEHAVIOR scene lists, kept when the
 * category is a support in the activity placement data or an appliance, with
 * affordances from the synset properties. Ids are `<category>_<k>`.
 */
import type { SceneFile } from '../../scenegraph/index.js';
import { synsetAffordances } from './affordances.js';
import { synsetAncestors, type BehaviorData } from './data.js';
import type { Home } from './homes.js';
import { activityPlacements } from './placements.js';

export interface Furniture {
  id: string;
  category: string;
  synset: string;
  room: string;
  ancestors: Set<string>;
}

export interface HomeLayer {
  home: Home;
  furniture: Furniture[];
  objects: NonNullable<SceneFile['objects']>;
}

const SKIP = new Set(['floors', 'walls', 'ceilings', 'carpet', 'rug', 'electric_switch', 'door', 'sliding_door', 'openable_window', 'window', 'picture', 'mirror', 'curtain']);

export function homeLayer(data: BehaviorData, home: Home): HomeLayer {
  const supports = new Set(activityPlacements(data).map((p) => p.support));
  const furniture: Furniture[] = [];
  const objects: NonNullable<SceneFile['objects']> = [];
  const counter = new Map<string, number>();
  for (const room of home.rooms) {
    for (const cat of Object.keys(home.furniture[room.id] ?? {}).sort()) {
      if (SKIP.has(cat)) continue;
      const synset = data.categorySynset.get(cat);
      if (!synset) continue;
      const anc = synsetAncestors(data, synset);
      const info = synsetAffordances(data, synset);
      const isSupport = [...anc].some((s) => supports.has(s));
      if (!isSupport && !info.appliance) continue;
      if (info.appliance === 'other') continue;
      info.affordances.delete('graspable');
      if (info.affordances.size === 0) continue;
      const k = counter.get(cat) ?? 0;
      counter.set(cat, k + 1);
      const id = `${cat}_${k}`;
      furniture.push({ id, category: cat, synset, room: room.id, ancestors: anc });
      objects.push({ id, category: cat, room: room.id, affordances: [...info.affordances].sort(), ...(info.appliance ? { appliance: info.appliance } : {}) });
    }
  }
  return { home, furniture, objects };
}
