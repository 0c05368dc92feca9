/** Each ablation of §5.3 switches exactly one mechanism of the agent loop off, and a different one each. */
import { describe, expect, it } from 'vitest';
import { ABLATIONS, mechanismsOf, type Mechanisms } from './agent.js';

describe('mechanismsOf', () => {
  it('the full method uses every mechanism', () => {
    expect(mechanismsOf()).toEqual({ hypotheses: 'tree', belief: 'particles', update: 'hybrid', decide: 'search', rollout: 'policy' });
  });

  it('each ablation changes exactly one mechanism, and no two change the same one', () => {
    const full = mechanismsOf();
    const changed = ABLATIONS.map((a) => {
      const m = mechanismsOf(a);
      return (Object.keys(full) as Array<keyof Mechanisms>).filter((k) => m[k] !== full[k]);
    });
    for (const c of changed) expect(c).toHaveLength(1);
    expect(new Set(changed.map((c) => c[0])).size).toBe(ABLATIONS.length);
  });
});
