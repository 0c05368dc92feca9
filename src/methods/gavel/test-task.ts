/**
 * A small two-errand household task on the scenegraph test home, and a
 * scripted LLM that answers the GAVEL kinds from given plans, for tests and
 * examples: "bring the plate to the table" and "put the shirt in the
 * washer", with the plate and the shirt uncertain.
 */
import type { HouseholdTask } from '../../envs/household/index.js';
import { createScriptedModel, type LlmRequest, type ScriptedModel } from '../../llm/index.js';
import { testSceneJson } from '../../scenegraph/fixtures.js';
import { parseStep, type PlanStep } from '../../scenegraph/index.js';
import { householdTruth, type ExtractVars, type PlanVars } from './prompts.js';

const steps = (xs: string[]): PlanStep[] => xs.map((x) => parseStep(x) as PlanStep);

export const TEST_ERRANDS = ['bring the plate to the table', 'put the shirt in the washer'];
export const TEST_GOALS = [['on_top(plate, table)'], ['object_inside(shirt, washer)', 'not open(washer)']];
export const TEST_PLANS = [
  ['NavigateTo(plate)', 'Grasp(plate)', 'NavigateTo(table)', 'PlaceOnTop(plate, table)'],
  ['NavigateTo(washer)', 'Open(washer)', 'NavigateTo(shirt)', 'Grasp(shirt)', 'NavigateTo(washer)', 'PlaceInside(shirt, washer)', 'Close(washer)'],
];

export function testHouseholdTask(): HouseholdTask {
  const subplans = TEST_PLANS.map(steps);
  return {
    id: 'test/two-errands',
    kind: 'multi',
    instruction: 'Bring the plate to the table and put the shirt in the washer.',
    scene: testSceneJson(),
    goals: [
      { literals: [{ kind: 'relation', rel: 'on_top', a: 'plate', b: 'table' }] },
      { literals: [{ kind: 'relation', rel: 'object_inside', a: 'shirt', b: 'washer' }, { kind: 'flag', flag: 'open', object: 'washer', negated: true }] },
    ],
    goal: {
      literals: [
        { kind: 'relation', rel: 'on_top', a: 'plate', b: 'table' },
        { kind: 'relation', rel: 'object_inside', a: 'shirt', b: 'washer' },
        { kind: 'flag', flag: 'open', object: 'washer', negated: true },
      ],
    },
    referencePlan: subplans.flat(),
    subplans,
    uncertain: ['plate', 'shirt'],
    errands: TEST_ERRANDS,
    source: { scene: 'test-home' },
    notes: [],
  };
}

/**
 * A scripted model for the test task: decompose and extract answer
 * correctly (unless `extract` overrides them); `plans[k]` is the answer to
 * the k-th `gavel.plan` call (the last one repeats), as step lists per task.
 */
export function scriptedHousehold(plans: string[][][], extract?: (v: ExtractVars, attempt: number) => { objects: string[]; goal: string[]; relations?: string[] }, task: HouseholdTask = testHouseholdTask()): ScriptedModel {
  const truth = householdTruth(task);
  let k = 0;
  return createScriptedModel({
    byKind: {
      'gavel.decompose': JSON.stringify({ tasks: truth.errands }),
      'gavel.extract': (r: LlmRequest) => {
        const v = r.vars as ExtractVars;
        return JSON.stringify(extract ? extract(v, r.attempt ?? 1) : { objects: [], goal: truth.goals[v.index] });
      },
      'gavel.plan': (r: LlmRequest) => {
        const v = r.vars as PlanVars;
        const p = plans[Math.min(k++, plans.length - 1)];
        // A replan of one task during execution gets that task's plan.
        const pick = v.tasks.length === p.length ? p : v.tasks.map((t) => p[truth.errands.indexOf(t.task)] ?? []);
        return JSON.stringify({ tasks: pick.map((s, i) => ({ task: i + 1, steps: s })) });
      },
    },
  });
}
