import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server.js';
import { BASELINE_KNOBS } from '../../methods/baselines/index.js';
import { GAVEL_KNOBS } from '../../methods/gavel/synthetic.js';
import { LLMDM_KNOBS } from '../../methods/llm-dm/index.js';
import { TRU_KNOBS } from '../../methods/tru-pomdp/index.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const MAIN = join(ROOT, 'src/cli/main.ts');

function run(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [MAIN, ...args], { cwd, env: { ...process.env, GROUNDPLAN_MODEL: '', GROUNDPLAN_DEBUG: '', ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let server: FakeOpenAiServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeOpenAiServer(() => ({ content: 'Sure.\n{"answer": 5}', promptTokens: 42, completionTokens: 6 }));
  dir = await mkdtemp(join(tmpdir(), 'gp-cli-llm-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('groundplan llm check', () => {
  it('asks a compat server and prints model, tokens and the answer', async () => {
    const r = await run(['llm', 'check', '--model', `compat:test@${server.url}`]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/provider\s+compat/);
    expect(r.stdout).toMatch(/model\s+test/);
    expect(r.stdout).toMatch(/tokens\s+42 in, 6 out/);
    expect(r.stdout).toMatch(/answer\s+5 \(correct\)/);
    expect(server.requests.at(-1)?.model).toBe('test');
  });

  it('--json, --base-url with openai:NAME, and the model from a config file', async () => {
    await writeFile(join(dir, 'groundplan.config.json'), JSON.stringify({ model: 'openai:cfg-model', baseUrl: server.url }));
    const r = await run(['llm', 'check', '--json'], {}, dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ provider: 'compat', model: 'cfg-model', source: 'config', inputTokens: 42, outputTokens: 6, answer: 5, correct: true });
    const viaFlag = JSON.parse((await run(['llm', 'check', '--json', '--model', 'openai:flag-model', '--base-url', server.url], {}, dir)).stdout);
    expect(viaFlag).toMatchObject({ model: 'flag-model', source: 'flag' });
  });

  it('with no server: exit 2 and one error line, no stack trace', async () => {
    const gone = await startFakeOpenAiServer(() => ({}));
    const url = gone.url;
    await gone.close();
    const r = await run(['llm', 'check', '--model', `compat:test@${url}`]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(connection refused\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing key and a bad model id are one-line errors with exit 2', async () => {
    const noKey = await run(['llm', 'check', '--model', 'anthropic:claude-sonnet-4-5'], { ANTHROPIC_API_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr.trim()).toBe('error: no API key for anthropic: set the ANTHROPIC_API_KEY environment variable');
    const bad = await run(['llm', 'check', '--model', 'compat:qwen']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^error: model id 'compat:qwen' needs a server URL/);
  });

  it('checks the default model: prior answers the check call offline', async () => {
    const r = await run(['llm', 'check', '--model', 'prior']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/answer\s+5 \(correct\)/);
  });

  it('llm models lists every knob the method families declare (kitchen, household, LLM-DM, policy)', async () => {
    const r = await run(['llm', 'models', '--json']);
    expect(r.code).toBe(0);
    const listed = new Set((JSON.parse(r.stdout) as { knobs: { name: string }[] }).knobs.map((k) => k.name));
    const declared = [TRU_KNOBS, BASELINE_KNOBS, GAVEL_KNOBS, LLMDM_KNOBS].flatMap((k) => Object.keys(k));
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((k) => !listed.has(k))).toEqual([]);
    expect(listed.has('policyBug')).toBe(true);
    expect([...listed].some((k) => k.startsWith('gavel.'))).toBe(true);
  });

  it('works offline with the synthetic model and prints its knobs line', async () => {
    const r = await run(['llm', 'check', '--model', 'synthetic']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/model\s+synthetic LLM, knobs: /);
    expect(r.stdout).toMatch(/answer\s+5 \(correct\)/);
  });
});
