import type { ErrorCode } from './error-codes.js';

/**
 * One base error for misuse and bad input. Outcomes (a plan not found, an
 * invalid plan, an empty belief) are values, not exceptions.
 */
export class GroundplanError extends Error {
  /** A stable machine-readable code, e.g. `PDDL_PARSE`, `LLM_SCHEMA` (declared in error-codes.ts). */
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** A position in a source text (1-based line and column, 0-based offset). */
export interface SourcePos {
  line: number;
  col: number;
  offset: number;
}

/** A span in a source text; `file` is set when the text came from a file. */
export interface SourceSpan {
  file?: string;
  start: SourcePos;
  end: SourcePos;
}

/** `file:line:col` (or `line:col` when no file is known). */
export function formatSpan(span: SourceSpan | undefined): string {
  if (!span) return '?';
  const at = `${span.start.line}:${span.start.col}`;
  return span.file ? `${span.file}:${at}` : at;
}

/** Input that could not be accepted; `where` says exactly where. */
export class InputError extends GroundplanError {
  readonly span?: SourceSpan;
  constructor(code: ErrorCode, message: string, span?: SourceSpan, options?: { cause?: unknown }) {
    super(code, span ? `${formatSpan(span)}: ${message}` : message, options);
    this.span = span;
  }
}
