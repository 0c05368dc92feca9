/**
 * Planning with a constructed model, two ways (Guan et al. 2023, §4.3):
 * (a) the PDDL engine's planner; when it finds no plan, the user may propose
 *     a plan, which is validated to point at the first unmet precondition and
 *     the action to inspect (appendix A.4);
 * (b) an LLM planner back-prompted with validation feedback in plain language
 *     (the unmet precondition at step N, the unmet goals), up to 8 rounds —
 *     the seed's baseline.
 */
import type { Domain, PlanStep, Problem } from '../../pddl/ast.js';
import { ground } from '../../pddl/ground.js';
import { writeCondition } from '../../pddl/writer.js';
import { CompiledTask } from '../../planner/compiled-task.js';
import { planTask } from '../../planner/planner.js';
import { ask } from '../../llm/ask.js';
import type { ChatMessage, LlmClient } from '../../llm/types.js';
import { extractCode } from '../../llm/extract-json.js';
import { formatStep } from '../../validate/plan-file.js';
import type { ValidationResult } from '../../validate/result.js';
import { validatePlan } from '../../validate/validate-plan.js';
import type { DomainModel } from '../../pddl/described/model.js';
import { atomText, explainAction } from '../../pddl/described/explain.js';
import type { PredicateDef } from '../../pddl/described/predicates.js';

export type PlannerOutcome =
  | { status: 'solved'; steps: PlanStep[]; cost: number; expansions: number }
  | { status: 'unsolvable' | 'timeout' | 'memout' | 'cancelled'; expansions: number };

export function planWithModel(domain: Domain, problem: Problem, options: { timeoutMs?: number; maxStates?: number } = {}): PlannerOutcome {
  const g = ground(domain, problem);
  // Eager GBFS (the planner's default before lama-first): the LLM-DM results and their baseline were measured with it.
  const result = planTask(new CompiledTask(g.task), { search: 'gbfs', timeoutMs: options.timeoutMs, maxStates: options.maxStates });
  if (result.status === 'solved') return { status: 'solved', steps: g.toLifted(result.plan), cost: result.cost, expansions: result.stats.expansions };
  return { status: result.status, expansions: result.stats.expansions };
}

export interface ProposedPlanCheck {
  result: ValidationResult;
  /** What to inspect: the failing step's action in plain language (A.4), or nothing when valid. */
  inspect?: { action: string; step: number; explanation: string };
  message: string;
}

/** Validates a plan a person proposes; on failure names the first unmet precondition and the action model to inspect. */
export function checkProposedPlan(model: DomainModel | undefined, domain: Domain, problem: Problem, steps: readonly PlanStep[]): ProposedPlanCheck {
  const result = validatePlan(domain, problem, steps, { trace: false });
  if (result.status === 'valid') return { result, message: `The proposed plan is valid in the model (${result.length} steps): the planner should find a plan; check the goal and the initial state.` };
  if (result.reason === 'precondition') {
    const a = model?.actions.find((x) => x.pddlName === result.step.name);
    const explanation = a ? explainAction(a, model?.predicates ?? []) : '';
    return {
      result,
      inspect: { action: a?.name ?? result.step.name, step: result.stepIndex + 1, explanation },
      message:
        `${result.explanation}\nIf this step is executable in the real world, the model of '${a?.name ?? result.step.name}' may have a wrong or unnecessary precondition, ` +
        `or an earlier action may be missing an effect that makes ${result.unsatisfied.join(', ')} true.`,
    };
  }
  if (result.reason === 'goal') return { result, message: `${result.explanation}\nIf the plan reaches the goal in the real world, an action in it may be missing an effect.` };
  return { result, message: result.explanation };
}

export const PLAN_KIND = 'llmdm.plan';

export interface PlanVars {
  goal: string;
  init: string[];
  objects: { name: string; type: string }[];
  actions: string[];
  feedback?: string;
}

/** A ground literal like `(p a b)` or `not (p a b)` in words, from the predicate descriptions. */
export function literalText(literal: string, predicates: readonly PredicateDef[]): string {
  const m = /^(not\s*)?\(\s*([^\s()]+)((?:\s+[^\s()]+)*)\s*\)$/.exec(literal.trim());
  if (!m) return literal;
  const defs = new Map(predicates.map((p) => [p.name, p]));
  if (!defs.has(m[2].toLowerCase()) && m[2] !== '=') return literal;
  const text = atomText(m[2], m[3].trim() === '' ? [] : m[3].trim().split(/\s+/), defs);
  return m[1] ? `it is not the case that ${text}` : text;
}

/** Plain-language feedback for an invalid plan, as the seed back-prompts with. */
export function planFeedback(result: ValidationResult, predicates: readonly PredicateDef[] = []): string {
  if (result.status === 'valid') return 'The plan is valid.';
  const words = (lits: readonly string[]): string => lits.map((l) => `"${literalText(l, predicates)}" ${l}`).join('; ');
  if (result.reason === 'precondition') return `The plan is not executable: at step ${result.stepIndex + 1}, ${formatStep(result.step)}, this precondition is not met: ${words(result.unsatisfied)}. Please revise the plan.`;
  if (result.reason === 'goal') return `The plan is executable but does not reach the goal: these goal conditions do not hold at the end: ${words(result.unsatisfied)}. Please revise the plan.`;
  return `The plan cannot be read: ${result.message}. Please revise the plan.`;
}

export interface LlmPlanOutcome {
  status: 'valid' | 'invalid';
  steps: PlanStep[];
  /** Feedback rounds used. */
  rounds: number;
  last: ValidationResult;
  transcript: ChatMessage[];
}

function parseSteps(text: string): PlanStep[] {
  const out: PlanStep[] = [];
  for (const m of extractCode(text).matchAll(/\(\s*([a-zA-Z][\w-]*)((?:\s+[a-zA-Z0-9_][\w-]*)*)\s*\)/g)) {
    out.push({ name: m[1].toLowerCase(), args: m[2].trim() === '' ? [] : m[2].trim().toLowerCase().split(/\s+/) });
  }
  return out;
}

/** The LLM planner with validation feedback (the seed's baseline), up to `maxRounds` feedback rounds. */
export async function llmPlan(client: LlmClient, model: DomainModel, domain: Domain, problem: Problem, options: { maxRounds?: number; instruction?: string } = {}): Promise<LlmPlanOutcome> {
  const maxRounds = options.maxRounds ?? 8;
  const actions = model.actions.map((a) => `${a.pddlName}${a.parameters.map((p) => ` ${p.name}`).join('')}\n${explainAction(a, model.predicates)}`);
  const init = problem.init.flatMap((e) => (e.kind === 'atom' ? [`(${[e.atom.predicate, ...e.atom.args.map((t) => t.name)].join(' ')})`] : []));
  const goal = writeCondition(problem.goal);
  const objects = problem.objects.map((o) => ({ name: o.name, type: o.types[0] ?? 'object' }));
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: 'You are a planner. Given the actions (with their preconditions and effects in plain language), the objects, the initial state and the goal, write a plan: one action per line as (action-name arg1 arg2 ...) inside a ``` block.',
    },
    {
      role: 'user',
      content: `Actions:\n${actions.join('\n\n')}\n\nObjects:\n${objects.map((o) => `${o.name} - ${o.type}`).join('\n')}\n\nInitial state:\n${init.join('\n')}\n\nGoal${options.instruction ? ` (${options.instruction})` : ''}:\n${goal}\n\nPlan:`,
    },
  ];
  const vars: PlanVars = { goal, init, objects, actions: model.actions.map((a) => a.pddlName), feedback: undefined };
  const r = await ask(
    client,
    {
      kind: PLAN_KIND,
      messages,
      read: (text) => {
        const steps = parseSteps(text);
        return { steps, result: validatePlan(domain, problem, steps, { trace: false }) };
      },
      check: (p) => (p.result.status === 'valid' ? [] : [planFeedback(p.result, model.predicates)]),
    },
    {
      repairs: maxRounds,
      exhausted: 'return',
      // the feedback a round answers is part of what its prompt was rendered from
      roundVars: (round, previous) => ({ ...vars, feedback: round === 1 ? undefined : previous.join('\n') }),
      repairPrompt: (problems) => problems.join('\n'),
    },
  );
  const { steps, result } = r.value;
  return { status: result.status === 'valid' ? 'valid' : 'invalid', steps, rounds: r.attempts - 1, last: result, transcript: r.transcript };
}
