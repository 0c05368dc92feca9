/**
 * Robustness: random mutations of valid PDDL (deleted or duplicated tokens,
 * swapped parentheses, inserted junk bytes) never crash the parser. The result
 * is a parse result, or a PddlParseError/PddlCheckError that says where.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Domain } from './ast.js';
import { PddlCheckError, PddlParseError } from './errors.js';
import { checkDomain, parseDomain } from './parse-domain.js';
import { checkProblem, parseProblem } from './parse-problem.js';
import { MAX_NESTING } from './sexpr.js';
import { checkTask } from './check-task.js';
import { planPddl } from '../pipeline/plan-pddl.js';
import { parsePlan } from '../validate/plan-file.js';
import { validatePlan } from '../validate/validate-plan.js';
import { MAX_DEPTH } from './parse-formula.js';
import { writeDomain, writeProblem } from './writer.js';

const IPC = path.resolve(process.cwd(), '../shared/data/ipc');
const DOMAINS = ['blocks/domain.pddl', 'elevators-sat08/domain.pddl', 'storage/domain.pddl', '../eai-behavior/behavior.pddl'].map((f) => readFileSync(path.join(IPC, f), 'utf8'));
const PROBLEM_DOMAIN = parseDomain(readFileSync(path.join(IPC, 'elevators-sat08/domain.pddl'), 'utf8'));
const PROBLEM = readFileSync(path.join(IPC, 'elevators-sat08/p01.pddl'), 'utf8');

/** Tokens with their separators kept, so that joining gives the text back. */
function tokens(text: string): string[] {
  return text.match(/\(|\)|[^\s()]+|\s+/g) ?? [];
}

type Mutation = { op: 'delete' | 'duplicate' | 'swap-paren' | 'junk'; at: number; junk: string };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('delete' as const, 'duplicate' as const, 'swap-paren' as const, 'junk' as const),
  at: fc.nat(),
  junk: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('\u0000', '\u0007', '\ufffd', '(', ')', '?', '-', ':', ';', '"', 'é', '\u00a0', '\r')),
});

function mutate(text: string, ms: Mutation[]): string {
  const ts = tokens(text);
  for (const m of ms) {
    if (ts.length === 0) break;
    const i = m.at % ts.length;
    if (m.op === 'delete') ts.splice(i, 1);
    else if (m.op === 'duplicate') ts.splice(i, 0, ts[i]);
    else if (m.op === 'junk') ts.splice(i, 0, m.junk);
    else {
      const j = ts.findIndex((t, k) => k >= i && (t === '(' || t === ')'));
      if (j >= 0) ts[j] = ts[j] === '(' ? ')' : '(';
    }
  }
  return ts.join('');
}

function assertLocated(run: () => unknown): void {
  try {
    run();
  } catch (err) {
    if (err instanceof PddlParseError) {
      expect(err.span).toBeDefined();
      return;
    }
    if (err instanceof PddlCheckError) {
      expect(err.span).toBeDefined();
      for (const d of err.diagnostics) expect(d.span, `${d.code}: ${d.message}`).toBeDefined();
      return;
    }
    throw err;
  }
}

describe('mutated PDDL never crashes the parser', () => {
  it('domains', () => {
    fc.assert(
      fc.property(fc.nat({ max: DOMAINS.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (k, ms) => {
        const text = mutate(DOMAINS[k], ms);
        const r = checkDomain(text, 'm.pddl');
        for (const d of r.diagnostics) {
          expect(d.span, `${d.code}: ${d.message}`).toBeDefined();
          expect(d.span?.start.line).toBeGreaterThanOrEqual(1);
        }
        expect(r.ok).toBe(!r.diagnostics.some((d) => d.severity === 'error'));
        assertLocated(() => parseDomain(text, 'm.pddl'));
      }),
      { numRuns: 250 },
    );
  });
  it('problems, checked against their domain', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
        const text = mutate(PROBLEM, ms);
        const r = checkProblem(text, PROBLEM_DOMAIN, 'p.pddl');
        for (const d of r.diagnostics) expect(d.span, `${d.code}: ${d.message}`).toBeDefined();
        assertLocated(() => parseProblem(text, PROBLEM_DOMAIN, 'p.pddl'));
      }),
      { numRuns: 250 },
    );
  });
  it('a mutated domain still checks its problem without crashing', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
        const d: Domain | undefined = checkDomain(mutate(DOMAINS[1], ms)).domain;
        const r = checkProblem(PROBLEM, d);
        for (const x of r.diagnostics) expect(x.span).toBeDefined();
      }),
      { numRuns: 150 },
    );
  });
  it('arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const r = checkDomain(s);
        for (const d of r.diagnostics) expect(d.span).toBeDefined();
        assertLocated(() => parseProblem(s));
      }),
      { numRuns: 300 },
    );
  });
});

describe('pathological nesting', () => {
  it('a formula deeper than the formula bound (300 levels, inside the reader bound) is a located diagnostic', () => {
    const deep = `${'(not '.repeat(300)}(p)${')'.repeat(300)}`;
    const r = checkDomain(`(define (domain d) (:predicates (p)) (:action a :parameters () :precondition ${deep} :effect (p)))`);
    const m = r.diagnostics.find((d) => d.code === 'malformed');
    expect(m?.message).toContain('nested deeper');
    expect(m?.span?.start.line).toBe(1);
  });

  // Deep lists outside formulas (an init fact, a type list, parameters, a goal atom, the plan)
  // once overflowed the stack in the recursive passes after the reader, with no location.
  const deep = (n: number, inner: string): string => `${'('.repeat(n)}${inner}${')'.repeat(n)}`;
  const DOMAIN = '(define (domain d) (:predicates (p) (q)) (:action a :parameters () :precondition (p) :effect (q)))';
  const problem = (init: string, goal: string): string => `(define (problem x) (:domain d) (:init ${init}) (:goal ${goal}))`;
  const cases: [string, string, string][] = [
    ['init', DOMAIN, problem(deep(60_000, 'p'), '(q)')],
    ['goal', DOMAIN, problem('(p)', deep(60_000, 'q'))],
    ['types', `(define (domain d) (:types ${deep(60_000, 't')}) (:predicates (p)))`, problem('(p)', '(p)')],
    ['parameters', `(define (domain d) (:predicates (p)) (:action a :parameters ${deep(60_000, '?x')} :precondition (p) :effect (p)))`, problem('(p)', '(p)')],
    ['top level', deep(60_000, 'define'), problem('(p)', '(p)')],
  ];
  for (const [where, domainText, problemText] of cases) {
    it(`60 000 nested lists in the ${where} are one located syntax error for check and plan`, () => {
      const c = checkTask({ text: domainText, file: 'd.pddl' }, { text: problemText, file: 'p.pddl' });
      const syntax = [...c.domainDiagnostics, ...c.problemDiagnostics].find((d) => d.code === 'syntax');
      expect(syntax?.message).toContain(`nested deeper than ${MAX_NESTING} levels`);
      expect(syntax?.span?.start.offset).toBeGreaterThan(0);
      const r = planPddl({ text: domainText, file: 'd.pddl' }, { text: problemText, file: 'p.pddl' }, { timeoutMs: 5000 });
      expect(r.status).toBe('input-error');
    });
  }
  it('a plan nested 60 000 deep is a located syntax error', () => {
    expect(() => parsePlan(deep(60_000, 'a'), 'plan.txt')).toThrow(/^plan\.txt:1:1001: lists nested deeper than 1000 levels/);
  });
  it(`lists nested ${MAX_NESTING - 8} deep, just inside the bound, pass every later stage without a crash`, () => {
    const n = MAX_NESTING - 8;
    for (const [, domainText, problemText] of cases.map(([w, d, p]) => [w, d.replaceAll('('.repeat(60_000), '('.repeat(n)).replaceAll(')'.repeat(60_000), ')'.repeat(n)), p.replaceAll('('.repeat(60_000), '('.repeat(n)).replaceAll(')'.repeat(60_000), ')'.repeat(n))])) {
      const c = checkTask({ text: domainText }, { text: problemText });
      for (const d of [...c.domainDiagnostics, ...c.problemDiagnostics]) expect(d.span, d.message).toBeDefined();
      expect(planPddl({ text: domainText }, { text: problemText }, { timeoutMs: 5000 }).status).toBe('input-error');
    }
  });

  it(`formulas nested ${MAX_DEPTH - 6} deep, just inside the formula bound, pass check, normalization, grounding, search, validation and the writer`, () => {
    const n = MAX_DEPTH - 6;
    const nest = (open: string, inner: string): string => `${open.repeat(n)}${inner}${')'.repeat(n)}`;
    const domain = (pre: string, eff: string): string =>
      `(define (domain d) (:requirements :adl) (:types t) (:constants c - t) (:predicates (p) (q) (r ?x - t)) (:action a :parameters () :precondition ${pre} :effect ${eff}))`;
    const problem = (goal: string): string => `(define (problem x) (:domain d) (:init (p)) (:goal ${goal}))`;
    const variants: [string, string, string][] = [
      [nest('(not ', '(p)'), '(q)', '(q)'],
      [nest('(or (q) ', '(p)'), '(q)', '(q)'],
      [nest('(imply (q) ', '(p)'), '(q)', '(q)'],
      ['(p)', nest('(when (p) ', '(q)'), '(q)'],
      ['(p)', nest('(and (r c) ', '(q)'), nest('(or (r c) ', '(q)')],
      ['(p)', '(q)', nest('(imply (p) ', '(q)')],
    ];
    for (const [pre, eff, goal] of variants) {
      const d = { text: domain(pre, eff) };
      const p = { text: problem(goal) };
      const c = checkTask(d, p);
      expect(c.ok, JSON.stringify([...c.domainDiagnostics, ...c.problemDiagnostics].slice(0, 2))).toBe(true);
      const r = planPddl(d, p, { timeoutMs: 10_000 });
      expect(r.status).toBe('solved');
      if (!c.domain || !c.problem) continue;
      expect(validatePlan(c.domain, c.problem, parsePlan('(a)')).status).toBe('valid');
      expect(writeDomain(c.domain).length + writeProblem(c.problem).length).toBeGreaterThan(n);
    }
  });
});
