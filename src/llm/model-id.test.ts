import { describe, expect, it } from 'vitest';
import { LlmConfigError } from './errors.js';
import { parseModelId } from './model-id.js';

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
