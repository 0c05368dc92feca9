/**
 * PDDL input errors. A parse error carries the span and a one-line snippet of
 * the offending source so that a person or an LLM can act on it.
 */
import { InputError, type SourceSpan } from '../core/errors.js';
import type { DiagnosticCode } from './diagnostic-codes.js';

export class PddlParseError extends InputError {
  constructor(message: string, span: SourceSpan) {
    super('PDDL_PARSE', message, span);
  }
}

/** One problem found while checking a domain or problem (the parser collects all of them). */
export interface PddlDiagnostic {
  /** Stable category, e.g. `undeclared-predicate`, `arity`, `unknown-type`, `unsupported` (diagnostic-codes.ts). */
  code: DiagnosticCode;
  message: string;
  span?: SourceSpan;
  severity: 'error' | 'warning';
  /**
   * For a departure from the standard that may show at several places (an ill-typed init
   * fact's arguments, every use of an undeclared object): what departs, e.g. `init fact
   * (facing couch television) is ill-typed`. `plan` reports each departure once, in these words.
   */
  departure?: string;
}

/** Thrown when a text has one or more error diagnostics; `diagnostics` lists all of them. */
export class PddlCheckError extends InputError {
  readonly diagnostics: PddlDiagnostic[];
  constructor(diagnostics: PddlDiagnostic[]) {
    const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : '';
    super('PDDL_CHECK', `${first.message}${more}`, first.span);
    this.diagnostics = diagnostics;
  }
}
