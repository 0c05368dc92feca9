import { describe, expect, it } from 'vitest';
import { annotationTables, llmdmSummary, ownModelTable, syntheticTables, type LlmdmConstructionRow, type LlmdmPlanRow, type LlmdmRow } from './llmdm-tables.js';

const construction = (domain: string, seed: number, actions: number, exact: number, feedbackRounds: number, reviewedExact: number): LlmdmConstructionRow => ({
  kind: 'construction', domain, seed, model: 'synthetic LLM, knobs: k=1', actions, passes: 2, turns: 2 * actions + feedbackRounds, feedbackRounds, unresolved: 0, exact, meanF1: exact / actions,
  reviewed: { corrected: actions - exact, exact: reviewedExact, meanF1: reviewedExact / actions },
  perAction: Array.from({ length: actions }, (_, i) => ({ action: `a${i}`, rounds: i === 0 ? feedbackRounds : 0, exact: i < exact, f1: i < exact ? 1 : 0.5 })),
});
const plan = (seed: number, instance: string, validIpc: boolean, llmValid: boolean, reviewedExact: boolean): LlmdmPlanRow => ({
  kind: 'logistics-plan', seed, instance, instruction: `move ${instance}`, reviewedExact, translated: true, plannerSolved: true, plannerValidIpc: validIpc, llmPlannerValidIpc: llmValid, llmPlannerRounds: llmValid ? 0 : 1,
});

const ROWS: LlmdmRow[] = [
  {
    kind: 'annotation', domain: 'd1', actions: 4, annotated: 3, caught: 1, issues: ['pick / unsupported-keyword: no if'], unlisted: 0, strayParameterLines: [],
    byCategory: [{ category: 'unsupported-keyword', checkable: true, annotated: 1, caught: 1 }, { category: 'missing-precondition', checkable: false, annotated: 2, caught: 0 }], corrected: { issues: 0, parses: true },
  },
  { kind: 'own-model', model: 'raw', instance: 'p1', instruction: 'x', solved: true, validIpc: false },
  { kind: 'own-model', model: 'raw', instance: 'p2', instruction: 'y', solved: true, validIpc: true },
  { kind: 'replay', domain: 'd1', passes: 2, diverged: [], turns: [
    { pass: 1, action: 'pick', round: 1, seed: 'accepted', ours: 'accepted', categories: [], agree: true },
    { pass: 1, action: 'drop', round: 1, seed: 'bad_type', ours: 'accepted', categories: [], agree: false },
  ] },
  // d1: 4 actions × 2 seeds, exact 3 + 2 = 5/8 = 62.5 %, rounds (2 + 4) / 8 = 0.75; after review 4 + 4 = 100 %
  construction('d1', 1, 4, 3, 2, 4),
  construction('d1', 2, 4, 2, 4, 4),
  // d2: 2 actions, 1 seed: exact 2/2, rounds 1/2 = 0.5, review 2/2
  construction('d2', 1, 2, 2, 1, 2),
  plan(1, 'p1', true, true, true),
  plan(1, 'p2', false, true, true),
  plan(2, 'p1', false, false, false),
  plan(2, 'p2', false, true, false),
];

describe('LLM-DM tables', () => {
  it('annotations: caught per domain and category; the issues are listed', () => {
    const text = annotationTables(ROWS) ?? '';
    expect(text).toContain('| d1 | 4 | 3 | 1 | 1 | 0 | 0 / yes |');
    expect(text).toContain('| d1 | missing-precondition | 2 | 0 |');
    expect(text).toContain('- d1 / pick / unsupported-keyword: no if');
  });

  it('own model: shares of instructions planned and valid', () => {
    expect(ownModelTable(ROWS)).toContain('| raw | 2 | 100.0% | 50.0% |');
  });

  it('synthetic: per-domain sums over seeds, per-action means, logistics shares', () => {
    const text = syntheticTables(ROWS) ?? '';
    expect(text).toContain('| d1 | 4 | 2.0 | 22 | 6 | 0.75 | 0 | 62.5% |');
    expect(text).toContain('| d1 | a0 | 3.0 | 2/2 | 1.000 |');
    expect(text).toContain('| d1 | a2 | 0.0 | 1/2 | 0.750 |');
    // plans: valid 1/4, LLM planner 3/4; seed 1's reviewed model is exact: 1 of its 2 translated plans valid
    expect(text).toContain('| 2 instructions x 2 seeds | 100.0% | 100.0% | 25.0% | 1 of 2: 50.0% | 75.0% | 0.25 |');
  });

  it('summary: syntax vs factual by the checkable flag, agreement, ranges over domains', () => {
    const text = llmdmSummary(ROWS) ?? '';
    expect(text).toContain('syntax errors caught 1/1; factual errors caught 0/2');
    expect(text).toContain('equals the seed\'s on 1 of 2 recorded answers');
    expect(text).toContain('0.50–0.75 feedback rounds per action; actions equal to the gold model 63–100 %, 100 % after one review round');
    expect(text).toContain('25.0% with the sound planner, 75.0% with the LLM planner');
    expect(llmdmSummary(ROWS.filter((r) => r.kind !== 'replay'))).toBeUndefined();
  });
});
