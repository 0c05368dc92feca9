import { describe, expect, it } from 'vitest';
import { FAILURE_CAUSE_NAMES, isFailureCause, type EpisodeOutcome, type EpisodeSpec, type Json } from '../../episode/index.js';
import { householdSuites } from '../../eval/suites/index.js';
import { HOUSEHOLD_REGISTRY } from '../index.js';

const [single, multi] = householdSuites;
const HOUSEHOLD_METHODS = HOUSEHOLD_REGISTRY.names();

/** Noisier than the defaults, so that every method fails some errands. */
const NOISY: { [k: string]: Json } = { 'gavel.missingNavigate': 0.2, 'gavel.missingOpen': 0.3, 'gavel.hallucinatedObject': 0.15, 'gavel.wrongObject': 0.1, 'gavel.extractError': 0.2, 'gavel.decomposeError': 0.2, 'gavel.fixProb': 0.3 };

function spec(suite: string, task: string, method: string, seed: number): EpisodeSpec {
  return { suite, task, level: '', method, model: 'synthetic', seed, config: { rsn: 'prior', synthetic: NOISY } };
}

function checkRow(o: EpisodeOutcome, where: string): void {
  const failures = o.failures ?? [];
  const errands = o.metrics.errands;
  const met = o.metrics.errandsMet;
  expect(o.metrics.errandSuccess, where).toBeCloseTo(met / errands, 12);
  if (o.success) {
    expect(failures, where).toEqual([]);
    expect(met, where).toBe(errands);
    return;
  }
  expect(failures.length, `${where}: a failed row has a cause`).toBeGreaterThan(0);
  for (const c of failures) expect(isFailureCause(c), `${where}: '${c}' is in the vocabulary`).toBe(true);
  // one cause per failed errand, or one episode-level cause when every errand holds
  if (met < errands) expect(failures.length, where).toBe(errands - met);
  else expect(failures.length === 1 && ['unsafe', 'time-limit', 'llm-failed'].includes(failures[0]), where).toBe(true);
}

describe('failure causes on the household suites (synthetic model, noisy knobs)', () => {
  it('every failed row has one cause per failed errand, from the vocabulary; successes have none', { timeout: 60_000 }, async () => {
    const seen = new Set<string>();
    let failed = 0;
    for (const seed of [1, 2]) {
      for (const t of multi.tasks({ n: 6 })) {
        for (const method of HOUSEHOLD_METHODS) {
          const o = await multi.run(spec('household:multi', t.id, method, seed), { trace: () => undefined });
          checkRow(o, `${method} ${t.id} seed ${seed}`);
          if (!o.success) failed++;
          for (const c of o.failures ?? []) seen.add(c);
        }
      }
      for (const t of single.tasks({ n: 3 })) {
        for (const method of ['llm-only', 'sayplan', 'gavel-basic', 'gavel']) {
          const o = await single.run(spec('household:single', t.id, method, seed), { trace: () => undefined });
          checkRow(o, `${method} ${t.id} seed ${seed}`);
          if (!o.success) failed++;
          for (const c of o.failures ?? []) seen.add(c);
        }
      }
    }
    // The noise makes failures of several kinds (otherwise the check above is empty).
    expect(failed).toBeGreaterThan(10);
    expect(seen.size).toBeGreaterThanOrEqual(3);
    expect([...seen].every((c) => FAILURE_CAUSE_NAMES.includes(c as never))).toBe(true);
  });
});
