/**
 * The smallest useful structured call, used by `groundplan llm check`: ask
 * for `{"answer": <number>}` to "what is 2+3". The offline models answer it
 * too (`checkAnswer`: reasoning before the JSON, like a chatty model), so that
 * `llm check` tests the call path whatever model is configured.
 */
import { z } from 'zod';
import { ask, type AskResult, type JsonPromptCall } from './ask.js';
import { registerSyntheticGenerator } from './synthetic-model.js';
import type { LlmClient } from './types.js';

export const CHECK_KIND = 'llm.check';

export const checkSchema = z.object({ answer: z.number() });

export function checkCall(): JsonPromptCall<{ answer: number }> {
  return {
    kind: CHECK_KIND,
    vars: { a: 2, b: 3 },
    messages: [
      { role: 'system', content: 'You are a precise assistant. Answer with JSON only.' },
      { role: 'user', content: 'What is 2+3? Reply with exactly one JSON object of the form {"answer": <number>} and nothing else.' },
    ],
    schema: checkSchema,
    temperature: 0,
    maxOutputTokens: 256,
  };
}

export function runCheck(client: LlmClient, signal?: AbortSignal): Promise<AskResult<{ answer: number }>> {
  return ask(client, checkCall(), { signal });
}

/** An offline model's answer to the check call (the sum of its `vars`). */
export function checkAnswer(vars: unknown): string {
  const v = vars as { a?: number; b?: number } | undefined;
  const sum = (v?.a ?? 2) + (v?.b ?? 3);
  return `Adding the two numbers gives ${sum}.\n\`\`\`json\n{"answer": ${sum}}\n\`\`\``;
}

registerSyntheticGenerator(CHECK_KIND, (call) => checkAnswer(call.vars));
