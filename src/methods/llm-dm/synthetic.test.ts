import { describe, expect, it } from 'vitest';
import { createSyntheticModel, syntheticRegistry } from '../../llm/synthetic-model.js';
import { compareAction } from './compare.js';
import { constructDomain } from './construct.js';
import { registerLlmDmSynthetic } from './synthetic.js';
import { GOLD, SPEC } from './test-fixtures.js';

registerLlmDmSynthetic();

async function build(knobs: string, seed = 1) {
  const client = createSyntheticModel({ knobs, seed, truth: { gold: GOLD } });
  return constructDomain(SPEC, client);
}

describe('LLM-DM synthetic LLM', () => {
  it('declares its knobs with defaults', () => {
    const k = syntheticRegistry.parseKnobs('');
    expect(k['llmdm.errorRate']).toBe(0.5);
    expect(k['llmdm.fixProbability']).toBe(0.7);
    expect(() => syntheticRegistry.parseKnobs('llmdm.errorRate=2')).toThrow(/must be in \[0, 1\]/);
  });

  it('without noise writes the gold model in two passes and no feedback', async () => {
    const r = await build('llmdm.errorRate=0,llmdm.factualRate=0');
    expect(r.passes).toBe(2);
    expect(r.outcomes.every((o) => o.feedbackRounds === 0)).toBe(true);
    expect(r.model.actions.map((a, i) => compareAction(a, GOLD.actions[i]).exact)).toEqual([true, true]);
    expect(r.model.predicates.map((p) => p.name).sort()).toEqual(GOLD.predicates.map((p) => p.name).sort());
  });

  it('with one error per answer and sure fixes needs exactly one feedback round per action and pass', async () => {
    const r = await build('llmdm.errorRate=1,llmdm.factualRate=0,llmdm.fixProbability=1', 7);
    expect(r.outcomes.map((o) => o.feedbackRounds)).toEqual([1, 1, 1, 1]);
    expect(r.model.actions.map((a, i) => compareAction(a, GOLD.actions[i]).exact)).toEqual([true, true]);
  });

  it('never fixing runs out the 8 rounds; the answers are seeded (same seed, same history)', async () => {
    const a = await build('llmdm.errorRate=1,llmdm.factualRate=0,llmdm.fixProbability=0', 3);
    expect(a.outcomes.filter((o) => o.pass === 1).map((o) => o.feedbackRounds)).toEqual([8, 8]);
    expect(a.outcomes.every((o) => o.issues.length > 0)).toBe(true);
    const b = await build('llmdm.errorRate=1,llmdm.factualRate=0,llmdm.fixProbability=0', 3);
    expect(b.history.map((t) => t.answer)).toEqual(a.history.map((t) => t.answer));
  });

  it('a factual error passes the checks and differs from the gold', async () => {
    const r = await build('llmdm.errorRate=0,llmdm.factualRate=1', 2);
    expect(r.outcomes.every((o) => o.issues.length === 0)).toBe(true);
    const agree = r.model.actions.map((a, i) => compareAction(a, GOLD.actions[i]));
    expect(agree.some((x) => x.missing.length === 1 && x.missing[0].startsWith('pre '))).toBe(true);
  });
});
