import { describe, expect, it } from 'vitest';
import { UsageMeter } from '../../llm/index.js';
import { runDemo } from './demo.js';
import { createPriorModel, loadPrior, priorAnswer } from '../../llm/prior-model.js';

describe('demo and prior model', () => {
  it('runs the bundled demo task end to end with the prior model (small trial budget)', async () => {
    const meter = new UsageMeter();
    const steps: string[] = [];
    const { task, result } = await runDemo({ maxTrials: 8, timePerMove: 30, seed: 1, meter, onStep: (r) => steps.push(r.action) });
    expect(task.kitchen).toBe('one_wall');
    expect(steps.length).toBeGreaterThan(0);
    expect(result.llm.calls).toBeGreaterThan(0);
    expect(result.success).toBe(true);
    expect(result.reward).toBeGreaterThan(500);
  }, 60_000);

  it('prior: ranks the fridge first for milk and answers only closed areas', () => {
    const k = loadPrior();
    const text = priorAnswer(k, 'toh.locations', {
      instruction: 'store the groceries',
      robotAt: 'Prep_Surface',
      inHand: null,
      openAreas: ['Prep_Surface', 'Human_Hand'],
      closedAreas: ['Cleaning_Supply_Cabinet', 'Fridge_Cooler_Layer', 'Oven_Inner_Space', 'Cutlery_Drawer'],
      visible: [],
      object: 'milk_carton',
      k: 3,
    });
    const answer = (JSON.parse(/```json\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '{}') as { answer: { initial_area: string; probability: number }[] }).answer;
    expect(answer[0].initial_area).toBe('Fridge_Cooler_Layer');
    expect(answer).toHaveLength(3);
    expect(answer.reduce((s, a) => s + a.probability, 0)).toBeCloseTo(1, 5);
  });

  it('prior: refuses kinds it does not know', async () => {
    await expect(createPriorModel().complete({ kind: 'react.step', messages: [] })).rejects.toThrow(/only Tru-POMDP kinds/);
  });
});
