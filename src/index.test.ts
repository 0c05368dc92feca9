import { describe, expect, it } from 'vitest';
import * as groundplan from './index.js';

describe('package entry point', () => {
  it('exposes each module as a namespace and the core directly', () => {
    expect(typeof groundplan.Rng).toBe('function');
    expect(typeof groundplan.pddl.parseDomain).toBe('function');
    expect(typeof groundplan.pddl.ground).toBe('function');
    expect(typeof groundplan.validate.validatePlan).toBe('function');
    expect(typeof groundplan.pomdp.Despot).toBe('function');
    expect(typeof groundplan.llm.ask).toBe('function');
  });

  it('parses, grounds and validates through the public API', () => {
    const domain = groundplan.pddl.parseDomain(
      '(define (domain d) (:predicates (p) (q)) (:action a :parameters () :precondition (p) :effect (q)))',
    );
    const problem = groundplan.pddl.parseProblem('(define (problem x) (:domain d) (:init (p)) (:goal (q)))', domain);
    const { task } = groundplan.pddl.ground(domain, problem);
    expect(task.operators.map((o) => o.name)).toEqual(['(a)']);
    expect(groundplan.validate.validatePlan(domain, problem, [{ name: 'a', args: [] }]).status).toBe('valid');
  });
});
