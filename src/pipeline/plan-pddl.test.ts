/**
 * planPddl end to end on small hand-written tasks: outcomes and input errors are values
 * with locations, the plan replays under the validator, budgets and options are honoured.
 */
import { describe, expect, it } from 'vitest';
import type { SearchEvent } from '../planner/search/result.js';
import { inputErrorOf, planPddl } from './plan-pddl.js';

// A line of rooms r1 - r2 - r3; the robot walks from r1 to r3. Shortest plan: 2 moves.
const DOMAIN = `(define (domain walk)
  (:requirements :strips :typing)
  (:types room)
  (:predicates (at ?r - room) (link ?a ?b - room))
  (:action move
    :parameters (?a ?b - room)
    :precondition (and (at ?a) (link ?a ?b))
    :effect (and (at ?b) (not (at ?a)))))`;

const problem = (goal: string, extraInit = ''): string => `(define (problem p) (:domain walk)
  (:objects r1 r2 r3 - room)
  (:init (at r1) (link r1 r2) (link r2 r1) (link r2 r3) (link r3 r2) ${extraInit})
  (:goal ${goal}))`;

const dom = { text: DOMAIN, file: 'walk.pddl' };

describe('planPddl', () => {
  it('solves a small task with the shortest plan, validated, in IPC text', () => {
    const r = planPddl(dom, { text: problem('(at r3)'), file: 'p.pddl' }, { search: 'astar', heuristic: 'blind' });
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.plan).toEqual([
      { name: 'move', args: ['r1', 'r2'] },
      { name: 'move', args: ['r2', 'r3'] },
    ]);
    expect(r.cost).toBe(2);
    expect(r.optimal).toBe(true);
    expect(r.valid).toBe(true);
    expect(r.validation).toBe('valid, cost 2');
    expect(r.planText).toBe('(move r1 r2)\n(move r2 r3)\n; cost = 2 (unit cost)\n');
    expect(r.ground.operators).toBe(4);
    expect(r.warnings).toEqual([]);
  });

  it('validate: false leaves the verdict out', () => {
    const r = planPddl(dom, { text: problem('(at r3)') }, { validate: false });
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.valid).toBeUndefined();
  });

  it('an unreachable goal is unsolvable (proven), not an error', () => {
    // No link leads into r4.
    const text = problem('(at r4)').replace('r1 r2 r3 - room', 'r1 r2 r3 r4 - room');
    const r = planPddl(dom, { text });
    expect(r.status).toBe('unsolvable');
    if (r.status === 'unsolvable') expect(r.proven).toBe(true);
  });

  it('a syntax error in the domain is an input-error value located at file:line:col', () => {
    const r = planPddl({ text: DOMAIN.replace('(:types room)', '(:types room'), file: 'walk.pddl' }, { text: problem('(at r3)') });
    expect(r.status).toBe('input-error');
    if (r.status !== 'input-error') return;
    expect(r.errors[0].code).toBe('syntax');
    expect(r.errors[0].span?.file).toBe('walk.pddl');
    expect(inputErrorOf(r.errors).message).toMatch(/^walk\.pddl:\d+:\d+: /);
  });

  it('an undeclared predicate in the goal is an input error located in the problem file', () => {
    const r = planPddl(dom, { text: problem('(lit r3)'), file: 'p.pddl' });
    expect(r.status).toBe('input-error');
    if (r.status !== 'input-error') return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ code: 'undeclared-predicate', severity: 'error' });
    expect(r.errors[0].span).toMatchObject({ file: 'p.pddl', start: { line: 4 } });
  });

  it('an init fact of an undeclared predicate is kept with one warning (current Fast Downward refuses it); strict refuses it', () => {
    const r = planPddl(dom, { text: problem('(at r3)', '(lit r1) (lit r2)'), file: 'p.pddl' });
    expect(r.status).toBe('solved');
    expect(r.warnings.map((w) => [w.code, w.span?.start.line])).toEqual([['undeclared-predicate-in-init', 3]]);
    const s = planPddl(dom, { text: problem('(at r3)', '(lit r1)'), file: 'p.pddl' }, { strict: true });
    expect(s.status).toBe('input-error');
    if (s.status === 'input-error') expect(s.errors[0]).toMatchObject({ code: 'undeclared-predicate-in-init', severity: 'error' });
  });

  it('a negative action cost found while grounding is an input-error, not an exception', () => {
    const costly = DOMAIN.replace(':typing)', ':typing :action-costs)')
      .replace('(link ?a ?b - room))', '(link ?a ?b - room))\n  (:functions (total-cost) - number (len ?a ?b - room) - number)')
      .replace('(not (at ?a)))', '(not (at ?a)) (increase (total-cost) (len ?a ?b)))');
    const text = problem('(at r3)', '(= (len r1 r2) -1) (= (len r2 r1) 1) (= (len r2 r3) 1) (= (len r3 r2) 1) (= (total-cost) 0)').replace('(:goal (at r3))', '(:goal (at r3)) (:metric minimize (total-cost))');
    const r = planPddl({ text: costly, file: 'walk.pddl' }, { text, file: 'p.pddl' });
    expect(r.status).toBe('input-error');
    if (r.status === 'input-error') expect(r.errors[0].code).toBe('negative-cost');
  });

  it('an unknown search or heuristic name is an input-error', () => {
    const r = planPddl(dom, { text: problem('(at r3)') }, { search: 'dfs' });
    expect(r.status).toBe('input-error');
    if (r.status === 'input-error') expect(r.errors[0]).toMatchObject({ code: 'option', message: expect.stringMatching(/unknown search/) });
    expect(planPddl(dom, { text: problem('(at r3)') }, { heuristic: 'hm' }).status).toBe('input-error');
  });

  it('maxStates stops the search with memout', () => {
    // A line of 400 rooms: blind A* registers every room before it reaches the last one
    // (the search checks its limits every few hundred steps, so the line must be long).
    const rooms = Array.from({ length: 400 }, (_, i) => `r${i + 1}`);
    const links = rooms.slice(1).map((r, i) => `(link ${rooms[i]} ${r}) (link ${r} ${rooms[i]})`).join(' ');
    const text = `(define (problem line) (:domain walk) (:objects ${rooms.join(' ')} - room) (:init (at r1) ${links}) (:goal (at r400)))`;
    expect(planPddl(dom, { text }, { search: 'astar', heuristic: 'blind', maxStates: 50 }).status).toBe('memout');
    expect(planPddl(dom, { text }, { search: 'astar', heuristic: 'blind' }).status).toBe('solved');
  });

  it('a budget already spent by the caller ends in timeout before any plan', () => {
    // The clock says 10 s have passed since startedAt; the budget is 1 s.
    let t = 10_000;
    const r = planPddl(dom, { text: problem('(at r3)') }, { timeoutMs: 1000, startedAt: 0, now: () => (t += 1000) });
    expect(r.status).toBe('timeout');
    // the grounder polls the limit too: it stops there, before any search
    if (r.status !== 'timeout') return;
    expect(r.config).toBe('none (time limit reached while grounding)');
    expect(r.stats.expansions).toBe(0);
  });

  it('passes the search events through (a plan event for every plan found)', () => {
    const events: SearchEvent[] = [];
    const r = planPddl(dom, { text: problem('(at r3)') }, { search: 'anytime', timeoutMs: 5000, onEvent: (e) => events.push(e) });
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.improvements.length).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.kind === 'plan').length).toBeGreaterThanOrEqual(1);
  });
});
