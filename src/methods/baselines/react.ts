/**
 * ReAct (Yao et al. 2022) and Reflexion (Shinn et al. 2023) as online
 * planners for the kitchen, as adapted in Tru-POMDP §5.2 / appendix A.6:
 * each turn the LLM answers a thought (`think: …`, answered with "OK.") or
 * one action; the action's feedback and the new observation come back as the
 * next message. Reflexion adds a reflection (a revised plan kept in the
 * prompt) after three consecutive failures — infeasible actions, or thoughts
 * without an action — and keeps only the last 10 turns of history. The `*`
 * variants use the structured system prompt. An answer naming a nonexistent
 * area or object (or no action at all) is an infeasible step, never a crash:
 * like any infeasible action it changes nothing, counts one step and costs the
 * evaluation reward's −25 (seed §5.1); the LLM is told why.
 */
import { GroundplanError } from '../../core/errors.js';
import type { NamedObservation } from '../../envs/kitchen/index.js';
import { ask } from '../../llm/ask.js';
import { LlmSchemaError } from '../../llm/errors.js';
import type { ChatMessage } from '../../llm/types.js';
import { stepRecord, type KitchenMethod, type MethodContext } from '../method.js';
import { answerFormatProblems, parseAnswer } from './action-text.js';
import { REACT_PLAIN_SYSTEM, REACT_STAR_SYSTEM, feedbackText, observationText, reactFirstUser, reflectionMessages } from './prompts.js';

export const REACT_STEP_KIND = 'react.step';
export const REFLECT_KIND = 'reflexion.reflect';

export interface ReactVariant {
  readonly name: 'react' | 'reflexion' | 'react-star' | 'reflexion-star';
  readonly structured: boolean;
  readonly reflexion: boolean;
}

export const REACT_VARIANTS: readonly ReactVariant[] = [
  { name: 'react', structured: false, reflexion: false },
  { name: 'reflexion', structured: false, reflexion: true },
  { name: 'react-star', structured: true, reflexion: false },
  { name: 'reflexion-star', structured: true, reflexion: true },
];

/** What the synthetic model sees of a `react.step` call. */
export interface ReactStepVars {
  variant: ReactVariant['name'];
  instruction: string;
  observation: NamedObservation;
  /** The previous turn was a thought answered with "OK.": act now. */
  afterThought: boolean;
  reflections: string[];
  /** Failures in a row so far. */
  failures: number;
}

export interface ReflectVars {
  variant: ReactVariant['name'];
  instruction: string;
  observation: NamedObservation;
}

export interface ReactOptions {
  /** Consecutive failures that trigger a reflection (3). */
  failuresToReflect: number;
  /** Turns of history Reflexion keeps (10). */
  historyTurns: number;
  /** Most LLM turns per episode (default 3 × step limit). */
  maxCalls?: number;
  /** Reflections kept in the prompt (3). */
  keepReflections: number;
  temperature?: number;
}

export const DEFAULT_REACT_OPTIONS: ReactOptions = { failuresToReflect: 3, historyTurns: 10, keepReflections: 3 };

interface Turn {
  assistant: string;
  user: string;
}

function num(o: Record<string, unknown>, key: string, fallback: number | undefined): number | undefined {
  const v = o[key];
  if (v === undefined) return fallback;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new GroundplanError('BASELINE_OPTION', `option ${key}: expected a positive integer, got ${String(v)}`);
  return n;
}

export function parseReactOptions(o: Record<string, unknown>): ReactOptions {
  const maxCalls = num(o, 'maxCalls', undefined);
  const temperature = o.temperature === undefined ? undefined : Number(o.temperature);
  return {
    failuresToReflect: num(o, 'failuresToReflect', DEFAULT_REACT_OPTIONS.failuresToReflect) ?? 3,
    historyTurns: num(o, 'historyTurns', DEFAULT_REACT_OPTIONS.historyTurns) ?? 10,
    keepReflections: num(o, 'keepReflections', DEFAULT_REACT_OPTIONS.keepReflections) ?? 3,
    ...(maxCalls !== undefined ? { maxCalls } : {}),
    ...(temperature !== undefined && Number.isFinite(temperature) ? { temperature } : {}),
  };
}

function systemPrompt(variant: ReactVariant, reflections: readonly string[]): string {
  const base = variant.structured ? REACT_STAR_SYSTEM : REACT_PLAIN_SYSTEM;
  if (reflections.length === 0) return base;
  return `${base}\n\n# Your reflections on earlier failures (follow the latest plan)\n${reflections.map((r, i) => `${i + 1}. ${r}`).join('\n')}`;
}

/** Runs one ReAct-family episode in `ctx.env`. */
export async function runReact(ctx: MethodContext, variant: ReactVariant, options: ReactOptions = DEFAULT_REACT_OPTIONS): Promise<void> {
  const env = ctx.env;
  const turns: Turn[] = [];
  const reflections: string[] = [];
  const first = reactFirstUser(env.instruction, env.observation());
  const maxCalls = options.maxCalls ?? 3 * env.stepLimit;
  let calls = 0;
  let acts = 0;
  let thinks = 0;
  let failures = 0;
  let afterThought = false;
  let total = 0;
  let pending: { thoughts: string[]; invalid: string[]; reflections: string[] } = { thoughts: [], invalid: [], reflections: [] };
  let stepStart = performance.now();

  const reflect = async (): Promise<void> => {
    const history = turns
      .slice(-options.historyTurns)
      .map((t) => `> ${t.assistant}\n${t.user}`)
      .join('\n');
    const obs = env.observation();
    calls++;
    try {
      const r = await ask(
        ctx.llm,
        {
          kind: REFLECT_KIND,
          vars: { variant: variant.name, instruction: env.instruction, observation: obs } satisfies ReflectVars,
          messages: reflectionMessages(systemPrompt(variant, []), env.instruction, history, obs),
          temperature: options.temperature,
        },
        { meter: ctx.meter, signal: ctx.signal },
      );
      const text = r.value.trim().replace(/\s+\n/g, '\n');
      reflections.push(text);
      while (reflections.length > options.keepReflections) reflections.shift();
      pending.reflections.push(text);
    } catch (err) {
      if (!(err instanceof LlmSchemaError)) throw err;
      ctx.warn(`${variant.name}: dropped an empty reflection`);
    }
    thinks = 0;
    failures = 0;
  };

  while (env.status === 'running' && acts < env.stepLimit && calls < maxCalls && ctx.timeLeftMs() > 0) {
    const obs = env.observation();
    const window = variant.reflexion ? turns.slice(-options.historyTurns) : turns;
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(variant, reflections) },
      { role: 'user', content: window.length < turns.length ? `Task: ${env.instruction}\n(earlier turns omitted)\nObservation: ${observationText(obs)}` : first },
    ];
    for (const t of window) messages.push({ role: 'assistant', content: t.assistant }, { role: 'user', content: t.user });
    const vars: ReactStepVars = { variant: variant.name, instruction: env.instruction, observation: obs, afterThought, reflections: [...reflections], failures };
    calls++;
    let raw: string;
    try {
      const r = await ask(ctx.llm, { kind: REACT_STEP_KIND, vars, messages, temperature: options.temperature, check: answerFormatProblems }, { meter: ctx.meter, signal: ctx.signal });
      raw = r.value;
    } catch (err) {
      if (!(err instanceof LlmSchemaError)) throw err;
      raw = err.message;
    }
    const parsed = parseAnswer(raw, env.layout, obs);
    if (parsed.kind === 'think') {
      turns.push({ assistant: `think: ${parsed.text}`, user: 'OK.' });
      pending.thoughts.push(parsed.text);
      thinks++;
      afterThought = true;
      if (variant.reflexion && thinks >= options.failuresToReflect) await reflect();
      continue;
    }
    afterThought = false;
    thinks = 0;
    const invalid = parsed.kind === 'invalid' ? parsed : undefined;
    if (invalid) pending.invalid.push(`${invalid.text.slice(0, 80)}: ${invalid.message}`);
    const fb = invalid ? env.invalid(invalid.text.slice(0, 60)) : env.step(parsed.kind === 'action' ? parsed.action : 'NONE');
    acts++;
    total += fb.reward;
    failures = fb.feasible ? 0 : failures + 1;
    turns.push(
      invalid
        ? { assistant: invalid.text.slice(0, 200), user: `Nothing happens: ${invalid.message}.\nObservation: ${observationText(fb.observation)}` }
        : { assistant: fb.action, user: feedbackText(fb.action, fb.feasible, fb.reason, fb.observation) },
    );
    const now = performance.now();
    ctx.onStep?.(stepRecord(env, fb, total, (now - stepStart) / 1000, { method: variant.name, ...pending, ...(fb.reason !== undefined ? { reason: fb.reason } : {}) }));
    pending = { thoughts: [], invalid: [], reflections: [] };
    stepStart = now;
    if (variant.reflexion && failures >= options.failuresToReflect && env.status === 'running') await reflect();
  }
}

export function reactMethod(variant: ReactVariant): KitchenMethod {
  const description = {
    react: 'ReAct (Yao et al. 2022): thought + action per step from the interaction history, one-shot prompt',
    reflexion: 'Reflexion (Shinn et al. 2023): ReAct plus a reflection after 3 consecutive failures, last 10 turns of history',
    'react-star': 'ReAct* : ReAct with the structured system prompt of Tru-POMDP appendix A.6',
    'reflexion-star': 'Reflexion* : Reflexion with the structured system prompt of Tru-POMDP appendix A.6',
  }[variant.name];
  return {
    name: variant.name,
    description,
    run: (ctx, options) => runReact(ctx, variant, parseReactOptions(options)),
  };
}
