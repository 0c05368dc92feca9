import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LlmConfigError } from './errors.js';
import { parseModelId } from './model-id.js';
import { requestKey } from './request-key.js';

describe('parseModelId', () => {
  it('parses provider ids', () => {
    expect(parseModelId('openai:gpt-4.1')).toEqual({ kind: 'network', provider: 'openai', name: 'gpt-4.1', baseUrl: undefined, id: 'openai:gpt-4.1' });
    expect(parseModelId('anthropic:claude-sonnet-4-5')).toMatchObject({ provider: 'anthropic', name: 'claude-sonnet-4-5' });
    expect(parseModelId('compat:qwen3-8b@http://127.0.0.1:8000/v1/')).toMatchObject({
      provider: 'compat',
      name: 'qwen3-8b',
      baseUrl: 'http://127.0.0.1:8000/v1',
      id: 'compat:qwen3-8b@http://127.0.0.1:8000/v1',
    });
  });

  it('keeps colons and slashes in model names (Ollama, OpenRouter)', () => {
    expect(parseModelId('compat:qwen3:8b@http://localhost:11434/v1')).toMatchObject({ name: 'qwen3:8b' });
    expect(parseModelId('compat:meta-llama/llama-3.1-8b-instruct@https://openrouter.ai/api/v1')).toMatchObject({
      name: 'meta-llama/llama-3.1-8b-instruct',
      baseUrl: 'https://openrouter.ai/api/v1',
    });
  });

  it('turns openai:NAME with --base-url into a compat model', () => {
    expect(parseModelId('openai:llama', { baseUrl: 'http://127.0.0.1:8080/v1' })).toMatchObject({
      provider: 'compat',
      name: 'llama',
      baseUrl: 'http://127.0.0.1:8080/v1',
    });
    expect(parseModelId('compat:x', { baseUrl: 'http://h:1/v1' })).toMatchObject({ provider: 'compat', baseUrl: 'http://h:1/v1' });
  });

  it('accepts registered offline prefixes', () => {
    expect(parseModelId('synthetic', { registered: ['synthetic'] })).toEqual({ kind: 'registered', prefix: 'synthetic', name: '', id: 'synthetic' });
    expect(parseModelId('scripted:a.json', { registered: ['scripted'] })).toMatchObject({ prefix: 'scripted', name: 'a.json' });
  });

  it.each([
    ['', /empty model id/],
    ['openai:', /has no model name/],
    ['compat:qwen', /needs a server URL.*--base-url/],
    ['compat:qwen@localhost:8000', /not a valid URL|must start with http/],
    ['compat:q@ftp://x/v1', /not a valid URL|must start with http/],
    ['gpt4', /unknown model provider 'gpt4'/],
    ['mistral:large', /unknown model provider 'mistral'.*openai:NAME, anthropic:NAME, compat:NAME/],
    ['!!', /malformed/],
  ])('rejects %j with a clear message', (id, message) => {
    let err: unknown;
    try {
      parseModelId(id, { registered: ['synthetic'] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LlmConfigError);
    expect((err as LlmConfigError).code).toBe('LLM_CONFIG');
    expect((err as Error).message).toMatch(message);
  });
});

describe('model id properties', () => {
  const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,30}$/);
  it('compat ids round-trip and canonical ids are fixed points', () => {
    fc.assert(
      fc.property(name, fc.integer({ min: 1, max: 65535 }), fc.constantFrom('http', 'https'), (n, port, scheme) => {
        const url = `${scheme}://127.0.0.1:${port}/v1`;
        const spec = parseModelId(`compat:${n}@${url}`);
        expect(spec).toMatchObject({ kind: 'network', provider: 'compat', name: n, baseUrl: url });
        expect(parseModelId(spec.id)).toEqual(spec);
        expect(parseModelId(`openai:${n}`, { baseUrl: url })).toEqual(spec);
      }),
    );
  });
});

describe('request keys', () => {
  const msg = fc.record({ role: fc.constantFrom('system' as const, 'user' as const, 'assistant' as const), content: fc.string({ maxLength: 20 }) });
  const req = fc.record({ messages: fc.array(msg, { maxLength: 3 }), temperature: fc.option(fc.constantFrom(0, 0.5, 1), { nil: undefined }) });
  it('two requests share a key exactly when model, messages and parameters are equal (kind and vars ignored)', () => {
    fc.assert(
      fc.property(req, req, fc.constantFrom('m1', 'm2'), fc.constantFrom('m1', 'm2'), (a, b, ma, mb) => {
        const same = ma === mb && JSON.stringify([a.messages, a.temperature]) === JSON.stringify([b.messages, b.temperature]);
        const ka = requestKey(ma, { kind: 'x', vars: { v: 1 }, ...a });
        const kb = requestKey(mb, { kind: 'y', vars: { v: 2 }, ...b });
        expect(ka === kb).toBe(same);
      }),
      { numRuns: 300 },
    );
  });
});
