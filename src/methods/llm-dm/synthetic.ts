/**
 * Registers the synthetic LLM's generators for LLM-DM's kinds and declares
 * their knobs. Every number measured with them is a "synthetic LLM" number:
 * it measures the construction, checking and planning machinery, not an LLM.
 *
 * Truth (per episode): `{ gold?: DomainModel, goal?: string, init?: string[], plan?: string[] }`.
 */
import type { Rng } from '../../core/rng.js';
import { LlmError } from '../../llm/errors.js';
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../../llm/synthetic-model.js';
import { explainAction } from '../../pddl/described/explain.js';
import type { ExplainVars } from './explain.js';
import type { DomainModel } from '../../pddl/described/model.js';
import type { PlanVars } from './planning.js';
import type { PredicateDef } from '../../pddl/described/predicates.js';
import { DialogueMemory, drawErrors, goldAction, renderWithErrors, SYNTAX_ERROR_KINDS, type Injected } from './synthetic-actions.js';
import type { GoalVars, InitVars } from './translate.js';

export interface LlmDmTruth {
  gold?: DomainModel;
  /** The goal formula in the model's vocabulary. */
  goal?: string;
  /** Init facts in the model's vocabulary, `(p a b)`. */
  init?: string[];
  /** A valid plan, `(action a b)` per step. */
  plan?: string[];
}

export const LLMDM_KNOBS = {
  'llmdm.errorRate': { default: 0.5, min: 0, max: 1, description: 'probability that a first action-model answer has one syntax error of the seed categories' },
  'llmdm.factualRate': { default: 0.1, min: 0, max: 1, description: 'probability that an action-model answer drops a precondition (a factual error no check flags)' },
  'llmdm.fixProbability': { default: 0.7, min: 0, max: 1, description: 'probability that the model fixes each flagged error when given feedback' },
  'llmdm.goalErrorRate': { default: 0.2, min: 0, max: 1, description: 'probability that a goal/init translation names an unknown object or predicate' },
  'llmdm.planErrorRate': { default: 0.6, min: 0, max: 1, description: 'probability that an LLM-planner answer drops or swaps steps' },
} as const;

function knob(ctx: SyntheticContext, name: keyof typeof LLMDM_KNOBS): number {
  const v = ctx.knobs[name];
  return typeof v === 'number' ? v : LLMDM_KNOBS[name].default;
}

function truthOf(ctx: SyntheticContext, kind: string): LlmDmTruth {
  if (typeof ctx.truth !== 'object' || ctx.truth === null) throw new LlmError('LLM_SYNTHETIC', `synthetic ${kind}: the episode has no LLM-DM truth ({gold, goal, init, plan})`);
  return ctx.truth as LlmDmTruth;
}

const memory = new DialogueMemory();

interface ActionVars {
  action: string;
  pass: number;
  round: number;
  predicates: PredicateDef[];
  review?: boolean;
}

function actionModelAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  const truth = truthOf(ctx, call.kind);
  const v = call.vars as ActionVars;
  const gold = truth.gold ? goldAction(truth as { gold: DomainModel }, v.action) : undefined;
  if (!truth.gold || !gold) throw new LlmError('LLM_SYNTHETIC', `synthetic llmdm.action-model: no gold model for action '${v.action}'`);
  const key = `${v.action}|${call.messages[1]?.content ?? ''}`;
  const fix = knob(ctx, 'llmdm.fixProbability');
  let errors: Injected[];
  if (call.attempt === 1 && !v.review) {
    errors = drawErrors(ctx.rng, knob(ctx, 'llmdm.errorRate'), knob(ctx, 'llmdm.factualRate'));
    // Pick a syntax error this action can have (the first applicable in a shuffled order).
    const syntax = errors.find((e) => e.kind !== 'missing-precondition');
    if (syntax) {
      const kinds = ctx.rng.shuffle([...SYNTAX_ERROR_KINDS]);
      const ok = kinds.map((k) => ({ kind: k, at: syntax.at })).find((e) => renderWithErrors(gold, truth.gold?.predicates ?? [], v.predicates, [e]).applied.length === 1);
      errors = errors.filter((e) => e !== syntax);
      if (ok) errors.unshift(ok);
    }
  } else {
    const prev = memory.get(truth, key) ?? [];
    errors = prev.filter((e) => (e.kind === 'missing-precondition' && !v.review ? true : !ctx.rng.chance(fix)));
  }
  const r = renderWithErrors(gold, truth.gold.predicates, v.predicates, errors);
  memory.set(truth, key, r.applied);
  return r.text;
}

function objectNoise(rng: Rng, text: string, names: readonly string[]): string {
  const present = names.filter((n) => new RegExp(`[\\s(]${n}[\\s)]`).test(text));
  if (present.length === 0) return text.replace(/\(\s*([a-zA-Z][\w-]*)/, '($1-state');
  const n = rng.pick(present);
  return rng.chance(0.5) ? text.replace(new RegExp(`([\\s(])${n}([\\s)])`), `$1the-${n}$2`) : text.replace(/\(\s*((?!and\b|not\b)[a-zA-Z][\w-]*)/, '($1-state');
}

function goalAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  const truth = truthOf(ctx, call.kind);
  if (truth.goal === undefined) throw new LlmError('LLM_SYNTHETIC', 'synthetic llmdm.goal: the episode truth has no goal');
  const v = call.vars as GoalVars;
  const noisy = call.attempt === 1 ? ctx.rng.chance(knob(ctx, 'llmdm.goalErrorRate')) : !ctx.rng.chance(knob(ctx, 'llmdm.fixProbability'));
  const goal = noisy ? objectNoise(ctx.rng, truth.goal, v.objects.map((o) => o.name)) : truth.goal;
  return `Goal:\n\`\`\`\n${goal}\n\`\`\``;
}

function initAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  const truth = truthOf(ctx, call.kind);
  if (truth.init === undefined) throw new LlmError('LLM_SYNTHETIC', 'synthetic llmdm.init: the episode truth has no init facts');
  const v = call.vars as InitVars;
  const noisy = call.attempt === 1 ? ctx.rng.chance(knob(ctx, 'llmdm.goalErrorRate')) : !ctx.rng.chance(knob(ctx, 'llmdm.fixProbability'));
  const facts = [...truth.init];
  if (noisy && facts.length > 0) {
    const k = ctx.rng.int(facts.length);
    facts[k] = objectNoise(ctx.rng, facts[k], v.objects.map((o) => o.name));
  }
  return `\`\`\`\n${facts.join('\n')}\n\`\`\``;
}

function planAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  const truth = truthOf(ctx, call.kind);
  if (truth.plan === undefined) throw new LlmError('LLM_SYNTHETIC', 'synthetic llmdm.plan: the episode truth has no plan');
  const v = call.vars as PlanVars;
  const rate = knob(ctx, 'llmdm.planErrorRate');
  const noisy = v.feedback === undefined ? ctx.rng.chance(rate) : !ctx.rng.chance(knob(ctx, 'llmdm.fixProbability'));
  const steps = [...truth.plan];
  if (noisy && steps.length > 0) {
    const k = ctx.rng.int(steps.length);
    if (steps.length > 1 && ctx.rng.chance(0.5)) {
      const j = k === steps.length - 1 ? k - 1 : k + 1;
      [steps[k], steps[j]] = [steps[j], steps[k]];
    } else steps.splice(k, 1);
  }
  return `Plan:\n\`\`\`\n${steps.join('\n')}\n\`\`\``;
}

function explainAnswer(call: SyntheticCall): string {
  const v = call.vars as ExplainVars;
  return explainAction(v.action, v.predicates);
}

let registered = false;

/** Registers the generators and knobs once (idempotent). */
export function registerLlmDmSynthetic(): void {
  if (registered) return;
  registered = true;
  declareSyntheticKnobs('llm-dm', LLMDM_KNOBS);
  registerSyntheticGenerator('llmdm.action-model', actionModelAnswer);
  registerSyntheticGenerator('llmdm.goal', goalAnswer);
  registerSyntheticGenerator('llmdm.init', initAnswer);
  registerSyntheticGenerator('llmdm.plan', planAnswer);
  registerSyntheticGenerator('llmdm.explain', explainAnswer);
}
