/**
 * Every CLI command lives in its own file under this folder and exports a
 * `register(program)` function; add one line here per command file.
 */
import type { Command } from 'commander';
import { register as registerLlm } from './llm.js';
import { register as registerCheck } from './check.js';
import { register as registerKitchen } from './kitchen.js';
import { register as registerValidate } from './validate.js';
import { register as registerPlan } from './plan.js';
import { register as registerPomdp } from './pomdp.js';
import { register as registerGround } from './ground.js';
import { register as registerDomain } from './domain.js';
import { register as registerSolve } from './solve.js';
import { register as registerDemo } from './demo.js';
import { register as registerHousehold } from './household.js';
import { register as registerPolicy } from './policy.js';
import { register as registerWorker } from './worker.js';
import { register as registerBench } from './bench.js';
import { register as registerView } from './view.js';
import { register as registerReport } from './report.js';
import { register as registerMcp } from './mcp.js';

type Register = (program: Command) => void;

const registrations: Register[] = [
  registerPlan,
  // one entry per command file, e.g. (await import('./plan.js')).register
  registerLlm,
  registerCheck,
  registerKitchen,
  registerValidate,
  registerPomdp,
  registerGround,
  registerDomain,
  registerSolve,
  registerDemo,
  registerHousehold,
  registerPolicy,
  registerWorker,
  registerBench,
  registerReport,
  registerView,
  registerMcp,
];

export function registerCommands(program: Command): void {
  for (const register of registrations) register(program);
}
