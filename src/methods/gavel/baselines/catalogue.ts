/**
 * The household baselines catalogue (GAVEL §V-C): `epog` (graph-edit
 * planning; the LLM only for task understanding, Table II) and `oracle`
 * (true locations, reference subplans, optimal order; Table II). The
 * oracle is the one method that reads the hidden task (`readsTruth`: the
 * runner hands it the task as option `task`). Their LLM calls are GAVEL's
 * understanding kinds, so the synthetic generators are GAVEL's.
 */
import type { HouseholdTask } from '../../../envs/household/index.js';
import type { Catalogue, HouseholdMethod } from '../../../episode/index.js';
import { householdTruth } from '../prompts.js';
import { registerGavelSynthetic } from '../synthetic.js';
import { epogMethod } from './epog.js';
import { oracleMethod } from './oracle.js';

export const HOUSEHOLD_BASELINES_CATALOGUE: Catalogue<HouseholdMethod, HouseholdTask> = {
  family: 'gavel',
  entries: [
    { name: 'epog', method: epogMethod, description: epogMethod.description, defaultFor: ['multi'] },
    { name: 'oracle', method: oracleMethod, description: oracleMethod.description, defaultFor: ['multi'], readsTruth: true },
  ],
  truth: householdTruth,
  installSynthetic: registerGavelSynthetic,
};
