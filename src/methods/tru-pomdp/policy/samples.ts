/**
 * Sample states for vetting a rollout policy: generated kitchen tasks
 * (all five kitchens, all levels) seen at their initial state, along their
 * fully observed witness plan (hand full, areas opened, goals half met) and
 * after short random walks, each paired with one goal alternative.
 */
import { Rng } from '../../../core/rng.js';
import { applyAction, feasibleActions } from '../../../envs/kitchen/actions.js';
import { KITCHEN_LEVELS } from '../../../envs/kitchen/config.js';
import { generateTasks } from '../../../envs/kitchen/generator.js';
import { KITCHEN_NAMES, type KitchenName } from '../../../envs/kitchen/layout.js';
import type { OraclePlan } from '../../../envs/kitchen/oracle-plan.js';
import type { KitchenTask } from '../../../envs/kitchen/task.js';

/** A task, optionally with a fully observed witness plan (generated tasks have one). */
export type SampleTask = KitchenTask & { readonly witness?: OraclePlan };
import type { PolicyQuery } from './wire.js';

export interface SampleOptions {
  seed?: number;
  /** Tasks per (kitchen, level). Default 1. */
  tasksPer?: number;
  kitchens?: readonly KitchenName[];
}

/** Tasks used for vetting (deterministic in the seed). */
export function sampleTasks(options: SampleOptions = {}): SampleTask[] {
  const seed = options.seed ?? 7;
  const out: SampleTask[] = [];
  for (const kitchen of options.kitchens ?? KITCHEN_NAMES) {
    for (const level of KITCHEN_LEVELS) out.push(...generateTasks({ kitchen, level, n: options.tasksPer ?? 1, seed }));
  }
  return out;
}

/** Sample queries from tasks: initial, along the witness plan, and after random walks. */
export function sampleQueries(tasks: readonly SampleTask[], seed = 7): PolicyQuery[] {
  const rng = new Rng(seed);
  const out: PolicyQuery[] = [];
  for (const task of tasks) {
    const { world } = task;
    const alt = (): (typeof task.goals)[number] => task.goals[rng.int(task.goals.length)];
    out.push({ world, state: task.initial, goal: task.goals[0] });
    const witness = task.witness;
    if (witness) {
      let s = task.initial;
      for (const a of witness.actions.slice(0, -1)) {
        s = applyAction(world, s, a).state;
        out.push({ world, state: s, goal: task.goals[witness.alternative] });
      }
    }
    for (let walk = 0; walk < 2; walk++) {
      let s = task.initial;
      const len = 2 + rng.int(6);
      for (let k = 0; k < len; k++) {
        const acts = feasibleActions(world, s);
        s = applyAction(world, s, acts[rng.int(acts.length)]).state;
      }
      out.push({ world, state: s, goal: alt() });
    }
  }
  return out;
}
