import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ask, type AskTurn } from './ask.js';
import { LlmSchemaError } from './errors.js';
import { createScriptedModel } from './scripted-model.js';
import type { ChatMessage } from './types.js';

const user = (content: string) => ({ role: 'user' as const, content });

/** A text call whose value is the number in the answer; anything but 3 is a complaint. */
function numberCall(messages: ChatMessage[] = [user('say 3')]) {
  return {
    kind: 'n',
    messages,
    vars: { want: 3 },
    read: (text: string) => Number(/\d+/.exec(text)?.[0] ?? NaN),
    check: (n: number) => (n === 3 ? [] : [`${n} is not 3`]),
  };
}

describe('ask with caller-supplied feedback rounds', () => {
  it('runs up to `repairs` rounds with the caller\'s wording, per-round vars, and reports every turn', async () => {
    const m = createScriptedModel({ answers: ['1', '2', 'it is 3'] });
    const turns: AskTurn<number>[] = [];
    const r = await ask(m, numberCall(), {
      repairs: 4,
      repairPrompt: (problems) => `No: ${problems.join('; ')}`,
      roundVars: (attempt, previous) => ({ attempt, previous: [...previous] }),
      onTurn: (t) => turns.push(t),
    });
    expect(r).toMatchObject({ value: 3, attempts: 3, problems: [], raws: ['1', '2', 'it is 3'] });
    expect(m.requests.map((q) => q.vars)).toEqual([
      { attempt: 1, previous: [] },
      { attempt: 2, previous: ['1 is not 3'] },
      { attempt: 3, previous: ['2 is not 3'] },
    ]);
    expect(m.requests.map((q) => q.attempt)).toEqual([1, 2, 3]);
    expect(m.requests[2].messages.map((x) => x.content)).toEqual(['say 3', '1', 'No: 1 is not 3', '2', 'No: 2 is not 3']);
    expect(turns.map((t) => [t.attempt, t.value, t.problems, t.final])).toEqual([
      [1, 1, ['1 is not 3'], false],
      [2, 2, ['2 is not 3'], false],
      [3, 3, [], true],
    ]);
    // each turn's prompt is what it answers: the opening message, then one feedback message
    expect(turns.map((t) => t.prompt.map((x) => x.content))).toEqual([['say 3'], ['No: 1 is not 3'], ['No: 2 is not 3']]);
    expect(r.transcript.map((x) => x.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  it('keeps the last flawed answer with its problems when told to, else throws', async () => {
    const kept = await ask(createScriptedModel({ answers: ['1', '2'] }), numberCall(), { repairs: 1, exhausted: 'return' });
    expect(kept).toMatchObject({ value: 2, attempts: 2, problems: ['2 is not 3'] });
    await expect(ask(createScriptedModel({ answers: ['1', '2'] }), numberCall(), { repairs: 1 })).rejects.toBeInstanceOf(LlmSchemaError);
    // a JSON answer that never passed its schema has no value to keep
    const json = ask(createScriptedModel({ answers: ['{"n": "x"}'] }), { kind: 'j', messages: [user('n?')], schema: z.object({ n: z.number() }) }, { repairs: 0, exhausted: 'return' });
    await expect(json).rejects.toBeInstanceOf(LlmSchemaError);
  });

  it('a continued dialogue: the first turn answers only what follows the last assistant message', async () => {
    const turns: AskTurn<number>[] = [];
    const history = [user('say 3'), { role: 'assistant' as const, content: '1' }, user('try again')];
    await ask(createScriptedModel({ answers: ['3'] }), numberCall(history), { onTurn: (t) => turns.push(t) });
    expect(turns[0].prompt).toEqual([user('try again')]);
  });

  it('an empty answer is a problem for plain text calls, but a call that reads the text judges it itself', async () => {
    await expect(ask(createScriptedModel({ answers: [' '] }), { kind: 't', messages: [user('x')] }, { repairs: 0 })).rejects.toThrow(/empty/);
    const r = await ask(createScriptedModel({ answers: [' '] }), { kind: 't', messages: [user('x')], read: (t) => t.trim() }, { repairs: 0 });
    expect(r).toMatchObject({ value: '', problems: [] });
  });
});
