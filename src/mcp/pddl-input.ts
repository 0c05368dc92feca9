/**
 * Reading the PDDL inputs of a tool call (domain, problem and plan texts)
 * into the AST, collecting every located diagnostic instead of throwing.
 */
import type { Domain, Problem } from '../pddl/ast.js';
import { checkTask } from '../pddl/check-task.js';
import { judge, type CompatMode } from '../pddl/compat-policy.js';
import { checkDomain } from '../pddl/parse-domain.js';
import { parsePlan, parsePlanLines, type ParsedPlanStep } from '../validate/plan-file.js';
import { diagnosticLines, diagnosticsOfError, errorCount, fromPddl, type Diagnostic } from './diagnostics.js';

export interface LoadedPddl {
  /** As far as it could be read (set even when there are errors, unless unreadable). */
  domain?: Domain;
  problem?: Problem;
  diagnostics: Diagnostic[];
  /** No error diagnostic. */
  ok: boolean;
}

/**
 * Checks the domain, then (when given) the problem together with it; departures from the
 * standard are judged by the compatibility policy of `mode` (`pddl_check`: check, the
 * validate and repair tools: validate, `pddl_validate` with `lenient`: plan).
 */
export function loadPddl(domainText: string, problemText?: string, mode: Exclude<CompatMode, 'strict'> = 'check'): LoadedPddl {
  if (problemText === undefined) {
    const dc = checkDomain(domainText);
    const diagnostics = judge(dc.diagnostics, mode).map((d) => fromPddl(d, 'domain'));
    return { ...(dc.domain ? { domain: dc.domain } : {}), diagnostics, ok: errorCount(diagnostics) === 0 };
  }
  const tc = checkTask({ text: domainText }, { text: problemText }, mode);
  const diagnostics = [...tc.domainDiagnostics.map((d) => fromPddl(d, 'domain')), ...tc.problemDiagnostics.map((d) => fromPddl(d, 'problem'))];
  return { ...(tc.domain ? { domain: tc.domain } : {}), ...(tc.problem ? { problem: tc.problem } : {}), diagnostics, ok: errorCount(diagnostics) === 0 };
}

/** A plan as IPC text or as one step per string; syntax errors become `plan` diagnostics. */
export function loadPlan(plan: string | readonly string[]): { steps?: ParsedPlanStep[]; diagnostics: Diagnostic[] } {
  try {
    return { steps: typeof plan === 'string' ? parsePlan(plan) : parsePlanLines(plan), diagnostics: [] };
  } catch (err) {
    return { diagnostics: diagnosticsOfError(err, 'plan', 'plan-syntax') };
  }
}

export type LoadedTask =
  | { ok: true; domain: Domain; problem: Problem; steps: ParsedPlanStep[]; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Domain, problem and plan together (the validate and repair tools' inputs): all of them
 * readable, or the diagnostics. `lenient` reads domain and problem as `plan` does.
 */
export function loadTask(domainText: string, problemText: string, plan: string | readonly string[], lenient = false): LoadedTask {
  const r = loadPddl(domainText, problemText, lenient ? 'plan' : 'validate');
  const p = loadPlan(plan);
  const diagnostics = [...r.diagnostics, ...p.diagnostics];
  if (!r.ok || !r.domain || !r.problem || !p.steps) return { ok: false, diagnostics };
  return { ok: true, domain: r.domain, problem: r.problem, steps: p.steps, diagnostics };
}

/** The text of an invalid-input answer. */
export function invalidInputLines(diagnostics: readonly Diagnostic[]): string[] {
  const n = errorCount(diagnostics);
  return [`invalid input: ${n} error${n === 1 ? '' : 's'}`, ...diagnosticLines(diagnostics)];
}
