/**
 * The LLM boundary (groundplan DESIGN.md "The LLM boundary"): every LLM use is
 * a prompt call `{kind, vars, messages, schema}` answered by an `LlmClient`.
 * Real providers go through the Vercel AI SDK (OpenAI, Anthropic,
 * OpenAI-compatible servers); middleware adds retries, timeouts, a concurrency
 * limit, usage accounting, a response cache and record/replay cassettes;
 * offline models (`scripted`, `synthetic`; the kitchen `prior` registers from Tru-POMDP) answer by kind with
 * no network. Structured answers are extracted, validated with zod and given
 * one repair turn, as in LLM-DM's validator feedback loop (Guan et al. 2023)
 * and GAVEL's return of semantic failures to the LLM.
 */
export * from './types.js';
export * from './errors.js';
export * from './extract-json.js';
export * from './model-id.js';
export { createProviderClient, apiKeyVariable, parseRetryAfter, toLlmError } from './provider-client.js';
export * from './ask.js';
export * from './retry.js';
export * from './timeout.js';
export * from './concurrency.js';
export * from './usage.js';
export * from './request-key.js';
export * from './cache.js';
export * from './cassette.js';
export * from './scripted-model.js';
export * from './synthetic-model.js';
export * from './registry.js';
export * from './client-stack.js';
export * from './client-from-settings.js';
export * from './config.js';
export * from './check-call.js';
