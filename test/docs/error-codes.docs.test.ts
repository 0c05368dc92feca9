/** docs/errors.md lists every declared error code with its meaning (src/core/error-codes.ts), and no other. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../../src/core/error-codes.js';
import { GroundplanError } from '../../src/core/errors.js';
import { CODES_END, CODES_START, renderErrorCodes } from './error-codes.js';

const text = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'errors.md'), 'utf8');

describe('docs/errors.md, the table of error codes', () => {
  it('is the rendering of src/core/error-codes.ts (rewrite: npx tsx test/docs/render-error-codes.ts)', () => {
    const start = text.indexOf(CODES_START);
    const end = text.indexOf(CODES_END);
    expect(start).toBeGreaterThan(0);
    expect(text.slice(start + CODES_START.length, end).trim()).toBe(renderErrorCodes());
  });

  it('declares upper-case codes, and tells a declared code from any other string', () => {
    const codes = Object.keys(ERROR_CODES);
    expect(codes.length).toBeGreaterThan(60);
    for (const c of codes) expect(c).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(isErrorCode('PDDL_PARSE')).toBe(true);
    expect(isErrorCode('PDDL_PARSER')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('types the code field: a misspelt code is a compile error (tsc checks the directive below)', () => {
    // @ts-expect-error 'PDDL_PARSER' is not a declared code
    const err = new GroundplanError('PDDL_PARSER', 'x');
    expect(isErrorCode(err.code)).toBe(false);
  });
});
