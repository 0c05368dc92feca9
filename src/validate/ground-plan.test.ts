import { describe, expect, it } from 'vitest';
import type { GroundOperator, GroundTask } from '../planner/task.js';
import { validateGroundPlan } from './ground-plan.js';

const op = (name: string, o: Partial<GroundOperator>): GroundOperator => ({ name, pre: [], preNeg: [], add: [], del: [], conditional: [], cost: 1, ...o });

// facts: 0 (p), 1 (q), 2 (r)
const task: GroundTask = {
  facts: ['(p)', '(q)', '(r)'],
  init: [0],
  goalPos: [1],
  goalNeg: [0],
  hasActionCosts: true,
  operators: [
    op('(toggle)', { conditional: [{ condPos: [0], condNeg: [], add: [], del: [0] }, { condPos: [], condNeg: [0], add: [0], del: [] }] }),
    op('(set-q)', { preNeg: [0], add: [1], del: [1], cost: 5 }),
    op('(either)', { preOr: [{ pos: [2], neg: [0] }], add: [2] }),
  ],
};

describe('validateGroundPlan', () => {
  it('evaluates conditional effects in the pre-state and applies deletes before adds', () => {
    expect(validateGroundPlan(task, ['(toggle)', '(set-q)'])).toEqual({ status: 'valid', cost: 6, length: 2 });
    expect(validateGroundPlan(task, ['(toggle)', '(toggle)', '(set-q)'])).toEqual({
      status: 'invalid',
      reason: 'precondition',
      stepIndex: 2,
      unsatisfied: ['not (p)'],
    });
  });
  it('checks disjunctive precondition clauses', () => {
    expect(validateGroundPlan(task, ['(either)'])).toMatchObject({ reason: 'precondition', unsatisfied: ['(or (r) (not (p)))'] });
    expect(validateGroundPlan(task, ['(toggle)', '(either)', '(set-q)'])).toMatchObject({ status: 'valid', cost: 7 });
  });
  it('reports steps with no operator and unmet goals', () => {
    expect(validateGroundPlan(task, ['(toggle)', '(fly)'])).toEqual({ status: 'invalid', reason: 'no-operator', stepIndex: 1, unsatisfied: [] });
    expect(validateGroundPlan(task, [])).toEqual({ status: 'invalid', reason: 'goal', unsatisfied: ['(q)', 'not (p)'] });
  });
});
