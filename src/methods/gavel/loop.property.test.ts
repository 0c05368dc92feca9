import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.js';
import type { TraceRecord, TraceStep } from '../../episode/index.js';
import { testSceneJson } from '../../scenegraph/fixtures.js';
import { gavelMethod, runHouseholdEpisode } from './index.js';
import { scriptedHousehold, TEST_PLANS, testHouseholdTask } from './test-task.js';

const scene = testSceneJson();
const ids = new Set([...(scene.objects ?? []).map((o) => o.id), ...(scene.rooms ?? []).map((r) => r.id)]);

/** A plan mutation: drop, duplicate or corrupt one step (an id the scene does not have). */
const mutation = fc.record({ kind: fc.constantFrom('drop', 'dup', 'garble', 'keep'), at: fc.nat(20) });
type Mutation = { kind: 'drop' | 'dup' | 'garble' | 'keep'; at: number };
function mutate(plan: string[], ms: Mutation[]): string[] {
  let p = [...plan];
  for (const m of ms) {
    if (p.length === 0) break;
    const i = m.at % p.length;
    if (m.kind === 'drop') p = [...p.slice(0, i), ...p.slice(i + 1)];
    else if (m.kind === 'dup') p = [...p.slice(0, i + 1), p[i], ...p.slice(i + 1)];
    else if (m.kind === 'garble') p = [...p.slice(0, i), p[i].replace(/\(([a-z]+)/, '($1x'), ...p.slice(i + 1)];
  }
  return p;
}
const answers = fc.array(fc.tuple(fc.array(mutation, { maxLength: 3 }), fc.array(mutation, { maxLength: 3 })), { minLength: 1, maxLength: 4 });

describe('the GAVEL loop under random plan errors', () => {
  for (const name of ['gavel', 'sayplan', 'llm-only', 'gavel-basic']) {
    it(`${name}: never throws, keeps its LLM budget, reports success exactly when the goals hold safely, executes no invented id`, async () => {
      await fc.assert(
        fc.asyncProperty(answers, async (rounds) => {
          const plans = rounds.map(([a, b]) => [mutate(TEST_PLANS[0], a), mutate(TEST_PLANS[1], b)]);
          const llm = scriptedHousehold(plans);
          const trace: TraceRecord[] = [];
          const m = gavelMethod(name);
          const r = await runHouseholdEpisode(m, testHouseholdTask(), { llm, rng: new Rng(1), maxFeedback: 3, onTrace: (t) => trace.push(t) });
          const planCalls = llm.requests.filter((q) => q.kind === 'gavel.plan').length;
          // T planning calls plus at most T runtime replans.
          expect(planCalls).toBeLessThanOrEqual(6);
          expect(r.feedbackRounds).toBe(planCalls - 1);
          expect(r.success).toBe(r.goalsMet === r.goalsTotal && r.unsafe.length === 0 && r.status === 'success');
          const steps = trace.filter((t): t is TraceStep => t.type === 'step');
          expect(steps).toHaveLength(r.steps + r.searches);
          for (const s of steps.filter((x) => x.feasible)) {
            for (const arg of /\(([^)]*)\)/.exec(s.action)?.[1].split(',').map((a) => a.trim()) ?? []) expect(ids.has(arg)).toBe(true);
          }
          expect(['success', 'unmet', 'unsafe', 'step-failed']).toContain(r.status);
        }),
        { numRuns: 40, seed: 7 },
      );
    });
  }

  it('verification and repair never lose a run that llm-only wins on the same answers', async () => {
    const run = async (name: string, plans: string[][][]) => {
      const m = gavelMethod(name);
      return runHouseholdEpisode(m, testHouseholdTask(), { llm: scriptedHousehold(plans), rng: new Rng(1), maxFeedback: 3 });
    };
    let wins = 0;
    await fc.assert(
      fc.asyncProperty(answers, async (rounds) => {
        const plans = rounds.map(([a, b]) => [mutate(TEST_PLANS[0], a), mutate(TEST_PLANS[1], b)]);
        const only = await run('llm-only', plans);
        const gavel = await run('gavel', plans);
        if (only.success) wins++;
        if (only.success) expect(gavel.success).toBe(true);
      }),
      { numRuns: 60, seed: 11 },
    );
    // The property is not vacuous: some generated answers are executable as given.
    expect(wins).toBeGreaterThan(0);
  });
});
