/**
 * Prompt calls: `{ kind, vars, messages, schema }`. `ask` sends the rendered
 * messages, extracts the JSON answer, validates it with zod and the method's
 * own semantic check, and on failure gives ONE repair turn that feeds the
 * problems back in the same dialogue; then fails with `LlmSchemaError`.
 * A call without a schema asks for free text (code-writing kinds); its check
 * (e.g. "does it compile") still gets the repair turn.
 */
import { z } from 'zod';
import { LlmSchemaError } from './errors.js';
import { extractJson } from './extract-json.js';
import type { UsageMeter } from './usage.js';
import { addUsage, ZERO_USAGE, type ChatMessage, type LlmClient, type TokenUsage } from './types.js';

interface PromptCallBase {
  /** Names the question, e.g. `toh.goals`, `gavel.plan`, `llmdm.action-model`. */
  kind: string;
  /** The structured inputs the messages were rendered from (offline models answer from these). */
  vars?: unknown;
  /** The rendered chat. */
  messages: ChatMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  seed?: number;
}

/** A structured call: the answer is JSON validated by `schema`, then by `check`. */
export interface JsonPromptCall<T> extends PromptCallBase {
  schema: z.ZodType<T>;
  /** Semantic problems with a schema-valid answer (empty when fine). */
  check?: (value: T, call: JsonPromptCall<T>) => string[];
}

/** A free-text call (code, PDDL): the value is the raw text; `check` may still reject it. */
export interface TextPromptCall extends PromptCallBase {
  schema?: undefined;
  check?: (value: string, call: TextPromptCall) => string[];
}

export type PromptCall<T> = JsonPromptCall<T> | TextPromptCall;

export interface AskOptions {
  signal?: AbortSignal;
  /** Repair turns after the first answer (default 1; 0 disables repair). */
  repairs?: number;
  /** Counts answers that stay invalid (asks and repair turns are counted by `withUsage` itself). */
  meter?: UsageMeter;
  /** Builds the repair message from the problems (default: `repairMessage`). */
  repairPrompt?: (problems: string[], kind: string) => string;
}

export interface AskResult<T> {
  value: T;
  /** The raw text of the accepted answer. */
  raw: string;
  /** Raw texts of every attempt, in order. */
  raws: string[];
  /** Tokens over all attempts (and retries, as reported by the provider). */
  usage: TokenUsage & { retries: number; cached: number };
  /** Model turns used: 1, or 2 after a repair. */
  attempts: number;
  /** The whole dialogue including the final answer. */
  transcript: ChatMessage[];
}

/** The JSON Schema of a zod schema as compact text, for prompts ("answer with JSON matching …"). */
export function jsonSchemaText(schema: z.ZodType): string {
  const js = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
  delete js.$schema;
  return JSON.stringify(js);
}

/** The default repair turn: the problems, and what to send back. */
export function repairMessage(problems: string[], kind: string, structured = true): string {
  const list = problems.map((p) => `- ${p}`).join('\n');
  const tail = structured
    ? 'Reply again with the complete corrected answer as a single JSON value, in the same format.'
    : 'Reply again with the complete corrected answer, in the same format.';
  return `Your answer to this request (${kind}) has problems:\n${list}\n${tail}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '(root)' : out;
}

/** zod issues as short `path: message` lines. */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`);
}

type Judged<T> = { ok: true; value: T } | { ok: false; problems: string[] };

function judge<T>(text: string, call: PromptCall<T>): Judged<T> {
  if (call.schema === undefined) {
    const problems = (call as TextPromptCall).check?.(text, call as TextPromptCall) ?? [];
    if (text.trim() === '') problems.unshift('the answer is empty');
    return problems.length > 0 ? { ok: false, problems } : { ok: true, value: text as T };
  }
  const extracted = extractJson(text);
  if (extracted.status === 'none') return { ok: false, problems: [extracted.reason + '; answer with JSON'] };
  const parsed = call.schema.safeParse(extracted.value);
  if (!parsed.success) return { ok: false, problems: formatZodIssues(parsed.error) };
  const problems = call.check?.(parsed.data, call) ?? [];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: parsed.data };
}

/** Sends a prompt call; see the module comment. */
export async function ask<T>(client: LlmClient, call: JsonPromptCall<T>, options?: AskOptions): Promise<AskResult<T>>;
export async function ask(client: LlmClient, call: TextPromptCall, options?: AskOptions): Promise<AskResult<string>>;
export async function ask<T>(client: LlmClient, call: PromptCall<T>, options: AskOptions = {}): Promise<AskResult<T>> {
  const repairs = options.repairs ?? 1;
  const messages: ChatMessage[] = call.messages.map((m) => ({ ...m }));
  const raws: string[] = [];
  let usage: TokenUsage = ZERO_USAGE;
  let retries = 0;
  let cached = 0;
  let problems: string[] = [];
  for (let attempt = 1; attempt <= repairs + 1; attempt++) {
    const response = await client.complete({
      kind: call.kind,
      messages: messages.map((m) => ({ ...m })),
      temperature: call.temperature,
      maxOutputTokens: call.maxOutputTokens,
      seed: call.seed,
      signal: options.signal,
      vars: call.vars,
      attempt,
    });
    raws.push(response.text);
    usage = addUsage(usage, response.usage);
    retries += response.retries ?? 0;
    if (response.cached) cached++;
    messages.push({ role: 'assistant', content: response.text });
    const verdict = judge(response.text, call);
    if (verdict.ok) {
      return {
        value: verdict.value,
        raw: response.text,
        raws,
        usage: { ...usage, retries, cached },
        attempts: attempt,
        transcript: messages,
      };
    }
    problems = verdict.problems;
    if (attempt <= repairs) {
      const text = options.repairPrompt
        ? options.repairPrompt(problems, call.kind)
        : repairMessage(problems, call.kind, call.schema !== undefined);
      messages.push({ role: 'user', content: text });
    }
  }
  options.meter?.recordInvalid(call.kind);
  throw new LlmSchemaError(call.kind, raws, problems);
}
