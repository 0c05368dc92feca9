import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeChatRequest } from '../../../test/fake-openai-server.js';
import { runCommand, runCommandOut, scratchFiles } from '../../../test/cli-harness.js';
import { householdTaskToJson } from '../../envs/household/index.js';
import { TEST_ERRANDS, TEST_GOALS, TEST_PLANS, testHouseholdTask } from '../../methods/gavel/test-task.js';
import { register } from './household.js';

const run = (args: string[]) => runCommandOut([register], args);

describe('groundplan household run', () => {
  const files = scratchFiles('gp-household-run-');
  const task = files.file('task.json', JSON.stringify(householdTaskToJson(testHouseholdTask())));
  // The first plan answer forgets to approach the plate (repaired) and to put it down (a complaint); the second is right.
  const broken = [TEST_PLANS[0].filter((s) => s !== 'NavigateTo(plate)' && !s.startsWith('PlaceOnTop')), TEST_PLANS[1]];
  const answers = files.file(
    'answers.json',
    JSON.stringify({
      byKind: {
        'gavel.decompose': JSON.stringify({ tasks: TEST_ERRANDS }),
        'gavel.extract': TEST_GOALS.map((goal) => JSON.stringify({ objects: [], goal })),
        'gavel.plan': [broken, TEST_PLANS].map((p) => JSON.stringify({ tasks: p.map((steps, i) => ({ task: i + 1, steps })) })),
      },
    }),
  );

  it('prints the rounds, the order, the steps and a result line; --json ends with one object; --trace writes the eval trace', async () => {
    const text = await run(['household', 'run', '--task', task, '--model', `scripted:${answers}`, '--rsn', 'uniform']);
    expect(text).toMatch(/^LLM round 1:\n {2}task 1: UNMET on_top\(plate, table\) {2}repairs: approach/m);
    expect(text).toMatch(/complaint task 1: goal not reached at the end: on_top\(plate, table\)/);
    expect(text).toMatch(/^LLM round 2 \(after complaint\):\n {2}task 1: VALID\n {2}task 2: VALID$/m);
    expect(text).toMatch(/^order of the 2 remaining task\(s\): /m);
    expect(text).toMatch(/PlaceOnTop\(plate, table\)/);
    expect(text).toMatch(/^task plans valid: as written 1\/2, after repair 1\/2, after feedback 2\/2$/m);
    expect(text).toMatch(/^success: goals 3\/3, distance [\d.]+ m, \d+ room searches, \d+ steps, LLM 5 calls \(1 feedback rounds\)/m);
    // the printed step numbers run 1..N where the result line says "N steps"; searches are not numbered
    const [, searches, steps] = /(\d+) room searches, (\d+) steps/.exec(text) ?? [];
    const numbered = [...text.matchAll(/^ {0,5}(\d+) {2}\S/gm)].map((m) => Number(m[1]));
    expect(numbered).toEqual(Array.from({ length: Number(steps) }, (_, i) => i + 1));
    expect(Number(searches)).toBeGreaterThan(0); // the test task has uncertain objects: searches are printed between steps
    expect(text.match(/^search {2}Search\(/gm) ?? []).toHaveLength(Number(searches));

    const trace = join(files.dir, 'trace.jsonl');
    const out = await run(['household', 'run', '--task', task, '--model', `scripted:${answers}`, '--rsn', 'uniform', '--method', 'gavel-static', '--json', '--trace', trace]);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const last = JSON.parse(lines[0]) as { success: boolean; method: string; feedbackRounds: number; steps: number; searches: number; events: Array<{ kind: string }> };
    expect(last).toMatchObject({ success: true, method: 'gavel-static', feedbackRounds: 1 });
    expect(last.events.filter((e) => e.kind === 'order')).toHaveLength(1);
    const recs = readFileSync(trace, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; row?: { success: boolean; metrics: { distance: number } } });
    expect(recs[0].type).toBe('episode');
    expect(recs.filter((r) => r.type === 'step')).toHaveLength(last.steps + last.searches);
    expect(recs.at(-1)).toMatchObject({ type: 'result', row: { success: true } });
  });

  it('rejects an unknown method, bad beliefs option and a broken task file, naming the field', async () => {
    await expect(run(['household', 'run', '--task', task, '--method', 'nope', '--model', `scripted:${answers}`])).rejects.toThrow(/unknown method 'nope' \(known: .*gavel/);
    await expect(run(['household', 'run', '--task', task, '--rsn', 'magic', '--model', `scripted:${answers}`])).rejects.toThrow(/--rsn: expected softmax, prior or uniform/);
    const bad = householdTaskToJson(testHouseholdTask());
    bad.uncertain = ['plate', 'unicorn'];
    const badFile = files.file('bad.json', JSON.stringify(bad));
    const r = await runCommand([register], ['household', 'run', '--task', badFile, '--model', `scripted:${answers}`]);
    expect(String(r.error)).toMatch(/bad\.json: uncertain\[1\]: unknown object 'unicorn'/);
  });

  describe('against an OpenAI-compatible server (127.0.0.1)', () => {
    // A stand-in model that reads only the prompt text: which request it is, which task number.
    const reply = (r: FakeChatRequest): string => {
      const system = r.messages[0]?.content ?? '';
      const user = r.messages.map((m) => m.content).join('\n');
      if (system.includes('Split a household instruction')) return `There are two errands.\n\`\`\`json\n${JSON.stringify({ tasks: TEST_ERRANDS })}\n\`\`\``;
      if (system.includes('For one task')) {
        const n = Number(/Task (\d+):/.exec(user)?.[1] ?? '1');
        return JSON.stringify({ objects: [], goal: TEST_GOALS[n - 1] });
      }
      const complaint = r.messages.length > 2;
      return `Plans:\n${JSON.stringify({ tasks: (complaint ? TEST_PLANS : broken).map((steps, i) => ({ task: i + 1, steps })) })}`;
    };
    let close: (() => Promise<void>) | undefined;
    afterAll(async () => close?.());

    it('runs the loop over HTTP: prose around the JSON, the complaint as a user turn, server token counts', async () => {
      const server = await startFakeOpenAiServer((r) => ({ content: reply(r), promptTokens: 100, completionTokens: 10 }));
      close = () => server.close();
      const out = await run(['household', 'run', '--task', task, '--model', `compat:fake@${server.url}`, '--rsn', 'uniform', '--json']);
      const last = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { success: boolean; llm: { calls: number; inputTokens: number }; feedbackRounds: number };
      expect(last).toMatchObject({ success: true, llm: { calls: 5, inputTokens: 500 }, feedbackRounds: 1 });
      const plans = server.requests.filter((r) => (r.messages[0]?.content ?? '').includes('Write one action sequence'));
      expect(plans).toHaveLength(2);
      expect(plans[1].messages.at(-1)?.content).toMatch(/goal not reached at the end: on_top\(plate, table\)/);
      // Where the plate and the shirt really are never reaches the model.
      const all = server.requests.flatMap((r) => r.messages.map((m) => m.content)).join('\n');
      expect(all).not.toMatch(/plate[^\n]*on counter/);
      expect(all).toMatch(/plate \[plate\]: /);
    });
  });
});
