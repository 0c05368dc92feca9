import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseModel, loadConfig, resolveModel } from './config.js';
import { LlmConfigError } from './errors.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gp-cfg-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('model choice precedence', () => {
  const config = { model: 'anthropic:claude-sonnet-4-5', baseUrl: 'http://cfg:1/v1' };
  it('flag > env > config', () => {
    expect(chooseModel({ flag: 'openai:gpt-4.1', env: { GROUNDPLAN_MODEL: 'synthetic' }, config, fallback: 'prior' })).toMatchObject({ id: 'openai:gpt-4.1', source: 'flag' });
    expect(chooseModel({ env: { GROUNDPLAN_MODEL: 'synthetic' }, config, fallback: 'prior' })).toMatchObject({ id: 'synthetic', source: 'env', baseUrl: undefined });
    expect(chooseModel({ env: {}, config, fallback: 'prior' })).toEqual({ id: 'anthropic:claude-sonnet-4-5', baseUrl: 'http://cfg:1/v1', source: 'config' });
  });

  it('base URL: flag > GROUNDPLAN_BASE_URL > config (config URL only with the config model)', () => {
    expect(chooseModel({ flag: 'openai:x', baseUrlFlag: 'http://flag:1/v1', env: { GROUNDPLAN_BASE_URL: 'http://env:1/v1' }, fallback: 'prior' }).baseUrl).toBe('http://flag:1/v1');
    expect(chooseModel({ flag: 'openai:x', env: { GROUNDPLAN_BASE_URL: 'http://env:1/v1' }, config, fallback: 'prior' }).baseUrl).toBe('http://env:1/v1');
    expect(chooseModel({ flag: 'openai:x', env: {}, config, fallback: 'prior' }).baseUrl).toBeUndefined();
  });

  it('without any choice the default is the offline prior, which is built in', () => {
    expect(chooseModel({ env: {}, fallback: 'prior' })).toEqual({ id: 'prior', baseUrl: undefined, source: 'default' });
  });

  it('resolveModel reads the config file (--config > GROUNDPLAN_CONFIG > ./groundplan.config.json) under flag and env, else the fallback', async () => {
    expect(await resolveModel({ env: {}, cwd: dir, fallback: 'synthetic' })).toEqual({ id: 'synthetic', baseUrl: undefined, source: 'default' });
    await writeFile(join(dir, 'groundplan.config.json'), JSON.stringify({ model: 'openai:from-cwd' }));
    await writeFile(join(dir, 'env.json'), JSON.stringify({ model: 'openai:from-env-config' }));
    await writeFile(join(dir, 'flag.json'), JSON.stringify({ model: 'openai:from-flag-config' }));
    expect(await resolveModel({ env: {}, cwd: dir, fallback: 'prior' })).toMatchObject({ id: 'openai:from-cwd', source: 'config' });
    expect(await resolveModel({ env: { GROUNDPLAN_CONFIG: 'env.json' }, cwd: dir, fallback: 'prior' })).toMatchObject({ id: 'openai:from-env-config', source: 'config' });
    expect(await resolveModel({ configFile: 'flag.json', env: { GROUNDPLAN_CONFIG: 'env.json' }, cwd: dir, fallback: 'prior' })).toMatchObject({ id: 'openai:from-flag-config', source: 'config' });
    expect(await resolveModel({ env: { GROUNDPLAN_MODEL: 'synthetic' }, cwd: dir, fallback: 'prior' })).toMatchObject({ id: 'synthetic', source: 'env' });
    const chosen = await resolveModel({ flag: 'openai:flag', env: { GROUNDPLAN_MODEL: 'synthetic' }, cwd: dir, fallback: 'prior' });
    expect(chosen).toMatchObject({ id: 'openai:flag', source: 'flag' });
    expect(chosen.loaded?.config.model).toBe('openai:from-cwd');
  });
});

describe('config files', () => {
  it('returns undefined when there is none', async () => {
    expect(await loadConfig(dir)).toBeUndefined();
  });

  it('reads groundplan.config.json and validates it with the path in errors', async () => {
    await writeFile(join(dir, 'groundplan.config.json'), JSON.stringify({ model: 'synthetic', llm: { concurrency: 8, cache: '.cache/llm' } }));
    const c = await loadConfig(dir);
    expect(c?.config).toMatchObject({ model: 'synthetic', llm: { concurrency: 8, cache: '.cache/llm' } });
    await writeFile(join(dir, 'groundplan.config.json'), JSON.stringify({ llm: { concurrency: 0, colour: 'red' } }));
    const err = await loadConfig(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmConfigError);
    expect((err as Error).message).toMatch(/groundplan\.config\.json: .*llm/);
    await writeFile(join(dir, 'groundplan.config.json'), '{ "model": ');
    await expect(loadConfig(dir)).rejects.toThrow(/groundplan\.config\.json:1:\d+: invalid JSON/);
    await writeFile(join(dir, 'groundplan.config.json'), JSON.stringify({ llm: { timeoutMs: -1, maxRetries: 1.5, concurrency: 0 } }));
    const three = (await loadConfig(dir).catch((e: unknown) => e)) as Error;
    expect(three.message.replace(/^.*groundplan\.config\.json: /, '').split('; ').map((m) => m.split(':')[0])).toEqual(['llm.timeoutMs', 'llm.maxRetries', 'llm.concurrency']);
  });

  it('loads groundplan.config.ts through tsx', async () => {
    await writeFile(
      join(dir, 'groundplan.config.ts'),
      "const timeout: number = 30_000;\nexport default { model: 'compat:qwen3-8b@http://127.0.0.1:8000/v1', llm: { timeoutMs: timeout } };\n",
    );
    const c = await loadConfig(dir);
    expect(c?.config).toEqual({ model: 'compat:qwen3-8b@http://127.0.0.1:8000/v1', llm: { timeoutMs: 30000 } });
  });

  it('an explicit path that does not exist is an error', async () => {
    await expect(loadConfig(dir, 'nope.json')).rejects.toThrow(/does not exist/);
  });
});
