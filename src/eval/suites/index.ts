/**
 * The suite registry: every benchmark suite defined once, looked up by name
 * by `groundplan bench`, the pool and queue workers, and the report.
 */
import { InputError } from '../../core/errors.js';
import type { Suite } from '../types.js';
import { householdSuites } from './household.js';
import { ipcSuite } from './ipc.js';
import { kitchenSuites } from './kitchen.js';
import { pomdpSuites } from './pomdp.js';

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

export { kitchenSuites, kitchenSuiteMethods, kitchenTask, kitchenTraceStep, parseKitchenTaskId, KITCHEN_SUITE_KITCHENS } from './kitchen.js';
export { pomdpSuites, POMDP_METHODS } from './pomdp.js';
export { ipcSuite, IPC_METHODS } from './ipc.js';
export { householdSuites } from './household.js';
