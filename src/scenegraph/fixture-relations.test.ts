/** The fixture scenes' relation shorthand: each word, the order kept, any other form refused. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relationsOf } from './fixture-relations.js';

describe('relationsOf', () => {
  it('reads each relation word, in the order written', () => {
    expect(relationsOf('apple in fridge; pan on counter;box under table ;  cup next-to plate')).toEqual([
      { rel: 'object_inside', a: 'apple', b: 'fridge' },
      { rel: 'on_top', a: 'pan', b: 'counter' },
      { rel: 'under', a: 'box', b: 'table' },
      { rel: 'next_to', a: 'cup', b: 'plate' },
    ]);
  });

  it('refuses a part of another form, naming it', () => {
    expect(() => relationsOf('apple in fridge; egg inside fridge')).toThrow("relation 'egg inside fridge'");
    expect(() => relationsOf('apple in')).toThrow("relation 'apple in'");
    expect(() => relationsOf('apple in fridge door')).toThrow(/expected 'A in\|on\|under\|next-to B'/);
  });

  it('reads back what it is given, for any ids', () => {
    const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
    const word = fc.constantFrom(['in', 'object_inside'], ['on', 'on_top'], ['under', 'under'], ['next-to', 'next_to']);
    fc.assert(
      fc.property(fc.array(fc.tuple(id, word, id), { minLength: 1, maxLength: 6 }), (rows) => {
        const text = rows.map(([a, [w], b]) => `${a} ${w} ${b}`).join('; ');
        expect(relationsOf(text)).toEqual(rows.map(([a, [, rel], b]) => ({ rel, a, b })));
      }),
    );
  });
});
