/**
 * The one small interface every model (real provider, cache, replay, offline
 * stand-in) implements, so middleware composes as plain wrappers.
 */

/** One chat message as the model sees it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Token counts reported by the provider (0 when unknown or offline). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What a client is asked to complete. */
export interface LlmRequest {
  /** Names the question, e.g. `toh.goals`; used for accounting and by offline models. */
  kind: string;
  messages: ChatMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Sampling seed; also part of the cache key, so distinct samples are cached apart. */
  seed?: number;
  /** Cancels the call (and its HTTP request). */
  signal?: AbortSignal;
  /**
   * The structured inputs the prompt was rendered from. Real providers never
   * see them; offline models (synthetic) answer from them. Not part of cache keys.
   */
  vars?: unknown;
  /** Which model turn of a prompt call this is (1, or 2 for the repair turn); set by `ask`. Not part of cache keys. */
  attempt?: number;
}

/** A completed call. */
export interface LlmResponse {
  text: string;
  usage: TokenUsage;
  latencyMs: number;
  /** True when the answer came from the cache or a cassette. */
  cached?: boolean;
  /** Retries spent on this call by the retry middleware. */
  retries?: number;
  /** Provider warnings (unsupported settings and the like). */
  warnings?: string[];
}

/** A model: real, wrapped, or offline. */
export interface LlmClient {
  /** The model id, e.g. `openai:gpt-4.1` or `synthetic`. */
  readonly id: string;
  complete(request: LlmRequest): Promise<LlmResponse>;
}

/** A middleware wraps a client into another client. */
export type LlmMiddleware = (inner: LlmClient) => LlmClient;

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}

export const ZERO_USAGE: TokenUsage = Object.freeze({ inputTokens: 0, outputTokens: 0 });
