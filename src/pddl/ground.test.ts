import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { ground, type GroundResult } from './ground.js';
import { parseDomain } from './parse-domain.js';
import { parseProblem } from './parse-problem.js';
import type { Domain, Problem } from './ast.js';

function g(domain: string, problem: string): GroundResult {
  const d = parseDomain(domain, 'd.pddl');
  return ground(d, parseProblem(problem, d, 'p.pddl'));
}

/** Operators as readable lines: `name | pre | not pre | add | del | cond... | cost`. */
function show(r: GroundResult): string[] {
  const f = (ids: readonly number[]): string => ids.map((i) => r.task.facts[i]).sort().join(' ');
  return r.task.operators
    .map((o) => {
      const conds = o.conditional.map((c) => `when[${f(c.condPos)}/not ${f(c.condNeg)}] +${f(c.add)} -${f(c.del)}`).join(' ');
      return `${o.name} | ${f(o.pre)} | ${f(o.preNeg)} | ${f(o.add)} | ${f(o.del)} |${conds ? ` ${conds} |` : ''} ${o.cost}`;
    })
    .sort();
}

const GRIPPERISH = `
(define (domain move)
  (:requirements :strips :typing)
  (:types room ball)
  (:predicates (at-robby ?r - room) (at ?b - ball ?r - room) (door ?a ?b - room) (carry ?b - ball))
  (:action move :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (door ?from ?to))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick :parameters (?b - ball ?r - room)
    :precondition (and (at ?b ?r) (at-robby ?r))
    :effect (and (carry ?b) (not (at ?b ?r)))))`;

describe('ground: STRIPS with typing', () => {
  const problem = `(define (problem p) (:domain move)
      (:objects a b c - room b1 b2 - ball)
      (:init (at-robby a) (door a b) (door b a) (door c a) (at b1 b) (at b2 c))
      (:goal (carry b1)))`;
  const r = g(GRIPPERISH, problem);

  it('grounds exactly the relaxed-reachable operators and removes static facts', () => {
    expect(show(r)).toEqual([
      '(move a b) | (at-robby a) |  | (at-robby b) | (at-robby a) | 1',
      '(move b a) | (at-robby b) |  | (at-robby a) | (at-robby b) | 1',
      '(pick b1 b) | (at b1 b) (at-robby b) |  | (carry b1) | (at b1 b) | 1',
    ]);
    // room c is unreachable: neither (at-robby c) nor (carry b2) nor (move c a) exist
    expect(r.task.facts).not.toContain('(at-robby c)');
    expect(r.task.facts).not.toContain('(carry b2)');
    expect(r.task.facts.some((f) => f.startsWith('(door'))).toBe(false);
    expect(r.stats.staticFactsRemoved).toBe(3);
    expect(r.task.goalPos.map((i) => r.task.facts[i])).toEqual(['(carry b1)']);
    expect(r.task.hasActionCosts).toBe(false);
  });

  it('has dense ids, an init over fluent facts, and maps plans back', () => {
    expect(new Set(r.task.facts).size).toBe(r.task.facts.length);
    expect(r.task.init.map((i) => r.task.facts[i]).sort()).toEqual(['(at b1 b)', '(at b2 c)', '(at-robby a)']);
    const ids = ['(move a b)', '(pick b1 b)'].map((n) => r.task.operators.findIndex((o) => o.name === n));
    expect(r.toLifted(ids)).toEqual([
      { name: 'move', args: ['a', 'b'] },
      { name: 'pick', args: ['b1', 'b'] },
    ]);
  });

  it('is deterministic', () => {
    const again = g(GRIPPERISH, problem);
    expect(again.task).toEqual(r.task);
  });

  /** 3 · 30^2 = 2700 pair facts and as many operators: beyond one polling interval (4096 facts) in all. */
  const pairs = (): { d: Domain; p: Problem } => {
    const d = parseDomain(`(define (domain pairs) (:predicates (o ?x) (p ?a ?b) (q ?a ?b) (r ?a ?b))
      (:action mp :parameters (?a ?b) :precondition (and (o ?a) (o ?b)) :effect (p ?a ?b))
      (:action mq :parameters (?a ?b) :precondition (p ?a ?b) :effect (q ?a ?b))
      (:action mr :parameters (?a ?b) :precondition (q ?a ?b) :effect (r ?a ?b)))`);
    const objects = Array.from({ length: 30 }, (_, i) => `x${i}`);
    const p = parseProblem(`(define (problem p) (:domain pairs) (:objects ${objects.join(' ')}) (:init ${objects.map((o) => `(o ${o})`).join(' ')}) (:goal (r x0 x1)))`, d);
    return { d, p };
  };

  it('polls memoryCheck while the model grows and stops with GROUND_MEMOUT and its reason', () => {
    const { d, p } = pairs();
    let calls = 0;
    expect(ground(d, p, { memoryCheck: () => (calls++, undefined) }).task.operators.length).toBe(3 * 900);
    expect(calls).toBeGreaterThan(0);
    expect(() => ground(d, p, { memoryCheck: () => 'heap full' })).toThrow(expect.objectContaining({ code: 'GROUND_MEMOUT', message: 'heap full' }));
  });

  it('polls expired with memoryCheck and stops with GROUND_TIMEOUT once it says the time is up', () => {
    const { d, p } = pairs();
    let polls = 0;
    expect(ground(d, p, { expired: () => (polls++, false) }).task.operators.length).toBe(3 * 900);
    expect(polls).toBeGreaterThan(1);
    // the time runs out after the first poll: grounding stops part-way
    let left = 1;
    expect(() => ground(d, p, { expired: () => left-- <= 0 })).toThrow(expect.objectContaining({ code: 'GROUND_TIMEOUT' }));
  });

  it('stops with GROUND_CANCELLED when the signal is aborted', () => {
    const d = parseDomain(GRIPPERISH);
    const p = parseProblem(`(define (problem p) (:domain move) (:objects a - room) (:init (at-robby a)) (:goal (at-robby a)))`, d);
    const ac = new AbortController();
    ac.abort();
    expect(() => ground(d, p, { signal: ac.signal })).toThrow(expect.objectContaining({ code: 'GROUND_CANCELLED' }));
    const events: string[] = [];
    ground(d, p, { onEvent: (e) => events.push(e.phase) });
    expect(events).toEqual(['normalized', 'reachable', 'operators']);
  });

  it('reports unreachable goals but still grounds', () => {
    const u = g(
      GRIPPERISH,
      `(define (problem p) (:domain move) (:objects a c - room b2 - ball)
        (:init (at-robby a) (at b2 c)) (:goal (carry b2)))`,
    );
    expect(u.stats.unreachableGoals).toEqual(['(carry b2)']);
    expect(u.task.operators).toEqual([]);
    expect(u.task.goalPos).toHaveLength(1);
    expect(u.task.init).not.toContain(u.task.goalPos[0]);
  });
});

const ADL = `
(define (domain adl-test)
  (:requirements :adl :typing :action-costs)
  (:types room box - object heavy light - box)
  (:constants home - room)
  (:predicates (at ?b - box ?r - room) (robot-at ?r - room) (door ?a ?b - room) (clean ?r - room)
               (lit ?r - room) (painted ?b - box) (marked ?x - (either room light)))
  (:functions (total-cost) - number (dist ?a ?b - room) - number)
  (:action move
    :parameters (?from ?to - room)
    :precondition (and (robot-at ?from) (or (door ?from ?to) (door ?to ?from)) (not (= ?from ?to)))
    :effect (and (robot-at ?to) (not (robot-at ?from)) (increase (total-cost) (dist ?from ?to))))
  (:action sweep
    :parameters (?r - room)
    :precondition (and (robot-at ?r) (imply (lit ?r) (clean home)))
    :effect (and (clean ?r) (forall (?b - box) (when (at ?b ?r) (painted ?b)))))
  (:action mark
    :parameters (?x - (either room light))
    :precondition (exists (?r - room) (and (robot-at ?r) (clean ?r)))
    :effect (marked ?x)))`;

const ADL_PROBLEM = `
(define (problem p1) (:domain adl-test)
  (:objects r1 r2 r3 - room b1 - heavy b2 - light)
  (:init (robot-at home) (door home r1) (door r1 r2) (at b1 r1) (at b2 r2) (lit r1)
         (= (dist home r1) 2) (= (dist r1 home) 2) (= (dist r1 r2) 3) (= (dist r2 r1) 3) (= (total-cost) 0))
  (:goal (or (and (painted b1) (marked b2)) (forall (?r - room) (clean ?r))))
  (:metric minimize (total-cost)))`;

describe('ground: ADL', () => {
  const r = g(ADL, ADL_PROBLEM);
  const ops = show(r);

  it('splits disjunctive preconditions, evaluates = and static costs', () => {
    expect(ops.filter((o) => o.startsWith('(move'))).toEqual([
      '(move home r1) | (robot-at home) |  | (robot-at r1) | (robot-at home) | 2',
      '(move r1 home) | (robot-at r1) |  | (robot-at home) | (robot-at r1) | 2',
      '(move r1 r2) | (robot-at r1) |  | (robot-at r2) | (robot-at r1) | 3',
      '(move r2 r1) | (robot-at r2) |  | (robot-at r1) | (robot-at r2) | 3',
    ]);
    expect(r.task.hasActionCosts).toBe(true);
  });

  it('expands imply over a static atom and forall/when effects over objects', () => {
    // (imply (lit ?r) (clean home)): lit is static; r1 is lit so it needs (clean home).
    // The forall/when effect has a static-free condition (at ?b ?r) that is static here → unconditional.
    expect(ops.filter((o) => o.startsWith('(sweep'))).toEqual([
      '(sweep home) | (robot-at home) |  | (clean home) |  | 0',
      '(sweep r1) | (clean home) (robot-at r1) |  | (clean r1) (painted b1) |  | 0',
      '(sweep r2) | (robot-at r2) |  | (clean r2) (painted b2) |  | 0',
    ]);
    // the second DNF branch's (sweep r2) needs (clean home) as well and is dominated: dropped
    expect(ops.filter((o) => o.startsWith('(sweep r2)'))).toHaveLength(1);
  });

  it('turns exists into parameters and respects either types', () => {
    const marks = ops.filter((o) => o.startsWith('(mark'));
    // 5 targets (home r1 r2 r3 b2 — not the heavy b1) × 3 reachable rooms
    expect(marks).toHaveLength(15);
    expect(marks.some((o) => o.startsWith('(mark b1)'))).toBe(false);
    expect(marks).toContain('(mark b2) | (clean r1) (robot-at r1) |  | (marked b2) |  | 0');
  });

  it('compiles a disjunctive goal into an auxiliary operator that toLifted drops', () => {
    expect(r.task.goalPos.map((i) => r.task.facts[i])).toEqual(['(@goal-reached)']);
    const aux = r.task.operators.filter((o) => !o.lifted);
    // the forall branch needs (clean r3), which is unreachable: only one aux operator
    expect(show({ ...r, task: { ...r.task, operators: aux } })).toEqual([
      '(reach-goal) | (marked b2) (painted b1) |  | (@goal-reached) |  | 0',
    ]);
    const plan = [r.task.operators.findIndex((o) => o.name === '(move home r1)'), r.task.operators.indexOf(aux[0])];
    expect(r.toLifted(plan)).toEqual([{ name: 'move', args: ['home', 'r1'] }]);
  });

  it('ignores costs without a metric', () => {
    const nm = g(ADL, ADL_PROBLEM.replace('(:metric minimize (total-cost))', ''));
    expect(nm.task.hasActionCosts).toBe(false);
    expect(nm.task.operators.filter((o) => o.lifted).every((o) => o.cost === 1)).toBe(true);
  });

  it('rejects a missing function value with its location', () => {
    const bad = ADL_PROBLEM.replace('(= (dist r1 home) 2)', '');
    expect(() => g(ADL, bad)).toThrow(InputError);
    expect(() => g(ADL, bad)).toThrow(/d\.pddl:\d+:\d+: .*no value for \(dist r1 home\)/);
  });

  it('needs cost values only for operators that can apply', () => {
    const D = `(define (domain m) (:requirements :typing :negative-preconditions :action-costs)
      (:types area) (:predicates (at ?a - area)) (:functions (total-cost) - number (d ?a ?b - area) - number)
      (:action move :parameters (?f ?t - area) :precondition (and (at ?f) (not (at ?t)))
        :effect (and (not (at ?f)) (at ?t) (increase (total-cost) (d ?f ?t)))))`;
    // (move x x) has a contradictory precondition and no (d x x) value: it is dropped, not an error
    const r = g(D, `(define (problem p) (:domain m) (:objects x y - area) (:init (at x) (= (d x y) 1) (= (d y x) 2))
      (:goal (at y)) (:metric minimize (total-cost)))`);
    expect(show(r)).toEqual(['(move x y) | (at x) | (at y) | (at y) | (at x) | 1', '(move y x) | (at y) | (at x) | (at x) | (at y) | 2']);
  });

  it('rejects negative costs', () => {
    expect(() => g(ADL, ADL_PROBLEM.replace('(= (dist r1 r2) 3)', '(= (dist r1 r2) -3)'))).toThrow(/negative action cost/);
  });
});

describe('ground: negative preconditions and conditional effects', () => {
  const D = `
  (define (domain lights)
    (:requirements :adl)
    (:constants sw)
    (:predicates (on ?x) (lamp ?x) (broken ?x) (linked ?s ?l))
    (:action toggle :parameters (?l)
      :precondition (and (lamp ?l) (not (broken ?l)))
      :effect (and (when (on ?l) (not (on ?l))) (when (not (on ?l)) (on ?l))))
    (:action master :parameters ()
      :precondition (not (on sw))
      :effect (forall (?l) (when (and (linked sw ?l) (not (broken ?l))) (on ?l))))
    (:action smash :parameters (?l)
      :precondition (and (lamp ?l) (on ?l))
      :effect (broken ?l)))`;
  const r = g(
    D,
    `(define (problem p) (:domain lights) (:objects l1 l2 l3)
      (:init (lamp l1) (lamp l2) (linked sw l1) (linked sw l2))
      (:goal (and (on l1) (not (on l2)))))`,
  );
  const ops = show(r);

  it('keeps negative preconditions as preNeg and conditions as conditional effects', () => {
    expect(ops).toContain(
      '(toggle l1) |  | (broken l1) |  |  | when[(on l1)/not ] + -(on l1) when[/not (on l1)] +(on l1) - | 1',
    );
    // (on sw) is never added: the negative precondition is always true and disappears;
    // (linked sw ?l) is static and selects l1 and l2 only
    expect(ops).toContain('(master) |  |  |  |  | when[/not (broken l1)] +(on l1) - when[/not (broken l2)] +(on l2) - | 1');
    expect(ops.filter((o) => o.startsWith('(toggle l3)'))).toEqual([]);
    expect(r.task.goalNeg.map((i) => r.task.facts[i])).toEqual(['(on l2)']);
  });
});

describe('ground: ADL preconditions whose DNF is exponential', () => {
  const D = `
  (define (domain boxes)
    (:requirements :adl)
    (:predicates (in ?x ?y) (open ?x) (holding ?x) (near ?x))
    (:action open :parameters (?x) :precondition (near ?x) :effect (open ?x))
    (:action put :parameters (?x ?y) :precondition (and (holding ?x) (open ?y)) :effect (and (in ?x ?y) (not (holding ?x))))
    (:action grasp :parameters (?x)
      :precondition (and (near ?x) (not (exists (?c) (and (in ?x ?c) (not (open ?c))))))
      :effect (holding ?x)))`;
  const objs = Array.from({ length: 10 }, (_, i) => `o${i}`);
  const r = g(
    D,
    `(define (problem p) (:domain boxes) (:objects ${objs.join(' ')})
      (:init ${objs.map((o) => `(near ${o})`).join(' ')} (holding o0)) (:goal (holding o1)))`,
  );

  it('puts the residual into disjunctive clauses instead of 2^n operators', () => {
    const grasps = r.task.operators.filter((o) => o.lifted?.action === 'grasp');
    expect(grasps).toHaveLength(10);
    const g1 = grasps.find((o) => o.name === '(grasp o1)');
    expect(g1?.preOr).toHaveLength(10);
    const f = (i: number): string => r.task.facts[i];
    const clause = g1?.preOr?.find((c) => c.pos.some((p) => f(p) === '(open o3)'));
    expect(clause && { pos: clause.pos.map(f), neg: clause.neg.map(f) }).toEqual({ pos: ['(open o3)'], neg: ['(in o1 o3)'] });
  });

  it('uses plain operator variants when the ground DNF is small', () => {
    // with 3 objects, (in o0 ?c) is reachable for 3 containers; DNF 2^3 = 8 ≤ the variant limit
    const small = g(
      D,
      `(define (problem p) (:domain boxes) (:objects a b c)
        (:init (near a) (near b) (near c) (holding a)) (:goal (holding b)))`,
    );
    const grasps = small.task.operators.filter((o) => o.name === '(grasp b)');
    expect(grasps).toHaveLength(8);
    expect(grasps.every((o) => o.preOr === undefined)).toBe(true);
  });
});
