/**
 * Typed errors of the LLM boundary. Each has a stable `code`; messages are
 * one line and say what to do.
 */
import { GroundplanError } from '../core/errors.js';

/** Base class of every LLM boundary error. */
export class LlmError extends GroundplanError {}

/** A bad model id, config file, knob or option (`LLM_CONFIG`). */
export class LlmConfigError extends LlmError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('LLM_CONFIG', message, options);
  }
}

/** The provider's API key is not set (`LLM_NO_KEY`); `variable` names the env var to set. */
export class LlmMissingKeyError extends LlmError {
  readonly variable: string;
  constructor(provider: string, variable: string) {
    super('LLM_NO_KEY', `no API key for ${provider}: set the ${variable} environment variable`);
    this.variable = variable;
  }
}

/** The server answered with an HTTP error (`LLM_HTTP`). */
export class LlmHttpError extends LlmError {
  readonly status: number;
  readonly retryable: boolean;
  /** Delay the server asked for (`retry-after`), in ms. */
  readonly retryAfterMs?: number;
  readonly responseBody?: string;
  constructor(
    message: string,
    info: { status: number; retryable: boolean; retryAfterMs?: number; responseBody?: string },
    options?: { cause?: unknown },
  ) {
    super('LLM_HTTP', message, options);
    this.status = info.status;
    this.retryable = info.retryable;
    this.retryAfterMs = info.retryAfterMs;
    this.responseBody = info.responseBody;
  }
}

/** The server could not be reached (connection refused, DNS failure, reset) (`LLM_UNREACHABLE`). */
export class LlmUnreachableError extends LlmError {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean, options?: { cause?: unknown }) {
    super('LLM_UNREACHABLE', message, options);
    this.retryable = retryable;
  }
}

/** The call took longer than its timeout and was aborted (`LLM_TIMEOUT`). */
export class LlmTimeoutError extends LlmError {
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number) {
    super('LLM_TIMEOUT', message);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller cancelled the call through its AbortSignal (`LLM_CANCELLED`). */
export class LlmCancelledError extends LlmError {
  constructor(message = 'LLM call cancelled') {
    super('LLM_CANCELLED', message);
  }
}

/** Every retry failed (`LLM_RETRIES`); `cause` is the last error. */
export class LlmRetriesExhaustedError extends LlmError {
  readonly attempts: number;
  readonly errors: unknown[];
  constructor(kind: string, attempts: number, errors: unknown[]) {
    const last = errors[errors.length - 1];
    const why = last instanceof Error ? last.message : String(last);
    super('LLM_RETRIES', `LLM call '${kind}' failed after ${attempts} attempts: ${why}`, { cause: last });
    this.attempts = attempts;
    this.errors = errors;
  }
}

/** The answer did not pass the schema or the semantic check, even after the repair turn (`LLM_SCHEMA`). */
export class LlmSchemaError extends LlmError {
  readonly kind: string;
  /** The raw answers, one per attempt. */
  readonly raws: string[];
  /** The problems found in the last answer. */
  readonly issues: string[];
  constructor(kind: string, raws: string[], issues: string[]) {
    const first = issues[0] ?? 'invalid answer';
    const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : '';
    super('LLM_SCHEMA', `LLM answer for '${kind}' is invalid after ${raws.length} attempt(s): ${first}${more}`);
    this.kind = kind;
    this.raws = raws;
    this.issues = issues;
  }
}

/** A strict replay found no recorded answer for a call (`LLM_REPLAY_MISS`). */
export class LlmReplayMissError extends LlmError {
  readonly kind: string;
  readonly key: string;
  constructor(kind: string, key: string, detail: string) {
    super('LLM_REPLAY_MISS', `no recorded answer for LLM call '${kind}' (key ${key.slice(0, 12)}): ${detail}`);
    this.kind = kind;
    this.key = key;
  }
}

/** An offline scripted model ran out of answers (`LLM_SCRIPT`). */
export class LlmScriptError extends LlmError {
  constructor(message: string) {
    super('LLM_SCRIPT', message);
  }
}
