import { describe, expect, it } from 'vitest';
import { checkDomain, parseDomain } from './parse-domain.js';
import { checkProblem } from './parse-problem.js';
import { writeDomain } from './writer.js';

const domain = (rules: string, actions = '(:action go :parameters (?x) :precondition (above ?x ?x) :effect (on ?x ?x))', reqs = ':adl :derived-predicates'): string =>
  `(define (domain d) (:requirements ${reqs})\n (:predicates (on ?x ?y) (above ?x ?y) (free ?x))\n${rules}\n${actions})`;

const ABOVE = '(:derived (above ?x ?y) (or (on ?x ?y) (exists (?z) (and (on ?x ?z) (above ?z ?y)))))';

describe('(:derived ...) rules', () => {
  it('parse into the AST with their head parameters and body, and are written back', () => {
    const d = parseDomain(domain(ABOVE));
    expect(d.derived).toHaveLength(1);
    expect(d.derived[0]).toMatchObject({ name: 'above', params: [{ name: '?x' }, { name: '?y' }], body: { kind: 'or' } });
    expect(d.derived[0].span?.start.line).toBe(3);
    const again = parseDomain(writeDomain(d));
    expect(again.derived.map((r) => r.name)).toEqual(['above']);
    expect(writeDomain(again)).toBe(writeDomain(d));
  });

  it('an effect on a derived predicate is an error at the effect', () => {
    const r = checkDomain(domain(ABOVE, '(:action bad :parameters (?x ?y) :effect (and (on ?x ?y) (above ?x ?y)))'));
    const e = r.diagnostics.find((x) => x.severity === 'error');
    expect(e?.message).toContain("changes the derived predicate 'above'");
    expect(e?.span?.start).toMatchObject({ line: 4 });
    expect(e?.span?.start.col).toBeGreaterThan(40);
  });

  it('an undeclared derived predicate, a wrong arity and a malformed rule are located errors', () => {
    const undeclared = checkDomain(domain('(:derived (reach ?x) (free ?x))'));
    expect(undeclared.ok).toBe(false);
    expect(undeclared.diagnostics.find((x) => x.code === 'undeclared-predicate')).toMatchObject({ message: expect.stringContaining("derived predicate 'reach' is not declared"), span: { start: { line: 3, col: 1 } } });
    const arity = checkDomain(domain('(:derived (above ?x) (free ?x))'));
    expect(arity.diagnostics.find((x) => x.code === 'arity')?.span?.start.line).toBe(3);
    const noBody = checkDomain(domain('(:derived (above ?x ?y))'));
    expect(noBody.diagnostics.find((x) => x.code === 'malformed')).toMatchObject({ message: expect.stringContaining('has no body'), span: { start: { line: 3 } } });
    const freeVar = checkDomain(domain('(:derived (above ?x ?y) (on ?x ?w))'));
    expect(freeVar.diagnostics.find((x) => x.severity === 'error')?.span?.start.line).toBe(3);
  });

  it('negation through recursion (not stratifiable) is refused at the rule', () => {
    const r = checkDomain(domain('(:derived (above ?x ?y) (and (on ?x ?y) (not (free ?x))))\n(:derived (free ?x) (not (above ?x ?x)))'));
    const e = r.diagnostics.find((x) => x.message.includes('not stratifiable'));
    expect(e?.severity).toBe('error');
    expect(e?.span?.start.line).toBeGreaterThanOrEqual(3);
  });

  it('negation of a lower stratum is accepted', () => {
    const r = checkDomain(domain(`${ABOVE}\n(:derived (free ?x) (not (exists (?y) (above ?y ?x))))`));
    expect(r.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('without :derived-predicates the rule gets the missing-requirement departure', () => {
    const r = checkDomain(domain(ABOVE, undefined, ':adl'));
    expect(r.diagnostics.find((x) => x.code === 'missing-requirement')?.message).toContain(':derived-predicates');
  });

  it('an init fact of a derived predicate is a warning (it is computed, the fact is ignored)', () => {
    const d = parseDomain(domain(ABOVE));
    const p = checkProblem('(define (problem p) (:domain d) (:objects a b)\n (:init (on a b) (above b a))\n (:goal (above a b)))', d);
    const w = p.diagnostics.find((x) => x.message.includes('derived predicate'));
    expect(w).toMatchObject({ severity: 'warning', span: { start: { line: 2 } } });
  });
});
