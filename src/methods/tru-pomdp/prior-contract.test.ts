/**
 * The offline `prior` (src/llm/prior-model.ts) may not import Tru-POMDP or the
 * kitchen, so what it relies on is checked here, where both are in reach: the
 * prompt vars Tru-POMDP renders carry every field the prior reads, and the
 * prior's vocabulary file still lists the kitchen catalogue's object types.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { vocabularyFile } from '../../../bench/build-prior-vocabulary.js';
import { packageDataPath } from '../../core/package-data.js';
import { areaKind, CATALOGUE_OBJECTS, KITCHEN_NAMES, loadLayout } from '../../envs/kitchen/index.js';
import { areaKindOf } from '../../llm/prior-lexicon.js';
import type { PriorActVars, PriorFlatVars, PriorGoalsVars, PriorLocationsVars } from '../../llm/prior-model.js';
import type { ActVars, FlatVars, GoalsVars, LocationsVars } from './prompts.js';

describe('the prior model and Tru-POMDP agree', () => {
  it("Tru-POMDP's prompt vars carry what the prior reads", () => {
    expectTypeOf<GoalsVars>().toExtend<PriorGoalsVars>();
    expectTypeOf<LocationsVars>().toExtend<PriorLocationsVars>();
    expectTypeOf<FlatVars>().toExtend<PriorFlatVars>();
    expectTypeOf<ActVars>().toExtend<PriorActVars>();
  });

  it("the prior's vocabulary file equals the kitchen catalogue's object types (regenerate: npx tsx bench/build-prior-vocabulary.ts)", () => {
    const file = JSON.parse(readFileSync(packageDataPath('prior', 'kitchen-vocabulary.json'), 'utf8')) as unknown;
    expect(file).toEqual(vocabularyFile());
    expect((file as { types: string[] }).types).toEqual(CATALOGUE_OBJECTS.map((o) => o.type));
  });

  it("the prior reads every area name of the five kitchens as the kitchen's own classification does", () => {
    for (const kitchen of KITCHEN_NAMES) for (const area of loadLayout(kitchen).areas) expect([kitchen, area, areaKindOf(area)]).toEqual([kitchen, area, areaKind(area)]);
  });
});
