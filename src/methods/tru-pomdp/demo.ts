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
import { createPriorModel } from '../../llm/prior-model.js';

export function demoTaskPath(): string {
  return packageDataPath('demo', 'kitchen-task.json');
}

export interface DemoOptions {
  /** Search seconds per move (CPU clock; default 0.5). */
  timePerMove?: number;
  maxTrials?: number;
  seed?: number;
  /** Another model instead of `prior`. */
  llm?: LlmClient;
  meter?: UsageMeter;
  onStep?: (r: MethodStepRecord) => void;
  task?: string;
}

export async function runDemo(options: DemoOptions = {}): Promise<{ task: KitchenTask; result: KitchenRunResult }> {
  const task = loadTask(options.task ?? demoTaskPath());
  const meter = options.meter ?? new UsageMeter();
  const llm = options.llm ?? wrapClient(createPriorModel(), { meter, retry: false });
  const result = await runKitchenEpisode(truPomdpMethod, task, {
    llm,
    meter,
    rng: new Rng(options.seed ?? 1),
    methodOptions: { timePerMove: options.timePerMove ?? 0.5, ...(options.maxTrials !== undefined ? { maxTrials: options.maxTrials } : {}) },
    ...(options.onStep ? { onStep: options.onStep } : {}),
  });
  return { task, result };
}
