/**
 * `kitchen:easy`, `kitchen:medium`, `kitchen:hard`: generated Tru-POMDP
 * kitchen tasks (Tang et al. 2025, §5) on the five RoboCasa kitchens in turn
 * (task i is in kitchen i mod 5, one_wall and galley first), run by the kitchen episode of src/episode with the
 * methods of the kitchen catalogues it is given (every method, variant and
 * ablation they list; their options come from the spec's config).
 *
 * Task ids are the generator's (`one_wall-easy-1-3` = kitchen, level, task
 * seed, index). The synthetic model gets the task's hidden truth from the
 * method's catalogue and the episode seed; the method never sees it.
 */
import { GroundplanError } from '../../core/errors.js';
import { generateTasks, isKitchenName, KITCHEN_LEVELS, type GeneratedTask, type KitchenLevel, type KitchenName } from '../../envs/kitchen/index.js';
import { runKitchenSpec, type KitchenRegistry } from '../../episode/index.js';
import type { Json, Suite, SuiteTask } from '../types.js';

// all five, one_wall and galley first (the suites' first two tasks are the same as when they had only these)
export const KITCHEN_SUITE_KITCHENS: readonly KitchenName[] = ['one_wall', 'galley', 'one_wall_large', 'l_shaped', 'l_shaped_large'];
export const DEFAULT_KITCHEN_TASKS = 10;

const TASK_ID = /^([a-z_]+)-(easy|medium|hard)-(\d+)-(\d+)$/;

/** `one_wall-easy-1-3` → its parts (throws on other ids). */
export function parseKitchenTaskId(id: string): { kitchen: KitchenName; level: KitchenLevel; taskSeed: number; index: number } {
  const m = TASK_ID.exec(id);
  if (!m || !isKitchenName(m[1])) throw new GroundplanError('EVAL_SPEC', `spec.task: expected KITCHEN-LEVEL-SEED-INDEX (e.g. one_wall-easy-1-0), got '${id}'`);
  return { kitchen: m[1], level: m[2] as KitchenLevel, taskSeed: Number(m[3]), index: Number(m[4]) };
}

// generated tasks per (kitchen, level, seed), grown on demand: task i does not depend on n
const generated = new Map<string, GeneratedTask[]>();

export function kitchenTask(id: string): GeneratedTask {
  const { kitchen, level, taskSeed, index } = parseKitchenTaskId(id);
  const k = `${kitchen}|${level}|${taskSeed}`;
  let tasks = generated.get(k) ?? [];
  if (tasks.length <= index) {
    tasks = generateTasks({ kitchen, level, n: index + 1, seed: taskSeed });
    generated.set(k, tasks);
  }
  return tasks[index];
}

function kitchenSuite(level: KitchenLevel, registry: KitchenRegistry): Suite {
  const name = `kitchen:${level}`;
  return {
    name,
    description: `Tru-POMDP kitchen rearrangement, ${level} tasks (generated, kitchens ${KITCHEN_SUITE_KITCHENS.join(', ')} in turn)`,
    env: 'kitchen',
    methods: registry.names(),
    defaultMethods: registry.defaults('kitchen'),
    defaultConfig: (method): { [key: string]: Json } => ({ ...registry.get(method)?.entry.defaultConfig }),
    tasks(options): SuiteTask[] {
      const n = options.n ?? DEFAULT_KITCHEN_TASKS;
      const seed = options.taskSeed ?? 1;
      const out: SuiteTask[] = [];
      for (let i = 0; i < n; i++) {
        const kitchen = KITCHEN_SUITE_KITCHENS[i % KITCHEN_SUITE_KITCHENS.length];
        out.push({ id: `${kitchen}-${level}-${seed}-${Math.floor(i / KITCHEN_SUITE_KITCHENS.length)}`, level });
      }
      return out;
    },
    async run(spec, ctx) {
      const task = kitchenTask(spec.task);
      const { outcome } = await runKitchenSpec({
        spec,
        task,
        registry,
        metrics: { oracleSteps: task.witness.steps, targets: task.targets },
        trace: (r) => ctx.trace(r),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      return outcome;
    },
  };
}

/** The three kitchen suites over the methods of `registry`. */
export function kitchenSuites(registry: KitchenRegistry): Suite[] {
  return KITCHEN_LEVELS.map((l) => kitchenSuite(l, registry));
}
