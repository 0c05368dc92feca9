/**
 * The `scripted` offline model: canned answers in order, or per kind, for
 * tests and demos. It records every request it receives.
 */
import { LlmScriptError } from './errors.js';
import type { LlmClient, LlmRequest, LlmResponse } from './types.js';

/** A canned answer: text, or a function of the request. */
export type ScriptedAnswer = string | ((request: LlmRequest) => string);

export interface ScriptedModelOptions {
  id?: string;
  /** Answers used in order for kinds without their own list. */
  answers?: ScriptedAnswer[];
  /** Answers per kind: a list (used in order) or one answer (used every time). */
  byKind?: Record<string, ScriptedAnswer | ScriptedAnswer[]>;
}

export interface ScriptedModel extends LlmClient {
  /** Every request received, in order. */
  readonly requests: LlmRequest[];
  /** Answers not yet used from `answers`. */
  remaining(): number;
}

/** Rough token estimate for offline models (≈4 characters per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function offlineResponse(request: LlmRequest, text: string): LlmResponse {
  const input = request.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
  return { text, usage: { inputTokens: input, outputTokens: estimateTokens(text) }, latencyMs: 0 };
}

export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const queue = [...(options.answers ?? [])];
  const perKind = new Map<string, ScriptedAnswer | ScriptedAnswer[]>();
  for (const [k, v] of Object.entries(options.byKind ?? {})) perKind.set(k, Array.isArray(v) ? [...v] : v);
  const requests: LlmRequest[] = [];
  return {
    id: options.id ?? 'scripted',
    requests,
    remaining: () => queue.length,
    async complete(request) {
      requests.push({ ...request, messages: request.messages.map((m) => ({ ...m })) });
      let answer: ScriptedAnswer | undefined;
      const own = perKind.get(request.kind);
      if (own !== undefined) {
        if (Array.isArray(own)) {
          answer = own.shift();
          if (answer === undefined) throw new LlmScriptError(`scripted model: no answers left for kind '${request.kind}'`);
        } else answer = own;
      } else {
        answer = queue.shift();
        if (answer === undefined) {
          throw new LlmScriptError(`scripted model: no answers left (call ${requests.length}, kind '${request.kind}')`);
        }
      }
      const text = typeof answer === 'function' ? answer(request) : answer;
      return offlineResponse(request, text);
    },
  };
}
