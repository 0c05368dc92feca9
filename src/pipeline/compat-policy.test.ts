/**
 * Every row of the compatibility policy on its fixture (test/fixtures/compat/<code>/, one
 * departure each): `plan` solves it with exactly one warning for the departure, at its
 * location; `plan --strict` refuses it there; `check` and `validate` report it with the
 * severity the table gives (and `validate` still replays the plan when it is only a warning).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTask } from '../pddl/check-task.js';
import { COMPAT_POLICY } from '../pddl/compat-policy.js';
import { COMPAT_CODES, type CompatCode } from '../pddl/diagnostic-codes.js';
import type { PddlDiagnostic } from '../pddl/errors.js';
import { parsePlan } from '../validate/plan-file.js';
import { validatePlan } from '../validate/validate-plan.js';
import { planPddl } from './plan-pddl.js';

const ROOT = path.resolve(import.meta.dirname, '../../test/fixtures/compat');

interface Expected {
  code: CompatCode;
  file: 'domain.pddl' | 'problem.pddl';
  line: number;
  col: number;
}

function load(code: string) {
  const dir = path.join(ROOT, code);
  const read = (f: string) => ({ text: readFileSync(path.join(dir, f), 'utf8'), file: f });
  return {
    domain: read('domain.pddl'),
    problem: read('problem.pddl'),
    plan: readFileSync(path.join(dir, 'plan.txt'), 'utf8'),
    expected: JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected,
  };
}

function located(d: PddlDiagnostic): { code: string; file?: string; line?: number; col?: number } {
  return { code: d.code, file: d.span?.file, line: d.span?.start.line, col: d.span?.start.col };
}

describe('compatibility policy fixtures', () => {
  it('there is one fixture per policy code, and no other', () => {
    const dirs = readdirSync(ROOT).filter((f) => existsSync(path.join(ROOT, f, 'expected.json')));
    expect(dirs.sort()).toEqual([...COMPAT_CODES].sort());
  });

  for (const code of COMPAT_CODES) {
    describe(code, () => {
      const f = load(code);
      const rule = COMPAT_POLICY[code];
      const where = { code, file: f.expected.file, line: f.expected.line, col: f.expected.col };

      it(`plan: ${rule.plan}`, () => {
        const r = planPddl(f.domain, f.problem, { search: 'astar', heuristic: 'blind' });
        expect(r.warnings.map(located)).toEqual(rule.plan === 'accept-with-warning' ? [where] : []);
        if (rule.plan === 'refuse') {
          expect(r.status).toBe('input-error');
          return;
        }
        expect(r.status).toBe('solved');
        if (r.status !== 'solved') return;
        expect(r.valid).toBe(true);
        expect(r.warnings[0].message).toContain(rule.accepted);
      });

      it('plan --strict: refused at the departure', () => {
        const r = planPddl(f.domain, f.problem, { strict: true });
        expect(r.status).toBe('input-error');
        if (r.status !== 'input-error') return;
        expect(r.errors.map(located)).toEqual([where]);
        expect(r.errors[0].message).toMatch(/refused by --strict/);
      });

      it(`check: ${rule.check}, with a hint`, () => {
        const t = checkTask(f.domain, f.problem, 'check');
        const ds = [...t.domainDiagnostics, ...t.problemDiagnostics];
        expect(ds.map(located)).toEqual([where]);
        expect(ds[0].severity).toBe(rule.check);
        expect(ds[0].message).toContain('; ');
        expect(t.ok).toBe(rule.check === 'warning');
      });

      it(`validate: ${rule.validate}`, () => {
        const t = checkTask(f.domain, f.problem, 'validate');
        const ds = [...t.domainDiagnostics, ...t.problemDiagnostics];
        expect(ds.map((d) => [d.code, d.severity])).toEqual([[code, rule.validate]]);
        expect(t.ok).toBe(rule.validate === 'warning');
        if (t.ok && t.domain && t.problem) expect(validatePlan(t.domain, t.problem, parsePlan(f.plan)).status).toBe('valid');
      });
    });
  }
});

describe('constants declared only in the problem', () => {
  const f = load('constant-in-problem');
  it('a domain-only check says the domain lacks the constant, and where to declare it', () => {
    const t = checkTask(f.domain, { text: f.problem.text.replace('wrench - tool ', ''), file: 'problem.pddl' }, 'check');
    // the problem does not declare it either: an error that names both places
    const d = t.domainDiagnostics.filter((x) => x.code === 'undeclared-object');
    expect(d).toHaveLength(1);
    expect(d[0].message).toMatch(/constant 'wrench' .* neither in the domain's \(:constants \.\.\.\) nor in the problem's \(:objects \.\.\.\)/);
  });
  it('resolves to the object the problem declares, with its type', () => {
    const t = checkTask(f.domain, f.problem, 'check');
    expect(t.domainDiagnostics[0].message).toContain('wrench - tool');
    expect(t.domainDiagnostics[0].message).not.toMatch(/add it to \(:objects/);
  });
  it('a constant the problem declares with the wrong type is still a type error in the domain', () => {
    const t = checkTask(f.domain, { text: f.problem.text.replace('wrench - tool boot - container', 'boot wrench - container'), file: 'problem.pddl' }, 'check');
    expect(t.domainDiagnostics.map((d) => d.code)).toEqual(['constant-in-problem', 'type-mismatch']);
  });
});
