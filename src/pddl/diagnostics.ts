/**
 * Collects PDDL diagnostics while parsing and checking, so that one pass
 * reports every problem it can find (not only the first).
 */
import { formatSpan, type InputError, type SourceSpan } from '../core/errors.js';
import { PddlParseError, type PddlDiagnostic } from './errors.js';
import { readSExprs, type SExpr } from './sexpr.js';
import { editDistance } from '../core/edit-distance.js';
import { COMPAT_POLICY } from './compat-policy.js';
import type { CompatCode, DiagnosticCode } from './diagnostic-codes.js';

export class DiagnosticSink {
  readonly list: PddlDiagnostic[] = [];
  /** Where a typed list first used `- type` (VAL refuses typed names without a (:types ...) section). */
  typedAt?: SourceSpan;

  error(code: DiagnosticCode, message: string, span: SourceSpan | undefined): void {
    this.list.push(span ? { code, message, span, severity: 'error' } : { code, message, severity: 'error' });
  }

  warning(code: DiagnosticCode, message: string, span: SourceSpan | undefined): void {
    this.list.push(span ? { code, message, span, severity: 'warning' } : { code, message, severity: 'warning' });
  }

  /** A departure from the standard (compat-policy.ts), with the severity `check` gives it. */
  departure(code: CompatCode, message: string, span: SourceSpan | undefined, departure?: string): void {
    const severity = COMPAT_POLICY[code].check;
    const d: PddlDiagnostic = span ? { code, message, span, severity } : { code, message, severity };
    if (departure !== undefined) d.departure = departure;
    this.list.push(d);
  }

  /** `unsupported: <what> at line:col` with an optional hint. */
  unsupported(what: string, span: SourceSpan | undefined, hint?: string): void {
    const at = span ? ` at ${span.start.line}:${span.start.col}` : '';
    this.error('unsupported', `unsupported: ${what}${at}${hint ? `; ${hint}` : ''}`, span);
  }

  get errorCount(): number {
    let n = 0;
    for (const d of this.list) if (d.severity === 'error') n++;
    return n;
  }
}

/** Diagnostics sorted by position (stable for equal positions); those without a span last. */
export function sortDiagnostics(ds: PddlDiagnostic[]): PddlDiagnostic[] {
  return ds
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const oa = a.d.span ? a.d.span.start.offset : Number.MAX_SAFE_INTEGER;
      const ob = b.d.span ? b.d.span.start.offset : Number.MAX_SAFE_INTEGER;
      return oa - ob || a.i - b.i;
    })
    .map((x) => x.d);
}

/**
 * A "did you mean" hint: the closest candidate names (edit distance, or one name containing
 * the other), or a short list of what is declared when nothing is close.
 */
export function suggest(name: string, candidates: Iterable<string>, what: string): string {
  const all = [...candidates];
  if (all.length === 0) return `no ${what} is declared`;
  const cap = name.length <= 3 ? 1 : Math.max(2, Math.floor(name.length / 3));
  const close = all
    .map((c) => ({ c, d: c.includes(name) || name.includes(c) ? Math.min(cap, 1) : editDistance(name, c, cap) }))
    .filter((x) => x.d <= cap)
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((x) => x.c);
  if (close.length) return `did you mean ${close.join(' or ')}?`;
  const shown = all.slice(0, 12).join(', ');
  return `declared ${what}: ${shown}${all.length > 12 ? `, ... (${all.length} in all)` : ''}`;
}

/** The message of an InputError without its `file:line:col: ` prefix. */
export function rawMessage(err: InputError): string {
  if (!err.span) return err.message;
  const prefix = `${formatSpan(err.span)}: `;
  return err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
}

/** `file:line:col: error [code] message` (the file is the span's, or `file` when given). */
export function formatDiagnostic(d: PddlDiagnostic, file?: string): string {
  const f = d.span?.file ?? file;
  const pos = d.span ? `${d.span.start.line}:${d.span.start.col}` : '';
  const at = [f, pos].filter((x) => x).join(':');
  return `${at ? `${at}: ` : ''}${d.severity} [${d.code}] ${d.message}`;
}

/** `file:line:col: warning: message [code]`: how the commands print an accepted departure. */
export function formatWarning(d: PddlDiagnostic): string {
  return `${d.span ? `${formatSpan(d.span)}: ` : ''}warning: ${d.message} [${d.code}]`;
}

/** Reads `text`; a syntax error becomes a `syntax` diagnostic in `sink` and the result is undefined. */
export function readOrReport(text: string, file: string | undefined, sink: DiagnosticSink): SExpr[] | undefined {
  try {
    return readSExprs(text, file);
  } catch (err) {
    if (err instanceof PddlParseError) {
      sink.error('syntax', rawMessage(err), err.span);
      return undefined;
    }
    throw err;
  }
}
