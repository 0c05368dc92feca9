/**
 * `household_verify` and `household_repair`: GAVEL's graph world model on a
 * scene graph and a plan in GAVEL's format (§IV-F): the verdict (first failing
 * step and reason, unmet goal literals, safety violations, travel distance),
 * and the model-derived repair with its edit log (Algorithm 2). A plan that
 * is not valid is a tool error for verify; for repair, a repaired plan that is
 * still not valid is (the failure needs semantic reasoning: back to the LLM).
 */
import type { z } from 'zod';
import { formatSpan, InputError } from '../core/errors.js';
import { formatJsonPath, IssuesError } from '../core/issues.js';
import { goalFromJson, parseGoalText, unknownGoalIds } from '../scenegraph/goal-format.js';
import { parsePlanText } from '../scenegraph/plan-format.js';
import { repairPlan } from '../scenegraph/repair.js';
import { parseScene, sceneFromJson } from '../scenegraph/scene-file.js';
import type { Scene } from '../scenegraph/scene.js';
import { formatLiteral, formatStep, type Goal, type PlanStep } from '../scenegraph/types.js';
import { verifyPlan, type Verdict } from '../scenegraph/verify.js';
import type { CallContext, ToolOutput } from './call-protocol.js';
import type { Diagnostic, DiagnosticSource } from './diagnostics.js';
import { invalidInputLines } from './pddl-input.js';
import { output } from './pddl-tools.js';
import type { householdInput, householdRepairInput, householdRepairOutput, householdVerifyOutput } from './schemas.js';

type HouseholdIn = z.infer<typeof householdInput>;
type VerdictOut = NonNullable<z.infer<typeof householdVerifyOutput>['verdict']>;

/**
 * An error from the scene/plan/goal readers as located diagnostics: one per
 * issue with its JSON path, a JSON syntax error at its line:col, else the
 * reader's `where: message` split.
 */
function jsonDiagnostics(err: unknown, source: DiagnosticSource, code: string): Diagnostic[] {
  if (err instanceof IssuesError) return err.issues.map((i) => ({ severity: 'error', code, message: i.message, source, path: formatJsonPath(i.path) }));
  if (!(err instanceof InputError)) throw err;
  if (err.span) {
    const message = err.message.slice(formatSpan(err.span).length + 2);
    return [{ severity: 'error', code, message, source, line: err.span.start.line, col: err.span.start.col }];
  }
  const m = /^([^:]+?): (.*)$/s.exec(err.message);
  const where = m?.[1];
  const message = m ? m[2] : err.message;
  const line = where ? /^line (\d+)$/.exec(where) : null;
  return [{ severity: 'error', code, message, source, ...(line ? { line: Number(line[1]), col: 1 } : where ? { path: where } : {}) }];
}

interface Loaded {
  scene?: Scene;
  plan?: PlanStep[];
  goal: Goal;
  diagnostics: Diagnostic[];
}

function load(args: HouseholdIn): Loaded {
  const diagnostics: Diagnostic[] = [];
  let scene: Scene | undefined;
  let plan: PlanStep[] | undefined;
  let goal: Goal = { literals: [] };
  try {
    scene = typeof args.scene === 'string' ? parseScene(args.scene) : sceneFromJson(args.scene);
  } catch (err) {
    diagnostics.push(...jsonDiagnostics(err, 'scene', 'scene'));
  }
  try {
    plan = parsePlanText(typeof args.plan === 'string' ? args.plan : JSON.stringify(args.plan));
  } catch (err) {
    diagnostics.push(...jsonDiagnostics(err, 'plan', 'plan'));
  }
  if (args.goal !== undefined) {
    try {
      goal = typeof args.goal === 'string' ? parseGoalText(args.goal) : goalFromJson(args.goal);
    } catch (err) {
      diagnostics.push(...jsonDiagnostics(err, 'goal', 'goal'));
    }
  }
  if (scene) {
    const unknown = unknownGoalIds(scene, goal);
    if (unknown.length > 0) diagnostics.push({ severity: 'error', code: 'goal-unknown-id', message: `the goal names ${unknown.map((u) => `'${u}'`).join(', ')}, not in the scene`, source: 'goal' });
  }
  return { ...(scene ? { scene } : {}), ...(plan ? { plan } : {}), goal, diagnostics };
}

function verdictOut(v: Verdict): VerdictOut {
  return {
    valid: v.valid,
    applicable: v.applicable,
    executed: v.executed,
    ...(v.failure ? { failure: { step: v.failure.stepIndex + 1, action: formatStep(v.failure.step), code: v.failure.code, message: v.failure.message } } : {}),
    unmet: v.unmet.map(formatLiteral),
    safe: v.safe,
    safety: v.safety.map((s) => ({ kind: s.kind, object: s.object, since: s.since + 1 })),
    distance: Math.round(v.distance * 100) / 100,
  };
}

function verdictLines(v: VerdictOut, steps: number): string[] {
  const lines = [v.valid ? `VALID: ${steps} steps, travel ${v.distance} m` : `INVALID (${steps} steps, travel ${v.distance} m over the executed steps)`];
  if (v.failure) lines.push(`  step ${v.failure.step} ${v.failure.action} fails: ${v.failure.code}: ${v.failure.message}`);
  for (const l of v.unmet) lines.push(`  unmet goal: ${l}`);
  for (const s of v.safety) lines.push(`  unsafe: '${s.object}' ${s.kind === 'left_open' ? 'opened' : 'switched on'} at step ${s.since} and left ${s.kind === 'left_open' ? 'open' : 'on'}`);
  return lines;
}

function badInput(diagnostics: Diagnostic[]): ToolOutput {
  return output({ diagnostics }, true, invalidInputLines(diagnostics));
}

export function householdVerify(args: HouseholdIn, ctx: CallContext): ToolOutput {
  ctx.progress('verifying', 'reading the scene, plan and goal');
  const l = load(args);
  if (!l.scene || !l.plan || l.diagnostics.length > 0) return badInput(l.diagnostics);
  const v = verdictOut(verifyPlan(l.scene, l.plan, l.goal));
  return output({ verdict: v, diagnostics: [] }, !v.valid, verdictLines(v, l.plan.length));
}

export function householdRepair(args: z.infer<typeof householdRepairInput>, ctx: CallContext): ToolOutput {
  ctx.progress('repairing', 'reading the scene, plan and goal');
  const l = load(args);
  if (!l.scene || !l.plan || l.diagnostics.length > 0) return badInput(l.diagnostics);
  const before = verdictOut(verifyPlan(l.scene, l.plan, l.goal));
  const r = repairPlan(l.scene, l.plan, l.goal, args.maxEdits !== undefined ? { maxEdits: args.maxEdits } : {});
  const after = verdictOut(r.verdict);
  const edits = r.edits.map((e) => ({ rule: e.rule, at: e.stepIndex + 1, inserted: e.inserted.map(formatStep), removed: e.removed.map(formatStep), reason: e.reason }));
  const repaired = { plan: r.plan.map(formatStep), verdict: after, edits, stop: r.stop };
  const out: z.infer<typeof householdRepairOutput> = { verdict: before, repaired, diagnostics: [] };
  const lines = verdictLines(before, l.plan.length);
  if (before.valid) lines.push('nothing to repair');
  else {
    lines.push(edits.length === 0 ? `no model-derived edit (${r.stop === 'no-edit' ? 'the failure needs semantic reasoning' : r.stop})` : `repair: ${edits.length} edit(s), stopped: ${r.stop}`);
    edits.forEach((e, i) => lines.push(`  ${i + 1}. [${e.rule}] at step ${e.at}: ${[...e.removed.map((s) => `-${s}`), ...e.inserted.map((s) => `+${s}`)].join(' ')} (${e.reason})`));
    lines.push('repaired plan:', ...repaired.plan.map((s, i) => `  ${i + 1}. ${s}`), ...verdictLines(after, r.plan.length));
  }
  return output(out, !after.valid, lines);
}
