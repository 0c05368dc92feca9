import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { parseDomain } from '../pddl/parse-domain.js';
import { parseProblem } from '../pddl/parse-problem.js';
import { explainResult } from './explain.js';
import { parsePlan } from './plan-file.js';
import { validatePlan } from './validate-plan.js';
import type { ValidationResult } from './result.js';

const BW = `
(define (domain bw)
  (:requirements :strips :negative-preconditions :equality)
  (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))
  (:action pick-up :parameters (?x)
    :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))
  (:action put-down :parameters (?x)
    :precondition (holding ?x)
    :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))
  (:action stack :parameters (?x ?y)
    :precondition (and (holding ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))
  (:action unstack :parameters (?x ?y)
    :precondition (and (on ?x ?y) (clear ?x) (handempty))
    :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))`;

const BW_P = `
(define (problem bw1) (:domain bw)
  (:objects a b c)
  (:init (clear a) (on a b) (ontable b) (clear c) (ontable c) (handempty))
  (:goal (and (on a b) (on b c))))`;

const BW_PLAN = '(unstack a b)\n(put-down a)\n(pick-up b)\n(stack b c)\n(pick-up a)\n(stack a b)\n';

function run(domain: string, problem: string, plan: string): ValidationResult {
  const d = parseDomain(domain, 'domain.pddl');
  return validatePlan(d, parseProblem(problem, d, 'problem.pddl'), parsePlan(plan, 'plan.txt'));
}

describe('validatePlan: blocksworld verdicts', () => {
  it('accepts a valid plan with unit cost and a trace of what changed', () => {
    const r = run(BW, BW_P, BW_PLAN);
    expect(r.status).toBe('valid');
    if (r.status !== 'valid') return;
    expect(r.cost).toBe(6);
    expect(r.length).toBe(6);
    expect(r.trace[0]).toMatchObject({ action: '(unstack a b)', added: ['(clear b)', '(holding a)'], deleted: ['(clear a)', '(handempty)', '(on a b)'], cost: 1 });
    expect(explainResult(r)).toBe('Plan valid: cost 6, 6 steps');
  });

  it('reports an unsatisfied precondition with the ground literal and a sentence', () => {
    const r = run(BW, BW_P, '(pick-up b)');
    expect(r).toMatchObject({
      status: 'invalid',
      reason: 'precondition',
      stepIndex: 0,
      unsatisfied: ['(clear b)'],
      explanation: 'step 1 (pick-up b): b is not clear — unsatisfied precondition (clear b)',
      hints: ['(clear b) can be made true by put-down, stack, unstack'],
    });
  });

  it('reports every unsatisfied conjunct', () => {
    const r = run(BW, BW_P, '(unstack a b)\n(pick-up c)');
    expect(r).toMatchObject({ reason: 'precondition', stepIndex: 1, unsatisfied: ['(handempty)'] });
    const r2 = run(BW, BW_P, '(unstack c a)');
    expect(r2).toMatchObject({
      unsatisfied: ['(on c a)'],
      explanation: 'step 1 (unstack c a): (on c a) is false — unsatisfied precondition (on c a)',
    });
    const r3 = run(BW, BW_P, '(unstack a b)\n(stack a a)');
    expect(r3).toMatchObject({
      stepIndex: 1,
      unsatisfied: ['(clear a)', 'not (= a a)'],
      explanation: 'step 2 (stack a a): a is not clear; a and a are the same object — unsatisfied preconditions (clear a), not (= a a)',
    });
  });

  it('reports unmet goal literals after the last step', () => {
    const r = run(BW, BW_P, BW_PLAN.split('\n').slice(0, 4).join('\n'));
    expect(r).toMatchObject({
      status: 'invalid',
      reason: 'goal',
      unsatisfied: ['(on a b)'],
      explanation: 'goal not reached after 4 steps: unmet goal condition (on a b)',
    });
    const empty = run(BW, BW_P, '');
    expect(empty).toMatchObject({ reason: 'goal', unsatisfied: ['(on b c)'], hints: ['(on b c) can be made true by stack'] });
  });
});

const TYPED = `
(define (domain typed) (:requirements :typing)
  (:types block table - object small - block)
  (:constants t0 - table)
  (:predicates (on ?x - block ?y - object) (free ?x - object))
  (:action put :parameters (?x - block ?y - (either block table))
    :precondition (free ?y) :effect (and (on ?x ?y) (not (free ?y)))))`;
const TYPED_P = `(define (problem p) (:domain typed) (:objects b1 - block s1 - small t1 - table)
  (:init (free t0) (free t1) (free b1)) (:goal (and (on s1 t0) (on b1 t1))))`;

describe('validatePlan: types and constants', () => {
  it('accepts subtypes, either-types and domain constants', () => {
    expect(run(TYPED, TYPED_P, '(put s1 t0)\n(put b1 t1)')).toMatchObject({ status: 'valid', cost: 2 });
  });
});

describe('validatePlan: a step that does not fit the task', () => {
  it.each([
    ['an unknown action, with a suggestion', BW, BW_P, '(unstack a b)\n(pickup a)', { reason: 'unknown-action', stepIndex: 1, message: "unknown action 'pickup' (did you mean 'pick-up'?) (known: pick-up, put-down, stack, unstack)", explanation: "step 2 (pickup a): unknown action 'pickup' (did you mean 'pick-up'?) (known: pick-up, put-down, stack, unstack)" }],
    ['the wrong number of arguments', BW, BW_P, '(stack a)', { reason: 'arity', message: 'stack takes 2 arguments (?x - object ?y - object), got 1' }],
    ['an unknown object, with a suggestion', BW, BW_P, '(unstack a bb)', { reason: 'unknown-object', argIndex: 1, message: "unknown object 'bb' (did you mean 'b'?): not among the problem's objects or the domain's constants" }],
    ['an argument of the wrong type', TYPED, TYPED_P, '(put t1 b1)', { reason: 'type', argIndex: 0, message: 'argument 1 of put (?x) must be of type block, but t1 is of type table' }],
  ])('reports %s', (_what, domain, problem, plan, want) => {
    expect(run(domain, problem, plan)).toMatchObject({ status: 'invalid', ...want });
  });
});

const ADL = `
(define (domain adl) (:requirements :adl)
  (:types item box)
  (:predicates (in ?i - item ?b - box) (open ?b - box) (p) (q) (lit ?i - item) (red ?i - item))
  (:action toggle :parameters () :precondition (and)
    :effect (and (when (p) (not (p))) (when (not (p)) (p))))
  (:action both :parameters () :effect (and (not (q)) (q)))
  (:action empty-check :parameters (?b - box)
    :precondition (forall (?i - item) (not (in ?i ?b))) :effect (open ?b))
  (:action need-some :parameters (?b - box)
    :precondition (exists (?i - item) (in ?i ?b)) :effect (open ?b))
  (:action need-or :parameters (?i - item)
    :precondition (or (lit ?i) (red ?i)) :effect (q))
  (:action need-imply :parameters (?i - item ?b - box)
    :precondition (imply (in ?i ?b) (open ?b)) :effect (q))
  (:action take-from :parameters (?b - box)
    :precondition (not (exists (?i - item) (and (in ?i ?b) (not (open ?b))))) :effect (q))
  (:action light-all :parameters (?b - box)
    :effect (forall (?i - item) (when (in ?i ?b) (and (lit ?i) (not (in ?i ?b)))))))`;
const ADL_P = `(define (problem p) (:domain adl) (:objects i1 i2 i3 - item b1 b2 - box)
  (:init (in i1 b1) (in i2 b1) (p)) (:goal (and (not (p)) (q))))`;

describe('validatePlan: ADL semantics', () => {
  it('evaluates conditional effects in the state before the action', () => {
    // Sequential application would flip p twice and leave it true.
    expect(run(ADL, ADL_P, '(toggle)\n(both)')).toMatchObject({ status: 'valid' });
    expect(run(ADL, ADL_P, '(toggle)\n(toggle)\n(both)')).toMatchObject({ reason: 'goal', unsatisfied: ['not (p)'] });
  });

  it('applies deletes before adds: a fact both added and deleted ends true', () => {
    const r = run(ADL, ADL_P, '(both)\n(toggle)');
    expect(r.status).toBe('valid');
    if (r.status === 'valid') expect(r.trace[0]).toMatchObject({ added: ['(q)'], deleted: [] });
  });

  it('lists every witness of a failing forall', () => {
    expect(run(ADL, ADL_P, '(empty-check b1)')).toMatchObject({
      reason: 'precondition',
      unsatisfied: ['not (in i1 b1)', 'not (in i2 b1)'],
      explanation: 'step 1 (empty-check b1): (in i1 b1) is true; (in i2 b1) is true — unsatisfied preconditions not (in i1 b1), not (in i2 b1)',
    });
    expect(run(ADL, ADL_P, '(empty-check b2)\n(both)\n(toggle)')).toMatchObject({ status: 'valid' });
  });

  it('reports a failing exists and or compactly', () => {
    expect(run(ADL, ADL_P, '(need-some b2)')).toMatchObject({
      unsatisfied: ['(exists (?i - item) (in ?i b2))'],
      explanation: 'step 1 (need-some b2): there is no ?i with (in ?i b2) — unsatisfied precondition (exists (?i - item) (in ?i b2))',
    });
    expect(run(ADL, ADL_P, '(need-or i3)')).toMatchObject({
      unsatisfied: ['(or (lit i3) (red i3))'],
      explanation: 'step 1 (need-or i3): none of (lit i3), (red i3) holds — unsatisfied precondition (or (lit i3) (red i3))',
      hints: [],
    });
  });

  it('reports a failing negated exists as its witness, in negation normal form', () => {
    // (not (exists (?i - item) (and (in ?i ?b) (not (open ?b))))) fails for every item inside the closed box.
    expect(run(ADL, ADL_P, '(take-from b1)')).toMatchObject({
      unsatisfied: ['(or (not (in i1 b1)) (open b1))', '(or (not (in i2 b1)) (open b1))'],
      explanation:
        'step 1 (take-from b1): none of (not (in i1 b1)), (open b1) holds; none of (not (in i2 b1)), (open b1) holds — unsatisfied preconditions (or (not (in i1 b1)) (open b1)), (or (not (in i2 b1)) (open b1))',
    });
    expect(run(ADL, ADL_P, '(need-some b1)\n(take-from b1)\n(toggle)')).toMatchObject({ status: 'valid' });
  });

  it('checks imply: the consequent is required only when the antecedent holds', () => {
    expect(run(ADL, ADL_P, '(need-imply i1 b1)')).toMatchObject({ reason: 'precondition', unsatisfied: ['(open b1)'] });
    // forall/when effects count as achievers.
    expect(run(ADL, ADL_P, '(empty-check b1)')).toMatchObject({ hints: ['(in i1 b1) can be made false by light-all', '(in i2 b1) can be made false by light-all'] });

    expect(run(ADL, ADL_P, '(need-imply i3 b1)\n(toggle)')).toMatchObject({ status: 'valid' });
  });

  it('applies forall/when effects over typed objects', () => {
    const r = run(ADL, ADL_P, '(light-all b1)\n(need-or i2)\n(empty-check b1)\n(toggle)');
    expect(r.status).toBe('valid');
    if (r.status === 'valid') {
      expect(r.trace[0]).toMatchObject({ added: ['(lit i1)', '(lit i2)'], deleted: ['(in i1 b1)', '(in i2 b1)'] });
    }
  });
});

const COSTS = `
(define (domain roads) (:requirements :typing :action-costs)
  (:types city)
  (:predicates (at ?c - city) (road ?a ?b - city))
  (:functions (len ?a ?b - city) - number (total-cost) - number)
  (:action drive :parameters (?a ?b - city)
    :precondition (and (at ?a) (road ?a ?b))
    :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (len ?a ?b))))
  (:action wait :parameters () :effect (increase (total-cost) 2)))`;
const COSTS_P = (metric: boolean, lenAB = '(= (len a b) 3)'): string => `(define (problem r) (:domain roads) (:objects a b c - city)
  (:init (at a) (road a b) (road b c) ${lenAB} (= (len b c) 4) (= (total-cost) 0))
  (:goal (at c)) ${metric ? '(:metric minimize (total-cost))' : ''})`;

describe('validatePlan: action costs', () => {
  it('sums increase (total-cost) with static function values from :init', () => {
    const r = run(COSTS, COSTS_P(true), '(drive a b)\n(wait)\n(drive b c)');
    expect(r).toMatchObject({ status: 'valid', cost: 9, length: 3 });
    if (r.status === 'valid') expect(r.trace.map((t) => t.cost)).toEqual([3, 2, 4]);
  });
  it('hints that a literal no action adds needs other arguments', () => {
    expect(run(COSTS, COSTS_P(true), '(drive a c)')).toMatchObject({
      unsatisfied: ['(road a c)'],
      hints: ['no action makes (road a c) true: use other arguments or another action'],
    });
  });
  it('uses plan length as the cost when the problem has no metric', () => {
    expect(run(COSTS, COSTS_P(false), '(drive a b)\n(wait)\n(drive b c)')).toMatchObject({ status: 'valid', cost: 3 });
  });
  it('rejects a cost that reads an unset function value, as bad input', () => {
    expect(() => run(COSTS, COSTS_P(true, ''), '(drive a b)\n(drive b c)')).toThrow(InputError);
    expect(() => run(COSTS, COSTS_P(true, ''), '(drive a b)\n(drive b c)')).toThrow(/\(len a b\) has no value/);
  });
});
