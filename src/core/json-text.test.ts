import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from './errors.js';
import { jsonErrorOffset, lineCol, parseJsonText } from './json-text.js';

describe('JSON error location', () => {
  it('agrees with JSON.parse on validity and points inside the text', () => {
    expect(jsonErrorOffset('{"a": [1, 2.5e3, "x\\n", true, null]}')).toBeUndefined();
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const off = jsonErrorOffset(text);
        expect(off === undefined).toBe(valid);
        if (off !== undefined) expect(off).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseJsonText', () => {
  it('throws an InputError at file:line:col', () => {
    expect(lineCol('ab\ncd', 4)).toEqual({ line: 2, col: 2 });
    expect(parseJsonText('{"a": [1]}', 'f.json', 'REPORT_ROWS')).toEqual({ a: [1] });
    let err: unknown;
    try {
      parseJsonText('{\n  "a": tru\n}', 'f.json', 'REPORT_ROWS');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).code).toBe('REPORT_ROWS');
    expect((err as Error).message).toMatch(/^f\.json:2:8: invalid JSON: /);
    expect((err as InputError).span).toMatchObject({ file: 'f.json', start: { line: 2, col: 8, offset: 9 } });
  });
});
