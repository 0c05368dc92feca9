/**
 * Every diagnostic code: one input where it is detected at the right line:col,
 * and the clean input where it is not.
 */
import { describe, expect, it } from 'vitest';
import type { PddlDiagnostic } from './errors.js';
import { PddlCheckError, PddlParseError } from './errors.js';
import { COMPAT_CODES, DIAGNOSTIC_CODES, PIPELINE_CODES } from './diagnostic-codes.js';
import { formatDiagnostic } from './diagnostics.js';
import { checkDomain, parseDomain } from './parse-domain.js';
import { checkProblem, parseProblem } from './parse-problem.js';

const DOMAIN = `(define (domain bw)
  (:requirements :strips :typing :negative-preconditions :equality :action-costs :conditional-effects)
  (:types block - object table)
  (:constants t0 - table)
  (:predicates (on ?x - block ?y - block) (ontable ?x - block ?t - table) (clear ?x - block) (holding ?x - block) (handempty))
  (:functions (total-cost) - number (weight ?b - block) - number)
  (:action pick-up
    :parameters (?x - block)
    :precondition (and (clear ?x) (ontable ?x t0) (handempty))
    :effect (and (not (ontable ?x t0)) (not (clear ?x)) (not (handempty)) (holding ?x) (increase (total-cost) (weight ?x))))
  (:action stack
    :parameters (?x - block ?y - block)
    :precondition (and (holding ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)
                 (forall (?z - block) (when (on ?z ?x) (clear ?z))) (increase (total-cost) 1))))
`;

const PROBLEM = `(define (problem p1)
  (:domain bw)
  (:objects a b - block)
  (:init (clear a) (clear b) (ontable a t0) (ontable b t0) (handempty) (= (weight a) 2) (= (weight b) 3) (= (total-cost) 0))
  (:goal (and (on a b)))
  (:metric minimize (total-cost)))
`;

/** Replaces the first `from` in `text` by `to` (which may contain the marker «) and returns text + marker position. */
function edit(text: string, from: string, to: string): { text: string; line: number; col: number } {
  const i = text.indexOf(from);
  if (i < 0) throw new Error(`test bug: '${from}' not found`);
  const edited = text.slice(0, i) + to + text.slice(i + from.length);
  const m = edited.indexOf('«');
  if (m < 0) throw new Error('test bug: no marker');
  const before = edited.slice(0, m);
  const line = before.split('\n').length;
  const col = m - before.lastIndexOf('\n');
  return { text: edited.replace('«', ''), line, col };
}

function at(ds: PddlDiagnostic[], code: string): { line: number; col: number; message: string; severity: string }[] {
  return ds.filter((d) => d.code === code).map((d) => ({ line: d.span?.start.line ?? -1, col: d.span?.start.col ?? -1, message: d.message, severity: d.severity }));
}

function domainCase(from: string, to: string, code: string, severity: 'error' | 'warning' = 'error'): string {
  const e = edit(DOMAIN, from, to);
  const r = checkDomain(e.text, 'd.pddl');
  const found = at(r.diagnostics, code);
  expect(found.length, `${code} not reported; got ${JSON.stringify(r.diagnostics.map((d) => d.code))}`).toBeGreaterThan(0);
  expect(found[0]).toMatchObject({ line: e.line, col: e.col, severity });
  expect(r.diagnostics.every((d) => d.span?.file === 'd.pddl')).toBe(true);
  return found[0].message;
}

function problemCase(from: string, to: string, code: string, severity: 'error' | 'warning' = 'error'): string {
  const e = edit(PROBLEM, from, to);
  const r = checkProblem(e.text, parseDomain(DOMAIN), 'p.pddl');
  const found = at(r.diagnostics, code);
  expect(found.length, `${code} not reported; got ${JSON.stringify(r.diagnostics.map((d) => d.code))}`).toBeGreaterThan(0);
  expect(found[0]).toMatchObject({ line: e.line, col: e.col, severity });
  return found[0].message;
}

describe('clean inputs (negative case for every code)', () => {
  it('the clean domain and problem have no diagnostics at all', () => {
    const d = checkDomain(DOMAIN);
    expect(d.diagnostics).toEqual([]);
    expect(d.ok).toBe(true);
    const p = checkProblem(PROBLEM, d.domain);
    expect(p.diagnostics).toEqual([]);
    expect(p.problem?.metric?.direction).toBe('minimize');
  });
  it('lists the codes it documents', () => {
    expect([...DIAGNOSTIC_CODES].sort()).toEqual(
      [
        ...['arity', 'duplicate', 'malformed', 'name-clash', 'syntax', 'type-mismatch', 'undeclared-function', 'undeclared-object', 'undeclared-parameter', 'undeclared-predicate', 'unknown-type', 'unsupported'],
        ...PIPELINE_CODES,
        ...COMPAT_CODES,
      ].sort(),
    );
  });
});

describe('domain diagnostics', () => {
  it('syntax: unbalanced parenthesis, with a location; parseDomain throws PddlParseError', () => {
    // A lone ')' after the define closed: the run '))))' before it most likely has one too many
    // (the define's ')' usually stands alone on the last line); the message names the last block.
    const e = edit(DOMAIN, '(increase (total-cost) 1))))', '(increase (total-cost) 1)))«)\n)');
    const r = checkDomain(e.text);
    expect(at(r.diagnostics, 'syntax')[0]).toMatchObject({ line: e.line, col: e.col });
    expect(r.diagnostics[0].message).toContain('the last block (:action stack ...) at 11:3 probably has one');
    expect(r.domain).toBeUndefined();
    expect(() => parseDomain(e.text)).toThrow(PddlParseError);
  });
  it('undeclared-predicate', () => {
    const m = domainCase('(and (clear ?x) (ontable', '(and «(clera ?x) (ontable', 'undeclared-predicate');
    expect(m).toContain("'clera'");
    expect(m).toContain('did you mean clear');
  });
  it('arity: says the declared form, the counts and the offending atom', () => {
    const m = domainCase('(and (holding ?x) (clear ?y)', '(and (holding ?x) «(clear ?y ?x)', 'arity');
    expect(m).toMatch(/^predicate \(clear \?x - block\) takes 1 argument but 2 were given: \(clear \?y \?x\)/);
  });
  it('unknown-type in parameters', () => {
    // located at the parameter whose type is unknown
    const m = domainCase(':parameters (?x - block)', ':parameters («?x - blok)', 'unknown-type');
    expect(m).toContain("'blok'");
  });
  it('undeclared-parameter: a free variable', () => {
    const m = domainCase('(clear ?x) (handempty) (on ?x ?y)', '(clear ?x) (handempty) (on ?x «?w)', 'undeclared-parameter');
    expect(m).toContain('?w');
    expect(m).toContain(':parameters');
  });
  it('undeclared-parameter: a quantified variable used outside its quantifier', () => {
    domainCase('(when (on ?z ?x) (clear ?z)))', '(when (on ?z ?x) (clear ?z))) (clear «?z)', 'undeclared-parameter');
  });
  it('undeclared-object: an undeclared constant in an action', () => {
    const m = domainCase('(ontable ?x t0) (handempty))', '(ontable ?x «t9) (handempty))', 'undeclared-object');
    expect(m).toContain("'t9'");
  });
  it('duplicate action, predicate, type, constant and parameter', () => {
    domainCase('(:action stack', '«(:action pick-up :parameters () :effect (handempty))\n  (:action stack', 'duplicate');
    // the same signature again is a policy departure; a different one is an error
    domainCase('(handempty))', '(handempty) «(clear ?b - block))', 'duplicate-predicate');
    domainCase('(handempty))', '(handempty) «(clear ?b - block ?c - block))', 'duplicate');
    domainCase('(:constants t0 - table)', '(:constants t0 - table «t0)', 'duplicate');
    domainCase(':parameters (?x - block ?y - block)', ':parameters (?x - block «?x - block)', 'duplicate');
    domainCase('(:types block - object table)', '(:types block - object table «table)', 'duplicate-type', 'warning');
  });
  it('type-mismatch: a table constant where a block is expected', () => {
    const m = domainCase('(holding ?x) (clear ?y)', '(holding ?x) (clear ?y) (clear «t0)', 'type-mismatch');
    expect(m).toContain('block');
    expect(m).toContain('table');
  });
  it('name-clash: predicate named like a function (error) or a type (warning)', () => {
    domainCase('(handempty))', '(handempty) «(weight ?b - block))', 'name-clash');
    domainCase('(handempty))', '(handempty) «(table ?b - block))', 'name-clash', 'warning');
    domainCase('(handempty))', '(handempty) «(and ?b - block))', 'name-clash');
  });
  it('malformed: missing type after "-", missing ?, non-literal effect', () => {
    domainCase('(holding ?x - block)', '(holding ?x «-)', 'malformed');
    domainCase(':parameters (?x - block)', ':parameters («x - block)', 'malformed');
    const m = domainCase('(not (handempty))', '«(not (and (handempty) (clear ?x)))', 'malformed');
    expect(m).toContain('only negate an atom');
  });
  it('undeclared-function', () => {
    domainCase('(increase (total-cost) 1)', '(increase (total-cost) «(distance ?x ?y))', 'undeclared-function');
  });
  it('name-clash warning: a quantified variable shadowing a parameter', () => {
    domainCase('(forall (?z - block)', '(forall («?x - block)', 'name-clash', 'warning');
  });
  it('formatDiagnostic gives file:line:col: severity [code] message', () => {
    const r = checkDomain(DOMAIN.replace('(clear ?x) (ontable', '(clera ?x) (ontable'), 'd.pddl');
    expect(formatDiagnostic(r.diagnostics[0])).toMatch(/^d\.pddl:9:24: error \[undeclared-predicate\] predicate 'clera'/);
    expect(formatDiagnostic({ code: 'arity', message: 'm', severity: 'warning' }, 'f.pddl')).toBe('f.pddl: warning [arity] m');
  });
  it('missing-requirement is a warning, never an error', () => {
    // (not (= ?x ?y)) alone needs only :equality; a negated predicate needs :negative-preconditions
    expect(checkDomain(DOMAIN.replace(':negative-preconditions ', '')).diagnostics).toEqual([]);
    const e = edit(DOMAIN.replace(':negative-preconditions ', ''), '(ontable ?x t0) (handempty))', '(ontable ?x t0) (handempty) «(not (holding ?x)))');
    const r = checkDomain(e.text);
    expect(r.ok).toBe(true);
    const found = at(r.diagnostics, 'missing-requirement');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: e.line, col: e.col, severity: 'warning' });
    expect(found[0].message).toContain(':negative-preconditions');
  });
  it('the PDDL 1.2 requirement :negation (accepted by Fast Downward) stands for :negative-preconditions', () => {
    const negated = DOMAIN.replace(':negative-preconditions', ':negation').replace('(ontable ?x t0) (handempty))', '(ontable ?x t0) (handempty) (not (holding ?x)))');
    const r = checkDomain(negated);
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toEqual([]);
  });
  it('recovers after an error and keeps finding more (bad action skipped)', () => {
    const bad = edit(DOMAIN, ':parameters (?x - block ?y - block)', ':parameters («x - block ?y - block)').text.replace('(clera', '(clera').replace('(ontable ?x t0) (handempty))', '(ontbl ?x t0) (handempty))');
    const r = checkDomain(bad);
    expect(r.domain?.actions.map((a) => a.name)).toEqual(['pick-up']);
    expect(r.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['malformed', 'undeclared-predicate']));
    expect(() => parseDomain(bad)).toThrow(PddlCheckError);
    try {
      parseDomain(bad);
    } catch (err) {
      expect(err).toBeInstanceOf(PddlCheckError);
      if (err instanceof PddlCheckError) expect(err.diagnostics.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('the clean typed-variable case does not give type-mismatch', () => {
  it('a supertype variable passed to a subtype parameter is accepted', () => {
    const d = DOMAIN.replace('(:types block - object table)', '(:types thing - object block - thing table)').replace(':parameters (?x - block ?y - block)', ':parameters (?x - block ?y - thing)');
    expect(at(checkDomain(d).diagnostics, 'type-mismatch')).toEqual([]);
  });
  it('a disjoint variable type is a mismatch', () => {
    const e = edit(DOMAIN, ':parameters (?x - block ?y - block)\n    :precondition (and (holding ?x) (clear ?y)', ':parameters (?x - block ?y - block ?t - table)\n    :precondition (and (holding ?x) (clear ?y) (clear «?t)');
    const r = checkDomain(e.text);
    expect(at(r.diagnostics, 'type-mismatch')[0]).toMatchObject({ line: e.line, col: e.col });
  });
});

describe('problem diagnostics', () => {
  it('undeclared-object in the goal; in init it is the departure undeclared-object-in-init (an error for check)', () => {
    problemCase('(clear b) (ontable', '(clear «c) (ontable', 'undeclared-object-in-init');
    problemCase('(:goal (and (on a b)))', '(:goal (and (on a «z)))', 'undeclared-object');
  });
  it('undeclared-predicate (in init: the departure undeclared-predicate-in-init) and arity in init', () => {
    problemCase('(handempty)', '«(hand-empty)', 'undeclared-predicate-in-init');
    problemCase('(:goal (and (on a b)))', '(:goal (and «(onn a b)))', 'undeclared-predicate');
    problemCase('(handempty)', '«(handempty a)', 'arity');
  });
  it('unknown-type and duplicate objects', () => {
    problemCase('(:objects a b - block)', '(:objects «a b - blocks)', 'unknown-type');
    problemCase('(:objects a b - block)', '(:objects a b «a - block)', 'duplicate');
  });
  it('type-mismatch: a table object where a block is expected (in init: the departure init-type-mismatch)', () => {
    problemCase('(clear a) (clear b)', '(clear a) (clear «t0)', 'init-type-mismatch');
    problemCase('(:goal (and (on a b)))', '(:goal (and (on a «t0)))', 'type-mismatch');
  });
  it('undeclared-function in init', () => {
    problemCase('(= (weight a) 2)', '«(= (mass a) 2)', 'undeclared-function');
  });
  it('undeclared-parameter: a free variable in the goal', () => {
    problemCase('(:goal (and (on a b)))', '(:goal (and (on a «?x)))', 'undeclared-parameter');
  });
  it('domain-mismatch is a warning', () => {
    problemCase('(:domain bw)', '(:domain «blocks)', 'domain-mismatch', 'warning');
    expect(() => parseProblem(PROBLEM.replace('(:domain bw)', '(:domain blocks)'), parseDomain(DOMAIN))).not.toThrow();
  });
  it('malformed: a variable in init, a missing goal', () => {
    problemCase('(clear b) (ontable', '(clear «?b) (ontable', 'malformed');
    const r = checkProblem(PROBLEM.replace('(:goal (and (on a b)))', ''), parseDomain(DOMAIN));
    expect(at(r.diagnostics, 'malformed')[0].message).toContain('no (:goal');
  });
  it('negative init literals are accepted unless they contradict a fact', () => {
    expect(checkProblem(PROBLEM.replace('(handempty)', '(handempty) (not (holding a))'), parseDomain(DOMAIN)).diagnostics).toEqual([]);
    problemCase('(handempty)', '(handempty) (not «(clear a))', 'malformed');
  });
  it('without a domain only structure and goal variables are checked', () => {
    const r = checkProblem(PROBLEM.replace('(on a b)', '(on a ?q)'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['undeclared-parameter']);
  });
});
