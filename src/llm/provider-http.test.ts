import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Rng } from '../core/rng.js';
import { ask, type JsonPromptCall } from './ask.js';
import { wrapClient } from './client-stack.js';
import {
  LlmCancelledError,
  LlmHttpError,
  LlmRetriesExhaustedError,
  LlmSchemaError,
  LlmTimeoutError,
  LlmUnreachableError,
} from './errors.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { parseModelId } from './model-id.js';
import { createProviderClient } from './provider-client.js';
import type { LlmClient } from './types.js';
import { UsageMeter } from './usage.js';

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function compat(url: string): LlmClient {
  const spec = parseModelId(`compat:test-model@${url}`);
  if (spec.kind !== 'network') throw new Error('unreachable');
  return createProviderClient(spec, { env: {} });
}

const placeSchema = z.object({ area: z.string(), confidence: z.number().min(0).max(1) });

function placeCall(question = 'Where is the milk?'): JsonPromptCall<z.infer<typeof placeSchema>> {
  return {
    kind: 'toh.locations',
    vars: { object: 'milk' },
    messages: [
      { role: 'system', content: 'Answer with JSON {"area": string, "confidence": number}.' },
      { role: 'user', content: question },
    ],
    schema: placeSchema,
  };
}

const fastRetry = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, rng: new Rng(1) };

describe('provider through @ai-sdk/openai-compatible against a local server', () => {
  it('gets a normal answer, with the server token counts', async () => {
    server = await startFakeOpenAiServer(() => ({
      content: 'Thinking: milk is cold.\n```json\n{"area": "fridge_1", "confidence": 0.9}\n```',
      promptTokens: 31,
      completionTokens: 17,
    }));
    const result = await ask(compat(server.url), placeCall());
    expect(result.value).toEqual({ area: 'fridge_1', confidence: 0.9 });
    expect(result.usage.inputTokens).toBe(31);
    expect(result.usage.outputTokens).toBe(17);
    expect(result.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].model).toBe('test-model');
    expect(server.requests[0].messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('retries a 429 (honouring retry-after) and counts the retry in usage', async () => {
    server = await startFakeOpenAiServer((_req, i) =>
      i === 0
        ? { status: 429, headers: { 'retry-after': '0' }, error: 'slow down' }
        : { content: '{"area": "counter_2", "confidence": 0.5}', promptTokens: 12, completionTokens: 8 },
    );
    const meter = new UsageMeter();
    const delays: number[] = [];
    const client = wrapClient(compat(server.url), {
      meter,
      retry: { ...fastRetry, baseDelayMs: 1000, onRetry: (r) => delays.push(r.delayMs) },
    });
    const result = await ask(client, placeCall());
    expect(result.value.area).toBe('counter_2');
    expect(result.usage.retries).toBe(1);
    expect(server.requests).toHaveLength(2);
    // retry-after: 0 is honoured instead of the 1 s backoff.
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeLessThan(200);
    const s = meter.summary();
    expect(s.byKind['toh.locations']).toMatchObject({ calls: 1, retries: 1, failures: 0, inputTokens: 12, outputTokens: 8 });
  });

  it('gives up after the configured retries on repeated 500s, with a typed error and its cause', async () => {
    server = await startFakeOpenAiServer(() => ({ status: 500, error: 'internal boom' }));
    const meter = new UsageMeter();
    const client = wrapClient(compat(server.url), { meter, retry: fastRetry });
    const err = await ask(client, placeCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmRetriesExhaustedError);
    const e = err as LlmRetriesExhaustedError;
    expect(e.code).toBe('LLM_RETRIES');
    expect(e.attempts).toBe(3);
    expect(e.cause).toBeInstanceOf(LlmHttpError);
    expect((e.cause as LlmHttpError).status).toBe(500);
    expect(e.message).toContain('internal boom');
    expect(server.requests).toHaveLength(3);
    expect(meter.summary().byKind['toh.locations']).toMatchObject({ calls: 1, failures: 1, retries: 2 });
  });

  it('does not retry a 404 and says the model was not found', async () => {
    server = await startFakeOpenAiServer(() => ({ status: 404, error: 'model test-model does not exist' }));
    const client = wrapClient(compat(server.url), { retry: fastRetry });
    const err = await ask(client, placeCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmHttpError);
    expect((err as LlmHttpError).message).toMatch(/model 'test-model' not found .*404/);
    expect(server.requests).toHaveLength(1);
  });

  it('repairs an answer that breaks the schema in one extra turn that carries the validation message', async () => {
    server = await startFakeOpenAiServer((_req, i) =>
      i === 0 ? { content: '{"area": "fridge_1", "confidence": 7}' } : { content: '{"area": "fridge_1", "confidence": 0.7}' },
    );
    const result = await ask(compat(server.url), placeCall());
    expect(result.value.confidence).toBe(0.7);
    expect(result.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1].messages;
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[2].content).toBe('{"area": "fridge_1", "confidence": 7}');
    expect(second[3].content).toContain('confidence');
    expect(second[3].content).toMatch(/<=1|less than or equal to 1|too big/i);
  });

  it('repairs a semantic problem reported by the method check', async () => {
    server = await startFakeOpenAiServer((_req, i) =>
      ({ content: i === 0 ? '{"area": "fridge_9", "confidence": 0.9}' : '{"area": "fridge_1", "confidence": 0.9}' }),
    );
    const areas = ['fridge_1', 'counter_2'];
    const call = {
      ...placeCall(),
      check: (v: { area: string }) =>
        areas.includes(v.area) ? [] : [`area '${v.area}' does not exist in the scene; choose from ${areas.join(', ')}`],
    };
    const result = await ask(compat(server.url), call);
    expect(result.value.area).toBe('fridge_1');
    expect(server.requests[1].messages[3].content).toContain("area 'fridge_9' does not exist in the scene");
  });

  it('fails with LlmSchemaError carrying both raw answers when the repair also breaks the schema', async () => {
    server = await startFakeOpenAiServer((_req, i) => ({ content: i === 0 ? 'I am not sure.' : '{"area": 3}' }));
    const err = await ask(compat(server.url), placeCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmSchemaError);
    const e = err as LlmSchemaError;
    expect(e.code).toBe('LLM_SCHEMA');
    expect(e.raws).toEqual(['I am not sure.', '{"area": 3}']);
    expect(e.issues.some((i) => i.startsWith('area:'))).toBe(true);
    expect(e.issues.some((i) => i.startsWith('confidence:'))).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('aborts a slow call at the timeout: the server sees the connection closed', async () => {
    server = await startFakeOpenAiServer(() => ({ content: '{"area":"x","confidence":1}', delayMs: 30_000 }));
    const client = wrapClient(compat(server.url), { timeoutMs: 150, retry: false });
    const err = await ask(client, placeCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmTimeoutError);
    expect((err as LlmTimeoutError).code).toBe('LLM_TIMEOUT');
    const s = server;
    await expect.poll(() => s.closedEarly(), { timeout: 5000 }).toBe(1);
    expect(s.inFlight()).toBe(0);
  });

  it('cancels through the caller AbortSignal', async () => {
    server = await startFakeOpenAiServer(() => ({ content: '{}', delayMs: 30_000 }));
    const controller = new AbortController();
    const pending = ask(wrapClient(compat(server.url), { retry: fastRetry }), placeCall(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(LlmCancelledError);
    const s = server;
    await expect.poll(() => s.closedEarly(), { timeout: 5000 }).toBe(1);
    expect(s.requests).toHaveLength(1);
  });

  it('keeps at most 4 requests in flight for 20 concurrent asks under a limit of 4', async () => {
    server = await startFakeOpenAiServer(() => ({ content: '{"area":"sink_1","confidence":0.2}', delayMs: 25 }));
    const client = wrapClient(compat(server.url), { concurrency: 4, retry: false });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(client, placeCall(`question ${i}`))));
    expect(results.every((r) => r.value.area === 'sink_1')).toBe(true);
    expect(server.requests).toHaveLength(20);
    expect(server.maxInFlight()).toBeLessThanOrEqual(4);
    expect(server.maxInFlight()).toBeGreaterThanOrEqual(2);
  });

  it('reports an unreachable server as a typed one-line error', async () => {
    server = await startFakeOpenAiServer(() => ({ content: '' }));
    const url = server.url;
    await server.close();
    server = undefined;
    const err = await ask(compat(url), placeCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmUnreachableError);
    expect((err as Error).message).toContain('connection refused');
    expect((err as Error).message).not.toContain('\n');
  });
});
