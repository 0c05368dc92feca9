/**
 * What kitchen methods share: the method contract of the episode layer
 * (`KitchenMethod`, its context and step records; the view is the
 * environment's, src/envs/kitchen/view.ts) and the synthetic stand-in's
 * hidden truth for a kitchen task, which the kitchen catalogues hand the
 * runner; the methods themselves never see it.
 */
import type { KitchenName, KitchenTask } from '../envs/kitchen/index.js';

export type { KitchenEnvView, NamedAction, StepFeedback } from '../envs/kitchen/index.js';
export type { KitchenMethod, KitchenMethodContext as MethodContext, KitchenRunResult, MethodStepRecord } from '../episode/index.js';
export { runKitchenEpisode, stepRecord } from '../episode/index.js';

/**
 * The synthetic LLM's hidden truth for a kitchen task (the `truth` setting of `clientFromSettings`:
 * the synthetic model only). Offline generators answer from it; the planner never sees it.
 */
export interface KitchenTruth {
  kind: 'kitchen';
  kitchen: KitchenName;
  instruction: string;
  goal_set: Array<Array<{ placed_object: string; target_area: string }>>;
  /** Initial placement of every object; `IN_HAND` for a held object. */
  placement: Array<{ placed_object: string; area: string }>;
}

export function kitchenTruth(task: KitchenTask): KitchenTruth {
  const { world, initial } = task;
  return {
    kind: 'kitchen',
    kitchen: task.kitchen,
    instruction: task.description,
    goal_set: task.goals.map((alt) => alt.map((p) => ({ placed_object: world.objects[p.object], target_area: world.layout.areas[p.area] }))),
    placement: world.objects.map((o, i) => ({ placed_object: o, area: initial.objectArea[i] >= 0 ? world.layout.areas[initial.objectArea[i]] : 'IN_HAND' })),
  };
}
