/**
 * A strict s-expression reader for PDDL with line:col spans on every node.
 * `;` starts a comment to the end of the line. Names are lower-cased.
 */
import type { SourcePos, SourceSpan } from '../core/errors.js';
import { PddlParseError } from './errors.js';
import { locateImbalance } from './paren-balance.js';

export type SExpr = SList | SAtom;

export interface SList {
  type: 'list';
  items: SExpr[];
  span: SourceSpan;
}

export interface SAtom {
  type: 'atom';
  /** Lower-cased text. */
  value: string;
  /** Text as written. */
  raw: string;
  span: SourceSpan;
}


/**
 * Lists nested deeper than this are refused with a located error. Every recursive pass after
 * the reader (message texts, the formula parser, normalization, grounding, the writer and the
 * LLM-DM readers) stays far inside the stack at this depth; formulas have their own, lower
 * bound (MAX_DEPTH in parse-formula.ts). Real PDDL nests about 10 levels.
 */
export const MAX_NESTING = 1000;

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0' || c === '\ufeff';
}

/** Reads every top-level expression in `text`. Throws PddlParseError with a location. */
export function readSExprs(text: string, file?: string): SExpr[] {
  let i = 0;
  let line = 1;
  let col = 1;
  const pos = (): SourcePos => ({ line, col, offset: i });
  const span = (start: SourcePos, end: SourcePos): SourceSpan => (file ? { file, start, end } : { start, end });
  const advance = (): void => {
    if (text[i] === '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
    i++;
  };
  const skip = (): void => {
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x0a) {
        line++;
        col = 1;
        i++;
      } else if (code === 0x20 || code === 0x09 || code === 0x0d) {
        col++;
        i++;
      } else if (code === 0x3b) {
        while (i < text.length && text.charCodeAt(i) !== 0x0a) {
          i++;
          col++;
        }
      } else if (isSpace(text[i])) advance();
      else break;
    }
  };

  const top: SExpr[] = [];
  const stack: { items: SExpr[]; start: SourcePos }[] = [];
  for (;;) {
    skip();
    if (i >= text.length) break;
    const c = text[i];
    if (c === '(') {
      if (stack.length >= MAX_NESTING) {
        const at = pos();
        throw new PddlParseError(`lists nested deeper than ${MAX_NESTING} levels; flatten the expression${snippet(text, at)}`, span(at, at));
      }
      stack.push({ items: [], start: pos() });
      advance();
    } else if (c === ')') {
      const start = pos();
      advance();
      const open = stack.pop();
      if (!open) throw imbalance(text, `unexpected ')' at ${start.line}:${start.col} with no matching '('`, start, span);
      const node: SList = { type: 'list', items: open.items, span: span(open.start, pos()) };
      (stack.length ? stack[stack.length - 1].items : top).push(node);
    } else {
      const start = pos();
      const from = i;
      while (i < text.length) {
        const code = text.charCodeAt(i);
        // Fast path: printable ASCII other than delimiters and space.
        if (code > 0x20 && code < 0x7f) {
          if (code === 0x28 || code === 0x29 || code === 0x3b) break;
          i++;
          col++;
          continue;
        }
        const ch = text[i];
        if (isSpace(ch)) break;
        if (code < 0x20 || code === 0x7f || ch === '\ufffd') {
          throw new PddlParseError(`invalid character U+${code.toString(16).padStart(4, '0')} in name${snippet(text, pos())}`, span(pos(), pos()));
        }
        i++;
        col++;
      }
      const raw = text.slice(from, i);
      if (raw.length === 0) {
        const code = text.charCodeAt(i);
        throw new PddlParseError(`invalid character U+${code.toString(16).padStart(4, '0')}${snippet(text, start)}`, span(start, start));
      }
      const node: SAtom = { type: 'atom', value: raw.toLowerCase(), raw, span: span(start, pos()) };
      (stack.length ? stack[stack.length - 1].items : top).push(node);
    }
  }
  if (stack.length) {
    throw imbalance(text, `unexpected end of input: ${stack.length} unclosed '('`, stack[stack.length - 1].start, span);
  }
  return top;
}

/**
 * The error for unbalanced parentheses, located where the imbalance most likely is
 * (paren-balance.ts), or at `fallback` (the innermost open '(', or the unmatched ')').
 */
function imbalance(text: string, what: string, fallback: SourcePos, span: (start: SourcePos, end: SourcePos) => SourceSpan): PddlParseError {
  const r = locateImbalance(text);
  if (!r) return new PddlParseError(`${what}${snippet(text, fallback)}`, span(fallback, fallback));
  return new PddlParseError(`${what}; ${r.message}${snippet(text, r.at)}`, span(r.at, r.at));
}

/** ` near: <line text>` for error messages (trimmed to 80 characters). */
export function snippet(text: string, at: SourcePos): string {
  const lineStart = text.lastIndexOf('\n', at.offset - 1) + 1;
  let lineEnd = text.indexOf('\n', at.offset);
  if (lineEnd < 0) lineEnd = text.length;
  let s = text.slice(lineStart, lineEnd).trim();
  if (s.length > 80) s = `${s.slice(0, 77)}...`;
  return s ? ` near: ${s}` : '';
}

export function isList(e: SExpr | undefined): e is SList {
  return e !== undefined && e.type === 'list';
}

export function isAtom(e: SExpr | undefined, value?: string): e is SAtom {
  return e !== undefined && e.type === 'atom' && (value === undefined || e.value === value);
}
