import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../core/rng.js';
import { describeObservation, generateTasks, goalSatisfied, KitchenEpisode, observe, parseAction, parseTask } from '../../envs/kitchen/index.js';
import { taskFile } from '../../envs/kitchen/test-task-file.js';
import { createScriptedModel, createSyntheticModel, UsageMeter, wrapClient } from '../../llm/index.js';
import { kitchenTruth, runKitchenEpisode, type MethodStepRecord } from '../method.js';
import { KITCHEN_BASELINES_CATALOGUE } from './catalogue.js';
import { parseAnswer } from './action-text.js';
import { mctsPriorGenerator } from './synthetic.js';

KITCHEN_BASELINES_CATALOGUE.installSynthetic();
const kitchenMethod = (name: string) => KITCHEN_BASELINES_CATALOGUE.entries.find((e) => e.name === name)?.method;

const task = parseTask(
  taskFile({
    kitchen: 'one_wall',
    level: 'easy',
    placed: { iced_tea_2: 'Fridge_Cooler_Layer', mug_1: 'Prep_Surface', chips_4: 'Snack_Pantry_Cabinet' },
    robotAt: 'Prep_Surface',
    text: { description: 'Put a cold drink and a snack out for the guests.' },
    goals: [{ iced_tea_2: 'Display_Surface', chips_4: 'Display_Surface' }],
  }),
);
const obs0 = describeObservation(task.world, observe(task.initial));
const NAMES = ['react', 'reflexion', 'react-star', 'reflexion-star', 'llm-mcts'];

describe('action parsing', () => {
  const layout = task.world.layout;
  it('reads thoughts and actions with decorations', () => {
    expect(parseAnswer('think: the tea is cold', layout, obs0)).toEqual({ kind: 'think', text: 'the tea is cold' });
    expect(parseAnswer('Action: open(Fridge_Cooler_Layer).', layout, obs0)).toEqual({ kind: 'action', action: 'OPEN(Fridge_Cooler_Layer)' });
    expect(parseAnswer("I will pick it.\nPick(Prep_Surface, 'mug_1')", layout, obs0)).toEqual({ kind: 'action', action: 'PICK(Prep_Surface, mug_1)' });
  });

  it('rejects nonexistent areas and invisible objects with a message, never throwing', () => {
    const a = parseAnswer('Open(Fridge)', layout, obs0);
    expect(a.kind).toBe('invalid');
    expect(a.kind === 'invalid' && a.message).toMatch(/no area 'Fridge'.*did you mean/);
    const b = parseAnswer('Pick(Fridge_Cooler_Layer, iced_tea_2)', layout, obs0);
    expect(b.kind === 'invalid' && b.message).toMatch(/no visible object 'iced_tea_2'/);
    expect(parseAnswer('Place(Prep_Surface, mug_1)', layout, obs0).kind).toBe('invalid');
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.constantFrom('Open(', 'Pick(', 'Place(', 'think:', ''), (s, prefix) => {
        const r = parseAnswer(prefix + s, layout, obs0);
        return ['think', 'action', 'invalid'].includes(r.kind);
      }),
    );
  });
});

describe('catalogue', () => {
  it('lists every baseline under its name', () => {
    for (const n of NAMES) expect(kitchenMethod(n)?.name).toBe(n);
  });
});

function scriptedFor(name: string): ReturnType<typeof createScriptedModel> {
  if (name === 'llm-mcts') {
    return createScriptedModel({
      byKind: {
        'mcts.goal': '```json\n{"goal":[{"object":"iced_tea","target_area":"Display_Surface"},{"object":"chips","target_area":"Display_Surface"}]}\n```',
        'mcts.locations': (req) =>
          JSON.stringify({ locations: [{ area: JSON.stringify(req.messages).includes("'iced_tea'") ? 'Fridge_Cooler_Layer' : 'Snack_Pantry_Cabinet', probability: 1 }] }),
        // a sensible prior (the synthetic generator without noise): the search should then act efficiently
        'mcts.prior': (req) => mctsPriorGenerator({ kind: req.kind, vars: req.vars, messages: req.messages, attempt: 1 }, { truth: undefined, rng: new Rng(1), knobs: { mctsPriorError: 0 } }),
      },
    });
  }
  const answers = [
    'think: a cold drink is in the fridge',
    'Open(Fridge)',
    'Open(Fridge_Cooler_Layer)',
    'Pick(Fridge_Cooler_Layer, iced_tea_2)',
    'Place(Display_Surface)',
    'Open(Snack_Pantry_Cabinet)',
    'Pick(Snack_Pantry_Cabinet, chips_4)',
    'Place(Display_Surface)',
  ];
  return createScriptedModel({ byKind: { 'react.step': answers, 'reflexion.reflect': 'Plan: open the fridge.' } });
}

describe('episodes', () => {
  it.each(NAMES)('%s completes a scripted episode end to end (hallucinated names become infeasible turns)', async (name) => {
    const method = kitchenMethod(name);
    if (!method) throw new Error(name);
    const llm = scriptedFor(name);
    const steps: MethodStepRecord[] = [];
    const r = await runKitchenEpisode(method, task, { llm, rng: new Rng(1), onStep: (s) => steps.push(s), methodOptions: name === 'llm-mcts' ? { simulations: 150 } : {} });
    expect(r.status).toBe('success');
    expect(r.reward).toBeGreaterThan(700);
    if (name !== 'llm-mcts') {
      expect(steps.map((s) => s.action)).toEqual([
        'INVALID(Open(Fridge))',
        'OPEN(Fridge_Cooler_Layer)',
        'PICK(Fridge_Cooler_Layer, iced_tea_2)',
        'PLACE(Display_Surface)',
        'OPEN(Snack_Pantry_Cabinet)',
        'PICK(Snack_Pantry_Cabinet, chips_4)',
        'PLACE(Display_Surface)',
      ]);
      expect(steps[0].details.invalid).toEqual([expect.stringMatching(/no area 'Fridge'/)]);
      expect(steps[0].details.thoughts).toEqual(['a cold drink is in the fridge']);
      // the invalid answer is an infeasible step: −25, counted, nothing changes
      expect(steps[0]).toMatchObject({ step: 1, feasible: false, reward: -25 });
      expect(r.steps).toBe(7);
      expect(r.reward).toBe(steps.reduce((a, s) => a + s.reward, 0));
    } else {
      expect(r.steps).toBeLessThanOrEqual(8);
    }
  });

  it.each(['react', 'reflexion-star'])('%s: every malformed or nonexistent action is an infeasible step costing -25', async (name) => {
    const method = kitchenMethod(name);
    if (!method) throw new Error(name);
    const llm = createScriptedModel({ byKind: { 'react.step': ['Open(Nowhere)', 'Pick(Prep_Surface, unicorn_1)', 'Open(Fridge_Cooler_Layer, Prep_Surface)', 'Open(Fridge_Cooler_Layer)'], 'reflexion.reflect': 'Plan: open the fridge.' } });
    const steps: MethodStepRecord[] = [];
    const r = await runKitchenEpisode(method, task, { llm, rng: new Rng(1), stepLimit: 3, onStep: (s) => steps.push(s) });
    expect(r.status).toBe('step-limit');
    expect(r.steps).toBe(3);
    expect(r.reward).toBe(-75);
    expect(steps.map((s) => [s.feasible, s.reward, s.details.reason])).toEqual([
      [false, -25, 'invalid-action'],
      [false, -25, 'invalid-action'],
      [false, -25, 'invalid-action'],
    ]);
  });

  it('Reflexion reflects after three failures in a row and keeps the reflection in its prompt', async () => {
    const bad = ['Open(Nowhere)', 'Place(Prep_Surface)', 'Open(Nowhere)'];
    const llm = createScriptedModel({
      byKind: { 'react.step': [...bad, 'Open(Fridge_Cooler_Layer)', 'Pick(Fridge_Cooler_Layer, iced_tea_2)'], 'reflexion.reflect': 'Plan: 1. Open(Fridge_Cooler_Layer)' },
    });
    const method = kitchenMethod('reflexion-star');
    if (!method) throw new Error('reflexion-star');
    await runKitchenEpisode(method, task, { llm, rng: new Rng(1), stepLimit: 5 });
    const kinds = llm.requests.map((q) => q.kind);
    expect(kinds.slice(0, 4)).toEqual(['react.step', 'react.step', 'react.step', 'reflexion.reflect']);
    expect(llm.requests[4].messages[0].content).toMatch(/reflections on earlier failures[\s\S]*Open\(Fridge_Cooler_Layer\)/);
  });

  it.each(NAMES)('%s on the synthetic model: the outcome equals a replay of its recorded actions in a fresh episode', async (name) => {
    const method = kitchenMethod(name);
    if (!method) throw new Error(name);
    const [gen] = generateTasks({ kitchen: 'galley', level: 'easy', n: 1, seed: 3 });
    const meter = new UsageMeter();
    const llm = wrapClient(createSyntheticModel({ seed: 4, truth: kitchenTruth(gen) }), { meter, retry: false });
    const steps: MethodStepRecord[] = [];
    const r = await runKitchenEpisode(method, gen, { llm, meter, rng: new Rng(2), onStep: (s) => steps.push(s), methodOptions: name === 'llm-mcts' ? { simulations: 60, priorCalls: 2 } : {} });
    // the independent expectation: replay the step records on the true kitchen
    const replay = new KitchenEpisode(gen);
    for (const s of steps) {
      const e = s.action.startsWith('INVALID(') ? replay.invalid() : replay.step(parseAction(gen.world, s.action));
      expect([e.feasible, e.reward]).toEqual([s.feasible, s.reward]);
    }
    const expected = replay.status === 'running' ? 'gave-up' : replay.status;
    expect(r.status).toBe(expected);
    expect(r.success).toBe(goalSatisfied(replay.trueState(), gen.goals));
    expect(r.reward).toBe(replay.totalReward);
    expect(r.steps).toBe(r.success ? steps.length : replay.stepLimit);
    expect(r.llm.calls).toBe(meter.summary().total.asks);
    expect(r.llm.calls).toBeGreaterThan(0);
  });

  it('the synthetic ReAct* agent with no noise solves most generated easy tasks', async () => {
    const tasks = generateTasks({ kitchen: 'one_wall', level: 'easy', n: 5, seed: 9 });
    let wins = 0;
    for (const t of tasks) {
      const llm = createSyntheticModel({ seed: 1, truth: kitchenTruth(t), knobs: { reactStarError: 0, reactHallucination: 0, searchHit: 1 } });
      const method = kitchenMethod('react-star');
      if (!method) throw new Error('react-star');
      const r = await runKitchenEpisode(method, t, { llm, rng: new Rng(1) });
      if (r.success) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(4);
  });
});

describe('through a real provider', () => {
  it('ReAct* runs against an OpenAI-compatible server (local), reading answers with prose around the action', async () => {
    const { parseModelId, createProviderClient } = await import('../../llm/index.js');
    const { startFakeOpenAiServer } = await import('../../../test/fake-openai-server.js');
    const script = [
      'think: the cold drink should be in the fridge.',
      'Open(Fridge_Cooler_Layer)',
      'The tea is visible now.\nPick(Fridge_Cooler_Layer, iced_tea_2)',
      'Place(Display_Surface)',
      'Open(Snack_Pantry_Cabinet)',
      'Pick(Snack_Pantry_Cabinet, chips_4)',
      '> Place(Display_Surface)',
    ];
    const server = await startFakeOpenAiServer((_req, i) => ({ content: script[Math.min(i, script.length - 1)], promptTokens: 100, completionTokens: 10 }));
    try {
      const spec = parseModelId(`compat:test-model@${server.url}`);
      if (spec.kind !== 'network') throw new Error('unreachable');
      const meter = new UsageMeter();
      const llm = wrapClient(createProviderClient(spec, { env: {} }), { meter, retry: false });
      const method = kitchenMethod('react-star');
      if (!method) throw new Error('react-star');
      const r = await runKitchenEpisode(method, task, { llm, meter, rng: new Rng(1) });
      expect(r.status).toBe('success');
      expect(r.steps).toBe(6);
      expect(r.llm.inputTokens).toBe(700);
      expect(server.requests[0].messages[0].content).toMatch(/# Role/);
      expect(server.requests[2].messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    } finally {
      await server.close();
    }
  });
});
