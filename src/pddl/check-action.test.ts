import { describe, expect, it } from 'vitest';
import { checkActionText } from './check-action.js';
import { parseDomain } from './parse-domain.js';

const domain = parseDomain(`(define (domain household)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types furnitureAppliance householdObject - object smallReceptacle - householdObject)
  (:predicates (robot-at ?x - furnitureAppliance) (object-on ?x - householdObject ?y - furnitureAppliance) (robot-holding ?x - householdObject) (robot-hand-empty))
  (:action go :parameters (?x ?y - furnitureAppliance) :precondition (and (robot-at ?x) (not (= ?x ?y))) :effect (and (not (robot-at ?x)) (robot-at ?y))))`);

describe('checkActionText (one LLM-written action against a domain)', () => {
  it('accepts a correct action model', () => {
    const r = checkActionText(`(:action pick-up
  :parameters (?x - householdObject ?y - furnitureAppliance)
  :precondition (and (robot-at ?y) (object-on ?x ?y) (robot-hand-empty))
  :effect (and (not (object-on ?x ?y)) (robot-holding ?x) (not (robot-hand-empty))))`, domain);
    expect(r.diagnostics).toEqual([]);
    expect(r.action?.params.map((p) => p.types[0])).toEqual(['householdobject', 'furnitureappliance']);
  });
  it('reports the mistakes with positions in the snippet', () => {
    const r = checkActionText(`(:action go
  :parameters (?x - householdObject)
  :precondition (and (robot-at ?x) (object-in ?x ?z))
  :effect (robot-holding ?x))`, domain, 'llm');
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => [d.code, d.span?.start.line, d.span?.start.col])).toEqual([
      ['duplicate', 1, 10],
      ['type-mismatch', 3, 32],
      ['undeclared-predicate', 3, 36],
      ['undeclared-parameter', 3, 50],
    ]);
    expect(r.diagnostics.every((d) => d.span?.file === 'llm')).toBe(true);
  });
  it('syntax errors and non-action text are located diagnostics', () => {
    expect(checkActionText('(:action a :parameters (', domain).diagnostics[0].code).toBe('syntax');
    expect(checkActionText('(and (p))', domain).diagnostics[0]).toMatchObject({ code: 'malformed', span: { start: { line: 1, col: 1 } } });
    expect(checkActionText('', domain).diagnostics[0].code).toBe('malformed');
  });
});
