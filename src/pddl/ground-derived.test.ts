import { describe, expect, it } from 'vitest';
import { planTask } from '../planner/planner.js';
import { validatePlan } from '../validate/validate-plan.js';
import { ground } from './ground.js';
import { AUX_DERIVED_PREFIX } from './normalize.js';
import { parseDomain } from './parse-domain.js';
import { parseProblem } from './parse-problem.js';

// IPC `assembly` in small: the effect conditions quantify over every assembly
// ((not (exists ...)) is a forall of disjunctions), so their DNF has 3^9 terms.
const ASSEMBLY = `(define (domain mini-assembly)
  (:requirements :adl)
  (:types assembly)
  (:predicates (part-of ?p ?w - assembly) (transient-part ?p ?w - assembly) (available ?a - assembly)
               (incorporated ?p ?w - assembly) (complete ?w - assembly) (needs ?p ?prev ?w - assembly))
  (:action assemble
    :parameters (?part ?whole - assembly)
    :precondition (and (or (part-of ?part ?whole) (transient-part ?part ?whole)) (available ?part)
                       (forall (?prev - assembly) (imply (needs ?part ?prev ?whole) (incorporated ?prev ?whole))))
    :effect (and (incorporated ?part ?whole) (not (available ?part))
                 (when (and (not (exists (?p - assembly) (and (part-of ?p ?whole) (not (= ?p ?part)) (not (incorporated ?p ?whole)))))
                            (not (exists (?tp - assembly) (and (transient-part ?tp ?whole) (or (= ?tp ?part) (incorporated ?tp ?whole))))))
                       (and (complete ?whole) (available ?whole)))))
  (:action remove
    :parameters (?part ?whole - assembly)
    :precondition (and (transient-part ?part ?whole) (incorporated ?part ?whole))
    :effect (and (not (incorporated ?part ?whole)) (available ?part)
                 (when (and (forall (?p - assembly) (imply (part-of ?p ?whole) (incorporated ?p ?whole)))
                            (not (exists (?tp - assembly) (and (transient-part ?tp ?whole) (not (= ?tp ?part)) (incorporated ?tp ?whole)))))
                       (and (complete ?whole) (available ?whole))))))`;

const PROBLEM = `(define (problem two-levels) (:domain mini-assembly)
  (:objects a0 a1 a2 b1 b2 t c1 c2 c3 - assembly)
  (:init (part-of a1 a0) (part-of a2 a0) (part-of b1 a1) (part-of b2 a1) (transient-part t a1) (needs b2 t a1)
         (part-of c1 a2) (part-of c2 a2) (part-of c3 a2)
         (available b1) (available b2) (available t) (available c1) (available c2) (available c3))
  (:goal (complete a0)))`;

describe('large effect conditions become auxiliary derived predicates', () => {
  const domain = parseDomain(ASSEMBLY);
  const problem = parseProblem(PROBLEM);

  it('grounds with axioms of auxiliary derived predicates instead of refusing the DNF', () => {
    const g = ground(domain, problem);
    expect(g.task.axioms?.length).toBeGreaterThan(0);
    expect(g.task.facts.some((f) => f.startsWith(`(${AUX_DERIVED_PREFIX}`))).toBe(true);
    expect(g.stats.axioms).toBe(g.task.axioms?.length);
  });

  it('solves, and the plan (transient part in, then out) is valid for the lifted validator', () => {
    const g = ground(domain, problem);
    const r = planTask(g.task);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    const steps = g.toLifted(r.plan);
    expect(steps.map((s) => `${s.name} ${s.args.join(' ')}`)).toContain('remove t a1');
    expect(validatePlan(domain, problem, steps).status).toBe('valid');
    // without removing the transient part, a1 is never complete: the same plan minus `remove` fails
    const withoutRemove = steps.filter((s) => s.name !== 'remove');
    expect(validatePlan(domain, problem, withoutRemove).status).toBe('invalid');
  });

  it('a task whose goal needs an unreachable complete assembly is unsolvable', () => {
    const stuck = parseProblem(PROBLEM.replace('(available b1) ', ''));
    const r = planTask(ground(domain, stuck).task);
    expect(r.status).toBe('unsolvable');
  });
});

describe('derived predicates end to end', () => {
  const domain = parseDomain(`(define (domain reach) (:requirements :adl :derived-predicates)
    (:predicates (edge ?x ?y) (open ?x ?y) (at ?x) (reach ?x) (blocked ?x) (safe ?x))
    (:derived (reach ?x) (or (at ?x) (exists (?y) (and (reach ?y) (edge ?y ?x) (open ?y ?x)))))
    (:derived (safe ?x) (and (reach ?x) (not (blocked ?x))))
    (:action toggle :parameters (?x ?y) :precondition (and (edge ?x ?y) (not (reach ?y))) :effect (open ?x ?y))
    (:action block :parameters (?x) :precondition (safe ?x) :effect (blocked ?x)))`);
  const problem = parseProblem(`(define (problem p) (:domain reach) (:objects n0 n1 n2 n3)
    (:init (at n0) (edge n0 n1) (edge n1 n2) (edge n2 n3) (edge n0 n3))
    (:goal (and (safe n2) (blocked n3) (not (reach n3)))))`);

  it('plans through recursive and stratified negated derived predicates; the plan validates', () => {
    const g = ground(domain, problem);
    const r = planTask(g.task);
    // n3 must be blocked while reachable (block needs safe), yet unreachable at the end: impossible
    expect(r.status).toBe('unsolvable');
    const p2 = parseProblem(`(define (problem p) (:domain reach) (:objects n0 n1 n2 n3)
      (:init (at n0) (edge n0 n1) (edge n1 n2) (edge n2 n3))
      (:goal (and (safe n2) (blocked n1) (not (reach n3)))))`);
    const g2 = ground(domain, p2);
    const r2 = planTask(g2.task);
    expect(r2.status).toBe('solved');
    if (r2.status !== 'solved') return;
    const steps = g2.toLifted(r2.plan);
    expect(validatePlan(domain, p2, steps).status).toBe('valid');
    expect(steps.map((s) => s.name)).toEqual(expect.arrayContaining(['toggle', 'block']));
    const empty = validatePlan(domain, p2, []);
    expect(empty.status).toBe('invalid');
    if (empty.status === 'invalid' && 'hints' in empty) expect(empty.hints).toContain('(safe n2) is derived: make its (:derived safe) rule\'s body true');
  });
});

describe('a derived rule with a universal quantifier over many objects', () => {
  const tasks = Array.from({ length: 20 }, (_, i) => `t${i}`);
  const domain = parseDomain(`(define (domain groups) (:requirements :adl :derived-predicates)
    (:types task group)
    (:predicates (member ?t - task ?g - group) (done ?t - task) (all-done ?g - group))
    (:derived (all-done ?g - group) (forall (?t - task) (imply (member ?t ?g) (done ?t))))
    (:action do :parameters (?t - task) :precondition (not (done ?t)) :effect (done ?t)))`);
  const problem = parseProblem(`(define (problem p) (:domain groups) (:objects ${tasks.join(' ')} - task g1 g2 - group)
    (:init ${tasks.map((t, i) => `(member ${t} ${i % 3 === 0 ? 'g1' : 'g2'})`).join(' ')})
    (:goal (all-done g1)))`);

  it('is compiled lifted (a negated auxiliary predicate, not 2^20 terms) and plans exactly the group\'s tasks', () => {
    const g = ground(domain, problem);
    expect(g.task.axioms?.some((ax) => ax.neg.length > 0)).toBe(true);
    expect(g.stats.facts).toBeLessThan(60);
    const r = planTask(g.task);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    const steps = g.toLifted(r.plan);
    expect(steps.map((s) => s.args[0]).sort()).toEqual(tasks.filter((_, i) => i % 3 === 0).sort());
    expect(validatePlan(domain, problem, steps).status).toBe('valid');
  });
});
