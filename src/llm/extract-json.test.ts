import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCode, extractJson, matchBracket, type JsonValue } from './extract-json.js';

function found(text: string): JsonValue {
  const r = extractJson(text);
  if (r.status !== 'found') throw new Error(`nothing found in ${JSON.stringify(text)}`);
  return r.value;
}

describe('extractJson', () => {
  it('reads bare JSON', () => {
    expect(found('{"a": 1}')).toEqual({ a: 1 });
    expect(found('  [1, 2, 3]\n')).toEqual([1, 2, 3]);
  });

  it('reads a fenced block, with or without a language tag', () => {
    expect(found('Here you go:\n```json\n{"goals": ["a"]}\n```\nDone.')).toEqual({ goals: ['a'] });
    expect(found('```\n[{"x": null}]\n```')).toEqual([{ x: null }]);
  });

  it('takes the final JSON after reasoning, skipping earlier drafts and prose braces', () => {
    const text = 'Let me think. A set like {a, b} is not JSON. First guess {"area": "sink"} is wrong.\nFinal answer: {"area": "fridge_1", "n": [1, {"k": 2}]}';
    expect(found(text)).toEqual({ area: 'fridge_1', n: [1, { k: 2 }] });
  });

  it('handles braces and quotes inside strings', () => {
    expect(found('answer: {"code": "if (x) { y(\\"}\\"); }", "b": "]"}')).toEqual({ code: 'if (x) { y("}"); }', b: ']' });
  });

  it('skips <think> blocks, unless the JSON is only inside them', () => {
    expect(found('<think>maybe {"a": 1}</think>\n{"a": 2}')).toEqual({ a: 2 });
    expect(found('<think>the answer is {"a": 1}</think>')).toEqual({ a: 1 });
  });

  it('prefers the last parsable fenced block over later prose brackets', () => {
    expect(found('```json\n{"steps": ["a"]}\n```\nNote: index [0] is the first step.')).toEqual({ steps: ['a'] });
  });

  it('reports when there is no JSON', () => {
    expect(extractJson('I do not know.').status).toBe('none');
    expect(extractJson('{broken: json').status).toBe('none');
  });

  it('matchBracket respects nesting and strings', () => {
    expect(matchBracket('{"a": "}"} tail', 0)).toBe(10);
    expect(matchBracket('{[}]', 0)).toBe(-1);
    expect(matchBracket('{"a": 1', 0)).toBe(-1);
  });

  it('recovers any JSON value fenced inside random prose (property)', () => {
    const prose = fc.string({ maxLength: 60 }).map((s) => s.replace(/`/g, "'"));
    fc.assert(
      fc.property(prose, fc.jsonValue(), prose, (before, value, after) => {
        const text = `${before}\n\`\`\`json\n${JSON.stringify(value, null, 1)}\n\`\`\`\n${after}`;
        const r = extractJson(text);
        expect(r.status).toBe('found');
        if (r.status === 'found') expect(r.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it('recovers the last bare object after prose without JSON (property)', () => {
    const prose = fc.string({ maxLength: 60 }).map((s) => s.replace(/[[\]{}`]/g, '.'));
    const obj = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    fc.assert(
      fc.property(prose, obj, (before, value) => {
        const r = extractJson(`${before} ${JSON.stringify(value)}`);
        expect(r.status).toBe('found');
        if (r.status === 'found') expect(r.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('extractCode', () => {
  it('takes the last block in the wanted language, else the whole text', () => {
    const text = '```python\nprint(1)\n```\n```ts\nconst a = 1;\n```\n```python\nprint(2)\n```';
    expect(extractCode(text, 'ts')).toBe('const a = 1;');
    expect(extractCode(text)).toBe('print(2)');
    expect(extractCode('  x = 1  ')).toBe('x = 1');
  });
});

describe('lenient parsing', () => {
  it('tolerates trailing commas but nothing else', () => {
    expect(found('{"a": [1, 2,], "b": "x,}",}')).toEqual({ a: [1, 2], b: 'x,}' });
    expect(extractJson("{'a': 1}").status).toBe('none');
  });
});
