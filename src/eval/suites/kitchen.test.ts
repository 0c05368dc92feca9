import { describe, expect, it } from 'vitest';
import { KITCHEN_NAMES } from '../../envs/kitchen/index.js';
import { KITCHEN_REGISTRY } from '../../methods/index.js';
import { planSpecs } from '../plan.js';
import { suite } from './index.js';
import { KITCHEN_SUITE_KITCHENS } from './kitchen.js';

const options = (method: string, config: Record<string, number>): unknown => KITCHEN_REGISTRY.resolve(method).entry.options?.(config);

describe('kitchen suites as the paper ran them', () => {
  it('cover all five kitchens, 30 tasks per level spread evenly (6 each)', () => {
    expect([...KITCHEN_SUITE_KITCHENS].sort()).toEqual([...KITCHEN_NAMES].sort());
    const ids = suite('kitchen:hard').tasks({ n: 30 }).map((t) => t.id);
    for (const k of KITCHEN_NAMES) expect(ids.filter((id) => id.startsWith(`${k}-hard-`))).toHaveLength(6);
  });

  it("Tru-POMDP's default budget is 1 CPU-second per move on the thread's clock; --trials N gives N trials under a wall cap", () => {
    const [tru] = planSpecs(suite('kitchen:easy'), { methods: ['tru-pomdp'], seeds: [1], n: 1, model: 'synthetic' });
    expect(tru.config).toEqual({ trials: 0 });
    expect(options('tru-pomdp', tru.config as Record<string, number>)).toEqual({ timePerMove: 1, clock: 'thread' });
    expect(options('tru-pomdp/no-toh', { trials: 0, timePerMove: 0.5 })).toEqual({ timePerMove: 0.5, clock: 'thread', ablation: 'no-toh' });
    const [fixed] = planSpecs(suite('kitchen:easy'), { methods: ['tru-pomdp'], seeds: [1], n: 1, model: 'synthetic', trials: 20 });
    expect(fixed.config).toEqual({ trials: 20 });
    expect(options('tru-pomdp', fixed.config as Record<string, number>)).toEqual({ maxTrials: 20, timePerMove: 30, clock: 'wall' });
    // LLM-MCTS keeps its simulations per move
    expect(options('llm-mcts', { trials: 100 })).toEqual({ simulations: 100 });
    expect(() => options('tru-pomdp', { trials: 1.5 })).toThrow(/spec.config.trials: expected an integer ≥ 0/);
  });
});
