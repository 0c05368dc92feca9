import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.js';
import { generateMultiTasks, loadBehaviorData, type HouseholdTask } from '../../envs/household/index.js';
import { ask, createSyntheticModel } from '../../llm/index.js';
import { BeliefState, believedScene, formatLiteral, formatStep, initialBelief, renderScene, sceneFromJson, verifyPlan, type PlanStep, type Scene, type Verdict } from '../../scenegraph/index.js';
import { householdTruth, planMessages, planSchema, type PlanVars } from './prompts.js';
import { extractedIds, GAVEL_KNOBS, registerGavelSynthetic } from './synthetic.js';
import { believedReference, diffHunks, fixNamed, injectErrors, PLAN_ERROR_KINDS, readSceneView, type ErrorRates } from './synthetic-errors.js';

registerGavelSynthetic();

const tasks = generateMultiTasks(loadBehaviorData(), { count: 40, seed: 3 });
const ZERO = Object.fromEntries(Object.keys(GAVEL_KNOBS).filter((k) => k !== 'gavel.fixProb').map((k) => [k, 0]));
const noRates = (): ErrorRates => Object.fromEntries(PLAN_ERROR_KINDS.map((k) => [k, 0])) as ErrorRates;

/** The believed graph as a method sees it at the start (uncertain objects on the floor of their most likely room). */
function believed(t: HouseholdTask): { scene: Scene; text: string } {
  const truth = sceneFromJson(t.scene, t.id);
  const b = new BeliefState();
  for (const o of t.uncertain) b.set(o, initialBelief(truth, {}, truth.initialState().robot.room));
  const open = new Map(t.uncertain.map((o) => [o, b.get(o) as Map<string, number>]));
  const scene = believedScene(truth, b);
  return { scene, text: renderScene(scene, { beliefs: open }) };
}

function planVars(t: HouseholdTask, text: string, feedback?: PlanVars['feedback']): PlanVars {
  return {
    instruction: t.instruction,
    tasks: (t.errands ?? [t.instruction]).map((e, i) => ({ task: e, goal: t.goals[i].literals.map(formatLiteral), objects: [] })),
    scene: text,
    round: feedback ? 2 : 1,
    ...(feedback ? { feedback } : {}),
  };
}

async function planOf(t: HouseholdTask, text: string, knobs: Record<string, number>, seed = 1): Promise<PlanStep[][]> {
  const llm = createSyntheticModel({ knobs, seed, truth: householdTruth(t) });
  const vars = planVars(t, text);
  const r = await ask(llm, { kind: 'gavel.plan', vars, messages: planMessages(vars), schema: planSchema });
  return r.value.tasks.map((x) => x.steps.map((s) => {
    const m = /^(\w+)\((.*)\)$/.exec(s) as RegExpExecArray;
    return { action: m[1], args: m[2] ? m[2].split(', ') : [] };
  }));
}

function problems(v: Verdict): string[] {
  const out: string[] = [];
  if (v.failure) out.push(`step ${v.failure.stepIndex + 1} ${formatStep(v.failure.step)} fails: ${v.failure.code}: ${v.failure.message}`);
  else for (const l of v.unmet) out.push(`goal not reached at the end: ${formatLiteral(l)}`);
  for (const s of v.safety) out.push(`${s.object} is left ${s.kind === 'left_open' ? 'open' : 'switched on'}`);
  return out;
}

describe('synthetic household LLM', () => {
  it('with every error knob at 0, each task plan verifies on the believed graph it was shown', async () => {
    for (const t of tasks.slice(0, 15)) {
      const { scene, text } = believed(t);
      const plans = await planOf(t, text, ZERO);
      expect(plans.length).toBe(t.goals.length);
      plans.forEach((p, i) => expect({ task: t.id, i, valid: verifyPlan(scene, p, t.goals[i]).valid }).toEqual({ task: t.id, i, valid: true }));
    }
  });

  it('with everything seen, the error-free plan is the reference and verifies in the true world', async () => {
    for (const t of tasks.slice(0, 10)) {
      const truth = sceneFromJson(t.scene, t.id);
      const plans = await planOf(t, renderScene(truth), ZERO);
      expect(plans.map((p) => p.map(formatStep))).toEqual(t.subplans.map((p) => p.map(formatStep)));
    }
  });

  it('does not open containers the model cannot know hide an object', () => {
    const t = tasks.find((x) => x.subplans.some((p) => p[1]?.action === 'Open' && !p.some((s) => s.action === 'PlaceInside'))) as HouseholdTask;
    const i = t.subplans.findIndex((p) => p[1]?.action === 'Open' && !p.some((s) => s.action === 'PlaceInside'));
    const { text } = believed(t);
    const ref = believedReference(t.subplans[i], readSceneView(text), new Set());
    expect(ref.some((s) => s.action === 'Open' || s.action === 'Close')).toBe(false);
    const seen = believedReference(t.subplans[i], readSceneView(renderScene(sceneFromJson(t.scene, t.id))), new Set());
    expect(seen.map(formatStep)).toEqual(t.subplans[i].map(formatStep));
  });

  it('each error knob at 1 makes its error appear', () => {
    const truth = sceneFromJson(tasks[0].scene, tasks[0].id);
    const view = readSceneView(renderScene(truth));
    const all = tasks.flatMap((t) => t.subplans);
    const withAppliance = all.find((p) => p.some((s) => s.action === 'ToggleOn')) as PlanStep[];
    const t = tasks.find((x) => x.subplans.includes(withAppliance)) as HouseholdTask;
    const v2 = readSceneView(renderScene(sceneFromJson(t.scene, t.id)));
    const cases: Array<[keyof ErrorRates, PlanStep[], (p: PlanStep[]) => boolean, typeof view]> = [
      ['missingNavigate', all[0], (p) => !p.some((s) => s.action === 'NavigateTo'), view],
      ['missingOpen', withAppliance, (p) => !p.some((s) => s.action === 'Open'), v2],
      ['forgottenRestore', withAppliance, (p) => !p.some((s) => s.action === 'Close' || s.action === 'ToggleOff'), v2],
      ['missingApplianceStep', withAppliance, (p) => !p.some((s) => s.action === 'ToggleOn'), v2],
      ['hallucinatedObject', withAppliance, (p) => p.some((s) => s.args.some((a) => !v2.ids.has(a))), v2],
      ['duplicateStep', withAppliance, (p) => p.some((s, i) => i > 0 && formatStep(s) === formatStep(p[i - 1])), v2],
      ['swappedOrder', withAppliance, (p) => p[0].action !== 'NavigateTo', v2],
    ];
    for (const [kind, plan, has, v] of cases) {
      const rates = { ...noRates(), [kind]: 1 };
      const r = injectErrors(plan, v, rates, new Rng(5));
      expect({ kind, has: has(r.plan) }).toEqual({ kind, has: true });
      expect(r.errors.every((e) => e.kind === kind) && r.errors.length > 0).toBe(true);
    }
  });

  it('wrongObject at 1 writes another object of the same category that exists', () => {
    const view = readSceneView(['Objects by room:', '- kitchen_0:', '  - apple_0 [apple; graspable]', '  - apple_1 [apple; graspable]', '  - table_0 [table; surface]', 'Robot: in kitchen_0, hand empty.'].join('\n'));
    const plan = [{ action: 'NavigateTo', args: ['apple_0'] }, { action: 'Grasp', args: ['apple_0'] }, { action: 'NavigateTo', args: ['table_0'] }, { action: 'PlaceOnTop', args: ['apple_0', 'table_0'] }];
    const r = injectErrors(plan, view, { ...noRates(), wrongObject: 1 }, new Rng(1));
    expect(r.plan.map(formatStep)).toEqual(['NavigateTo(apple_1)', 'Grasp(apple_1)', 'NavigateTo(table_0)', 'PlaceOnTop(apple_1, table_0)']);
    expect(r.errors).toEqual([{ kind: 'wrongObject', steps: ['NavigateTo(apple_0)', 'Grasp(apple_0)', 'PlaceOnTop(apple_0, table_0)'], written: 'apple_1' }]);
  });

  it('decompose answers the errands and extract the goal; extractError 1 names another object of the same category', async () => {
    const t = tasks.find((x) => x.goals.length >= 2 && x.goals[0].literals.some((l) => l.kind === 'relation')) as HouseholdTask;
    const truth = householdTruth(t);
    const scene = sceneFromJson(t.scene, t.id);
    const catalog = [...scene.objects.values()].map((o) => ({ id: o.id, category: o.category, room: null, affordances: [...o.affordances] }));
    const extract = async (knobs: Record<string, number>) => {
      const llm = createSyntheticModel({ knobs, seed: 3, truth });
      const vars = { instruction: t.instruction, task: truth.errands[0], index: 0, catalog, rooms: [] };
      const r = await llm.complete({ kind: 'gavel.extract', vars, messages: [{ role: 'user', content: 'extract' }] });
      return JSON.parse(/```json\n([\s\S]*)\n```/.exec(r.text)?.[1] ?? '{}') as { objects: string[]; goal: string[] };
    };
    const exact = await extract({ 'gavel.extractError': 0 });
    expect(exact.goal).toEqual(truth.goals[0]);
    const wrong = await extract({ 'gavel.extractError': 1 });
    const sameCategoryExists = truth.goals[0].some((g) => g.match(/[\w]+/g)?.slice(1).some((id) => catalog.filter((c) => c.category === scene.objects.get(id)?.category).length > 1));
    expect(sameCategoryExists).toBe(true);
    expect(wrong.goal).not.toEqual(truth.goals[0]);
    const llm = createSyntheticModel({ seed: 1, truth });
    const d = await llm.complete({ kind: 'gavel.decompose', vars: { instruction: t.instruction }, messages: [{ role: 'user', content: 'split' }] });
    expect(d.text).toContain(truth.errands[1]);
  });

  it('extraction errors happen at the stated rate (per task), naming another catalog object in the goal and in the object list', async () => {
    const calls: Array<{ t: HouseholdTask; i: number }> = tasks.flatMap((t) => t.goals.map((_, i) => ({ t, i })));
    const rate = async (p: number): Promise<number> => {
      let wrong = 0;
      for (const [n, { t, i }] of calls.entries()) {
        const truth = householdTruth(t);
        const scene = sceneFromJson(t.scene, t.id);
        const catalog = [...scene.objects.values()].map((o) => ({ id: o.id, category: o.category, room: null, affordances: [...o.affordances] }));
        const llm = createSyntheticModel({ knobs: { 'gavel.extractError': p }, seed: n + 1, truth });
        const r = await llm.complete({ kind: 'gavel.extract', vars: { instruction: t.instruction, task: truth.errands[i], index: i, catalog, rooms: [] }, messages: [{ role: 'user', content: 'extract' }] });
        const a = JSON.parse(/```json\n([\s\S]*)\n```/.exec(r.text)?.[1] ?? '{}') as { objects: string[]; goal: string[] };
        if (JSON.stringify(a.goal) === JSON.stringify(truth.goals[i])) continue;
        wrong++;
        // the substituted id is a real catalog object, and the object list follows the goal
        const ids = a.goal.flatMap((g) => /\(([^)]*)\)/.exec(g)?.[1].split(', ') ?? []);
        expect(ids.every((id) => scene.isObject(id) || scene.isRoom(id))).toBe(true);
        expect(ids.filter((id) => scene.isObject(id)).every((id) => a.objects.includes(id))).toBe(true);
      }
      return wrong / calls.length;
    };
    expect(calls.length).toBeGreaterThan(100);
    expect(await rate(0)).toBe(0);
    expect(await rate(1)).toBe(1);
    const r = await rate(0.3);
    expect(Math.abs(r - 0.3)).toBeLessThan(3 * Math.sqrt((0.3 * 0.7) / calls.length));
  });

  it('plans for the goal it is shown: an id the extraction got wrong is the one the plan moves', async () => {
    const t = tasks.find((x) => x.goals[0].literals.some((l) => l.kind === 'relation' && l.rel === 'on_top')) as HouseholdTask;
    const scene = sceneFromJson(t.scene, t.id);
    const l = t.goals[0].literals.find((x) => x.kind === 'relation' && x.rel === 'on_top');
    if (!l || l.kind !== 'relation') throw new Error('no on_top goal');
    const other = [...scene.objects.values()].find((o) => o.id !== l.a && o.affordances.includes('graspable') && !t.goal.literals.some((g) => g.kind === 'relation' && (g.a === o.id || g.b === o.id)));
    if (!other) throw new Error('no other graspable object');
    const { text } = believed(t);
    const vars = planVars(t, text);
    vars.tasks[0].goal = t.goals[0].literals.map((g) => formatLiteral(g === l ? { ...l, a: other.id } : g));
    const llm = createSyntheticModel({ knobs: ZERO, seed: 1, truth: householdTruth(t) });
    const r = await ask(llm, { kind: 'gavel.plan', vars, messages: planMessages(vars), schema: planSchema });
    const steps = r.value.tasks[0].steps;
    expect(steps).toContain(`Grasp(${other.id})`);
    expect(steps).not.toContain(`Grasp(${l.a})`);
    expect(extractedIds(['on_top(a, b)', 'not open(c)'], ['on_top(x, b)', 'not open(c)'])).toEqual(new Map([['a', 'x']]));
    expect(extractedIds(['on_top(a, b)'], ['on_top(a, b)', 'open(c)']).size).toBe(0);
  });

  it('a complaint with fixProb 1 fixes the errors it names, round by round, and fixProb 0 changes nothing', () => {
    let broken = 0;
    for (const t of tasks.slice(0, 25)) {
      const scene = sceneFromJson(t.scene, t.id);
      const view = readSceneView(renderScene(scene));
      for (const [i, ref] of t.subplans.entries()) {
        const bad = injectErrors(ref, view, { ...noRates(), missingOpen: 0.5, forgottenRestore: 0.5, missingApplianceStep: 1, hallucinatedObject: 0.3 }, new Rng(`${t.id}/${i}`)).plan;
        let v = verifyPlan(scene, bad, t.goals[i]);
        if (v.valid) continue;
        broken++;
        const same = fixNamed(bad.map(formatStep), ref, problems(v), 0, new Rng(1));
        expect(same.plan.map(formatStep)).toEqual(bad.map(formatStep));
        expect(same.named).toBeGreaterThan(0);
        let plan = bad;
        for (let round = 0; round < 8 && !v.valid; round++) {
          plan = fixNamed(plan.map(formatStep), ref, problems(v), 1, new Rng(round)).plan;
          v = verifyPlan(scene, plan, t.goals[i]);
        }
        expect({ task: t.id, i, valid: v.valid }).toEqual({ task: t.id, i, valid: true });
      }
    }
    expect(broken).toBeGreaterThan(10);
  });

  it('a complaint leaves the errors it does not name', () => {
    const ref = ['NavigateTo(a)', 'Grasp(a)', 'NavigateTo(fridge)', 'Open(fridge)', 'PlaceInside(a, fridge)', 'Close(fridge)'];
    const prev = ['Grasp(a)', 'NavigateTo(fridge)', 'PlaceInside(a, fridge)', 'Close(fridge)'];
    expect(diffHunks(prev, ref)).toHaveLength(2);
    const r = fixNamed(prev, ref.map((s) => ({ action: s.slice(0, s.indexOf('(')), args: s.slice(s.indexOf('(') + 1, -1).split(', ') })), ['step 3 PlaceInside(a, fridge) fails: CONTAINER_CLOSED: fridge is closed'], 1, new Rng(1));
    expect(r.plan.map(formatStep)).toEqual(['Grasp(a)', 'NavigateTo(fridge)', 'Open(fridge)', 'PlaceInside(a, fridge)', 'Close(fridge)']);
  });

  it('is deterministic per seed and differs across seeds', async () => {
    const knobs = { 'gavel.missingOpen': 0.5, 'gavel.forgottenRestore': 0.5 };
    const texts = await Promise.all(tasks.slice(0, 6).map(async (t) => JSON.stringify(await planOf(t, renderScene(sceneFromJson(t.scene, t.id)), knobs, 11))));
    const again = await Promise.all(tasks.slice(0, 6).map(async (t) => JSON.stringify(await planOf(t, renderScene(sceneFromJson(t.scene, t.id)), knobs, 11))));
    const other = await Promise.all(tasks.slice(0, 6).map(async (t) => JSON.stringify(await planOf(t, renderScene(sceneFromJson(t.scene, t.id)), knobs, 12))));
    expect(again).toEqual(texts);
    expect(other).not.toEqual(texts);
  });
});
