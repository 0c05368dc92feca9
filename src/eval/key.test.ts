import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, episodeKey } from './key.js';
import type { EpisodeSpec, Json } from './types.js';

const spec: EpisodeSpec = { suite: 'kitchen:easy', task: 'one_wall-easy-1-3', level: 'easy', method: 'tru-pomdp/no-belief', model: 'synthetic', seed: 2, config: { trials: 100, synthetic: { goalRecall: 0.5 } } };

/** The same JSON value with object keys in a shuffled order (at every level). */
function shuffled(value: Json, order: number[]): Json {
  if (Array.isArray(value)) return value.map((v) => shuffled(v, order));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  const perm = keys.map((k, i) => ({ k, r: order[i % order.length] ?? 0 })).sort((a, b) => a.r - b.r);
  const out: { [k: string]: Json } = {};
  for (const { k } of perm) out[k] = shuffled(value[k], order);
  return out;
}

describe('episodeKey', () => {
  it('has a readable, file-name-safe prefix and a 12-hex hash', () => {
    const k = episodeKey(spec);
    expect(k).toMatch(/^kitchen_easy\.tru-pomdp_no-belief\.one_wall-easy-1-3\.s2\.[0-9a-f]{12}$/);
    expect(k).not.toMatch(/[/:\s]/);
  });

  it('does not depend on object key order (fast-check)', () => {
    const json = fc.jsonValue() as fc.Arbitrary<Json>;
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), json, { maxKeys: 6 }), fc.array(fc.integer(), { minLength: 1, maxLength: 8 }), (config, order) => {
        const a: EpisodeSpec = { ...spec, config };
        const b = shuffled({ ...spec, config } as unknown as Json, order) as unknown as EpisodeSpec;
        expect(episodeKey(b)).toBe(episodeKey(a));
        expect(canonicalJson(b)).toBe(canonicalJson(a));
      }),
      { numRuns: 200 },
    );
  });

  it('changes when any field that identifies the episode changes', () => {
    const k = episodeKey(spec);
    expect(episodeKey({ ...spec, seed: 3 })).not.toBe(k);
    expect(episodeKey({ ...spec, model: 'prior' })).not.toBe(k);
    expect(episodeKey({ ...spec, config: { ...spec.config, trials: 101 } })).not.toBe(k);
    expect(episodeKey({ ...spec, config: { trials: 100, synthetic: { goalRecall: 0.6 } } })).not.toBe(k);
    // an undefined field is the same as an absent one
    expect(episodeKey({ ...spec, config: { ...spec.config, extra: undefined as unknown as Json } })).toBe(k);
  });
});
