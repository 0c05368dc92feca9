/**
 * Methods that pair an LLM with an explicit world model, as catalogues for
 * the episode layer's registry: Tru-POMDP (Tang et al. 2025, "Tru-POMDP:
 * Task Planning Under Uncertainty via Tree of Hypotheses and Open-Ended
 * POMDPs") and the kitchen baselines; GAVEL and the household baselines.
 * Nothing registers on import: the registries below are plain lookups built
 * from these lists (and callers may build their own).
 */
import type { HouseholdTask } from '../envs/household/index.js';
import type { KitchenTask } from '../envs/kitchen/index.js';
import { MethodRegistry, type Catalogue, type HouseholdMethod, type KitchenMethod } from '../episode/index.js';
import { KITCHEN_BASELINES_CATALOGUE } from './baselines/catalogue.js';
import { HOUSEHOLD_BASELINES_CATALOGUE } from './gavel/baselines/catalogue.js';
import { GAVEL_CATALOGUE } from './gavel/catalogue.js';
import { TRU_POMDP_CATALOGUE } from './tru-pomdp/catalogue.js';
import { registerLlmDmSynthetic } from './llm-dm/synthetic.js';

export * from './method.js';
export { KITCHEN_BASELINES_CATALOGUE, HOUSEHOLD_BASELINES_CATALOGUE, GAVEL_CATALOGUE, TRU_POMDP_CATALOGUE };

/** Every kitchen method family: the baselines, then Tru-POMDP and its ablations. */
export const KITCHEN_CATALOGUES: ReadonlyArray<Catalogue<KitchenMethod, KitchenTask>> = [KITCHEN_BASELINES_CATALOGUE, TRU_POMDP_CATALOGUE];

/** Every household method family: GAVEL and its variants, then EPoG and the oracle. */
export const HOUSEHOLD_CATALOGUES: ReadonlyArray<Catalogue<HouseholdMethod, HouseholdTask>> = [GAVEL_CATALOGUE, HOUSEHOLD_BASELINES_CATALOGUE];

/** The kitchen methods by name (suites, `kitchen run`). */
export const KITCHEN_REGISTRY = new MethodRegistry(KITCHEN_CATALOGUES);

/** The household methods by name (suites, `household run`). */
export const HOUSEHOLD_REGISTRY = new MethodRegistry(HOUSEHOLD_CATALOGUES);

/** Installs the synthetic generators and knobs of every method family — kitchen, household, LLM-DM — (for parsing `--synthetic` before any episode runs, and for `llm models`). */
export function installSyntheticModels(): void {
  for (const c of KITCHEN_CATALOGUES) c.installSynthetic();
  for (const c of HOUSEHOLD_CATALOGUES) c.installSynthetic();
  registerLlmDmSynthetic();
}
