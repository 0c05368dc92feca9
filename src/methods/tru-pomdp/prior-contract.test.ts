/**
 * The offline `prior` (prior-model.ts, prior-lexicon.ts) may not import the
 * rest of Tru-POMDP or the kitchen — it stands in for an LLM that never sees
 * the answer — so it imports only core and llm (checked first), and what it
 * relies on is checked here, where both are in reach: the prompt vars
 * Tru-POMDP renders carry every field the prior reads, and the prior's
 * vocabulary file still lists the kitchen catalogue's object types.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { vocabularyFile } from '../../../bench/build-prior-vocabulary.js';
import { packageDataPath } from '../../core/package-data.js';
import { areaKind, CATALOGUE_OBJECTS, KITCHEN_NAMES, loadLayout } from '../../envs/kitchen/index.js';
import { areaKindOf } from './prior-lexicon.js';
import type { PriorActVars, PriorFlatVars, PriorGoalsVars, PriorLocationsVars } from './prior-model.js';
import type { ActVars, FlatVars, GoalsVars, LocationsVars } from './prompts.js';

describe('the prior model stays apart from what it is tested on', () => {
  it('imports only node:, src/core, src/llm and its own lexicon', () => {
    for (const file of ['prior-model.ts', 'prior-lexicon.ts']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      const from = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      if (file === 'prior-model.ts') expect(from).toContain('../../llm/errors.js'); // the pattern reads its imports
      expect(from.filter((f) => !/^(node:|\.\.\/\.\.\/(core|llm)\/|\.\/prior-lexicon\.js$)/.test(f)), file).toEqual([]);
    }
  });
});

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
