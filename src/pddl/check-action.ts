/**
 * Checks one action model written on its own — `(:action name :parameters ...
 * :precondition ... :effect ...)` — against an existing domain's types,
 * constants and predicates. This is the LLM-DM loop (Guan et al. 2023): the
 * LLM writes one action at a time and the diagnostics go back to it.
 */
import type { ActionDecl, Domain } from './ast.js';
import { DomainContext } from './check-formula.js';
import { DiagnosticSink, readOrReport, sortDiagnostics } from './diagnostics.js';
import type { PddlDiagnostic } from './errors.js';
import { parseAction } from './parse-domain.js';
import { sexprText } from './parse-formula.js';
import { isAtom, isList } from './sexpr.js';

export interface ActionCheck {
  action?: ActionDecl;
  diagnostics: PddlDiagnostic[];
  ok: boolean;
}

/**
 * Parses `(:action ...)` (spans refer to `text`) and checks it in the context of `domain`
 * (requirement warnings use the domain's requirements). Also reports an action name that the
 * domain already uses. Never throws.
 */
export function checkActionText(text: string, domain: Domain, file?: string): ActionCheck {
  const sink = new DiagnosticSink();
  const exprs = readOrReport(text, file, sink);
  if (!exprs) return { diagnostics: sink.list, ok: false };
  const [first, ...rest] = exprs;
  for (const r of rest) sink.error('malformed', `unexpected text after the action: ${sexprText(r)}; give one (:action ...) form`, r.span);
  if (!isList(first) || !isAtom(first.items[0], ':action')) {
    const start = { line: 1, col: 1, offset: 0 };
    sink.error('malformed', `expected (:action NAME :parameters (...) :precondition ... :effect ...) but found ${first ? sexprText(first) : 'nothing'}`, first?.span ?? (file ? { file, start, end: start } : { start, end: start }));
    return { diagnostics: sortDiagnostics(sink.list), ok: false };
  }
  const action = parseAction(first, sink);
  if (action) {
    const ctx = new DomainContext(domain, sink);
    if (domain.actions.some((a) => a.name === action.name)) {
      sink.error('duplicate', `action '${action.name}' already exists in domain '${domain.name}'; choose another name`, first.items[1].span);
    }
    const where = `action '${action.name}'`;
    const scope = ctx.bind(new Map(), action.params, where);
    if (action.precondition) ctx.checkCondition(action.precondition, scope, `the precondition of ${where}`);
    if (action.effect) ctx.checkEffect(action.effect, scope, `the effect of ${where}`);
  }
  return { action, diagnostics: sortDiagnostics(sink.list), ok: sink.errorCount === 0 };
}
