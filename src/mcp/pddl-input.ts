/**
 * Reading the PDDL inputs of a tool call (domain, problem and plan texts)
 * into the AST, collecting every located diagnostic instead of throwing.
 */
import type { Domain, Problem } from '../pddl/ast.js';
import { checkDomain } from '../pddl/parse-domain.js';
import { checkProblem } from '../pddl/parse-problem.js';
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

/** Checks the domain, then (when given) the problem against it. */
export function loadPddl(domainText: string, problemText?: string): LoadedPddl {
  const dc = checkDomain(domainText);
  const diagnostics = dc.diagnostics.map((d) => fromPddl(d, 'domain'));
  let problem: Problem | undefined;
  if (problemText !== undefined) {
    const pc = checkProblem(problemText, dc.domain);
    diagnostics.push(...pc.diagnostics.map((d) => fromPddl(d, 'problem')));
    problem = pc.problem;
  }
  return { ...(dc.domain ? { domain: dc.domain } : {}), ...(problem ? { problem } : {}), diagnostics, ok: errorCount(diagnostics) === 0 };
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

/** Domain, problem and plan together (the validate and repair tools' inputs): all of them readable, or the diagnostics. */
export function loadTask(domainText: string, problemText: string, plan: string | readonly string[]): LoadedTask {
  const r = loadPddl(domainText, problemText);
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
