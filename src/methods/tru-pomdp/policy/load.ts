/**
 * `loadLlmPolicy`: ask the LLM once per domain (`tru.policy`) for a
 * JavaScript rollout policy, vet it in the sandbox on sample kitchen states,
 * give the model ONE repair turn with the concrete failures, and serve the
 * accepted code from a synchronous sandbox worker. Whatever goes wrong — no
 * code, code that does not load, loops, throws, touches `process`, returns
 * garbage or infeasible actions, exceeds the time or memory limit — ends in
 * the built-in policy plus a warning value; it never throws for the model's
 * faults (configuration errors such as a missing API key still throw).
 */
import { GroundplanError } from '../../../core/errors.js';
import type { EventHandler } from '../../../core/events.js';
import { ask } from '../../../llm/ask.js';
import { extractCode } from '../../../llm/extract-json.js';
import type { ChatMessage, LlmClient, TokenUsage } from '../../../llm/types.js';
import type { UsageMeter } from '../../../llm/usage.js';
import { POLICY_KIND, POLICY_PROMPT_VARS, policyMessages, policyRepairMessage, policySourceFromAnswer } from './prompt.js';
import { builtinRolloutPolicy, sandboxedRolloutPolicy, type PolicyWarning, type BatchRolloutPolicy } from './batch-policy.js';
import { PolicySandbox, type SandboxLimits } from './sandbox.js';
import { sampleQueries, sampleTasks, type SampleTask } from './samples.js';
import { SyncPolicyRunner } from './sync-runner.js';
import { vetPolicy, type VetOptions, type VetReport } from './vet.js';

export interface LoadLlmPolicyOptions extends VetOptions {
  /** Time limit per batch and heap limit of the sandbox. */
  limits?: SandboxLimits;
  /** Tasks whose states vet the policy (default: one generated task per kitchen and level). */
  sampleTasks?: readonly SampleTask[];
  /** Seed of the sample states. Default 7. */
  sampleSeed?: number;
  /** Repair turns after a failed vetting (default 1; 0 disables). */
  repairs?: number;
  temperature?: number;
  seed?: number;
  signal?: AbortSignal;
  meter?: UsageMeter;
  onWarning?: EventHandler<PolicyWarning>;
  /** Memo size of the served policy (see `SandboxedPolicyOptions.cacheSize`). */
  cacheSize?: number;
}

export interface LoadedPolicy {
  policy: BatchRolloutPolicy;
  /** Loading warnings (the policy's `warnings` also collects runtime ones). */
  warnings: PolicyWarning[];
  /** The code the model wrote last, if any. */
  source?: string;
  /** One report per vetted answer. */
  vetting: VetReport[];
  usage: TokenUsage;
  /** Model turns (1, or 2 after a repair). */
  attempts: number;
}

function isLlmFault(err: unknown): err is GroundplanError {
  return err instanceof GroundplanError && err.code.startsWith('LLM_') && err.code !== 'LLM_CONFIG' && err.code !== 'LLM_NO_KEY';
}

function codeCheck(text: string): string[] {
  const code = extractCode(text, 'javascript');
  return /\bnextAction\b/.test(code) ? [] : ['the answer has no JavaScript code defining function nextAction(unreachedGoals, scene)'];
}

export async function loadLlmPolicy(client: LlmClient, options: LoadLlmPolicyOptions = {}): Promise<LoadedPolicy> {
  const warnings: PolicyWarning[] = [];
  const warn = (w: PolicyWarning): void => {
    warnings.push(w);
    options.onWarning?.(w);
  };
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  const vetting: VetReport[] = [];
  const tasks = options.sampleTasks ?? sampleTasks({ seed: options.sampleSeed });
  const queries = sampleQueries(tasks, options.sampleSeed);
  let messages: ChatMessage[] = policyMessages();
  let source: string | undefined;
  let attempts = 0;
  const sandbox = new PolicySandbox(options.limits);
  try {
    const repairs = options.repairs ?? 1;
    for (let turn = 0; turn <= repairs; turn++) {
      let answer;
      try {
        answer = await ask(
          client,
          { kind: POLICY_KIND, vars: POLICY_PROMPT_VARS, messages, temperature: options.temperature, seed: options.seed, check: codeCheck },
          { signal: options.signal, meter: options.meter, repairs: turn === 0 ? 1 : 0 },
        );
      } catch (err) {
        if (!isLlmFault(err)) throw err;
        warn({ code: 'policy-llm-error', message: `no usable rollout policy from the LLM (${err.message}); using the built-in policy` });
        return { policy: builtinRolloutPolicy(warnings), warnings, vetting, usage, attempts, ...(source !== undefined ? { source } : {}) };
      }
      attempts += answer.attempts;
      usage.inputTokens += answer.usage.inputTokens;
      usage.outputTokens += answer.usage.outputTokens;
      source = policySourceFromAnswer(extractCode(answer.raw, 'javascript'));
      const report = await vetPolicy(source, sandbox, queries, tasks, options);
      vetting.push(report);
      if (report.ok) {
        const started = SyncPolicyRunner.start(source, options.limits);
        if (started.status !== 'ok') {
          warn({ code: 'policy-rejected', message: `the LLM rollout policy passed vetting but its sandbox did not start (${started.message}); using the built-in policy` });
          return { policy: builtinRolloutPolicy(warnings), warnings, source, vetting, usage, attempts };
        }
        const policy = sandboxedRolloutPolicy(started.runner, { warnings, onWarning: options.onWarning, ...(options.cacheSize !== undefined ? { cacheSize: options.cacheSize } : {}) });
        return { policy, warnings, source, vetting, usage, attempts };
      }
      messages = [...answer.transcript, { role: 'user', content: policyRepairMessage(report.problems) }];
    }
    const last = vetting[vetting.length - 1];
    warn({
      code: 'policy-rejected',
      message: `the LLM rollout policy was rejected after ${vetting.length} vetting round(s): ${last.problems.join(' | ')}; using the built-in policy`,
    });
    return { policy: builtinRolloutPolicy(warnings), warnings, vetting, usage, attempts, ...(source !== undefined ? { source } : {}) };
  } finally {
    await sandbox.close();
  }
}
