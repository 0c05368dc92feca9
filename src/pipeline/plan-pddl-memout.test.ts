/**
 * Running out of memory is an outcome of planPddl, not a crash: a typed array
 * the search cannot allocate ("Array buffer allocation failed", the childsnack
 * pfile09 failure of issue 24) ends in `memout` with the reason; other errors
 * still throw.
 */
import { describe, expect, it, vi } from 'vitest';

let failure: Error | undefined;
vi.mock('../planner/planner.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../planner/planner.js')>();
  return {
    ...real,
    planTask: (...args: Parameters<typeof real.planTask>) => {
      if (failure) throw failure;
      return real.planTask(...args);
    },
  };
});
const { planPddl } = await import('./plan-pddl.js');

const DOMAIN = `(define (domain walk) (:requirements :strips)
  (:predicates (at ?r) (link ?a ?b))
  (:action move :parameters (?a ?b) :precondition (and (at ?a) (link ?a ?b)) :effect (and (at ?b) (not (at ?a)))))`;
const PROBLEM = '(define (problem p) (:domain walk) (:objects r1 r2) (:init (at r1) (link r1 r2)) (:goal (at r2)))';

describe('planPddl out of memory', () => {
  it('a failed allocation in the search is memout with the reason', () => {
    failure = new RangeError('Array buffer allocation failed');
    const r = planPddl({ text: DOMAIN }, { text: PROBLEM });
    expect(r.status).toBe('memout');
    if (r.status === 'memout') expect(r.reason).toBe('Array buffer allocation failed (while searching)');
    failure = new RangeError('Invalid typed array length: 4294967296');
    expect(planPddl({ text: DOMAIN }, { text: PROBLEM }).status).toBe('memout');
  });

  it('other errors are not memout: they still throw', () => {
    failure = new RangeError('Maximum call stack size exceeded');
    expect(() => planPddl({ text: DOMAIN }, { text: PROBLEM })).toThrow(/call stack/);
    failure = undefined;
    expect(planPddl({ text: DOMAIN }, { text: PROBLEM }).status).toBe('solved');
  });

  it('the memory limit stops grounding (polled too, issue 24) with memout and says which limit', () => {
    const r = planPddl({ text: DOMAIN }, { text: PROBLEM }, { maxBytes: 1 });
    expect(r.status).toBe('memout');
    if (r.status === 'memout') expect(r.reason).toMatch(/^typed arrays [0-9.]+ MiB above the limit of 0\.00 MiB \(while grounding\)$/);
  });
});
