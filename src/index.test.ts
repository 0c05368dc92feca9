import { describe, expect, it } from 'vitest';
import * as groundplan from './index.js';

// A chain a → b → c → d: the only plan is (step-1 a b)(step-1 b c)(step-1 c d) in that order,
// so the planner's answer can be checked by hand, and the validator must reject any other order.
const DOMAIN = `(define (domain chain) (:requirements :strips :typing) (:types node)
  (:predicates (at ?n - node) (link ?a ?b - node))
  (:action move :parameters (?a ?b - node) :precondition (and (at ?a) (link ?a ?b)) :effect (and (at ?b) (not (at ?a)))))`;
const PROBLEM = `(define (problem p) (:domain chain) (:objects a b c d - node)
  (:init (at a) (link a b) (link b c) (link c d)) (:goal (at d)))`;

describe('package entry point', () => {
  it('parses, grounds, plans and validates through the public namespaces', () => {
    const domain = groundplan.pddl.parseDomain(DOMAIN);
    const problem = groundplan.pddl.parseProblem(PROBLEM, domain);
    const { task } = groundplan.pddl.ground(domain, problem);
    const r = groundplan.planner.planTask(task);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.plan.map((i) => task.operators[i].name)).toEqual(['(move a b)', '(move b c)', '(move c d)']);
    const step = (a: string, b: string) => ({ name: 'move', args: [a, b] });
    expect(groundplan.validate.validatePlan(domain, problem, [step('a', 'b'), step('b', 'c'), step('c', 'd')]).status).toBe('valid');
    expect(groundplan.validate.validatePlan(domain, problem, [step('b', 'c'), step('a', 'b'), step('c', 'd')]).status).not.toBe('valid');
  });

  it('asks an offline model through the public llm namespace and checks its answer', async () => {
    const model = groundplan.llm.createScriptedModel({ answers: ['seven', '7'] });
    const r = await groundplan.llm.ask(model, {
      kind: 'n',
      messages: [{ role: 'user', content: 'a number, please' }],
      read: (text: string) => Number(text),
      check: (n: number) => (Number.isFinite(n) ? [] : ['not a number']),
    });
    // the first answer fails the check, the repair turn's answer is kept
    expect(r).toMatchObject({ value: 7, attempts: 2, raws: ['seven', '7'] });
  });
});
