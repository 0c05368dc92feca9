/**
 * A small scene and a plan helper for tests of the paper's action language
 * (`paper-machine.ts`, `paper-repair.ts`).
 */
import type { PaperStep } from './paper-machine.js';
import { relationsOf } from './fixture-relations.js';
import { sceneFromJson } from './scene-file.js';

/** `'NAVIGATE_TO(fridge); RELEASE()'` → paper steps. */
export function PP(text: string): PaperStep[] {
  return text
    .split(';')
    .map((s) => /^\s*([A-Z_]+)\((.*)\)\s*$/.exec(s))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ action: m[1], arg: m[2].trim() === '' ? null : m[2].trim() }));
}

/** A kitchen and a living room: a fridge with a bottle, a counter with a plate, an oven, a stove, a lamp. */
export const paperScene = sceneFromJson({
  rooms: [
    { id: 'kitchen_0', type: 'kitchen', area: 16 },
    { id: 'living_room_0', type: 'living_room', area: 20 },
  ],
  connections: [{ a: 'kitchen_0', b: 'living_room_0', length: 5 }],
  objects: [
    { id: 'fridge', category: 'fridge', room: 'kitchen_0', affordances: ['openable', 'container', 'surface'] },
    { id: 'countertop', category: 'countertop', room: 'kitchen_0', affordances: ['surface'] },
    { id: 'oven', category: 'oven', room: 'kitchen_0', affordances: ['openable', 'container', 'toggleable', 'surface'], appliance: 'oven', safetyCritical: true },
    { id: 'stove', category: 'stove', room: 'kitchen_0', affordances: ['toggleable', 'surface'], appliance: 'stove', safetyCritical: true },
    { id: 'breakfast_table', category: 'breakfast_table', room: 'living_room_0', affordances: ['surface'] },
    { id: 'floor_lamp', category: 'floor_lamp', room: 'living_room_0', affordances: ['toggleable', 'surface'], appliance: 'other', safetyCritical: false },
    { id: 'bottle_of_soup', category: 'bottle_of_soup', affordances: ['graspable', 'surface'] },
    { id: 'plate', category: 'plate', affordances: ['graspable', 'surface'] },
    { id: 't_shirt', category: 't_shirt', affordances: ['graspable', 'surface'] },
    { id: 'bowl', category: 'bowl', affordances: ['graspable', 'surface', 'container'] },
    { id: 'table_lamp', category: 'table_lamp', room: 'living_room_0', affordances: ['toggleable', 'surface'], appliance: 'other', safetyCritical: false },
    { id: 'standing_tv', category: 'standing_tv', room: 'living_room_0', affordances: ['toggleable', 'surface'], appliance: 'other', safetyCritical: false },
    { id: 'shampoo_bottle', category: 'shampoo_bottle', affordances: ['graspable', 'surface'] },
  ],
  relations: relationsOf('bottle_of_soup in fridge; plate on countertop; t_shirt on breakfast_table; bowl on countertop; shampoo_bottle on breakfast_table'),
  robot: { room: 'living_room_0' },
});

