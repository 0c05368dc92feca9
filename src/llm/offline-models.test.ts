import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ask } from './ask.js';
import { LlmConfigError, LlmScriptError } from './errors.js';
import { createModel, registerModel, registeredModels } from './registry.js';
import { createScriptedModel } from './scripted-model.js';
import { createSyntheticModel, describeSynthetic, SyntheticRegistry } from './synthetic-model.js';
import './check-call.js';
import { UsageMeter, withUsage } from './usage.js';

describe('scripted model', () => {
  it('answers in order and per kind, and records requests', async () => {
    const m = createScriptedModel({ answers: ['first', 'second'], byKind: { 'toh.goals': ['g1', 'g2'], 'react.step': 'always' } });
    const msg = [{ role: 'user' as const, content: 'q' }];
    expect((await m.complete({ kind: 'x', messages: msg })).text).toBe('first');
    expect((await m.complete({ kind: 'toh.goals', messages: msg })).text).toBe('g1');
    expect((await m.complete({ kind: 'react.step', messages: msg })).text).toBe('always');
    expect((await m.complete({ kind: 'react.step', messages: msg })).text).toBe('always');
    expect((await m.complete({ kind: 'toh.goals', messages: msg })).text).toBe('g2');
    expect((await m.complete({ kind: 'y', messages: msg })).text).toBe('second');
    await expect(m.complete({ kind: 'toh.goals', messages: msg })).rejects.toThrow(/no answers left for kind 'toh.goals'/);
    await expect(m.complete({ kind: 'z', messages: msg })).rejects.toBeInstanceOf(LlmScriptError);
    expect(m.requests.map((r) => r.kind)).toEqual(['x', 'toh.goals', 'react.step', 'react.step', 'toh.goals', 'y', 'toh.goals', 'z']);
  });

  it('drives the repair turn in ask', async () => {
    const m = createScriptedModel({ answers: ['{"n": "five"}', 'ok: {"n": 5}'] });
    const meter = new UsageMeter();
    const client = withUsage(meter)(m);
    const r = await ask(client, { kind: 'k', messages: [{ role: 'user', content: 'n?' }], schema: z.object({ n: z.number() }) }, { meter });
    expect(r).toMatchObject({ value: { n: 5 }, attempts: 2 });
    expect(meter.summary().byKind.k).toMatchObject({ calls: 2, asks: 1, repairs: 1, invalidAnswers: 0 });
    const m2 = createScriptedModel({ answers: ['x', 'y'] });
    await expect(ask(withUsage(meter)(m2), { kind: 'k', messages: [], schema: z.object({}) }, { meter })).rejects.toThrow(/invalid after 2/);
    expect(meter.summary().byKind.k).toMatchObject({ calls: 4, asks: 2, repairs: 2, invalidAnswers: 1 });
    expect(m.requests[1].messages[1]).toEqual({ role: 'assistant', content: '{"n": "five"}' });
    expect(m.requests[1].messages[2].content).toMatch(/n: .*number/i);
  });

  it('free-text calls return the text and can be repaired by a check', async () => {
    const m = createScriptedModel({ answers: ['function f( {', 'function f() {}'] });
    const r = await ask(m, {
      kind: 'tru.rollout-policy',
      messages: [{ role: 'user', content: 'write f' }],
      check: (code) => (code.includes('f()') ? [] : ['SyntaxError: unexpected token {']),
    });
    expect(r.value).toBe('function f() {}');
    expect(m.requests[1].messages[2].content).toContain('SyntaxError');
  });
});

function testRegistry(): SyntheticRegistry {
  const reg = new SyntheticRegistry();
  reg.declareKnobs('test-method', {
    'goal.wrong': { default: 0.2, description: 'chance of a wrong goal', min: 0, max: 1 },
    'plan.drop': { default: 0, description: 'steps dropped from plans', min: 0 },
    verbose: { default: false, description: 'reason before the JSON' },
    style: { default: 'json', description: 'answer style' },
  });
  reg.registerGenerator('toh.goals', (call, ctx) => {
    const truth = ctx.truth as { goal: string; decoys: string[] };
    const wrong = ctx.rng.chance(ctx.knobs['goal.wrong'] as number);
    const goal = wrong ? ctx.rng.pick(truth.decoys) : truth.goal;
    const json = JSON.stringify({ goal, attempt: call.attempt });
    return ctx.knobs.verbose ? `Reasoning about ${String((call.vars as { obj: string }).obj)}...\n${json}` : json;
  });
  return reg;
}

const truth = { goal: 'fridge_1', decoys: ['sink_1', 'counter_2', 'cabinet_3'] };
const goalCall = (i: number) => ({ kind: 'toh.goals', vars: { obj: `milk_${i}` }, messages: [{ role: 'user' as const, content: `where does milk_${i} go?` }] });

async function sample(seed: number, knobs: string, n = 40): Promise<string[]> {
  const m = createSyntheticModel({ registry: testRegistry(), knobs, seed, truth });
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await m.complete(goalCall(i))).text);
  return out;
}

describe('synthetic model', () => {
  it('is deterministic for a seed and differs across seeds', async () => {
    expect(await sample(7, 'goal.wrong=0.5')).toEqual(await sample(7, 'goal.wrong=0.5'));
    expect(await sample(7, 'goal.wrong=0.5')).not.toEqual(await sample(8, 'goal.wrong=0.5'));
  });

  it('does not depend on the order calls are made in', async () => {
    const m1 = createSyntheticModel({ registry: testRegistry(), knobs: 'goal.wrong=0.5', seed: 3, truth });
    const m2 = createSyntheticModel({ registry: testRegistry(), knobs: 'goal.wrong=0.5', seed: 3, truth });
    const a = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await m1.complete(goalCall(i))).text));
    const b = (await Promise.all([4, 3, 2, 1, 0].map(async (i) => (await m2.complete(goalCall(i))).text))).reverse();
    expect(a).toEqual(b);
  });

  it('noise knobs change the answers as declared', async () => {
    const clean = (await sample(1, 'goal.wrong=0')).map((t) => JSON.parse(t).goal);
    expect(new Set(clean)).toEqual(new Set(['fridge_1']));
    const noisy = (await sample(1, 'goal.wrong=1')).map((t) => JSON.parse(t).goal);
    expect(noisy.includes('fridge_1')).toBe(false);
    const verbose = await sample(1, 'verbose=true', 1);
    expect(verbose[0]).toMatch(/^Reasoning about milk_0/);
  });

  it('answers in text that ask() parses, and sees the repair attempt number', async () => {
    const m = createSyntheticModel({ registry: testRegistry(), knobs: 'verbose=true', seed: 1, truth });
    const r = await ask(m, { ...goalCall(0), schema: z.object({ goal: z.literal('nowhere') }) }).catch((e: unknown) => e);
    expect((r as { raws: string[] }).raws.map((t) => JSON.parse(t.slice(t.indexOf('{'))).attempt)).toEqual([1, 2]);
  });

  it('parses knobs and rejects unknown ones by name', () => {
    const reg = testRegistry();
    expect(reg.parseKnobs('goal.wrong=0.3, verbose=1 ,style=text')).toEqual({ 'goal.wrong': 0.3, 'plan.drop': 0, verbose: true, style: 'text' });
    expect(reg.parseKnobs(undefined)).toEqual({ 'goal.wrong': 0.2, 'plan.drop': 0, verbose: false, style: 'json' });
    expect(() => reg.parseKnobs('goal.wrng=0.3')).toThrow(/unknown synthetic knob 'goal.wrng'; known knobs: goal.wrong, plan.drop, verbose, style/);
    expect(() => reg.parseKnobs('goal.wrong=lots')).toThrow(/'goal.wrong' must be a number/);
    expect(() => reg.parseKnobs('goal.wrong=2')).toThrow(/must be in \[0, 1\]/);
    expect(() => reg.parseKnobs('verbose=maybe')).toThrow(/true or false/);
    expect(() => reg.parseKnobs('verbose')).toThrow(/needs a value/);
    expect(() => reg.parseKnobs('x=1')).toThrow(LlmConfigError);
    expect(() => reg.declareKnobs('other', { verbose: { default: true, description: '' } })).toThrow(/declared by both/);
  });

  it('describes itself for reports', () => {
    const m = createSyntheticModel({ registry: testRegistry(), knobs: 'goal.wrong=0.1' });
    expect(m.describe()).toBe('synthetic LLM, knobs: goal.wrong=0.1, plan.drop=0, verbose=false, style=json');
    expect(describeSynthetic({})).toBe('synthetic LLM, knobs: (none)');
  });

  it('names the kind it has no generator for', async () => {
    const m = createSyntheticModel({ registry: testRegistry() });
    await expect(m.complete({ kind: 'gavel.plan', messages: [] })).rejects.toThrow(/no generator for kind 'gavel.plan' \(registered: toh.goals\)/);
  });

  it('withEpisode gives the same knobs a new truth', async () => {
    const m = createSyntheticModel({ registry: testRegistry(), knobs: 'goal.wrong=0', seed: 1, truth });
    const e2 = m.withEpisode({ goal: 'oven_4', decoys: [] }, 2);
    expect(JSON.parse((await e2.complete(goalCall(0))).text).goal).toBe('oven_4');
    expect(e2.knobs).toBe(m.knobs);
  });
});

describe('model registry', () => {
  it('creates registered and network models by id, and lets others register (e.g. prior)', async () => {
    expect(registeredModels().map((m) => m.prefix)).toEqual(expect.arrayContaining(['scripted', 'synthetic']));
    const syn = await createModel('synthetic', { seed: 1 });
    expect((await ask(syn, (await import('./check-call.js')).checkCall())).value.answer).toBe(5);
    registerModel('testprior', () => createScriptedModel({ id: 'testprior', answers: ['{"answer": 5}'] }));
    expect((await createModel('testprior')).id).toBe('testprior');
    expect((await createModel('compat:m@http://127.0.0.1:1/v1', { env: {} })).id).toBe('compat:m@http://127.0.0.1:1/v1');
    await expect(createModel('anthropic:claude-sonnet-4-5', { env: {} })).rejects.toThrow(/set the ANTHROPIC_API_KEY environment variable/);
    await expect(createModel('openai:gpt-4.1', { env: {} })).rejects.toMatchObject({ code: 'LLM_NO_KEY', variable: 'OPENAI_API_KEY' });
    expect(() => registerModel('openai', () => createScriptedModel({}))).toThrow(LlmConfigError);
  });
});

describe('jsonSchemaText', () => {
  it('renders a zod schema as compact JSON Schema for prompts', async () => {
    const { jsonSchemaText } = await import('./ask.js');
    const text = jsonSchemaText(z.object({ area: z.string(), n: z.number().int().min(0) }));
    expect(JSON.parse(text)).toMatchObject({ type: 'object', properties: { area: { type: 'string' }, n: { type: 'integer', minimum: 0 } }, required: ['area', 'n'] });
    expect(text).not.toContain('$schema');
  });
});
