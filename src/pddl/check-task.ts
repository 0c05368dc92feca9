/**
 * Checking a domain and a problem together, as every command that reads both
 * does: the problem is checked against the domain, constants the domain uses
 * but only the problem declares are resolved to the problem's objects, and
 * every departure from the standard is judged by the compatibility policy of
 * the command (`check`, `validate`, `plan`, `plan --strict`).
 */
import type { Domain, Problem } from './ast.js';
import { judge, type CompatMode } from './compat-policy.js';
import type { PddlDiagnostic } from './errors.js';
import { checkDomain } from './parse-domain.js';
import { checkProblem } from './parse-problem.js';

/** A PDDL text; `file` names the diagnostics' locations. */
export interface PddlText {
  text: string;
  file?: string;
}

export interface TaskCheck {
  /** As far as they could be read. */
  domain?: Domain;
  problem?: Problem;
  /** The domain's diagnostics, then the problem's, each sorted by position, judged for the mode. */
  domainDiagnostics: PddlDiagnostic[];
  problemDiagnostics: PddlDiagnostic[];
  /** No error diagnostic in either. */
  ok: boolean;
}

function objectsOf(problem: Problem, domain: Domain): Map<string, string[]> {
  const constants = new Set(domain.constants.map((c) => c.name));
  const out = new Map<string, string[]>();
  for (const o of problem.objects) if (!constants.has(o.name) && !out.has(o.name)) out.set(o.name, o.types);
  return out;
}

/** Checks `domain`, then `problem` against it; never throws. */
export function checkTask(domain: PddlText, problem: PddlText, mode: CompatMode = 'check'): TaskCheck {
  let dc = checkDomain(domain.text, domain.file);
  const pc = checkProblem(problem.text, dc.domain, problem.file);
  if (dc.domain && pc.problem && dc.diagnostics.some((d) => d.code === 'undeclared-object')) {
    // Check the domain again, knowing the problem's objects (rare: only for undeclared constants).
    dc = checkDomain(domain.text, domain.file, objectsOf(pc.problem, dc.domain));
  }
  const domainDiagnostics = judge(dc.diagnostics, mode);
  const problemDiagnostics = judge(pc.diagnostics, mode);
  const ok = ![...domainDiagnostics, ...problemDiagnostics].some((d) => d.severity === 'error');
  return { ...(dc.domain ? { domain: dc.domain } : {}), ...(pc.problem ? { problem: pc.problem } : {}), domainDiagnostics, problemDiagnostics, ok };
}
