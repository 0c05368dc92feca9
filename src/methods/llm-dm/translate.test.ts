import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../llm/scripted-model.js';
import { parseDomain } from '../../pddl/parse-domain.js';
import { writeCondition } from '../../pddl/writer.js';
import { parseProblem } from '../../pddl/parse-problem.js';
import type { Problem } from '../../pddl/ast.js';
import { assembleDomain } from './assemble.js';
import { checkProposedPlan, llmPlan, planFeedback, planWithModel } from './planning.js';
import { problemText, translateGoal, translateInit } from './translate.js';
import { readSceneObjects } from './objects.js';
import { explainAction } from '../../pddl/described/explain.js';
import { GOLD, PREDICATES } from './test-fixtures.js';

const domain = parseDomain(assembleDomain(GOLD).text);
const objects = readSceneObjects(
  { objects: { ball_1: { type: { name: 'ball' }, state: ['ball_1 is in room_a'] }, room_a: { type: { name: 'room' }, state: ['the robot is in room_a'] }, room_b: { type: { name: 'room' }, state: [] } } },
  'objects.json',
);
const input = { domain, predicates: PREDICATES, objects };

describe('LLM-DM goal and init translation', () => {
  it('validates the goal against known objects and predicates and gives one feedback round', async () => {
    const client = createScriptedModel({ byKind: { 'llmdm.goal': ['```\n(and (carries ball_one))\n```', '```\n(and (carries ball_1))\n```'] } });
    const g = await translateGoal(client, { ...input, instruction: 'hold ball_1' });
    expect(g.status).toBe('ok');
    expect(g.rounds).toBe(1);
    if (g.status === 'ok') expect(writeCondition(g.value)).toBe('(and (carries ball_1))');
    expect(client.requests[1].messages.at(-1)?.content).toMatch(/object 'ball_one' .* is not declared/);
  });

  it('fails after the feedback round when the answer stays wrong', async () => {
    const client = createScriptedModel({ byKind: { 'llmdm.goal': '```\n(and (holds ball_1))\n```' } });
    const g = await translateGoal(client, { ...input, instruction: 'hold ball_1' });
    expect(g.status).toBe('failed');
    if (g.status === 'failed') expect(g.problems[0]).toMatch(/predicate 'holds'/);
    expect(client.requests).toHaveLength(2);
  });

  it('translates object states to init facts', async () => {
    const client = createScriptedModel({ byKind: { 'llmdm.init': '```\n(ball-in ball_1 room_a)\n(robot-in room_a)\n(gripper-free)\n```' } });
    const i = await translateInit(client, input);
    expect(i.status === 'ok' && i.value.map((a) => a.predicate)).toEqual(['ball-in', 'robot-in', 'gripper-free']);
    expect(client.requests[0].messages[1].content).toContain('- ball_1 is in room_a');
  });
});

describe('LLM-DM planning', () => {
  const pt = problemText('gripper', objects, '(ball-in ball_1 room_a) (robot-in room_b) (gripper-free)', '(and (carries ball_1))');
  const problem = (): Problem => parseProblem(pt.text, domain);

  it('plans with the model; a proposed plan points at the first unmet precondition and the action to inspect', async () => {
    const p = problem();
    const out = planWithModel(domain, p);
    expect(out.status === 'solved' && out.steps.map((s) => s.name)).toEqual(['move-to-room', 'pick-up-ball']);
    const c = checkProposedPlan(GOLD, domain, p, [{ name: 'pick-up-ball', args: ['ball_1', 'room_a'] }]);
    expect(c.result.status).toBe('invalid');
    expect(c.inspect).toMatchObject({ action: 'Pick up a ball', step: 1 });
    expect(c.message).toContain('(robot-in room_a)');
    expect(c.inspect?.explanation).toBe(explainAction(GOLD.actions[0], PREDICATES));
  });

  it('back-prompts the LLM planner with plain-language validation feedback until the plan is valid', async () => {
    const p = problem();
    const client = createScriptedModel({ byKind: { 'llmdm.plan': ['```\n(pick-up-ball ball_1 room_a)\n```', '```\n(move-to-room room_b room_a)\n(pick-up-ball ball_1 room_a)\n```'] } });
    const r = await llmPlan(client, GOLD, domain, p);
    expect(r.status).toBe('valid');
    expect(r.rounds).toBe(1);
    expect(client.requests[1].messages.at(-1)?.content).toBe('The plan is not executable: at step 1, (pick-up-ball ball_1 room_a), this precondition is not met: "the robot is in the room room_a" (robot-in room_a). Please revise the plan.');
    expect(planFeedback(r.last)).toBe('The plan is valid.');
  });

  it('gives up after 8 feedback rounds', async () => {
    const p = problem();
    const client = createScriptedModel({ byKind: { 'llmdm.plan': '```\n(move-to-room room_b room_a)\n```' } });
    const r = await llmPlan(client, GOLD, domain, p);
    expect(r.status).toBe('invalid');
    expect(r.rounds).toBe(8);
    expect(client.requests).toHaveLength(9);
    expect(client.requests[8].messages.at(-1)?.content).toBe('The plan is executable but does not reach the goal: these goal conditions do not hold at the end: "the gripper holds the ball ball_1" (carries ball_1). Please revise the plan.');
  });
});
