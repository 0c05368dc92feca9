/**
 * The policy module and its documentation agree: every code in COMPAT_POLICY has a row in
 * docs/pddl.md's compatibility table with the same check / validate / plan / Fast Downward /
 * VAL cells, and every row names a code of the module; plan's warnings say what Fast Downward
 * does truthfully. `judge` gives each mode the severity the table says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPAT_POLICY, judge, toolCell, type CompatMode } from './compat-policy.js';
import { COMPAT_CODES, DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostic-codes.js';
import type { PddlDiagnostic } from './errors.js';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/pddl.md'), 'utf8');

function tableRows(): Map<string, string[]> {
  const start = DOC.indexOf('### Input compatibility');
  const section = DOC.slice(start, DOC.indexOf('\n### ', start + 1));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^\| `([a-z-]+)`:/.exec(line);
    if (!m) continue;
    const cells = line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim());
    rows.set(m[1], cells);
  }
  return rows;
}

describe('compatibility policy', () => {
  it("docs/pddl.md's Diagnostic codes table lists every other code, and no other", () => {
    const start = DOC.indexOf('### Diagnostic codes');
    const section = DOC.slice(start, DOC.indexOf('\n### ', start + 1));
    const listed = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(DIAGNOSTIC_CODES.filter((c) => !(COMPAT_CODES as readonly string[]).includes(c)).sort());
  });

  it('docs/pddl.md has one table row per policy code, and no other', () => {
    expect([...tableRows().keys()].sort()).toEqual([...COMPAT_CODES].sort());
  });

  it('the table says what the module does in check, validate and plan', () => {
    const rows = tableRows();
    for (const code of COMPAT_CODES) {
      const rule = COMPAT_POLICY[code];
      const [, check, validate, plan] = rows.get(code) ?? [];
      expect([code, check, validate]).toEqual([code, rule.check, rule.validate]);
      expect(plan).toBe(rule.plan === 'refuse' ? 'refuse' : `accept with warning: ${rule.accepted}`);
    }
  });

  it("the table's Fast Downward and VAL cells are the module's, each refusal or warning with the message the tool prints", () => {
    const rows = tableRows();
    for (const code of COMPAT_CODES) {
      const rule = COMPAT_POLICY[code];
      const [, , , , fd, val] = rows.get(code) ?? [];
      expect([code, fd, val]).toEqual([code, toolCell(rule.fastDownward), toolCell(rule.val)]);
      for (const tool of [rule.fastDownward, rule.val]) {
        if (tool.verdict !== 'accepts' && tool.verdict !== 'accepts silently' && tool.verdict !== 'not verified') expect(tool.says, code).toBeTruthy();
      }
    }
    // Measured with the current Fast Downward translator and VAL on the fixtures (issue 24).
    expect(rows.get('constant-in-problem')?.[4]).toMatch(/^refuses: "Undefined object: wrench"/);
    expect(rows.get('undeclared-object-in-init')?.[4]).toMatch(/^refuses: "Undefined object"/);
    expect(rows.get('undeclared-predicate-in-init')?.[4]).toMatch(/^refuses: "Undefined predicate"/);
    expect(rows.get('init-type-mismatch')?.[5]).toMatch(/^refuses: "Type problem in problem specification!"/);
    expect(rows.get('undeclared-total-cost')?.[5]).toMatch(/^crashes: "Segmentation fault"/);
  });

  it("plan's warnings name Fast Downward only truthfully", () => {
    for (const code of COMPAT_CODES) {
      const { accepted, fastDownward } = COMPAT_POLICY[code];
      const fdAccepts = fastDownward.verdict === 'accepts' || fastDownward.verdict === 'accepts silently';
      if (/as Fast Downward (does|reads it)/.test(accepted)) expect(fdAccepts, code).toBe(true);
      if (/Fast Downward refuses|the current one refuses/.test(accepted)) expect(fastDownward.verdict, code).toBe('refuses');
      if (fastDownward.verdict === 'refuses' && /Fast Downward/.test(accepted)) expect(accepted, code).toMatch(/refuses/);
    }
  });

  it('judge: policy codes get the mode severity; strict refuses; other diagnostics are untouched', () => {
    const d = (code: DiagnosticCode, severity: 'error' | 'warning'): PddlDiagnostic => ({ code, severity, message: 'init fact (p a) is ill-typed; fix it' });
    const ds = [d('init-type-mismatch', 'error'), d('undeclared-predicate', 'error'), d('name-clash', 'warning')];
    expect(judge(ds, 'check').map((x) => x.severity)).toEqual(['error', 'error', 'warning']);
    const plan = judge(ds, 'plan');
    expect(plan[0]).toMatchObject({ severity: 'warning', message: 'init fact (p a) is ill-typed: kept as given, as Fast Downward does' });
    expect(plan.slice(1)).toEqual(ds.slice(1));
    const strict = judge([d('missing-requirement', 'warning')], 'strict');
    expect(strict[0]).toMatchObject({ severity: 'error', message: 'init fact (p a) is ill-typed: refused by --strict (a departure from PDDL)' });
  });

  it('judge: plan and strict report a departure seen at several places once, at the first, in its own words', () => {
    const at = (line: number): PddlDiagnostic => ({
      code: 'undeclared-object-in-init',
      severity: 'error',
      message: `object 'x' in (p x) in (:init ...) is not declared; add it`,
      departure: "object 'x' in init facts is not declared",
      span: { start: { line, col: 1, offset: line }, end: { line, col: 2, offset: line + 1 } },
    });
    const ds = [at(3), at(5)];
    expect(judge(ds, 'check')).toHaveLength(2);
    const plan = judge(ds, 'plan');
    expect(plan.map((d) => [d.span?.start.line, d.severity, d.message])).toEqual([[3, 'warning', `object 'x' in init facts is not declared: ${COMPAT_POLICY['undeclared-object-in-init'].accepted}`]]);
    expect(judge(ds, 'strict').map((d) => [d.span?.start.line, d.severity])).toEqual([[3, 'error']]);
  });

  it('judge (property): same length and order, spans kept; plan turns no departure into an error, strict every one', () => {
    const diag = fc.record({
      code: fc.constantFrom(...DIAGNOSTIC_CODES),
      severity: fc.constantFrom('error' as const, 'warning' as const),
      message: fc.string(),
      line: fc.integer({ min: 1, max: 500 }),
    });
    const mode = fc.constantFrom<CompatMode>('check', 'validate', 'plan', 'strict');
    fc.assert(
      fc.property(fc.array(diag, { maxLength: 20 }), mode, (raw, m) => {
        const ds: PddlDiagnostic[] = raw.map((r) => ({ code: r.code, severity: r.severity, message: r.message, span: { start: { line: r.line, col: 1, offset: 0 }, end: { line: r.line, col: 2, offset: 1 } } }));
        const out = judge(ds, m);
        expect(out.map((d) => [d.code, d.span])).toEqual(ds.map((d) => [d.code, d.span]));
        out.forEach((d, i) => {
          const rule = (COMPAT_POLICY as Record<string, (typeof COMPAT_POLICY)[keyof typeof COMPAT_POLICY] | undefined>)[d.code];
          if (!rule) expect(d).toBe(ds[i]);
          else if (m === 'strict') expect(d.severity).toBe('error');
          else if (m === 'plan') expect(d.severity).toBe(rule.plan === 'refuse' ? 'error' : 'warning');
          else expect(d.severity).toBe(rule[m]);
        });
      }),
    );
  });
});
