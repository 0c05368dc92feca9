import { describe, expect, it } from 'vitest';
import { Rng } from '../../../core/rng.js';
import { generateMultiTasks, loadBehaviorData, runOrdering } from '../../../envs/household/index.js';
import { createSyntheticModel } from '../../../llm/index.js';
import { runHouseholdEpisode } from '../method.js';
import { householdTruth } from '../prompts.js';
import { registerGavelSynthetic } from '../synthetic.js';
import { epogMethod, oracleMethod } from './index.js';

registerGavelSynthetic();
const tasks = generateMultiTasks(loadBehaviorData(), { count: 16, seed: 5 });
const SEMANTIC = new Set(['cooked', 'washed', 'dried']);

describe('household baselines', () => {
  it('oracle: every instruction succeeds, without room searches or LLM calls, at about the ordering simulation oracle distance', async () => {
    for (const t of tasks) {
      const llm = createSyntheticModel({ seed: 1, truth: householdTruth(t) });
      const r = await runHouseholdEpisode(oracleMethod, t, { llm, rng: new Rng(1), methodOptions: { task: t } });
      const sim = runOrdering(t, { types: [], scores: () => ({}) }, 'oracle');
      expect({ id: t.id, status: r.status, searches: r.searches, calls: r.llm.calls }).toEqual({ id: t.id, status: 'success', searches: 0, calls: 0 });
      expect(r.distance).toBeGreaterThanOrEqual(sim.distance - 1e-6);
      expect(r.distance).toBeLessThan(sim.distance + 6 * t.uncertain.length);
    }
  });

  it('epog: with exact goal extraction it succeeds exactly on the instructions that need no semantic state', async () => {
    let spatial = 0;
    for (const t of tasks) {
      const llm = createSyntheticModel({ seed: 2, truth: householdTruth(t), knobs: { 'gavel.extractError': 0 } });
      const r = await runHouseholdEpisode(epogMethod, t, { llm, rng: new Rng(2) });
      const semantic = t.goal.literals.some((l) => l.kind === 'flag' && SEMANTIC.has(l.flag));
      if (!semantic) spatial++;
      expect({ id: t.id, success: r.success }).toEqual({ id: t.id, success: !semantic });
      // the LLM is used for understanding only: one decomposition and one extraction per errand
      expect(r.llm.calls).toBe(1 + t.goals.length);
    }
    expect(spatial).toBeGreaterThan(3);
  });
});
