/**
 * `pddl_repair_hints`: for an invalid plan, the validator's verdict and
 * achiever hints, and a short sequence of concrete edits (insert / replace /
 * delete a step), each checked by replaying the edited plan.
 */
import type { z } from 'zod';
import { formatStep } from '../validate/plan-file.js';
import { explainResult } from '../validate/explain.js';
import type { CallContext, ToolOutput } from './call-protocol.js';
import { diagnosticLines } from './diagnostics.js';
import { invalidInputLines, loadTask } from './pddl-input.js';
import { output } from './pddl-tools.js';
import { suggestEdits } from './repair-hints.js';
import type { repairInput, repairOutput } from './schemas.js';

type RepairOut = z.infer<typeof repairOutput>;

export function pddlRepairHints(args: z.infer<typeof repairInput>, ctx: CallContext): ToolOutput {
  ctx.progress('checking', 'checking the domain, problem and plan');
  const t = loadTask(args.domain, args.problem, args.plan);
  const diagnostics = t.diagnostics;
  if (!t.ok) {
    const out: RepairOut = { status: 'invalid-input', edits: [], diagnostics };
    return output(out, true, invalidInputLines(diagnostics));
  }
  ctx.progress('repairing', 'grounding and trying single-step edits');
  // Leave a tenth of the CPU limit for the answer; the watchdog stops a call that ignores it.
  const deadline = ctx.limits.cpuMs * 0.9;
  const res = suggestEdits(t.domain, t.problem, t.steps, { ...(args.maxEdits !== undefined ? { maxEdits: args.maxEdits } : {}), shouldStop: () => ctx.cpuMs() > deadline });
  const initial = res.initial;
  const edits = res.edits.map((e) => ({ op: e.op, at: e.at + 1, ...(e.step ? { step: formatStep(e.step) } : {}), ...(e.removed ? { removed: formatStep(e.removed) } : {}), reason: e.reason }));
  const out: RepairOut = {
    status: res.status,
    edits,
    plan: res.plan.map(formatStep),
    repairedValid: res.verdict.status === 'valid',
    ...(res.verdict.status === 'invalid' ? { remaining: res.verdict.explanation } : {}),
    explanation: explainResult(initial),
    hints: initial.status === 'invalid' && 'hints' in initial ? initial.hints : [],
    candidates: res.candidates,
    diagnostics,
  };
  const lines = [`${res.status}: ${out.explanation}`];
  edits.forEach((e, i) => lines.push(`  ${i + 1}. ${e.op} at step ${e.at}: ${e.op === 'delete' ? e.removed : e.op === 'replace' ? `${e.removed} -> ${e.step}` : e.step} (${e.reason})`));
  if (out.remaining) lines.push(`  still wrong after the edits: ${out.remaining}`);
  for (const h of out.hints ?? []) lines.push(`  hint: ${h}`);
  if (res.edits.length > 0) lines.push('edited plan:', ...(out.plan ?? []).map((s) => `  ${s}`));
  lines.push(...diagnosticLines(diagnostics));
  return output(out, false, lines);
}
