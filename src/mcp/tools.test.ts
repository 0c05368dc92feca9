/**
 * The tool implementations in-process (as the worker runs them): located
 * plan diagnostics, the plain-language rendering, the household verdict and
 * repair on the demo scene, and the text/structure agreement of answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPAT_POLICY } from '../pddl/compat-policy.js';
import { COMPAT_CODES } from '../pddl/diagnostic-codes.js';
import type { CallContext } from './call-protocol.js';
import { HOUSEHOLD_DEMO, RESOURCES } from './resources.js';
import { checkOutput, householdRepairOutput, householdVerifyOutput, planOutput, validateOutput, explainOutput } from './schemas.js';
import { runTool } from './tool-runners.js';
import { derivedDescription } from './pddl-tools.js';

const DEMO = join(import.meta.dirname, '../../data/demo');
const domain = readFileSync(join(DEMO, 'domain.pddl'), 'utf8');
const problem = readFileSync(join(DEMO, 'problem.pddl'), 'utf8');

function ctx(): CallContext & { phases: string[] } {
  const phases: string[] = [];
  const t0 = performance.now();
  return { limits: { cpuMs: 10_000, maxBytes: 256 * 1024 * 1024 }, cpuMs: () => performance.now() - t0, progress: (phase) => phases.push(phase), phases };
}

describe('pddl_validate', () => {
  it('a plan naming an unknown object is invalid with a plan diagnostic at the argument', () => {
    const out = runTool('pddl_validate', { domain, problem, plan: '(move counter fridge)\n(open frige)\n' }, ctx());
    expect(out.isError).toBe(true);
    const s = validateOutput.parse(out.structured);
    expect(s).toMatchObject({ status: 'invalid', reason: 'unknown-object', failingStep: { index: 2, line: 2 } });
    // `(open frige)`: the argument starts at column 7 of line 2
    expect(s.diagnostics).toEqual([expect.objectContaining({ code: 'plan-unknown-object', source: 'plan', line: 2, col: 7 })]);
    expect(s.diagnostics[0].message).toMatch(/did you mean 'fridge'/);
  });

  it('a plan with a syntax error is invalid input located in the plan', () => {
    const out = runTool('pddl_validate', { domain, problem, plan: '(move counter fridge\n' }, ctx());
    expect(out.isError).toBe(true);
    expect(validateOutput.parse(out.structured)).toMatchObject({ status: 'invalid-input', diagnostics: [{ code: 'syntax', source: 'plan', line: 1 }] });
  });

  it('unmet goals are listed in plain language', () => {
    const out = runTool('pddl_validate', { domain, problem, plan: [] }, ctx());
    const s = validateOutput.parse(out.structured);
    expect(s.reason).toBe('goal');
    expect(s.unmet?.map((u) => u.literal)).toEqual(expect.arrayContaining(['(in milk fridge)', '(cold milk)']));
    expect(s.unmet?.find((u) => u.literal === '(cold milk)')?.text).toBe('milk is not cold');
  });
});

describe('pddl_explain', () => {
  it('renders each action and the problem, with given and derived predicate descriptions', () => {
    const out = runTool('pddl_explain', { domain, problem, predicates: { 'robot-at': 'the robot is at ?a' } }, ctx());
    expect(out.isError).toBe(false);
    const s = explainOutput.parse(out.structured);
    expect(s.actions?.map((a) => a.name)).toEqual(['move', 'open', 'close', 'pick-from-surface', 'pick-from-container', 'place-on-surface', 'place-in-container']);
    const move = s.actions?.[0].text ?? '';
    expect(move).toContain('the robot is at ?from');
    expect(move).toContain('no longer: the robot is at ?from');
    expect(s.derivedDescriptions).not.toContain('robot-at');
    expect(s.derivedDescriptions).toContain('in');
    expect(s.problem?.init).toContain('the robot is at counter');
    expect(s.problem?.init).toContain('milk in counter');
    expect(s.problem?.goal).toEqual(expect.arrayContaining(['milk in fridge', 'cold milk']));
  });

  it('derives descriptions from names', () => {
    expect(derivedDescription('hand-empty', [])).toBe('hand empty');
    expect(derivedDescription('in', ['?i', '?c'])).toBe('?i in ?c');
    expect(derivedDescription('robot-at', ['?a'])).toBe('robot at ?a');
  });
});

describe('household tools on the demo scene', () => {
  const scene = RESOURCES.find((r) => r.uri.endsWith('household/scene.json'))?.read() ?? '';

  it('verify: the flawed plan fails at the grasp of the apple inside the closed fridge', () => {
    const out = runTool('household_verify', { scene, plan: HOUSEHOLD_DEMO.plan, goal: HOUSEHOLD_DEMO.goal }, ctx());
    expect(out.isError).toBe(true);
    const s = householdVerifyOutput.parse(out.structured);
    expect(s.verdict).toMatchObject({ valid: false, applicable: false, executed: 1, failure: { step: 2, action: 'Grasp(apple)', code: 'INSIDE_CLOSED' }, unmet: ['on_top(apple, table)'] });
  });

  it('repair: the model-derived edits give a valid plan that opens and closes the fridge', () => {
    const out = runTool('household_repair', { scene: JSON.parse(scene), plan: HOUSEHOLD_DEMO.plan.trim().split('\n'), goal: HOUSEHOLD_DEMO.goal }, ctx());
    expect(out.isError).toBe(false);
    const s = householdRepairOutput.parse(out.structured);
    expect(s.repaired?.verdict.valid).toBe(true);
    expect(s.repaired?.stop).toBe('valid');
    const plan = s.repaired?.plan ?? [];
    expect(plan.indexOf('Open(fridge)')).toBeLessThan(plan.indexOf('Grasp(apple)'));
    expect(plan.indexOf('Close(fridge)')).toBeGreaterThan(plan.indexOf('Grasp(apple)'));
    expect(s.repaired?.edits.map((e) => e.rule)).toContain('open-container');
  });

  it('a scene with an unknown room is invalid input with the JSON path', () => {
    const bad = JSON.parse(scene) as { objects: { room?: string }[] };
    bad.objects[0].room = 'attic';
    const out = runTool('household_verify', { scene: bad, plan: HOUSEHOLD_DEMO.plan }, ctx());
    expect(out.isError).toBe(true);
    expect(householdVerifyOutput.parse(out.structured).diagnostics).toEqual([expect.objectContaining({ source: 'scene', path: 'objects[0].room', code: 'scene' })]);
  });

  it('a scene with three planted errors gives three diagnostics, each at its JSON path; a JSON syntax error is at its line:col', () => {
    const bad = JSON.parse(scene) as { objects: { room?: string }[]; robot: { room: string }; rooms: { area: unknown }[] };
    bad.objects[0].room = 'attic';
    bad.objects[1].room = 'cellar';
    bad.robot.room = 'garage';
    const out = runTool('household_verify', { scene: bad, plan: HOUSEHOLD_DEMO.plan }, ctx());
    const diags = householdVerifyOutput.parse(out.structured).diagnostics;
    expect(diags.map((d) => [d.path, d.message])).toEqual([
      ['objects[0].room', "unknown room 'attic'"],
      ['objects[1].room', "unknown room 'cellar'"],
      ['robot.room', "unknown room 'garage'"],
    ]);
    // Line 2 of the text holds the stray comma before the closing brace at line 3, col 1.
    const syntax = runTool('household_verify', { scene: '{\n  "rooms": [],\n}', plan: HOUSEHOLD_DEMO.plan }, ctx());
    expect(householdVerifyOutput.parse(syntax.structured).diagnostics).toEqual([expect.objectContaining({ source: 'scene', line: 3, col: 1, message: expect.stringMatching(/^invalid JSON: /) as unknown })]);
  });

  it('a goal naming an object not in the scene is invalid input', () => {
    const out = runTool('household_verify', { scene, plan: HOUSEHOLD_DEMO.plan, goal: 'on_top(pear, table)' }, ctx());
    expect(out.isError).toBe(true);
    expect(householdVerifyOutput.parse(out.structured).diagnostics[0]).toMatchObject({ code: 'goal-unknown-id', source: 'goal' });
  });
});

describe('the compatibility policy through the tools (issue 12)', () => {
  const FX = join(import.meta.dirname, '../../test/fixtures/compat');
  const fx = (c: string) => ({ domain: readFileSync(join(FX, c, 'domain.pddl'), 'utf8'), problem: readFileSync(join(FX, c, 'problem.pddl'), 'utf8') });
  const wrench = { severity: 'warning', code: 'constant-in-problem', source: 'domain', line: 17, col: 30 };

  it('pddl_plan solves tyreworld and returns the departure as a structured warning', () => {
    const out = runTool('pddl_plan', fx('constant-in-problem'), ctx());
    expect(out.isError).toBe(false);
    const s = planOutput.parse(out.structured);
    expect(s).toMatchObject({ status: 'solved', valid: true, length: 3 });
    expect(s.diagnostics).toEqual([expect.objectContaining(wrench)]);
    expect(s.diagnostics[0].message).toMatch(/resolved to the problem's object, as older Fast Downward versions did \(the current one refuses it\)$/);
    expect(out.text).toMatch(/domain:17:30: warning \[constant-in-problem\]/);
  });

  it('pddl_plan with strict refuses it as invalid input at the same place', () => {
    const out = runTool('pddl_plan', { ...fx('init-type-mismatch'), strict: true }, ctx());
    expect(out.isError).toBe(true);
    expect(planOutput.parse(out.structured)).toMatchObject({ status: 'invalid-input', diagnostics: [{ severity: 'error', code: 'init-type-mismatch', source: 'problem', line: 4, col: 18 }] });
  });

  // every departure VAL refuses (plain validate: invalid input) that plan accepts
  const refused = COMPAT_CODES.filter((c) => COMPAT_POLICY[c].validate === 'error' && COMPAT_POLICY[c].plan === 'accept-with-warning');
  for (const c of refused) {
    it(`pddl_validate refuses ${c} as VAL does; with lenient, judges the plan and returns the departure as a located warning`, () => {
      const args = { ...fx(c), plan: readFileSync(join(FX, c, 'plan.txt'), 'utf8') };
      const where = JSON.parse(readFileSync(join(FX, c, 'expected.json'), 'utf8')) as { file: string; line: number; col: number };
      const at = { code: c, source: where.file.replace(/\.pddl$/, ''), line: where.line, col: where.col };
      const strict = runTool('pddl_validate', args, ctx());
      expect(strict.isError).toBe(true);
      expect(validateOutput.parse(strict.structured)).toMatchObject({ valid: false, status: 'invalid-input', diagnostics: [{ severity: 'error', ...at }] });
      const lenient = runTool('pddl_validate', { ...args, lenient: true }, ctx());
      expect(lenient.isError).toBe(false);
      const s = validateOutput.parse(lenient.structured);
      expect(s).toMatchObject({ valid: true, status: 'valid' });
      expect(s.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', ...at })]);
      expect(lenient.text).toMatch(new RegExp(`^Plan valid[^\n]*\n${at.source}:${at.line}:${at.col}: warning \\[${c}\\]`));
    });
  }

  it('pddl_validate with lenient still finds an invalid plan invalid, with the warning', () => {
    const out = runTool('pddl_validate', { ...fx('init-type-mismatch'), plan: [], lenient: true }, ctx());
    expect(out.isError).toBe(true);
    expect(validateOutput.parse(out.structured)).toMatchObject({ valid: false, status: 'invalid', reason: 'goal', diagnostics: [{ severity: 'warning', code: 'init-type-mismatch' }] });
  });

  it('pddl_check judges as check does: the ill-typed init fact is an error with a hint; the problem-declared constant a warning', () => {
    const bad = checkOutput.parse(runTool('pddl_check', fx('init-type-mismatch'), ctx()).structured);
    expect(bad).toMatchObject({ ok: false, errors: 1, diagnostics: [{ severity: 'error', code: 'init-type-mismatch', source: 'problem', line: 4, col: 18 }] });
    expect(bad.diagnostics[0].hint).toMatch(/use an argument of type character/);
    const ok = checkOutput.parse(runTool('pddl_check', fx('constant-in-problem'), ctx()).structured);
    expect(ok).toMatchObject({ ok: true, errors: 0, warnings: 1, diagnostics: [wrench] });
  });
});
