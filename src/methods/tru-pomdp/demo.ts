/**
 * The bundled demo: one generated kitchen task (`data/demo/kitchen-task.json`,
 * by rule the generator's first easy one_wall task of task seed 1, whatever
 * its outcome) run end to end by Tru-POMDP with the offline `prior` model —
 * no network, no API key, no access to the task's answer.
 */
import { Rng } from '../../core/rng.js';
import { loadTask, type KitchenTask } from '../../envs/kitchen/index.js';
import { packageDataPath } from '../../core/package-data.js';
import { UsageMeter, wrapClient, type LlmClient } from '../../llm/index.js';
import { runKitchenEpisode, type KitchenRunResult, type MethodStepRecord } from '../method.js';
import { truPomdpMethod } from './agent.js';
import { createPriorModel } from './prior-model.js';

export function demoTaskPath(): string {
  return packageDataPath('demo', 'kitchen-task.json');
}

/** The demo's search budget per move: DESPOT trials, so that every run of a seed is the same run (the kitchen suites' default too). */
export const DEMO_TRIALS = 100;
/** The wall-second cap per move under the trial budget (generous, so the trials decide). */
export const DEMO_MOVE_CAP_S = 30;

export interface DemoOptions {
  /** DESPOT trials per move (default `DEMO_TRIALS`): deterministic for a seed. */
  maxTrials?: number;
  /** Wall seconds per move, a cap on the trials (default `DEMO_MOVE_CAP_S`). */
  timePerMove?: number;
  seed?: number;
  /** Another model instead of `prior`. */
  llm?: LlmClient;
  meter?: UsageMeter;
  onStep?: (r: MethodStepRecord) => void;
  task?: string;
}

/** Tru-POMDP's options for the demo: a trial budget on the wall clock (not CPU time, whose trials vary with the machine's load). */
export function demoMethodOptions(options: Pick<DemoOptions, 'maxTrials' | 'timePerMove'> = {}): Record<string, unknown> {
  return { maxTrials: options.maxTrials ?? DEMO_TRIALS, timePerMove: options.timePerMove ?? DEMO_MOVE_CAP_S, clock: 'wall' };
}

export async function runDemo(options: DemoOptions = {}): Promise<{ task: KitchenTask; result: KitchenRunResult }> {
  const task = loadTask(options.task ?? demoTaskPath());
  const meter = options.meter ?? new UsageMeter();
  const llm = options.llm ?? wrapClient(createPriorModel(), { meter, retry: false });
  const result = await runKitchenEpisode(truPomdpMethod, task, {
    llm,
    meter,
    rng: new Rng(options.seed ?? 1),
    methodOptions: demoMethodOptions(options),
    ...(options.onStep ? { onStep: options.onStep } : {}),
  });
  return { task, result };
}
