/**
 * The GAVEL family catalogue (§V-C): GAVEL and the compared LLM-planning
 * variants (gavel-basic, gavel-static, gavel-map, sayplan, llm-only) as
 * switches of one loop (gavel.ts), which of them the seed's Table I
 * (`single`) and Table II (`multi`) run, and the synthetic stand-in's
 * generators (`gavel.decompose`, `gavel.extract`, `gavel.plan`) with the
 * household truth they answer from.
 */
import type { HouseholdTask } from '../../envs/household/index.js';
import type { Catalogue, HouseholdMethod } from '../../episode/index.js';
import { GAVEL_VARIANTS, gavelMethod } from './gavel.js';
import { householdTruth } from './prompts.js';
import { registerGavelSynthetic } from './synthetic.js';

/** Table I (single tasks) and Table II (multi-task instructions) of the seed. */
const TABLES: Record<string, readonly string[]> = {
  'llm-only': ['single', 'multi'],
  sayplan: ['single', 'multi'],
  'gavel-basic': ['single'],
  'gavel-map': ['multi'],
  'gavel-static': ['multi'],
  gavel: ['single', 'multi'],
};

export const GAVEL_CATALOGUE: Catalogue<HouseholdMethod, HouseholdTask> = {
  family: 'gavel',
  entries: ['llm-only', 'sayplan', 'gavel-basic', 'gavel-map', 'gavel-static', 'gavel'].map((name) => ({
    name,
    method: gavelMethod(name),
    description: GAVEL_VARIANTS[name].description,
    defaultFor: TABLES[name],
  })),
  truth: householdTruth,
  installSynthetic: registerGavelSynthetic,
};
