import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../llm/scripted-model.js';
import { LlmDmInputError } from './errors.js';
import { applyCorrections, changelogMarkdown, dialoguesFromHistory, parseFeedback } from './review.js';
import { constructDomain } from './construct.js';
import { formatActionAnswer } from './answer-format.js';
import { GOLD, MOVE_EFF, MOVE_PARAMS, MOVE_PRE, PICK_EFF, PICK_PARAMS, PREDICATES, SPEC } from './test-fixtures.js';

describe('LLM-DM feedback files', () => {
  it('maps natural-language and PDDL action names to messages', () => {
    const m = parseFeedback(JSON.stringify({ 'pick up a ball': 'missing precondition', 'move-to-room': 'ok now', 'Move to a room': 'and more' }), 'fb.json', GOLD);
    expect([...m]).toEqual([
      ['Pick up a ball', 'missing precondition'],
      ['Move to a room', 'ok now\nand more'],
    ]);
  });

  it('reports an unknown action name with the file and the known names', () => {
    expect(() => parseFeedback('{"Teleport": "x"}', 'fb.json', GOLD)).toThrow(LlmDmInputError);
    expect(() => parseFeedback('{"Teleport": "x"}', 'fb.json', GOLD)).toThrow("fb.json: unknown action name 'Teleport'; known actions: 'Pick up a ball' (pick-up-ball), 'Move to a room' (move-to-room)");
  });

  it('rejects bad JSON, non-objects and non-string messages', () => {
    expect(() => parseFeedback('{oops', 'fb.json', GOLD)).toThrow(/fb.json: not valid JSON/);
    expect(() => parseFeedback('["a"]', 'fb.json', GOLD)).toThrow(/fb.json: expected an object/);
    expect(() => parseFeedback('{"Pick up a ball": ["x"]}', 'fb.json', GOLD)).toThrow(/must be a string, got a list/);
  });
});

describe('LLM-DM correction in the same dialogue', () => {
  it('sends the correction after the construction dialogue, re-checks the revision and logs the change', async () => {
    const weak = formatActionAnswer({ parameters: PICK_PARAMS, preconditions: '(and (robot-in ?r) (ball-in ?b ?r))', effects: PICK_EFF, newPredicates: PREDICATES });
    const move = formatActionAnswer({ parameters: MOVE_PARAMS, preconditions: MOVE_PRE, effects: MOVE_EFF, newPredicates: [] });
    const fixedBadly = formatActionAnswer({ parameters: PICK_PARAMS, preconditions: '(and (robot-in ?r) (ball-in ?b ?r) (gripper-empty))', effects: PICK_EFF, newPredicates: [] });
    const fixed = formatActionAnswer({ parameters: PICK_PARAMS, preconditions: '(and (robot-in ?r) (ball-in ?b ?r) (gripper-free))', effects: PICK_EFF, newPredicates: [] });
    const client = createScriptedModel({ answers: [weak, move, weak.replace(/New Predicates:[\s\S]*$/, 'New Predicates:\nNo newly defined predicate'), move, fixedBadly, fixed] });
    const built = await constructDomain(SPEC, client);
    const r = await applyCorrections(client, SPEC, built.model, new Map([['Pick up a ball', 'The gripper must be free.']]), dialoguesFromHistory(built.history));
    const req = client.requests[4];
    // pass-2 dialogue (system, user, answer) + the correction
    expect(req.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(req.messages[3].content).toContain("The expert's feedback: The gripper must be free.");
    expect(req.messages[3].content).toContain('- the robot is in the room ?r');
    expect(client.requests[5].messages[5].content).toContain('`gripper-empty` is not defined');
    expect(r.changelog).toHaveLength(1);
    expect(r.changelog[0]).toMatchObject({ action: 'Pick up a ball', checkRounds: 1, added: ['precondition (gripper-free)'], removed: [], issues: [] });
    expect(r.model.actions[0].preconditions).toContain('(gripper-free)');
    expect(changelogMarkdown(r.changelog)).toContain('- added precondition `(gripper-free)`');
  });

  it('a second review continues the dialogue of the first', async () => {
    const pick = formatActionAnswer({ parameters: PICK_PARAMS, preconditions: '(and (robot-in ?r) (ball-in ?b ?r) (gripper-free))', effects: PICK_EFF, newPredicates: PREDICATES });
    const move = formatActionAnswer({ parameters: MOVE_PARAMS, preconditions: MOVE_PRE, effects: MOVE_EFF, newPredicates: [] });
    const client = createScriptedModel({ answers: [pick, move, pick.replace(/New Predicates:[\s\S]*$/, 'New Predicates:\nNo newly defined predicate'), move, move, move] });
    const built = await constructDomain(SPEC, client);
    const first = await applyCorrections(client, SPEC, built.model, new Map([['Move to a room', 'first note']]), dialoguesFromHistory(built.history));
    await applyCorrections(client, SPEC, first.model, new Map([['Move to a room', 'second note']]), dialoguesFromHistory([...built.history, ...first.history]));
    const last = client.requests[5].messages;
    expect(last.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(last[3].content).toContain('first note');
    expect(last[5].content).toContain('second note');
  });
});
