import { describe, expect, it } from 'vitest';
import { loadBehaviorData } from './data.js';
import { generateMultiTasks } from './errands.js';
import { ORDERING_VARIANTS, runOrdering } from './ordering-sim.js';
import { frequencyPrior, scenePlacements } from './rsn.js';

const data = loadBehaviorData();

describe('ordering simulation', () => {
  const tasks = generateMultiTasks(data, { count: 12, seed: 5 });
  const model = frequencyPrior(scenePlacements(data));
  it('every variant reaches every goal; the oracle never searches and travels least', () => {
    for (const t of tasks) {
      const runs = ORDERING_VARIANTS.map((v) => runOrdering(t, model, v));
      for (const r of runs) {
        expect(r.success).toBe(true);
        expect([...r.order].sort()).toEqual(t.goals.map((_, i) => i));
      }
      const oracle = runs[ORDERING_VARIANTS.indexOf('oracle')];
      expect(oracle.searches).toBe(0);
      for (const r of runs) expect(oracle.distance).toBeLessThanOrEqual(r.distance + 1e-9);
    }
  });
});
