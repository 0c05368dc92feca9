import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, checkCall, createScriptedModel, openCassette, runCheck } from '../llm/index.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { formatUsage, resolveLlm } from './model-option.js';

let dir: string;
let server: FakeOpenAiServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gp-modelopt-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('resolveLlm', () => {
  it('records with --record and replays with --replay after the server is gone', async () => {
    server = await startFakeOpenAiServer(() => ({ content: '{"answer": 5,}', promptTokens: 9, completionTokens: 3 }));
    const cassette = join(dir, 'check.jsonl');
    const model = `compat:m@${server.url}`;
    const rec = await resolveLlm({ model, record: cassette }, { env: {}, cwd: dir });
    expect((await runCheck(rec.client)).value.answer).toBe(5);
    await rec.close();
    await server.close();
    server = undefined;
    const play = await resolveLlm({ model, replay: cassette }, { env: {}, cwd: dir });
    const r = await runCheck(play.client);
    expect(r.value.answer).toBe(5);
    expect(play.meter.summary().total).toMatchObject({ calls: 1, cacheHits: 1, cachedInputTokens: 9, asks: 1, repairs: 0 });
    const table = formatUsage(rec.meter.summary()).split('\n');
    expect(table[0]).toMatch(/^kind\s+calls\s+fail\s+retry\s+cached\s+repairs\s+in tok\s+out tok\s+mean ms$/);
    expect(table[1]).toMatch(/^llm\.check\s+1\s+0\s+0\s+0\s+0\s+9\s+3\s+\d+$/);
    expect(table[2]).toMatch(/^total\s+1\s/);
  });

  it('a strict replay needs no API key', async () => {
    const cassette = join(dir, 'openai.jsonl');
    const c = await openCassette(cassette, 'record');
    await runCheck(c.middleware(createScriptedModel({ id: 'openai:gpt-4.1', answers: ['{"answer": 5}'] })));
    await c.flush();
    await expect(resolveLlm({ model: 'openai:gpt-4.1' }, { env: {}, cwd: dir })).rejects.toThrow(/OPENAI_API_KEY/);
    const play = await resolveLlm({ model: 'openai:gpt-4.1', replay: cassette }, { env: {}, cwd: dir });
    expect((await runCheck(play.client)).value.answer).toBe(5);
    // A miss goes nowhere near the network: the replay error names the call.
    await expect(ask(play.client, { ...checkCall(), kind: 'other.kind', messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/no 'other.kind' calls/);
  });

  it('synthetic: knobs are checked, describe() is the report line', async () => {
    await expect(resolveLlm({ model: 'synthetic', synthetic: 'nope=1' }, { env: {}, cwd: dir })).rejects.toThrow(/unknown synthetic knob 'nope'/);
    const s = await resolveLlm({ model: 'synthetic' }, { env: {}, cwd: dir, seed: 3, truth: { any: 'truth' } });
    expect(s.describe()).toMatch(/^synthetic LLM, knobs: /);
    expect((await runCheck(s.client)).value.answer).toBe(5);
  });

  it('rejects bad numeric flags and mismatched --record/--replay', async () => {
    await expect(resolveLlm({ model: 'synthetic', concurrency: 'many' }, { env: {}, cwd: dir })).rejects.toThrow(/--concurrency expects a non-negative integer/);
    await expect(resolveLlm({ model: 'synthetic', record: 'a.jsonl', replay: 'b.jsonl' }, { env: {}, cwd: dir })).rejects.toThrow(/same cassette/);
  });
});
