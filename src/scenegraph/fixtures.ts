/**
 * A small hand-made home for tests and docs: kitchen, corridor, living room,
 * laundry room. Ids are short on purpose.
 */
import { relationsOf } from './fixture-relations.js';
import { sceneFromJson, type SceneFile } from './scene-file.js';
import type { Scene } from './scene.js';

export function testSceneJson(): SceneFile {
  return {
    name: 'test-home',
    rooms: [
      { id: 'kitchen', type: 'kitchen', area: 16, center: [0, 0] },
      { id: 'corridor', type: 'corridor', area: 6, center: [5, 0] },
      { id: 'living', type: 'living_room', area: 25, center: [10, 0] },
      { id: 'laundry', type: 'utility_room', area: 9, center: [5, 4] },
    ],
    connections: [
      { a: 'kitchen', b: 'corridor' },
      { a: 'corridor', b: 'living' },
      { a: 'corridor', b: 'laundry' },
    ],
    objects: [
      { id: 'fridge', category: 'electric_refrigerator', room: 'kitchen', affordances: ['openable', 'container'] },
      { id: 'counter', category: 'countertop', room: 'kitchen', affordances: ['surface'] },
      { id: 'stove', category: 'stove', room: 'kitchen', affordances: ['toggleable', 'surface'], appliance: 'stove' },
      { id: 'dishwasher', category: 'dishwasher', room: 'kitchen', affordances: ['openable', 'container', 'toggleable'], appliance: 'dishwasher' },
      { id: 'sink', category: 'sink', room: 'kitchen', affordances: ['toggleable', 'container'], appliance: 'sink' },
      { id: 'apple', category: 'apple', affordances: ['graspable'] },
      { id: 'egg', category: 'egg', affordances: ['graspable'] },
      { id: 'pan', category: 'pan', affordances: ['graspable', 'surface', 'container'] },
      { id: 'plate', category: 'plate', affordances: ['graspable', 'surface'] },
      { id: 'box', category: 'box', room: 'living', affordances: ['graspable', 'openable', 'container'] },
      { id: 'book', category: 'book', affordances: ['graspable'] },
      { id: 'table', category: 'table', room: 'living', affordances: ['surface'] },
      { id: 'lamp', category: 'lamp', room: 'living', affordances: ['toggleable'], appliance: 'other' },
      { id: 'washer', category: 'washer', room: 'laundry', affordances: ['openable', 'container', 'toggleable'], appliance: 'washer' },
      { id: 'dryer', category: 'dryer', room: 'laundry', affordances: ['openable', 'container', 'toggleable'], appliance: 'dryer' },
      { id: 'shirt', category: 'shirt', room: 'living', affordances: ['graspable'] },
    ],
    relations: relationsOf('apple in fridge; egg in fridge; pan on counter; plate on counter; book in box'),
    robot: { room: 'living' },
  };
}

export function testScene(): Scene {
  return sceneFromJson(testSceneJson(), 'test-home.json');
}
