import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../core/errors.js';
import { COMPAT_POLICY } from '../../pddl/compat-policy.js';
import { COMPAT_CODES } from '../../pddl/diagnostic-codes.js';
import { register } from './validate.js';
import { runCommand, scratchFiles } from '../../../test/cli-harness.js';

const { dir, file } = scratchFiles('gp-validate-');
const domain = file(
  'domain.pddl',
  `(define (domain bw) (:predicates (clear ?x) (holding ?x) (handempty) (ontable ?x))
  (:action pick-up :parameters (?x) :precondition (and (clear ?x) (ontable ?x) (handempty))
   :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x))))`,
);
const problem = file('problem.pddl', '(define (problem p) (:domain bw) (:objects a b) (:init (clear a) (ontable a) (handempty) (ontable b)) (:goal (holding a)))');

const run = (planText: string, ...flags: string[]) =>
  runCommand([register], ['validate', domain, problem, file('plan.txt', planText), ...flags]);

afterEach(() => {
  process.exitCode = undefined;
});

describe('groundplan validate', () => {
  it('prints the verdict of a valid plan and exits 0', async () => {
    expect(await run('(pick-up a)\n')).toMatchObject({ out: 'Plan valid: cost 1, 1 step\n', code: 0 });
  });

  it('warns when the plan file claims a different cost', async () => {
    const err: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => {
      err.push(String(c));
      return true;
    });
    try {
      expect(await run('(pick-up a)\n; cost = 1 (unit cost)\n')).toMatchObject({ code: 0 });
      expect(err).toEqual([]);
      expect(await run('(pick-up a)\n; cost = 3 (unit cost)\n')).toMatchObject({ code: 0 });
      expect(err.join('')).toMatch(/plan\.txt: the plan file claims cost 3, the validated cost is 1\n$/);
    } finally {
      spy.mockRestore();
    }
  });

  it('explains an invalid plan and exits 1', async () => {
    const r = await run('(pick-up b)\n');
    expect(r.out).toBe('Plan invalid: step 1 (pick-up b): b is not clear — unsatisfied precondition (clear b)\n  hint: no action makes (clear b) true: use other arguments or another action\n');
    expect(r.code).toBe(1);
  });

  it('prints JSON with --json', async () => {
    const r = await run('(pick-up a)\n', '--json');
    expect(JSON.parse(r.out)).toMatchObject({ status: 'valid', cost: 1, trace: [{ action: '(pick-up a)', step: { name: 'pick-up', args: ['a'], line: 1 } }] });
  });

  it('prints the trace with --verbose', async () => {
    const r = await run('(pick-up a)\n', '--verbose');
    expect(r.out).toBe('   1. (pick-up a)  -(clear a) -(handempty) -(ontable a) +(holding a)\nPlan valid: cost 1, 1 step\n');
  });

  it('reports an unknown action or object as bad input located in the plan file', async () => {
    const r = await run('; c\n(pickup a)\n');
    expect(r.error).toBeInstanceOf(InputError);
    expect((r.error as Error).message).toBe(`${join(dir, 'plan.txt')}:2:2: unknown action 'pickup' (did you mean 'pick-up'?) (known: pick-up) (step 1)`);
    const r2 = await run('(pick-up  c)\n');
    expect((r2.error as Error).message).toMatch(/plan\.txt:1:11: unknown object 'c' .*\(step 1\)$/);
  });

  it('reports a plan syntax error and an unreadable file as input errors', async () => {
    expect(((await run('(pick-up a\n')).error as Error).message).toMatch(/plan\.txt:1:1: unexpected end of input/);
    const missing = await runCommand([register], ['validate', domain, join(dir, 'missing.pddl'), domain]);
    expect((missing.error as Error).message).toMatch(/cannot read problem file '.*missing\.pddl' \(ENOENT\)/);
  });
});

describe('groundplan validate on departures from the standard', () => {
  const fx = (c: string, f: string) => join(import.meta.dirname, '../../../test/fixtures/compat', c, f);
  const runFx = (c: string) => runCommand([register], ['validate', fx(c, 'domain.pddl'), fx(c, 'problem.pddl'), fx(c, 'plan.txt')]);
  it('a problem-declared constant: a warning on stderr, then the verdict (exit 0)', async () => {
    const err: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (err.push(String(c)), true));
    const r = await runFx('constant-in-problem').finally(() => spy.mockRestore());
    expect(r).toMatchObject({ out: 'Plan valid: cost 3, 3 steps\n', code: 0 });
    expect(err.join('')).toMatch(/domain\.pddl:17:30: warning: constant 'wrench' .*\[constant-in-problem\]\n/);
  });
  it('an ill-typed init fact is refused as VAL refuses it: a located input error (exit 2)', async () => {
    const r = await runFx('init-type-mismatch');
    expect(r.error).toBeInstanceOf(InputError);
    expect((r.error as InputError).message).toMatch(/problem\.pddl:4:18: argument 1 of \(facing couch television\) in \(:init \.\.\.\) is couch of type furniture/);
  });
});

describe('groundplan validate --lenient: the departures plan accepts, each with a located warning', () => {
  const root = join(import.meta.dirname, '../../../test/fixtures/compat');
  // Every fixture whose departure VAL refuses (plain validate exits 2) but plan accepts.
  const refused = COMPAT_CODES.filter((c) => COMPAT_POLICY[c].validate === 'error' && COMPAT_POLICY[c].plan === 'accept-with-warning');
  it('covers the ill-typed init fact of VirtualHome and the other refused departures', () => {
    expect(refused).toEqual(expect.arrayContaining(['init-type-mismatch', 'undeclared-object-in-init', 'undeclared-predicate-in-init']));
  });
  for (const c of refused) {
    it(`${c}: plain validate refuses it (exit 2); --lenient warns at the departure and judges the plan (exit 0)`, async () => {
      const args = ['validate', ...['domain.pddl', 'problem.pddl', 'plan.txt'].map((f) => join(root, c, f))];
      const strict = await runCommand([register], args);
      expect(strict.error).toBeInstanceOf(InputError);
      const where = JSON.parse(readFileSync(join(root, c, 'expected.json'), 'utf8')) as { file: string; line: number; col: number };
      const err: string[] = [];
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((x: string | Uint8Array) => (err.push(String(x)), true));
      const r = await runCommand([register], [...args, '--lenient']).finally(() => spy.mockRestore());
      expect(r.error).toBeUndefined();
      expect(r).toMatchObject({ out: expect.stringMatching(/^Plan valid: cost \d+, \d+ steps?\n$/), code: 0 });
      const loc = `${join(root, c, where.file)}:${where.line}:${where.col}`;
      expect(err).toEqual([expect.stringMatching(new RegExp(`^${loc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: warning: .*\\[${c}\\]\\n$`))]);
    });
  }
  it('--lenient still finds an invalid plan invalid (exit 1)', async () => {
    const c = 'init-type-mismatch';
    const err: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((x: string | Uint8Array) => (err.push(String(x)), true));
    const r = await runCommand([register], ['validate', join(root, c, 'domain.pddl'), join(root, c, 'problem.pddl'), file('empty-plan.txt', '; nothing\n'), '--lenient']).finally(() => spy.mockRestore());
    expect(err).toEqual([expect.stringMatching(/warning: .*\[init-type-mismatch\]\n$/)]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Plan invalid: /);
  });
});
