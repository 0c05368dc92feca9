/**
 * VAL-style plan validation on the lifted PDDL AST, independent of the grounder
 * (so each can cross-check the other): instantiate every step's action, check its
 * precondition in the current state, apply its effects simultaneously, recompute
 * the derived predicates (derived.ts), accumulate the metric, and check the goal
 * at the end.
 */
import type { ActionDecl, Domain, PlanStep, Problem } from '../pddl/ast.js';
import { type AchieverIndex, achieverIndex, repairHints } from './achievers.js';
import { type EvalContext, holds, unsatisfied } from './condition.js';
import { DerivedEvaluator } from './derived.js';
import { type Fluents, applyEffects, collectEffects, evalNumeric } from './effects.js';
import { closest, goalMessage, preconditionMessage, stepLabel } from './explain.js';
import { formatStep } from './plan-file.js';
import type { InvalidResult, StepErrorReason, TraceEntry, ValidateOptions, ValidationResult } from './result.js';
import { type Bindings, Universe, factKey } from './world.js';

/** The initial state and fluent values of a problem. */
export function initialState(problem: Problem): { state: Set<string>; fluents: Fluents } {
  const state = new Set<string>();
  const fluents: Fluents = new Map();
  for (const el of problem.init) {
    if (el.kind === 'atom') {
      if (el.atom.predicate === '=') continue;
      state.add(factKey(el.atom.predicate, el.atom.args.map((t) => t.name)));
    } else {
      fluents.set(factKey(el.fn, el.args.map((t) => t.name)), el.value);
    }
  }
  return { state, fluents };
}

/**
 * A reusable validator for one domain and problem: the object tables are built
 * once, so validating many candidate plans (an LLM loop) is cheap.
 */
export class PlanValidator {
  readonly universe: Universe;
  private readonly actions: Map<string, ActionDecl>;
  private achievers?: AchieverIndex;
  private readonly derived?: DerivedEvaluator;

  constructor(
    readonly domain: Domain,
    readonly problem: Problem,
  ) {
    this.universe = new Universe(domain, problem);
    this.actions = new Map(domain.actions.map((a) => [a.name, a]));
    if (domain.derived.length > 0) this.derived = new DerivedEvaluator(domain, this.universe);
  }

  private hints(unsat: Parameters<typeof repairHints>[0]): string[] {
    this.achievers ??= achieverIndex(this.domain);
    return repairHints(unsat, this.achievers);
  }

  validate(steps: readonly PlanStep[], options: ValidateOptions = {}): ValidationResult {
    const recordTrace = options.trace ?? true;
    const { state, fluents } = initialState(this.problem);
    this.derived?.update(state);
    const ctx: EvalContext = { universe: this.universe, state };
    const metric = this.problem.metric;
    const trace: TraceEntry[] = [];

    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      const bad = this.checkStep(step, i);
      if (bad) return bad;
      const action = this.actions.get(step.name) as ActionDecl;
      const env: Bindings = new Map(action.params.map((p, k) => [p.name, step.args[k]]));
      if (action.precondition && !holds(action.precondition, env, ctx)) {
        const unsat = unsatisfied(action.precondition, env, ctx);
        const message = preconditionMessage(unsat);
        return {
          status: 'invalid',
          reason: 'precondition',
          stepIndex: i,
          step,
          unsatisfied: unsat.map((u) => u.text),
          message,
          explanation: `${stepLabel(i, formatStep(step))}: ${message}`,
          hints: this.hints(unsat),
        };
      }
      const before = fluents.get('(total-cost)') ?? 0;
      const changed = action.effect ? applyEffects(state, fluents, collectEffects(action.effect, env, ctx, fluents)) : { added: [], deleted: [] };
      this.derived?.update(state);
      if (recordTrace || options.onStep) {
        const stepCost = metric ? (fluents.get('(total-cost)') ?? 0) - before : 1;
        const entry: TraceEntry = { step, action: formatStep(step), added: changed.added.sort(), deleted: changed.deleted.sort(), cost: stepCost };
        if (recordTrace) trace.push(entry);
        options.onStep?.(entry, i);
      }
    }

    if (!holds(this.problem.goal, new Map(), ctx)) {
      const unsat = unsatisfied(this.problem.goal, new Map(), ctx);
      const message = goalMessage(unsat, steps.length);
      return { status: 'invalid', reason: 'goal', unsatisfied: unsat.map((u) => u.text), length: steps.length, message, explanation: message, hints: this.hints(unsat) };
    }
    const cost = metric ? evalNumeric(metric.expr, new Map(), fluents) : steps.length;
    return { status: 'valid', cost, length: steps.length, trace };
  }

  /** Unknown action, wrong argument count, unknown object or wrong type; undefined when the step is well-formed. */
  private checkStep(step: PlanStep, i: number): InvalidResult | undefined {
    const fail = (reason: StepErrorReason, message: string, argIndex?: number): InvalidResult => ({
      status: 'invalid',
      reason,
      stepIndex: i,
      step,
      ...(argIndex === undefined ? {} : { argIndex }),
      message,
      explanation: `${stepLabel(i, formatStep(step))}: ${message}`,
    });
    const action = this.actions.get(step.name);
    if (!action) {
      const known = [...this.actions.keys()];
      const guess = closest(step.name, known);
      const list = known.length > 20 ? `${known.slice(0, 20).join(', ')}, ...` : known.join(', ');
      return fail('unknown-action', `unknown action '${step.name}'${guess ? ` (did you mean '${guess}'?)` : ''} (known: ${list})`);
    }
    if (step.args.length !== action.params.length) {
      const n = action.params.length;
      const sig = action.params.map((p) => `${p.name} - ${typeText(p.types)}`).join(' ');
      return fail('arity', `${action.name} takes ${n} argument${n === 1 ? '' : 's'} (${sig}), got ${step.args.length}`);
    }
    for (let k = 0; k < step.args.length; k++) {
      const arg = step.args[k];
      if (!this.universe.has(arg)) {
        const guess = closest(arg, this.universe.names());
        return fail('unknown-object', `unknown object '${arg}'${guess ? ` (did you mean '${guess}'?)` : ''}: not among the problem's objects or the domain's constants`, k);
      }
      const p = action.params[k];
      if (!this.universe.fits(arg, p.types)) {
        return fail('type', `argument ${k + 1} of ${action.name} (${p.name}) must be of type ${typeText(p.types)}, but ${arg} is of type ${typeText(this.universe.typesOf(arg))}`, k);
      }
    }
    return undefined;
  }
}

function typeText(types: readonly string[]): string {
  return types.length === 1 ? types[0] : `(either ${types.join(' ')})`;
}

/** Replays `steps` on the problem and returns the verdict (see `ValidationResult`). */
export function validatePlan(domain: Domain, problem: Problem, steps: readonly PlanStep[], options?: ValidateOptions): ValidationResult {
  return new PlanValidator(domain, problem).validate(steps, options);
}
