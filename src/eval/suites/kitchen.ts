/**
 * `kitchen:easy`, `kitchen:medium`, `kitchen:hard`: generated Tru-POMDP
 * kitchen tasks (Tang et al. 2025, §5) on two RoboCasa kitchens (one_wall and
 * galley, alternating), every registered kitchen method plus the Tru-POMDP
 * ablations of §5.3 as `tru-pomdp/no-belief` etc.
 *
 * Task ids are the generator's (`one_wall-easy-1-3` = kitchen, level, task
 * seed, index). Config: `trials` (DESPOT trials per move for Tru-POMDP,
 * simulations per move for LLM-MCTS; default 100), `timePerMove` (a generous
 * wall-second cap per search, default 30, so the trial budget decides), and
 * `synthetic` (knobs). The synthetic model gets the task's hidden truth
 * (`kitchenTruth`) and the episode seed; the method never sees it.
 */
import { hashString, Rng } from '../../core/rng.js';
import { GroundplanError } from '../../core/errors.js';
import { generateTasks, isKitchenName, KITCHEN_LEVELS, STEP_LIMITS, type GeneratedTask, type KitchenLevel, type KitchenName, type KitchenTask } from '../../envs/kitchen/index.js';
import { kitchenMethod, kitchenMethodNames, kitchenSnapshot, kitchenTruth, runKitchenEpisode, type MethodStepRecord } from '../../methods/index.js';
import { ABLATIONS } from '../../methods/tru-pomdp/index.js';
import { episodeLlm, usageByKind } from '../episode-llm.js';
import { toJson } from '../trace.js';
import { configNumber } from '../spec-config.js';
import type { EpisodeSpec, Json, Suite, SuiteTask, TraceBelief, TraceEpisode, TraceStep } from '../types.js';

export const KITCHEN_SUITE_KITCHENS: readonly KitchenName[] = ['one_wall', 'galley'];
export const DEFAULT_KITCHEN_TASKS = 10;
export const DEFAULT_TRIALS = 100;
export const DEFAULT_TIME_PER_MOVE = 30;

/** Registered kitchen methods, then the Tru-POMDP ablations. */
export function kitchenSuiteMethods(): string[] {
  return [...kitchenMethodNames(), ...ABLATIONS.map((a) => `tru-pomdp/${a}`)];
}

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

/** The kitchen method and its options for a suite method name. */
export function kitchenMethodFor(name: string, spec: EpisodeSpec): { method: NonNullable<ReturnType<typeof kitchenMethod>>; options: Record<string, unknown>; knobOwners: string[] } {
  const [base, ablation] = name.split('/');
  const method = kitchenMethod(base);
  if (!method || (ablation !== undefined && (base !== 'tru-pomdp' || !(ABLATIONS as readonly string[]).includes(ablation)))) {
    throw new GroundplanError('EVAL_METHOD', `unknown kitchen method '${name}' (known: ${kitchenSuiteMethods().join(', ')})`);
  }
  const trials = configNumber(spec, 'trials', DEFAULT_TRIALS, 1);
  const timePerMove = configNumber(spec, 'timePerMove', DEFAULT_TIME_PER_MOVE, 0);
  // wall clock for the cap: worker threads share the process CPU clock
  if (base === 'tru-pomdp') return { method, options: { maxTrials: trials, timePerMove, clock: 'wall', ...(ablation ? { ablation } : {}) }, knobOwners: ['tru-pomdp'] };
  if (base === 'llm-mcts') return { method, options: { simulations: trials }, knobOwners: ['baselines'] };
  return { method, options: {}, knobOwners: ['baselines'] };
}

/** A kitchen method's step record as a trace step. */
export function kitchenTraceStep(r: MethodStepRecord): TraceStep {
  const { belief, locations, search, ...rest } = r.details;
  const goals = Array.isArray(belief) ? (belief as Array<{ goal: unknown; weight: unknown }>).map((h) => ({ goal: String(h.goal), weight: Number(h.weight) })) : undefined;
  const locs = Array.isArray(locations)
    ? (locations as Array<{ object: unknown; place: unknown; weight: unknown }>).map((l) => ({ object: String(l.object), place: String(l.place), weight: Number(l.weight) }))
    : undefined;
  const traceBelief: TraceBelief | undefined = goals || locs ? { goals: goals ?? [], ...(locs ? { locations: locs } : {}) } : undefined;
  return {
    type: 'step',
    step: r.step,
    action: r.action,
    feasible: r.feasible,
    reward: r.reward,
    totalReward: r.totalReward,
    planningSeconds: r.planningSeconds,
    ...(r.state ? { state: r.state } : {}),
    ...(traceBelief ? { belief: traceBelief } : {}),
    ...(search && typeof search === 'object' ? { search: toJson(search) as TraceStep['search'] & object } : {}),
    details: toJson(rest) as { [key: string]: Json },
  };
}

/** The trace's opening line for a kitchen task: instruction, areas, navigation costs, initial true state. */
export function kitchenTraceEpisode(spec: EpisodeSpec, task: KitchenTask): TraceEpisode {
  const layout = task.world.layout;
  const n = layout.areas.length;
  return {
    type: 'episode',
    spec,
    env: 'kitchen',
    instruction: task.description,
    world: {
      kitchen: task.kitchen,
      level: task.level ?? null,
      areas: layout.areas.map((a, i) => ({ name: a, furniture: layout.areaFurniture[i], initiallyOpen: layout.initiallyOpen[i] === 1 })),
      navCost: layout.areas.map((_, i) => layout.areas.map((__, j) => Math.round(layout.dist[i * n + j] * 1000) / 1000)),
      stepLimit: STEP_LIMITS[task.level ?? 'hard'],
    },
    initial: kitchenSnapshot(task.world, task.initial),
  };
}

function kitchenSuite(level: KitchenLevel): Suite {
  const name = `kitchen:${level}`;
  return {
    name,
    description: `Tru-POMDP kitchen rearrangement, ${level} tasks (generated, ${KITCHEN_SUITE_KITCHENS.join(' and ')})`,
    env: 'kitchen',
    get methods() {
      return kitchenSuiteMethods();
    },
    get defaultMethods() {
      return kitchenMethodNames();
    },
    defaultConfig: (method): { [key: string]: Json } => (method.startsWith('tru-pomdp') || method === 'llm-mcts' ? { trials: DEFAULT_TRIALS } : {}),
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
      const { method, options, knobOwners } = kitchenMethodFor(spec.method, spec);
      const seed = hashString(`${spec.task}|${spec.seed}`);
      const llm = await episodeLlm(spec, { truth: kitchenTruth(task), seed, knobOwners });
      ctx.trace(kitchenTraceEpisode(spec, task));
      let executed = 0;
      const r = await runKitchenEpisode(method, task, {
        llm: llm.client,
        meter: llm.meter,
        rng: new Rng(seed),
        methodOptions: options,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        onStep: (rec) => {
          executed++;
          ctx.trace(kitchenTraceStep(rec));
        },
      });
      return {
        success: r.success,
        reward: r.reward,
        steps: r.steps,
        planningSeconds: r.planningSeconds,
        llm: { ...r.llm, byKind: usageByKind(llm.meter) },
        metrics: { executedSteps: executed, oracleSteps: task.witness.steps, targets: task.targets },
        modelDescription: llm.description,
        warnings: r.warnings,
      };
    },
  };
}

export const kitchenSuites: Suite[] = KITCHEN_LEVELS.map((l) => kitchenSuite(l));
