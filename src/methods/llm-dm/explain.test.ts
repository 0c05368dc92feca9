import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../llm/scripted-model.js';
import { explainAction } from '../../pddl/described/explain.js';
import { EXPLAIN_KIND, explainActionWithLlm } from './explain.js';
import { GOLD, PICK_EFF, PICK_PRE, PREDICATES } from './test-fixtures.js';

describe('plain-language explanations', () => {
  it('the templates read the predicate descriptions (checked by hand against the gripper fixture)', () => {
    expect(explainAction(GOLD.actions[0], PREDICATES)).toBe(
      [
        'Pick up a ball (pick-up-ball)',
        'Parameters:',
        '  ?b - ball: the ball',
        '  ?r - room: the room',
        'Preconditions:',
        '  - the robot is in the room ?r',
        '  - the ball ?b is in the room ?r',
        '  - the gripper holds nothing',
        'Effects:',
        '  - no longer: the ball ?b is in the room ?r',
        '  - no longer: the gripper holds nothing',
        '  - now: the gripper holds the ball ?b',
      ].join('\n'),
    );
    const move = explainAction(GOLD.actions[1], PREDICATES).split('\n');
    expect(move).toContain('  - ?from and ?to are different objects');
    expect(move).toContain('  - no longer: the robot is in the room ?from');
  });

  it('the LLM rendering sends the PDDL and the predicate descriptions and returns the trimmed answer', async () => {
    const m = createScriptedModel({ answers: ['\n  The robot picks up ?b.  \n'] });
    expect(await explainActionWithLlm(m, GOLD.actions[0], PREDICATES)).toBe('The robot picks up ?b.');
    expect(m.requests).toHaveLength(1);
    const [req] = m.requests;
    expect(req.kind).toBe(EXPLAIN_KIND);
    const user = req.messages[req.messages.length - 1].content;
    for (const text of [PICK_PRE, PICK_EFF, 'true if the gripper holds the ball ?b', 'Action: Pick up a ball']) expect(user).toContain(text);
    expect(req.vars).toEqual({ action: GOLD.actions[0], predicates: PREDICATES });
  });
});
