/**
 * Behaviour fixture of the episode-layer refactor (issue 13): the rows
 * recorded before it (test/fixtures/episode-baseline) must come out again,
 * time columns aside. The test runs every household row and, for the slow
 * kitchen and Tag runs, every method on the first task; `npx tsx test/episode-baseline/check-all.ts`
 * compares every row and the LLM-DM report.
 */
import { describe, expect, it } from 'vitest';
import { BASELINE_RUNS, fixtureRows, runBaseline } from './runs.js';

const SUBSET: Record<string, number> = { 'kitchen-easy.jsonl': 1, 'household-single.jsonl': 6, 'household-multi.jsonl': 8, 'pomdp-tag.jsonl': 1 };

describe('episode baseline', () => {
  for (const run of BASELINE_RUNS) {
    it(`${run.suite}: every method on the first ${SUBSET[run.file]} task(s) gives the recorded rows`, async () => {
      const want = fixtureRows(run.file);
      const got = await runBaseline(run, { tasks: SUBSET[run.file] });
      expect(got.size).toBe(run.methods.length * SUBSET[run.file]);
      for (const [key, row] of got) expect(row, key).toEqual(want.get(key));
    });
  }
});
