/**
 * The suite registry: every benchmark suite defined once, looked up by name
 * by `groundplan bench`, the pool and queue workers, and the report. The
 * kitchen and household suites run the methods of the catalogues handed to
 * them here (the registries of src/methods); no suite names a method.
 */
import { InputError } from '../../core/errors.js';
import { HOUSEHOLD_REGISTRY, KITCHEN_REGISTRY } from '../../methods/index.js';
import type { Suite } from '../types.js';
import { householdSuites as makeHouseholdSuites } from './household.js';
import { ipcSuite } from './ipc.js';
import { kitchenSuites as makeKitchenSuites } from './kitchen.js';
import { pomdpSuites } from './pomdp.js';

export const kitchenSuites: Suite[] = makeKitchenSuites(KITCHEN_REGISTRY);
export const householdSuites: Suite[] = makeHouseholdSuites(HOUSEHOLD_REGISTRY);

const SUITES: Suite[] = [...kitchenSuites, ...householdSuites, ...pomdpSuites, ipcSuite];

export function suiteNames(): string[] {
  return SUITES.map((s) => s.name);
}

export function allSuites(): readonly Suite[] {
  return SUITES;
}

/** The suite of that name (throws `InputError` EVAL_SUITE naming the known ones). */
export function suite(name: string): Suite {
  const s = SUITES.find((x) => x.name === name);
  if (!s) throw new InputError('EVAL_SUITE', `unknown suite '${name}' (known: ${suiteNames().join(', ')})`);
  return s;
}

export { kitchenTask, parseKitchenTaskId, KITCHEN_SUITE_KITCHENS } from './kitchen.js';
export { multiTasks, singleTasks, roomModel, householdTask, runHouseholdSuiteSpec } from './household.js';
export { pomdpSuites, POMDP_METHODS } from './pomdp.js';
export { ipcSuite, IPC_METHODS } from './ipc.js';
