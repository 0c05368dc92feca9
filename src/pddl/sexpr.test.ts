import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readSExprs, type SExpr } from './sexpr.js';
import { PddlParseError } from './errors.js';

describe('readSExprs', () => {
  it('reads nested lists with spans and lower-cases names', () => {
    const [e] = readSExprs('(define (Domain X) ; comment\n  (:action A))', 'd.pddl');
    expect(e.type).toBe('list');
    if (e.type !== 'list') return;
    expect(e.items.length).toBe(3);
    const dom = e.items[1];
    expect(dom.type === 'list' && dom.items[0].type === 'atom' && dom.items[0].value).toBe('domain');
    const action = e.items[2];
    expect(action.span.start).toMatchObject({ line: 2, col: 3 });
    expect(action.span.file).toBe('d.pddl');
  });

  it('reports an unclosed parenthesis at the innermost open', () => {
    try {
      readSExprs('(define\n  (domain x)\n  (:action a');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PddlParseError);
      expect((e as PddlParseError).span?.start).toMatchObject({ line: 3, col: 3 });
      expect((e as Error).message).toMatch(/^3:3: unexpected end of input/);
    }
  });

  it('reports a stray closing parenthesis', () => {
    expect(() => readSExprs('(a))')).toThrow(/1:4: unexpected '\)'/);
  });

  it('never throws anything but PddlParseError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('(', ')', ' ', 'a', '?', ';', '\n', '-', ':', '\u0000', 'é') }), (s) => {
        try {
          const out: SExpr[] = readSExprs(s);
          return Array.isArray(out);
        } catch (e) {
          return e instanceof PddlParseError && e.span !== undefined;
        }
      }),
    );
  });
});
