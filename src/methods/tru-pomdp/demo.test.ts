import { describe, expect, it } from 'vitest';
import { KitchenEpisode, parseAction } from '../../envs/kitchen/index.js';
import { UsageMeter } from '../../llm/index.js';
import type { MethodStepRecord } from '../method.js';
import { runDemo } from './demo.js';
import { createPriorModel, loadPrior, priorAnswer } from '../../llm/prior-model.js';

describe('demo and prior model', () => {
  it('runs the bundled demo task end to end with the prior model (small trial budget)', async () => {
    const meter = new UsageMeter();
    const steps: MethodStepRecord[] = [];
    const { task, result } = await runDemo({ maxTrials: 8, timePerMove: 30, seed: 1, meter, onStep: (r) => steps.push(r) });
    expect(task.kitchen).toBe('one_wall');
    expect(result.llm.calls).toBe(meter.summary().total.asks);
    // The outcome is derived by replaying the recorded actions in the true kitchen.
    const replay = new KitchenEpisode(task);
    for (const s of steps) replay.step(parseAction(task.world, s.action));
    expect(result.success).toBe(replay.status === 'success');
    expect(result.reward).toBe(replay.totalReward);
    // Not derived: the README says the demo succeeds. The bundled task is one the prior happens to
    // solve (issue 15), so this pins that claim at this trial budget rather than a property of the method.
    expect(result.success).toBe(true);
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
