/**
 * The verdict of replaying a plan: valid (with cost and a per-step trace) or
 * invalid with the first reason, the failing ground literals, and a plain-language
 * explanation a person or an LLM can act on.
 */
import type { PlanStep } from '../pddl/ast.js';

export interface TraceEntry {
  /** The plan step as given. */
  step: PlanStep;
  /** The ground action, `(pick-up b)`. */
  action: string;
  /** Facts that became true (were false before the step), sorted. */
  added: string[];
  /** Facts that became false, sorted. */
  deleted: string[];
  /** What the step added to the metric's `total-cost` (1 per step when the problem has no metric). */
  cost: number;
}

/** Step-level input problems: the plan names something the task does not have. */
export type StepErrorReason = 'unknown-action' | 'arity' | 'unknown-object' | 'type';

export type ValidationResult =
  | {
      status: 'valid';
      /** The metric's value at the end (e.g. total-cost), or the plan length when the problem has no `:metric`. */
      cost: number;
      length: number;
      /** One entry per step (empty when `options.trace` is false). */
      trace: TraceEntry[];
    }
  | {
      status: 'invalid';
      reason: 'precondition';
      /** 0-based index into the steps; explanations say `step <stepIndex + 1>`. */
      stepIndex: number;
      step: PlanStep;
      /** Ground failing literals, e.g. `(clear b)`, `not (holding a)`, or a compact `(or ...)`/`(exists ...)`. */
      unsatisfied: string[];
      /** The reason without the `step N (...)` prefix. */
      message: string;
      explanation: string;
      /** Repair hints per failing literal: which actions can make it true/false, or that none can. */
      hints: string[];
    }
  | {
      status: 'invalid';
      reason: 'goal';
      /** Goal literals that do not hold in the final state. */
      unsatisfied: string[];
      /** Number of steps replayed (all of them). */
      length: number;
      message: string;
      explanation: string;
      /** Repair hints per unmet goal literal. */
      hints: string[];
    }
  | {
      status: 'invalid';
      reason: StepErrorReason;
      stepIndex: number;
      step: PlanStep;
      /** For 'unknown-object' and 'type': the 0-based index of the offending argument. */
      argIndex?: number;
      message: string;
      explanation: string;
    };

export type InvalidResult = Extract<ValidationResult, { status: 'invalid' }>;

export interface ValidateOptions {
  /** Record the per-step trace of a valid plan (default true). */
  trace?: boolean;
  /** Called after each step is applied (also for plans that later turn out invalid). */
  onStep?: (entry: TraceEntry, stepIndex: number) => void;
}
