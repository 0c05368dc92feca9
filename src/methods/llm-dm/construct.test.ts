import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../llm/scripted-model.js';
import { constructDomain } from './construct.js';
import { formatActionAnswer } from './answer-format.js';
import { MOVE_EFF, MOVE_PARAMS, MOVE_PRE, PICK_EFF, PICK_PARAMS, PICK_PRE, PREDICATES, SPEC } from './test-fixtures.js';

const pick = formatActionAnswer({ parameters: PICK_PARAMS, preconditions: PICK_PRE, effects: PICK_EFF, newPredicates: PREDICATES });
const pickAgain = formatActionAnswer({ parameters: PICK_PARAMS, preconditions: PICK_PRE, effects: PICK_EFF, newPredicates: [] });
const move = formatActionAnswer({ parameters: MOVE_PARAMS, preconditions: MOVE_PRE, effects: MOVE_EFF, newPredicates: [] });

describe('LLM-DM construction loop', () => {
  it('builds action by action, feeds check problems back in the same dialogue, and stops passes when no predicate is new', async () => {
    const wrongType = move.replace('?to - room', '?to - place');
    const client = createScriptedModel({ answers: [pick, wrongType, move, pickAgain, move] });
    const r = await constructDomain(SPEC, client);
    expect(r.passes).toBe(2);
    expect(r.model.predicates.map((p) => p.name)).toEqual(['robot-in', 'ball-in', 'gripper-free', 'carries']);
    expect(r.outcomes.map((o) => [o.pass, o.action, o.feedbackRounds])).toEqual([
      [1, 'Pick up a ball', 0],
      [1, 'Move to a room', 1],
      [2, 'Pick up a ball', 0],
      [2, 'Move to a room', 0],
    ]);
    // The feedback turn continues the dialogue: system, user, wrong answer, feedback.
    const third = client.requests[2];
    expect(third.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(third.messages[3].content).toContain('invalid object type `place` for the parameter ?to');
    // Pass 2 shows the predicates defined in pass 1.
    expect(client.requests[3].messages[1].content).toContain('1. (robot-in ?r - room): true if the robot is in the room ?r');
    expect(r.history).toHaveLength(5);
    expect(r.history[1].issues.map((i) => i.category)).toEqual(['invalid-object-type']);
  });

  it('ends the feedback loop after 8 rounds and keeps the last answer with its issues', async () => {
    const bad = pick.replace('(robot-in ?r)', '(robot-in ?b)');
    const client = createScriptedModel({ byKind: { 'llmdm.action-model': bad } });
    const r = await constructDomain({ ...SPEC, actions: [SPEC.actions[0]] }, client, { maxPasses: 1 });
    expect(client.requests).toHaveLength(9);
    expect(r.outcomes[0].feedbackRounds).toBe(8);
    expect(r.outcomes[0].issues.map((i) => i.category)).toEqual(['type-mismatch']);
    expect(r.history.filter((t) => t.accepted)).toHaveLength(1);
    expect(client.requests[8].messages).toHaveLength(2 + 2 * 8);
  });

  it('runs at most 3 passes even when every pass brings a new predicate', async () => {
    let n = 0;
    const client = createScriptedModel({
      byKind: {
        'llmdm.action-model': () => formatActionAnswer({ parameters: MOVE_PARAMS, preconditions: MOVE_PRE, effects: MOVE_EFF, newPredicates: [...(n === 0 ? PREDICATES : []), { name: `fresh-${n++}`, params: [], description: 'new' }] }),
      },
    });
    const r = await constructDomain({ ...SPEC, actions: [SPEC.actions[1]] }, client);
    expect(r.passes).toBe(3);
    expect(client.requests).toHaveLength(3);
  });
});
