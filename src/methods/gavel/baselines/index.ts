/**
 * Household baselines of GAVEL §V-C that are not LLM-planning variants:
 * `epog` (graph-edit planning) and `oracle` (true locations, reference
 * plans, optimal order), listed in their catalogue (catalogue.ts).
 */
export { graphEditPlan, type GraphEditPlan } from './graph-edit.js';
export { epogMethod, EPOG_MAX_REPLANS } from './epog.js';
export { oracleMethod, oracleOrder } from './oracle.js';
export { HOUSEHOLD_BASELINES_CATALOGUE } from './catalogue.js';
