/**
 * Prompt calls: `{ kind, vars, messages, schema }`. `ask` sends the rendered
 * messages, extracts the JSON answer, validates it with zod and the method's
 * own semantic check, and on failure gives repair turns (ONE by default) that
 * feed the problems back in the same dialogue; then fails with
 * `LlmSchemaError`. A call without a schema asks for free text (code-writing
 * kinds); `read` may turn the text into the method's own value, and its check
 * (e.g. "does it compile") still gets the repair turns.
 *
 * Methods with their own feedback loops (LLM-DM's validator feedback, Guan
 * et al. 2023; its LLM planner back-prompted with the plan's flaws) say how
 * many rounds they allow (`repairs`), word the feedback themselves
 * (`repairPrompt`), render per-round vars (`roundVars`), watch every turn
 * (`onTurn`) and keep the last answer when the rounds run out
 * (`exhausted: 'return'`).
 */
import { z } from 'zod';
import { formatIssues } from '../core/issues.js';
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

/**
 * A free-text call (code, PDDL): the value is the raw text, or what `read`
 * makes of it; `check` may still reject it. An empty answer is a problem
 * unless the call reads the text itself (then its check decides).
 */
export interface TextPromptCall<V = string> extends PromptCallBase {
  schema?: undefined;
  /** Turns the answer text into the method's value (default: the text). */
  read?: (text: string) => V;
  check?: (value: V, call: TextPromptCall<V>) => string[];
}

export type PromptCall<T> = JsonPromptCall<T> | TextPromptCall<T>;

/** One model turn of a prompt call, as `onTurn` sees it. */
export interface AskTurn<T = unknown> {
  /** 1 for the first answer, then one per repair turn. */
  attempt: number;
  /** The messages this turn answers that the previous turn had not seen (everything after the last assistant message). */
  prompt: ChatMessage[];
  raw: string;
  /** The answer's value, when one could be read (text calls: always). */
  value?: T;
  /** The problems found in this answer (empty when accepted). */
  problems: string[];
  /** True for the answer `ask` returns or gives up on (accepted, or the last allowed). */
  final: boolean;
}

export interface AskOptions<T = unknown> {
  signal?: AbortSignal;
  /** Repair turns after the first answer (default 1; 0 disables repair). */
  repairs?: number;
  /** Counts answers that stay invalid (asks and repair turns are counted by `withUsage` itself). */
  meter?: UsageMeter;
  /** Builds the repair message from the problems (default: `repairMessage`). */
  repairPrompt?: (problems: string[], kind: string) => string;
  /** The vars sent with a turn, from its attempt number and the previous answer's problems (default: `call.vars`). */
  roundVars?: (attempt: number, previousProblems: readonly string[]) => unknown;
  /** Called after every model turn. */
  onTurn?: (turn: AskTurn<T>) => void;
  /**
   * When the repairs run out: `throw` an `LlmSchemaError` (default), or
   * `return` the last answer with its `problems` (a JSON answer that never
   * passed the schema has no value, so it still throws).
   */
  exhausted?: 'throw' | 'return';
}

export interface AskResult<T> {
  value: T;
  /** The raw text of the returned answer. */
  raw: string;
  /** Raw texts of every attempt, in order. */
  raws: string[];
  /** Tokens over all attempts (and retries, as reported by the provider). */
  usage: TokenUsage & { retries: number; cached: number };
  /** Model turns used: 1, or more after repairs. */
  attempts: number;
  /** The whole dialogue including the final answer. */
  transcript: ChatMessage[];
  /** Problems left in the returned answer: empty unless `exhausted: 'return'` kept a flawed one. */
  problems: string[];
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

/** A turn's verdict: the value when one could be read, and the problems (empty when accepted). */
interface Judged<T> {
  value?: { v: T };
  problems: string[];
}

function judge<T>(text: string, call: PromptCall<T>): Judged<T> {
  if (call.schema === undefined) {
    const textCall = call as TextPromptCall<T>;
    const value = textCall.read ? textCall.read(text) : (text as T);
    const problems = textCall.check?.(value, textCall) ?? [];
    if (!textCall.read && text.trim() === '') problems.unshift('the answer is empty');
    return { value: { v: value }, problems };
  }
  const extracted = extractJson(text);
  if (extracted.status === 'none') return { problems: [extracted.reason + '; answer with JSON'] };
  const parsed = call.schema.safeParse(extracted.value);
  if (!parsed.success) return { problems: formatIssues(parsed.error.issues) };
  return { value: { v: parsed.data }, problems: call.check?.(parsed.data, call) ?? [] };
}

/** The messages after the last assistant message (what the next answer replies to). */
function unanswered(messages: readonly ChatMessage[]): ChatMessage[] {
  let i = messages.length;
  while (i > 0 && messages[i - 1].role !== 'assistant') i--;
  return messages.slice(i).map((m) => ({ ...m }));
}

/** Sends a prompt call; see the module comment. */
export async function ask<T>(client: LlmClient, call: JsonPromptCall<T>, options?: AskOptions<T>): Promise<AskResult<T>>;
export async function ask<V = string>(client: LlmClient, call: TextPromptCall<V>, options?: AskOptions<V>): Promise<AskResult<V>>;
export async function ask<T>(client: LlmClient, call: PromptCall<T>, options: AskOptions<T> = {}): Promise<AskResult<T>> {
  const repairs = options.repairs ?? 1;
  const messages: ChatMessage[] = call.messages.map((m) => ({ ...m }));
  const raws: string[] = [];
  let usage: TokenUsage = ZERO_USAGE;
  let retries = 0;
  let cached = 0;
  let problems: string[] = [];
  for (let attempt = 1; attempt <= repairs + 1; attempt++) {
    const prompt = options.onTurn ? unanswered(messages) : [];
    const response = await client.complete({
      kind: call.kind,
      messages: messages.map((m) => ({ ...m })),
      temperature: call.temperature,
      maxOutputTokens: call.maxOutputTokens,
      seed: call.seed,
      signal: options.signal,
      vars: options.roundVars ? options.roundVars(attempt, problems) : call.vars,
      attempt,
    });
    raws.push(response.text);
    usage = addUsage(usage, response.usage);
    retries += response.retries ?? 0;
    if (response.cached) cached++;
    messages.push({ role: 'assistant', content: response.text });
    const verdict = judge(response.text, call);
    problems = verdict.problems;
    const last = attempt === repairs + 1;
    const keep = problems.length === 0 || (last && options.exhausted === 'return' && verdict.value !== undefined);
    options.onTurn?.({ attempt, prompt, raw: response.text, ...(verdict.value ? { value: verdict.value.v } : {}), problems, final: keep || last });
    if (keep && verdict.value) {
      if (problems.length > 0) options.meter?.recordInvalid(call.kind);
      return { value: verdict.value.v, raw: response.text, raws, usage: { ...usage, retries, cached }, attempts: attempt, transcript: messages, problems };
    }
    if (!last) {
      const text = options.repairPrompt ? options.repairPrompt(problems, call.kind) : repairMessage(problems, call.kind, call.schema !== undefined);
      messages.push({ role: 'user', content: text });
    }
  }
  options.meter?.recordInvalid(call.kind);
  throw new LlmSchemaError(call.kind, raws, problems);
}
