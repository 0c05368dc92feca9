import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../test/cli-harness.js';
import { InputError } from '../../core/errors.js';
import { register } from './check.js';

const run = (args: string[]) => runCommand([register], args);

const dir = mkdtempSync(join(tmpdir(), 'gp-check-'));
const domain = join(dir, 'domain.pddl');
const bad = join(dir, 'bad.pddl');
const problem = join(dir, 'p.pddl');
writeFileSync(domain, '(define (domain bw)\n  (:requirements :strips :typing)\n  (:types block)\n  (:predicates (on ?x ?y - block) (clear ?x - block))\n  (:action stack :parameters (?a ?b - block) :precondition (clear ?b) :effect (on ?a ?b)))\n');
writeFileSync(bad, '(define (domain bw)\n  (:predicates (on ?x ?y))\n  (:action stack :parameters (?a ?b)\n    :precondition (holding ?a)\n    :effect (on ?a ?b ?c)))\n');
writeFileSync(problem, '(define (problem p) (:domain bw)\n (:objects a b - block)\n (:init (clear b))\n (:goal (on a c)))\n');

describe('groundplan check', () => {
  it('a clean domain: summary line and exit 0', async () => {
    const r = await run(['check', domain]);
    expect(r.out).toBe("ok: domain 'bw': 1 type, 2 predicates, 1 action — 0 errors, 0 warnings\n");
    expect(r.code).toBe(0);
  });
  it('prints every error as file:line:col: error [code] message with the source line, exit 1', async () => {
    const r = await run(['check', bad]);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`${bad}:4:19: error [undeclared-predicate] predicate 'holding' in (holding ?a) in the precondition of action 'stack' is not declared in (:predicates ...); declare it or use a declared predicate (declared predicates: on)`);
    expect(lines[1]).toBe(' 4 |     :precondition (holding ?a)');
    expect(lines[2]).toBe('   |                   ^');
    expect(r.out).toContain(`${bad}:5:13: error [arity]`);
    expect(r.out).toContain(`${bad}:5:23: error [undeclared-parameter]`);
    expect(lines.at(-2)).toMatch(/^failed: .* 3 errors, 0 warnings$/);
    expect(r.code).toBe(1);
  });
  it('checks the problem against the domain; --json gives structured diagnostics', async () => {
    const r = await run(['check', domain, problem, '--json']);
    const json = JSON.parse(r.out) as { ok: boolean; errors: number; files: { kind: string; diagnostics: { code: string; line: number; col: number }[] }[] };
    expect(json.ok).toBe(false);
    expect(json.errors).toBe(1);
    expect(json.files.map((f) => f.kind)).toEqual(['domain', 'problem']);
    expect(json.files[1].diagnostics).toMatchObject([{ code: 'undeclared-object', line: 4, col: 15 }]);
    expect(r.code).toBe(1);
  });
  it('a syntax error is one located line with a snippet, exit 1', async () => {
    const syn = join(dir, 'syn.pddl');
    writeFileSync(syn, '(define (domain x)\n  (:predicates (p))\n');
    const r = await run(['check', syn, '--no-snippets']);
    // the last block, or the final ')' (both named in the message)
    expect(r.out.split('\n')[0]).toMatch(new RegExp(`^${syn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:3: error \\[syntax\\] unexpected end of input: 1 unclosed '\\('.* the final '\\)' itself is missing near: \\(:predicates \\(p\\)\\)$`));
    expect(r.code).toBe(1);
  });
  it('an unreadable file is an InputError (the CLI exits 2)', async () => {
    expect((await run(['check', join(dir, 'missing.pddl')])).error).toBeInstanceOf(InputError);
  });
});

describe('groundplan check on departures from the standard', () => {
  const fx = (c: string, f: string) => join(import.meta.dirname, '../../../test/fixtures/compat', c, f);
  it('tyreworld with its problem: the problem-declared constant is a warning, exit 0', async () => {
    const r = await run(['check', fx('constant-in-problem', 'domain.pddl'), fx('constant-in-problem', 'problem.pddl'), '--no-snippets']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/:17:30: warning \[constant-in-problem\] constant 'wrench' .* only in the problem's \(:objects \.\.\.\) as wrench - tool; declare it in the domain's \(:constants \.\.\.\)\n/);
  });
  it('tyreworld alone: the constant is undeclared in the domain, and the message never blames the problem', async () => {
    const r = await run(['check', fx('constant-in-problem', 'domain.pddl'), '--no-snippets']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/:17:30: error \[undeclared-object\] constant 'wrench' .* is not declared in the domain; declare it in \(:constants \.\.\.\), or in the \(:objects \.\.\.\) of every problem/);
    expect(r.out).not.toMatch(/add it to \(:objects \.\.\.\) in the problem/);
  });
  it('an ill-typed init fact is an error, as VAL reports it', async () => {
    const r = await run(['check', fx('init-type-mismatch', 'domain.pddl'), fx('init-type-mismatch', 'problem.pddl'), '--no-snippets']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/problem\.pddl:4:18: error \[init-type-mismatch\] argument 1 of \(facing couch television\) in \(:init \.\.\.\) is couch of type furniture, but predicate \(facing \?char - character \?obj - item\) expects character there; use an argument of type character/);
  });
});
