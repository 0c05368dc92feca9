/**
 * suggestEdits: validator-checked repairs. Every edited plan it calls
 * repaired is re-validated here with the library validator (the oracle); a
 * brute force over all single-step deletions of a valid plan measures how
 * often one or two edits restore validity.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../pddl/parse-domain.js';
import { parseProblem } from '../pddl/parse-problem.js';
import { formatStep, parsePlanLines } from '../validate/plan-file.js';
import { validatePlan } from '../validate/validate-plan.js';
import { KITCHEN_GOLD_PLAN } from './demo-agent.js';
import { suggestEdits } from './repair-hints.js';

const DEMO = join(import.meta.dirname, '../../data/demo');
const domain = parseDomain(readFileSync(join(DEMO, 'domain.pddl'), 'utf8'));
const problem = parseProblem(readFileSync(join(DEMO, 'problem.pddl'), 'utf8'), domain);
const gold = parsePlanLines(KITCHEN_GOLD_PLAN);

describe('suggestEdits', () => {
  it('the gold plan is valid (cost 51: 24 steps, moves 2+2+2+5+5+2+3+3+3+4 = 31, opens and closes 6 x 2 = 12, picks and places 8 x 1)', () => {
    const v = validatePlan(domain, problem, gold);
    expect(v).toMatchObject({ status: 'valid', cost: 51 });
    expect(suggestEdits(domain, problem, gold)).toMatchObject({ status: 'valid', edits: [] });
  });

  it('repairs every single-step deletion of the gold plan, and each repaired plan passes the validator', () => {
    const outcomes: string[] = [];
    for (let i = 0; i < gold.length; i++) {
      const broken = gold.filter((_, k) => k !== i);
      const r = suggestEdits(domain, problem, broken);
      outcomes.push(r.status);
      expect(r.status, `without step ${i + 1} ${formatStep(gold[i])}`).toBe('repaired');
      expect(validatePlan(domain, problem, r.plan).status).toBe('valid');
      expect(r.edits.length).toBeGreaterThan(0);
      expect(r.edits.length).toBeLessThanOrEqual(4);
    }
    expect(outcomes).toHaveLength(24);
  });

  it('a wrong argument is fixed by replacing the step with the applicable instance', () => {
    const wrong = gold.map((s, i) => (i === 3 ? { name: 'pick-from-surface', args: ['milk', 'table'] } : s));
    const r = suggestEdits(domain, problem, wrong);
    expect(r.status).toBe('repaired');
    expect(r.edits).toEqual([expect.objectContaining({ op: 'replace', at: 3, step: { name: 'pick-from-surface', args: ['milk', 'counter'] } })]);
  });

  it('an unknown action name is replaced by an instance of the closest-named action', () => {
    const wrong = gold.map((s, i) => (i === 1 ? { name: 'opn', args: ['fridge'] } : s));
    const r = suggestEdits(domain, problem, wrong);
    expect(r.status).toBe('repaired');
    expect(r.edits[0]).toMatchObject({ op: 'replace', at: 1, step: { name: 'open', args: ['fridge'] } });
  });

  it('a missing final step (an unmet goal) is fixed by inserting an achiever', () => {
    const r = suggestEdits(domain, problem, gold.slice(0, -1));
    expect(r.status).toBe('repaired');
    expect(r.edits).toEqual([expect.objectContaining({ op: 'insert', at: 23, step: { name: 'place-on-surface', args: ['bowl', 'table'] } })]);
  });

  it('stops when told to, with the edits found so far', () => {
    const r = suggestEdits(domain, problem, gold.slice(2), { shouldStop: () => true });
    expect(r.status).toBe('no-edit');
    expect(r.edits).toEqual([]);
  });
});
