/**
 * Why a household errand failed: a fixed vocabulary in the spirit of the
 * GAVEL seed's failure breakdown (Fig. 3 and §V-F: object extraction,
 * unexecutable plans, unmet goals). Each failed errand of an episode gets
 * exactly one cause; an episode whose errands all hold but that left
 * something open or on gets `unsafe`. The meaning of each is one line.
 */
export const FAILURE_CAUSES = {
  decomposition: 'the decomposition has no task for this errand (the LLM dropped or merged it)',
  extraction: 'the extracted goal is not the errand\'s: a true goal literal is missing, or a literal names an object the errand is not about',
  'hallucinated-object': 'a step of the executed plan names an id that is not in the scene, and it was not recovered',
  'wrong-object': 'the plan ran but handled another object of the goal object\'s category instead of the goal object',
  'missing-precondition': 'a step failed in the world on a precondition the plan did not establish (not near, inside a closed container, hand full, …) and was not recovered',
  unreachable: 'a step failed because its target room or object could not be reached from where the robot was',
  'object-not-found': 'the room search ran out of rooms without seeing the object the plan needed',
  undone: 'the errand\'s own plan ran to its end, but another task\'s executed steps grasped one of its goal objects (interference, e.g. from a wrong extraction there)',
  'unmet-goal': 'the plan ran to its end but the errand\'s goal does not hold (a missing step, e.g. an appliance never run)',
  unsafe: 'every goal holds, but something the robot opened is left open or a safety-critical appliance it switched on is left on',
  'time-limit': 'the episode\'s time budget ran out before the errand was done',
  'llm-failed': 'an LLM call failed (an answer still invalid after its repair turn, or a client error) before the errand was done',
  'not-attempted': 'the method ended without executing a plan for this errand',
} as const;

export type FailureCause = keyof typeof FAILURE_CAUSES;

export const FAILURE_CAUSE_NAMES = Object.keys(FAILURE_CAUSES) as FailureCause[];

export function isFailureCause(x: string): x is FailureCause {
  return Object.hasOwn(FAILURE_CAUSES, x);
}
