/**
 * Real providers through the Vercel AI SDK: OpenAI, Anthropic and any
 * OpenAI-compatible server (vLLM, llama.cpp server, Ollama `/v1`, LM Studio,
 * OpenRouter). The SDK's own retries are off (`maxRetries: 0`): the retry
 * middleware is the only one. Errors become typed `LlmError`s.
 * The SDK and the provider packages are imported on the first call, not with
 * the package: a caller who never uses a network model does not load them.
 */
import type { APICallError, LanguageModel, ModelMessage, RetryError } from 'ai';
import {
  LlmCancelledError,
  LlmError,
  LlmHttpError,
  LlmMissingKeyError,
  LlmUnreachableError,
} from './errors.js';
import type { ModelSpec } from './model-id.js';
import type { LlmClient, LlmRequest, LlmResponse } from './types.js';

type Env = Record<string, string | undefined>;

export interface ProviderClientOptions {
  /** Where keys are read from (defaults to `process.env`). */
  env?: Env;
  /** Extra HTTP headers for every request. */
  headers?: Record<string, string>;
}

/** Which environment variable holds the key for a provider. */
export function apiKeyVariable(provider: 'openai' | 'anthropic' | 'compat'): string {
  return provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : provider === 'openai' ? 'OPENAI_API_KEY' : 'GROUNDPLAN_API_KEY';
}

/** The key for a provider from `env` (undefined for a keyless local server); throws when a hosted provider has none. */
function providerKey(spec: Extract<ModelSpec, { kind: 'network' }>, env: Env): string | undefined {
  if (spec.provider === 'compat') return env.GROUNDPLAN_API_KEY || env.OPENAI_API_KEY || undefined; // local servers usually need none
  const variable = apiKeyVariable(spec.provider);
  const apiKey = env[variable];
  if (!apiKey) throw new LlmMissingKeyError(spec.provider, variable);
  return apiKey;
}

async function languageModel(spec: Extract<ModelSpec, { kind: 'network' }>, apiKey: string | undefined, headers: Record<string, string> | undefined): Promise<LanguageModel> {
  switch (spec.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey, headers, baseURL: spec.baseUrl })(spec.name);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, headers, baseURL: spec.baseUrl })(spec.name);
    }
    case 'compat': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({ name: 'compat', baseURL: spec.baseUrl ?? '', apiKey, headers, includeUsage: true }).chatModel(spec.name);
    }
  }
}

/** A client for a network model. Throws `LlmMissingKeyError` at once when the key is missing. */
export function createProviderClient(spec: Extract<ModelSpec, { kind: 'network' }>, opts: ProviderClientOptions = {}): LlmClient {
  const apiKey = providerKey(spec, opts.env ?? process.env);
  let model: Promise<LanguageModel> | undefined; // built on the first call
  // The library never prints: warnings are returned with each response instead.
  if (globalThis.AI_SDK_LOG_WARNINGS === undefined) globalThis.AI_SDK_LOG_WARNINGS = false;
  const where = spec.baseUrl ?? (spec.provider === 'anthropic' ? 'the Anthropic API' : 'the OpenAI API');
  return {
    id: spec.id,
    async complete(request: LlmRequest): Promise<LlmResponse> {
      if (request.signal?.aborted) throw new LlmCancelledError();
      const started = performance.now();
      try {
        model ??= languageModel(spec, apiKey, opts.headers);
        const { generateText } = await import('ai');
        const result = await generateText({
          model: await model,
          messages: request.messages as ModelMessage[],
          allowSystemInMessages: true,
          temperature: request.temperature,
          maxOutputTokens: request.maxOutputTokens,
          seed: request.seed,
          abortSignal: request.signal,
          maxRetries: 0,
        });
        return {
          text: result.text,
          usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
          latencyMs: performance.now() - started,
          warnings: result.warnings?.map((w) => JSON.stringify(w)),
        };
      } catch (err) {
        throw toLlmError(err, { model: spec.name, where, signal: request.signal });
      }
    },
  };
}

function errorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let cur: unknown = err;
  while (cur instanceof Error && !seen.has(cur)) {
    seen.add(cur);
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = cur.cause;
  }
  return undefined;
}

/** Milliseconds from `retry-after-ms` / `retry-after` (seconds or an HTTP date). */
export function parseRetryAfter(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const get = (name: string): string | undefined => {
    for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
    return undefined;
  };
  const ms = get('retry-after-ms');
  if (ms !== undefined && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = get('retry-after');
  if (ra === undefined) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(ra)) return Math.max(0, Number(ra) * 1000);
  const date = Date.parse(ra);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function shortBody(body: string | undefined): string {
  if (!body) return '';
  const oneLine = body.replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine;
}

/**
 * Whether `err` is the AI SDK error `name` (`AI_APICallError`, …): the test the SDK's own
 * `isInstance` makes (a global-symbol marker), so that this module need not load the SDK.
 */
function isSdkError<T>(err: unknown, name: string): err is T {
  const marker = Symbol.for(`vercel.ai.error.${name}`);
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[marker] === true;
}

/** Maps an AI SDK / fetch error to a typed, one-line `LlmError`. */
export function toLlmError(err: unknown, ctx: { model: string; where: string; signal?: AbortSignal }): LlmError {
  if (err instanceof LlmError) return err;
  if (isSdkError<RetryError>(err, 'AI_RetryError')) return toLlmError(err.lastError, ctx);
  if (ctx.signal?.aborted) return new LlmCancelledError();
  if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError')) return new LlmCancelledError();
  if (isSdkError<APICallError>(err, 'AI_APICallError')) {
    const status = err.statusCode;
    if (status !== undefined) {
      const body = shortBody(err.responseBody);
      const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
      let what = `HTTP ${status} from ${ctx.where}`;
      if (status === 404) what = `model '${ctx.model}' not found at ${ctx.where} (HTTP 404)`;
      else if (status === 401 || status === 403) what = `not authorized by ${ctx.where} (HTTP ${status}); check the API key`;
      else if (status === 429) what = `rate limited by ${ctx.where} (HTTP 429)`;
      return new LlmHttpError(body ? `${what}: ${body}` : what, {
        status,
        retryable,
        retryAfterMs: parseRetryAfter(err.responseHeaders),
        responseBody: err.responseBody,
      }, { cause: err });
    }
    const code = errorCode(err.cause) ?? errorCode(err);
    const refused = code === 'ECONNREFUSED' || code === 'ConnectionRefused' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
    const why = code === 'ECONNREFUSED' || code === 'ConnectionRefused' ? 'connection refused' : code === 'ENOTFOUND' ? 'host not found' : (code ?? err.message);
    const hint = /^https?:/.test(ctx.where) ? 'is the server running?' : 'check the network connection';
    return new LlmUnreachableError(`cannot reach ${ctx.where} (${why}); ${hint}`, !refused, { cause: err });
  }
  const msg = err instanceof Error ? err.message : String(err);
  return new LlmError('LLM_PROVIDER', `LLM call to ${ctx.where} failed: ${msg}`, { cause: err });
}
