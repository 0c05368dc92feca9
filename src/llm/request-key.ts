/**
 * Stable keys for requests: sha256 over (model id, messages, parameters).
 * The kind, the signal and the rendering vars are not part of the key.
 */
import { createHash } from 'node:crypto';
import type { ChatMessage, LlmRequest } from './types.js';

/** The parts of a request that decide the answer. */
export interface KeyedRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  seed?: number;
}

export function keyedRequest(model: string, request: LlmRequest): KeyedRequest {
  const out: KeyedRequest = {
    model,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
  };
  if (request.temperature !== undefined) out.temperature = request.temperature;
  if (request.maxOutputTokens !== undefined) out.maxOutputTokens = request.maxOutputTokens;
  if (request.seed !== undefined) out.seed = request.seed;
  return out;
}

/** Hex sha256 of the canonical JSON of the keyed request. */
export function requestKey(model: string, request: LlmRequest): string {
  const k = keyedRequest(model, request);
  const canonical = JSON.stringify([k.model, k.messages.map((m) => [m.role, m.content]), k.temperature ?? null, k.maxOutputTokens ?? null, k.seed ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}
