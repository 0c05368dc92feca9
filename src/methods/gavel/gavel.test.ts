import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.js';
import type { TraceRecord, TraceStep } from '../../episode/index.js';
import type { HouseholdEvent, HouseholdRunResult } from './method.js';
import { GAVEL_CATALOGUE, gavelMethod, runHouseholdEpisode } from './index.js';
import type { ExtractVars, PlanVars } from './prompts.js';
import { scriptedHousehold, TEST_PLANS, testHouseholdTask } from './test-task.js';
import { createScriptedModel, type ScriptedModel } from '../../llm/index.js';
import type { HouseholdTask } from '../../envs/household/index.js';
import { parseStep, type PlanStep } from '../../scenegraph/index.js';

async function run(name: string, llm: ScriptedModel, maxFeedback = 5): Promise<{ r: HouseholdRunResult; events: HouseholdEvent[]; trace: TraceRecord[] }> {
  const m = gavelMethod(name);
  const events: HouseholdEvent[] = [];
  const trace: TraceRecord[] = [];
  const r = await runHouseholdEpisode(m, testHouseholdTask(), { llm, rng: new Rng(1), maxFeedback, onEvent: (e) => events.push(e), onTrace: (t) => trace.push(t) });
  return { r, events, trace };
}

const planCalls = (llm: ScriptedModel) => llm.requests.filter((q) => q.kind === 'gavel.plan');
const without = (plan: string[], drop: string) => plan.filter((s) => s !== drop);
const GOOD = TEST_PLANS;

describe('household methods', () => {
  it('lists the seed variants in its catalogue', () => {
    expect(GAVEL_CATALOGUE.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['gavel', 'gavel-basic', 'gavel-map', 'gavel-static', 'llm-only', 'sayplan']));
  });

  it('gavel on correct plans succeeds with one plan call; the truth stays hidden from the prompts', async () => {
    const llm = scriptedHousehold([GOOD]);
    const { r } = await run('gavel', llm);
    expect(r).toMatchObject({ success: true, status: 'success', goalsMet: 3, goalsTotal: 3, feedbackRounds: 0, repairs: 0, llm: { calls: 4 } });
    expect(r.distance).toBeGreaterThan(0);
    // The plate is on the counter and the shirt in the living room: the prompts never say so.
    const prompt = planCalls(llm)[0].messages.map((m) => m.content).join('\n');
    expect(prompt).toMatch(/Objects not yet seen/);
    expect(prompt).not.toMatch(/plate \[plate[^\n]*on counter/);
  });

  it('(a) repair fixes a missing NavigateTo and a missing Open without an LLM round', async () => {
    const llm = scriptedHousehold([[without(GOOD[0], 'NavigateTo(plate)'), without(GOOD[1], 'Open(washer)')]]);
    const { r, events } = await run('gavel', llm);
    expect(planCalls(llm)).toHaveLength(1);
    expect(r.success).toBe(true);
    expect(r.feedbackRounds).toBe(0);
    expect(r.repairs).toBeGreaterThanOrEqual(2);
    expect(r.stages).toEqual({ tasks: 2, validRaw: 0, validAfterRepair: 2, validAfterFeedback: 2 });
    const round = events.find((e) => e.kind === 'round');
    expect(round?.message).toMatch(/task 1: VALID\s+repairs: approach/);
    expect(round?.message).toMatch(/task 2: VALID\s+repairs: .*open-container/);
  });

  it('(b) a missing placement goes back as a complaint and the second answer is used', async () => {
    const llm = scriptedHousehold([[without(GOOD[0], 'PlaceOnTop(plate, table)'), GOOD[1]], GOOD]);
    const { r } = await run('gavel', llm);
    const calls = planCalls(llm);
    expect(calls).toHaveLength(2);
    const fb = (calls[1].vars as PlanVars).feedback ?? [];
    expect(fb.map((f) => f.task)).toEqual([0]);
    expect(fb[0].problems.join(' ')).toMatch(/goal not reached at the end: on_top\(plate, table\)/);
    expect(calls[1].messages.at(-1)?.content).toMatch(/still fail/);
    expect(r).toMatchObject({ success: true, feedbackRounds: 1, stages: { tasks: 2, validRaw: 1, validAfterRepair: 1, validAfterFeedback: 2 } });
  });

  it('(b, e) a hallucinated object is an UNKNOWN_OBJECT verdict sent back, not an exception', async () => {
    const bad = GOOD[0].map((s) => s.replace('table', 'tabel'));
    const llm = scriptedHousehold([[bad, GOOD[1]], GOOD]);
    const { r, events } = await run('gavel', llm);
    const round1 = events.find((e) => e.kind === 'round');
    expect(round1?.message).toMatch(/task 1: UNKNOWN_OBJECT at step 3 NavigateTo\(tabel\)/);
    expect(((planCalls(llm)[1].vars as PlanVars).feedback ?? [])[0].problems[0]).toMatch(/'tabel' is not in the scene \(did you mean table\?\)/);
    expect(r.success).toBe(true);
  });

  it('(c) at most T plan calls, then the best candidate is executed', async () => {
    const hopeless = [['NavigateTo(plate)', 'Grasp(plate)', 'Grasp(unicorn)'], GOOD[1]];
    for (const T of [5, 3]) {
      const llm = scriptedHousehold([hopeless]);
      const { r, trace } = await run('gavel', llm, T);
      expect(planCalls(llm)).toHaveLength(T);
      expect(r.feedbackRounds).toBe(T - 1);
      expect(r.success).toBe(false);
      expect(r.warnings.join(' ')).toMatch(/task 1: executing an unverified plan .*UNKNOWN_OBJECT/);
      // (e) the executor flags the step: it never runs as feasible.
      const steps = trace.filter((t): t is TraceStep => t.type === 'step');
      expect(steps.some((s) => s.action.includes('unicorn') && s.feasible)).toBe(false);
    }
  });

  it('(d) llm-only executes an invalid plan as given; the failed errand is followed by the next one', async () => {
    const llm = scriptedHousehold([[without(GOOD[0], 'NavigateTo(plate)'), GOOD[1]]]);
    const { r, trace } = await run('llm-only', llm);
    expect(planCalls(llm)).toHaveLength(1);
    expect(r).toMatchObject({ success: false, status: 'unmet', repairs: 0, feedbackRounds: 0, goalsMet: 2 });
    const steps = trace.filter((t): t is TraceStep => t.type === 'step' && !t.action.startsWith('Search('));
    const failed = steps.findIndex((t) => !t.feasible);
    expect(steps[failed].action).toBe('Grasp(plate)');
    expect(steps[failed].details?.failure).toBe('NOT_NEAR');
    // the shirt errand runs after the failed plate errand, in full
    expect(steps.slice(failed + 1).map((t) => t.action)).toEqual(GOOD[1]);
    expect(r.errands).toEqual([{ met: false, cause: 'missing-precondition' }, { met: true }]);
    expect(r.failures).toEqual(['missing-precondition']);
  });

  it('an unrecoverable errand is abandoned (the held object put down) and the next errand is done after it', async () => {
    const hopeless = [['NavigateTo(plate)', 'Grasp(plate)', 'Grasp(unicorn)'], GOOD[1]];
    // sayplan keeps the listed order, so the failing errand comes first; gavel's ordering puts it last.
    for (const name of ['sayplan', 'gavel']) {
      const { r, trace, events } = await run(name, scriptedHousehold([hopeless]), 2);
      const actions = trace.filter((t): t is TraceStep => t.type === 'step').map((t) => t.action);
      const gaveUp = actions.indexOf('Grasp(unicorn)');
      expect(gaveUp).toBeGreaterThan(0);
      expect(actions[gaveUp + 1]).toBe('Release(plate)');
      if (name === 'sayplan') expect(actions.slice(gaveUp + 2).filter((a) => !a.startsWith('Search('))).toEqual(GOOD[1]);
      expect(events.some((e) => e.kind === 'note' && /task 1 failed; going on with the remaining tasks \(putting down plate first\)/.test(e.message))).toBe(true);
      expect(r).toMatchObject({ success: false, goalsMet: 2, goalsTotal: 3, errands: [{ met: false, cause: 'hallucinated-object' }, { met: true }], failures: ['hallucinated-object'] });
    }
  });

  it('an extracted goal naming the wrong object is an extraction failure of its errand', async () => {
    const wrong = (v: ExtractVars) => (v.index === 0 ? { objects: ['apple'], goal: ['on_top(apple, table)'] } : { objects: ['shirt'], goal: ['object_inside(shirt, washer)', 'not open(washer)'] });
    const moveApple = ['NavigateTo(fridge)', 'Open(fridge)', 'NavigateTo(apple)', 'Grasp(apple)', 'NavigateTo(table)', 'PlaceOnTop(apple, table)', 'NavigateTo(fridge)', 'Close(fridge)'];
    const { r } = await run('gavel', scriptedHousehold([[moveApple, GOOD[1]]], wrong));
    expect(r).toMatchObject({ success: false, errands: [{ met: false, cause: 'extraction' }, { met: true }], failures: ['extraction'] });
  });

  it('the extracted objects (O^qry) get the room-type prior; an uncertain object the extraction missed keeps the uninformed belief', async () => {
    const rsn = { types: ['kitchen', 'utility_room'], scores: (cat: string): Record<string, number> => (cat === 'shirt' ? { utility_room: 1 } : { kitchen: 1 }) };
    const wrong = (v: ExtractVars) => (v.index === 0 ? { objects: ['apple'], goal: ['on_top(apple, table)'] } : { objects: ['shirt'], goal: ['object_inside(shirt, washer)', 'not open(washer)'] });
    const events: HouseholdEvent[] = [];
    const trace: TraceRecord[] = [];
    const m = gavelMethod('gavel');
    await runHouseholdEpisode(m, testHouseholdTask(), { llm: scriptedHousehold([GOOD], wrong), rng: new Rng(1), rsn, onEvent: (e) => events.push(e), onTrace: (t) => trace.push(t) });
    expect(events.find((e) => e.kind === 'extract' && e.message.startsWith('query objects'))?.data).toEqual({ query: ['shirt'] });
    const first = trace.find((t): t is TraceStep => t.type === 'step');
    const weights = (o: string) => (first?.belief?.locations ?? []).filter((l) => l.object === o).map((l) => l.weight);
    // the shirt (named) is believed in the utility room; the plate (missed: the extraction named the apple) is uniform
    expect(weights('shirt')[0]).toBeGreaterThan(0.9);
    expect(new Set(weights('plate').map((w) => w.toFixed(6))).size).toBe(1);
  });

  it('an errand whose object a later task took away (after a wrong extraction there) is undone', async () => {
    const wrong = (v: ExtractVars) => (v.index === 0 ? { objects: ['plate'], goal: ['on_top(plate, table)'] } : { objects: ['plate'], goal: ['object_inside(plate, washer)', 'not open(washer)'] });
    const platesIn = GOOD[1].map((x) => x.replace(/shirt/g, 'plate'));
    const { r } = await run('sayplan', scriptedHousehold([[GOOD[0], platesIn]], wrong));
    expect(r).toMatchObject({ success: false, errands: [{ met: false, cause: 'undone' }, { met: false, cause: 'extraction' }], failures: ['undone', 'extraction'] });
  });

  it('a dropped errand is a decomposition failure; a plan that runs but misses the goal is unmet-goal', async () => {
    const truth = testHouseholdTask();
    const llm = createScriptedModel({
      byKind: {
        'gavel.decompose': JSON.stringify({ tasks: [truth.errands?.[1]] }),
        'gavel.extract': JSON.stringify({ objects: ['shirt'], goal: ['object_inside(shirt, washer)', 'not open(washer)'] }),
        'gavel.plan': JSON.stringify({ tasks: [{ task: 1, steps: GOOD[1] }] }),
      },
    });
    const dropped = await run('gavel', llm);
    expect(dropped.r).toMatchObject({ success: false, errands: [{ met: false, cause: 'decomposition' }, { met: true }], failures: ['decomposition'] });
    const basic = await run('gavel-basic', scriptedHousehold([[without(GOOD[0], 'PlaceOnTop(plate, table)'), GOOD[1]]]));
    expect(basic.r.failures).toEqual(['unmet-goal']);
  });

  it('sayplan sends every verification failure back (no repair) and uses the corrected answer', async () => {
    const llm = scriptedHousehold([[without(GOOD[0], 'NavigateTo(plate)'), GOOD[1]], GOOD]);
    const { r } = await run('sayplan', llm);
    expect(planCalls(llm)).toHaveLength(2);
    expect(((planCalls(llm)[1].vars as PlanVars).feedback ?? [])[0].problems[0]).toMatch(/Grasp\(plate\) fails: NOT_NEAR/);
    expect(r).toMatchObject({ success: true, repairs: 0, feedbackRounds: 1 });
  });

  it('gavel-basic makes one plan call and no complaint', async () => {
    const llm = scriptedHousehold([[without(GOOD[0], 'PlaceOnTop(plate, table)'), GOOD[1]], GOOD]);
    const { r } = await run('gavel-basic', llm);
    expect(planCalls(llm)).toHaveLength(1);
    expect(r).toMatchObject({ success: false, status: 'unmet', goalsMet: 2 });
  });

  it('an unknown id in the extracted goal gets the repair turn, then is dropped with a warning', async () => {
    const llm = scriptedHousehold([GOOD], (v, attempt) => (v.index === 0 ? { objects: ['plate'], goal: [attempt === 1 ? 'on_top(plate, tabel)' : 'on_top(plate, table)'] } : { objects: ['shirt', 'sock'], goal: ['object_inside(shirt, washer)', 'not open(washer)'] }));
    const { r } = await run('gavel', llm);
    const ex = llm.requests.filter((q) => q.kind === 'gavel.extract');
    // Task 1 repaired on its second turn; task 2's unknown 'sock' survives the repair turn and is dropped.
    expect(ex.map((q) => q.attempt)).toEqual([1, 1, 2, 2]);
    expect(r.warnings).toEqual(["task 2 extraction: dropped objects[1]: 'sock' is not an object id of the scene"]);
    expect((planCalls(llm)[0].vars as PlanVars).tasks[0].goal).toEqual(['on_top(plate, table)']);
    expect(r.success).toBe(true);
  });

  it('orders by belief: gavel reorders after each task, static and map fix the order once', async () => {
    for (const [name, fixed] of [['gavel', false], ['gavel-static', true], ['gavel-map', true]] as const) {
      const { r, events } = await run(name, scriptedHousehold([GOOD]));
      const orders = events.filter((e) => e.kind === 'order');
      expect(orders).toHaveLength(fixed ? 1 : 2);
      expect(r.success).toBe(true);
    }
  });

  it('writes the trace in the eval format: episode, then searches and primitives with state, plan and beliefs', async () => {
    const { trace, r } = await run('gavel', scriptedHousehold([[without(GOOD[0], 'NavigateTo(plate)'), GOOD[1]]]));
    expect(trace[0]).toMatchObject({ type: 'episode', env: 'household', world: { uncertain: ['plate', 'shirt'] } });
    const world = (trace[0] as unknown as { world: { rooms: unknown[]; doors: unknown[]; furniture: Array<{ id: string }> } }).world;
    expect(world.rooms).toHaveLength(4);
    expect(world.furniture.map((f) => f.id)).toContain('fridge');
    expect(world.furniture.map((f) => f.id)).not.toContain('plate');
    const steps = trace.slice(1) as TraceStep[];
    expect(steps.every((s) => s.type === 'step' && s.state !== undefined)).toBe(true);
    expect(steps.filter((s) => s.action.startsWith('Search(')).length).toBe(r.searches);
    expect(steps.filter((s) => !s.action.startsWith('Search(')).length).toBe(r.steps);
    const first = steps.find((s) => s.plan?.steps.includes('Grasp(plate)'));
    expect(first?.plan?.repairs.map((e) => e.rule)).toContain('approach');
    expect(first?.belief?.locations?.some((l) => l.object === 'plate')).toBe(true);
  });
});

describe('what execution reveals', () => {
  // The apple is really inside the closed fridge; the believed graph only has a room belief for it.
  const appleTask = (): HouseholdTask => {
    const t = testHouseholdTask();
    const goal = { literals: [{ kind: 'relation' as const, rel: 'on_top' as const, a: 'apple', b: 'table' }] };
    const plan = ['NavigateTo(fridge)', 'Open(fridge)', 'NavigateTo(apple)', 'Grasp(apple)', 'NavigateTo(table)', 'PlaceOnTop(apple, table)', 'NavigateTo(fridge)', 'Close(fridge)'].map((x) => parseStep(x) as PlanStep);
    return { ...t, id: 'test/apple', instruction: 'Bring the apple to the table.', errands: ['bring the apple to the table'], goals: [goal], goal, subplans: [plan], referencePlan: plan, uncertain: ['apple'] };
  };
  const naive = ['NavigateTo(apple)', 'Grasp(apple)', 'NavigateTo(table)', 'PlaceOnTop(apple, table)'];
  const informed = ['NavigateTo(fridge)', 'Open(fridge)', 'NavigateTo(apple)', 'Grasp(apple)', 'NavigateTo(table)', 'PlaceOnTop(apple, table)', 'NavigateTo(fridge)', 'Close(fridge)'];
  const go = async (name: string, llm: ScriptedModel) => {
    const m = gavelMethod(name);
    if (!m) throw new Error(name);
    const events: HouseholdEvent[] = [];
    const r = await runHouseholdEpisode(m, appleTask(), { llm, rng: new Rng(1), onEvent: (e) => events.push(e) });
    return { r, events };
  };

  it('the plan verifies on the believed graph; the search finds the apple in the closed fridge; gavel repairs the rest without the LLM', async () => {
    const llm = scriptedHousehold([[naive]], undefined, appleTask());
    const { r, events } = await go('gavel', llm);
    expect(events.some((e) => e.kind === 'replan' && /INSIDE_CLOSED/.test(e.message))).toBe(true);
    expect(events.some((e) => e.kind === 'replan' && /open-container/.test(e.message))).toBe(true);
    expect(planCalls(llm)).toHaveLength(1);
    expect(r).toMatchObject({ success: true, goalsMet: 1, unsafe: [] });
    expect(r.searches).toBeGreaterThan(0);
  });

  it('a relation the instruction states ("the apple from the fridge") is inserted into G_0: repair opens the fridge before execution', async () => {
    const stated = (v: ExtractVars) => ({ objects: ['apple', 'fridge', 'table'], goal: ['on_top(apple, table)'], relations: v.index === 0 ? ['object_inside(apple, fridge)'] : [] });
    const llm = scriptedHousehold([[naive]], stated, appleTask());
    const { r, events } = await go('gavel', llm);
    expect(events.some((e) => e.kind === 'extract' && /states object_inside\(apple, fridge\): inserted into G_0/.test(e.message))).toBe(true);
    expect((planCalls(llm)[0].vars as PlanVars).scene).toMatch(/apple \[apple[^\n]*inside fridge/);
    expect(events.find((e) => e.kind === 'round')?.message).toMatch(/task 1: VALID\s+repairs: open-container/);
    expect(events.some((e) => e.kind === 'replan')).toBe(false);
    expect(r).toMatchObject({ success: true, searches: 0 });
  });

  it('a stated relation that is wrong costs searches but the object is still found', async () => {
    const wrong = () => ({ objects: ['apple'], goal: ['on_top(apple, table)'], relations: ['on_top(apple, washer)'] });
    const { r, events } = await go('gavel', scriptedHousehold([[naive]], wrong, appleTask()));
    expect(events.some((e) => /states on_top\(apple, washer\): inserted/.test(e.message))).toBe(true);
    expect(r.success).toBe(true);
    expect(r.searches).toBeGreaterThanOrEqual(2);
  });

  it('llm-only stops at the failed step; sayplan asks the LLM again with the failure', async () => {
    const only = await go('llm-only', scriptedHousehold([[naive]], undefined, appleTask()));
    expect(only.r).toMatchObject({ status: 'step-failed', failures: ['missing-precondition'] });
    const llm = scriptedHousehold([[naive], [informed]], undefined, appleTask());
    const say = await go('sayplan', llm);
    const calls = planCalls(llm);
    expect(calls).toHaveLength(2);
    expect(((calls[1].vars as PlanVars).feedback ?? [])[0].problems[0]).toMatch(/executing NavigateTo\(apple\) failed: INSIDE_CLOSED/);
    // The replan sees the apple where the search found it.
    expect((calls[1].vars as PlanVars).scene).toMatch(/apple \[apple[^\n]*inside fridge/);
    expect(say.r).toMatchObject({ success: true, feedbackRounds: 1, repairs: 0 });
  });
});

describe('budgets', () => {
  it('an exhausted episode time budget ends the run as time-limit, not an exception', async () => {
    const m = gavelMethod('gavel');
    if (!m) throw new Error('gavel');
    const r = await runHouseholdEpisode(m, testHouseholdTask(), { llm: scriptedHousehold([GOOD]), rng: new Rng(1), timeLimitMs: 0 });
    expect(r).toMatchObject({ status: 'time-limit', success: false, steps: 0, failures: ['time-limit', 'time-limit'] });
  });
});
