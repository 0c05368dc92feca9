/**
 * The planner on Fast Downward's input language: every problem under
 * test/fixtures/fd-language/ (our own small domains after the shapes of IPC ADL and
 * derived-predicate domains, and of sloppy real-world files) is read without refusal and,
 * unless listed as hard in expected.json, solved by the default configuration with a plan the
 * validator accepts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTask } from '../pddl/check-task.js';
import { parsePlan } from '../validate/plan-file.js';
import { validatePlan } from '../validate/validate-plan.js';
import { planPddl } from './plan-pddl.js';

const ROOT = path.resolve(import.meta.dirname, '../../test/fixtures/fd-language');
const expected = JSON.parse(readFileSync(path.join(ROOT, 'expected.json'), 'utf8')) as { hard: string[] };
const hard = new Set(expected.hard);

const dirs = readdirSync(ROOT).filter((d) => statSync(path.join(ROOT, d)).isDirectory()).sort();
const cases = dirs.flatMap((d) =>
  readdirSync(path.join(ROOT, d))
    .filter((f) => /^p\d+\.pddl$/.test(f))
    .sort()
    .map((f) => ({ dir: d, id: `${d}/${f.replace(/\.pddl$/, '')}`, file: f })),
);
const read = (dir: string, f: string) => ({ text: readFileSync(path.join(ROOT, dir, f), 'utf8'), file: path.join(dir, f) });

describe('Fast Downward language fixtures', () => {
  it('every directory has a domain and at least two problems; every hard entry exists', () => {
    for (const d of dirs) expect(cases.filter((c) => c.dir === d).length, d).toBeGreaterThanOrEqual(2);
    for (const h of hard) expect(cases.map((c) => c.id)).toContain(h);
  });

  for (const c of cases) {
    const isHard = hard.has(c.id);
    it(`${c.id}: ${isHard ? 'read and grounded, no refusal' : 'solved, plan valid'}`, { timeout: 60_000 }, () => {
      const domain = read(c.dir, 'domain.pddl');
      const problem = read(c.dir, c.file);
      const r = planPddl(domain, problem, { timeoutMs: isHard ? 2_000 : 30_000 });
      if (r.status === 'input-error') expect.fail(r.errors.map((e) => e.message).join('\n'));
      if (isHard) {
        expect(['solved', 'timeout']).toContain(r.status);
        return;
      }
      expect(r.status).toBe('solved');
      if (r.status !== 'solved') return;
      expect(r.valid).toBe(true);
      // and judged again from the written plan text, as `validate` reads it (lenient, as plan reads)
      const t = checkTask(domain, problem, 'plan');
      expect(t.ok).toBe(true);
      if (!t.domain || !t.problem) return;
      expect(validatePlan(t.domain, t.problem, parsePlan(r.planText)).status).toBe('valid');
    });
  }
});
