/**
 * Located diagnostics as the tools return them: one flat shape for PDDL
 * parser/checker diagnostics, plan-file errors, scene/goal JSON errors and
 * limit violations, saying which input (`source`), where (line:col, or a JSON
 * path) and why, with the hint split out when the message carries one.
 */
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { rawMessage } from '../pddl/diagnostics.js';
import { PddlCheckError, type PddlDiagnostic } from '../pddl/errors.js';

export const SOURCES = ['domain', 'problem', 'plan', 'scene', 'goal', 'input'] as const;
export type DiagnosticSource = (typeof SOURCES)[number];

export const diagnosticSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string().describe('stable category, e.g. undeclared-predicate, arity, syntax, input-too-large'),
  message: z.string(),
  hint: z.string().optional().describe('what to do about it, when the checker knows'),
  source: z.enum(SOURCES).describe('which input the diagnostic is about'),
  line: z.number().int().optional().describe('1-based line in that input'),
  col: z.number().int().optional().describe('1-based column'),
  endLine: z.number().int().optional(),
  endCol: z.number().int().optional(),
  path: z.string().optional().describe('JSON path or argument name, for JSON inputs and limits'),
});

export type Diagnostic = z.infer<typeof diagnosticSchema>;

/**
 * The hint part of a checker message: the text after the first `; ` (the
 * checker's "what to do" clause), or a trailing `(did you mean ...?)`.
 */
export function hintOf(message: string): string | undefined {
  const semi = message.indexOf('; ');
  if (semi >= 0) return message.slice(semi + 2).trim() || undefined;
  const m = /\((did you mean [^()]*)\)\s*$/.exec(message);
  return m ? m[1] : undefined;
}

export function fromPddl(d: PddlDiagnostic, source: DiagnosticSource): Diagnostic {
  const own = (d as PddlDiagnostic & { hint?: unknown }).hint;
  const hint = typeof own === 'string' ? own : hintOf(d.message);
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(hint ? { hint } : {}),
    source,
    ...(d.span ? { line: d.span.start.line, col: d.span.start.col, endLine: d.span.end.line, endCol: d.span.end.col } : {}),
  };
}

/** `code` names the category; the span (when the error has one) gives line:col. */
export function fromInputError(err: InputError, source: DiagnosticSource, code: string): Diagnostic {
  const message = rawMessage(err);
  const hint = hintOf(message);
  return {
    severity: 'error',
    code,
    message,
    ...(hint ? { hint } : {}),
    source,
    ...(err.span ? { line: err.span.start.line, col: err.span.start.col, endLine: err.span.end.line, endCol: err.span.end.col } : {}),
  };
}

/**
 * Diagnostics for an error thrown while reading an input: every diagnostic of
 * a PDDL check error, one for any other input error; anything else is a bug and
 * is rethrown (the worker reports it as a crashed call).
 */
export function diagnosticsOfError(err: unknown, source: DiagnosticSource, code: string): Diagnostic[] {
  if (err instanceof PddlCheckError) return err.diagnostics.map((d) => fromPddl(d, source));
  if (err instanceof InputError) return [fromInputError(err, source, err.code === 'PDDL_PARSE' ? 'syntax' : code)];
  throw err;
}

export function errorCount(ds: readonly Diagnostic[]): number {
  return ds.filter((d) => d.severity === 'error').length;
}

/** `problem:4:12: error [undeclared-object] ...` — one line per diagnostic, for the text content. */
export function diagnosticLines(ds: readonly Diagnostic[]): string[] {
  return ds.map((d) => {
    const at = d.line !== undefined ? `${d.source}:${d.line}:${d.col ?? 1}` : d.path !== undefined ? `${d.source}:${d.path}` : d.source;
    return `${at}: ${d.severity} [${d.code}] ${d.message}`;
  });
}
