/**
 * Reading JSON text with located syntax errors: Node's `JSON.parse` messages
 * do not always carry a position, so a small recursive-descent validator finds
 * the offset of the first offending character and we turn it into line:col
 * (`task.json:3:13: invalid JSON: …`).
 */
import { readFileSync } from 'node:fs';
import { InputError } from './errors.js';
import type { ErrorCode } from './error-codes.js';

/** Offset of the first syntax error in `text`, or undefined when it is valid JSON. */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  class Stop extends Error {}
  const fail = (): never => {
    throw new Stop();
  };
  const lit = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const str = (): void => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const num = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  /** An object or array body after its opening bracket: items separated by commas up to `close`. */
  const container = (close: string, item: () => void): void => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === close) {
        i++;
        return;
      } else fail();
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      container('}', () => {
        ws();
        str();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
      });
    } else if (c === '[') container(']', value);
    else if (c === '"') str();
    else if (c === 't') lit('true');
    else if (c === 'f') lit('false');
    else if (c === 'n') lit('null');
    else num();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch (e) {
    if (e instanceof Stop) return Math.min(i, text.length);
    throw e;
  }
}

/** 1-based line and column of an offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

/**
 * `JSON.parse`, with a syntax error thrown as an `InputError` at `file:line:col`
 * (the position is also the error's `span`).
 */
export function parseJsonText(text: string, file: string, code: ErrorCode): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = `invalid JSON: ${(err as Error).message}`;
    const off = jsonErrorOffset(text);
    if (off === undefined) throw new InputError(code, `${file}: ${message}`, undefined, { cause: err });
    const pos = { ...lineCol(text, off), offset: off };
    throw new InputError(code, message, { file, start: pos, end: pos }, { cause: err });
  }
}

/**
 * Reads and parses a JSON file: an unreadable file (`PATH: cannot read: …`) and
 * a syntax error (at `PATH:line:col`) are `InputError`s carrying `code`.
 */
export function readJsonFile(path: string, code: ErrorCode): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(code, `${path}: cannot read: ${(e as Error).message}`);
  }
  return parseJsonText(text, path, code);
}
