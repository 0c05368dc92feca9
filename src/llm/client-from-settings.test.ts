import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { runCheck } from './check-call.js';
import { clientFromSettings, LLM_DEFAULTS, settingsFromConfig } from './client-from-settings.js';
import { declareSyntheticKnobs } from './synthetic-model.js';

let dir: string;
let server: FakeOpenAiServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gp-settings-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A server that answers 429 (retry at once) to the first `failures` requests, then the check's answer. */
async function flakyServer(failures: number): Promise<FakeOpenAiServer> {
  return startFakeOpenAiServer((_req, i) =>
    i < failures ? { status: 429, headers: { 'retry-after': '0' }, error: 'slow down' } : { content: '{"answer": 5}', promptTokens: 7, completionTokens: 2 },
  );
}

describe('clientFromSettings', () => {
  it('a network model gets the default retries: two 429s are absorbed, three are not', async () => {
    expect(LLM_DEFAULTS.maxRetries).toBe(2);
    server = await flakyServer(2);
    const ok = await clientFromSettings({ model: `compat:m@${server.url}`, env: {} });
    expect((await runCheck(ok.client)).value.answer).toBe(5);
    expect(ok.meter.summary().total.retries).toBe(2);
    expect(server.requests.length).toBe(3);
    await server.close();
    server = await flakyServer(3);
    const failing = await clientFromSettings({ model: `compat:m@${server.url}`, env: {} });
    await expect(runCheck(failing.client)).rejects.toThrow();
    expect(server.requests.length).toBe(3);
  });

  it('maxRetries 0 turns retries off', async () => {
    server = await flakyServer(1);
    const built = await clientFromSettings({ model: `compat:m@${server.url}`, env: {}, maxRetries: 0 });
    await expect(runCheck(built.client)).rejects.toThrow();
    expect(server.requests.length).toBe(1);
  });

  it('the response cache answers a network model a second time without a request, and is never used for offline models', async () => {
    server = await flakyServer(0);
    const cacheDir = join(dir, 'net');
    for (let i = 0; i < 2; i++) {
      const built = await clientFromSettings({ model: `compat:m@${server.url}`, env: {}, cacheDir });
      expect((await runCheck(built.client)).value.answer).toBe(5);
    }
    expect(server.requests.length).toBe(1);
    const offlineCache = join(dir, 'offline');
    const synthetic = await clientFromSettings({ model: 'synthetic', cacheDir: offlineCache, truth: {} });
    expect((await runCheck(synthetic.client)).value.answer).toBe(5);
    await expect(readdir(offlineCache)).rejects.toThrow(/ENOENT/);
  });

  it('the description is the synthetic report line, limited to the knobs of the given owners', async () => {
    declareSyntheticKnobs('settings-test-a', { 'sta.x': { default: 1, description: 'a' } });
    declareSyntheticKnobs('settings-test-b', { 'stb.y': { default: 2, description: 'b' } });
    const built = await clientFromSettings({ model: 'synthetic', synthetic: 'sta.x=0.5', knobOwners: ['settings-test-a'] });
    expect(built.description).toBe('synthetic LLM, knobs: sta.x=0.5');
    const all = await clientFromSettings({ model: 'synthetic' });
    expect(all.description).toMatch(/sta\.x=1.*stb\.y=2/);
    server = await flakyServer(0);
    expect((await clientFromSettings({ model: `compat:m@${server.url}`, env: {} })).description).toBe(`compat:m@${server.url}`);
  });

  it('rejects a record and a replay naming different cassettes, and a concurrency below 1', async () => {
    await expect(clientFromSettings({ model: 'synthetic', record: join(dir, 'a.jsonl'), replay: join(dir, 'b.jsonl') })).rejects.toThrow(/same cassette/);
    await expect(clientFromSettings({ model: 'synthetic', concurrency: 0 })).rejects.toThrow(/concurrency/);
  });

  it('reads the config file section field by field', () => {
    expect(settingsFromConfig({ timeoutMs: 5000, cache: 'c', synthetic: 'a=1' })).toEqual({ timeoutMs: 5000, cacheDir: 'c', synthetic: 'a=1' });
    expect(settingsFromConfig(undefined)).toEqual({});
  });
});
