/**
 * `groundplan validate DOMAIN PROBLEM PLAN [--json] [--verbose] [--lenient]`: replay a plan
 * with VAL semantics; departures from the standard are judged as VAL judges
 * them (compat-policy.ts: refused, or a warning on stderr), or with `--lenient`
 * as `plan` judges them (accepted, one located warning each). Exit 0 valid, 1 invalid (precondition or goal), 2 bad input
 * (unreadable file, syntax error, or a plan naming an unknown action/object, a
 * wrong number of arguments or a wrongly typed argument: one `file:line:col:` line).
 */
import type { Command } from 'commander';
import type { ErrorCode } from '../../core/error-codes.js';
import { InputError } from '../../core/errors.js';
import { checkTask } from '../../pddl/check-task.js';
import { departures } from '../../pddl/compat-policy.js';
import { formatWarning } from '../../pddl/diagnostics.js';
import { inputErrorOf } from '../../pipeline/plan-pddl.js';
import { explainResult } from '../../validate/explain.js';
import { type ParsedPlanStep, parsePlan } from '../../validate/plan-file.js';
import type { StepErrorReason, TraceEntry, ValidationResult } from '../../validate/result.js';
import { validatePlan } from '../../validate/validate-plan.js';
import { readText } from '../read-input.js';

/** The error code of a plan step the task cannot read (bad input, exit 2). */
const PLAN_STEP_CODES: Record<StepErrorReason, ErrorCode> = {
  'unknown-action': 'PLAN_UNKNOWN_ACTION',
  arity: 'PLAN_ARITY',
  'unknown-object': 'PLAN_UNKNOWN_OBJECT',
  type: 'PLAN_TYPE',
};

interface ValidateCliOptions {
  json?: boolean;
  verbose?: boolean;
  lenient?: boolean;
}

function formatTraceLine(e: TraceEntry, i: number): string {
  const changes = [...e.deleted.map((f) => `-${f}`), ...e.added.map((f) => `+${f}`)].join(' ');
  return `${String(i + 1).padStart(4)}. ${e.action}${changes ? `  ${changes}` : ''}`;
}

function jsonVerdict(r: ValidationResult): unknown {
  // Steps carry spans (positions in the plan file); keep JSON output small and stable.
  const step = (s: ParsedPlanStep | { name: string; args: string[] }) => ({ name: s.name, args: s.args, ...('span' in s && s.span ? { line: s.span.start.line } : {}) });
  if (r.status === 'valid') return { ...r, trace: r.trace.map((t) => ({ ...t, step: step(t.step) })) };
  if (r.reason === 'goal') return r;
  return { ...r, step: step(r.step) };
}

export function register(program: Command): void {
  program
    .command('validate')
    .description('check a plan against a PDDL domain and problem (VAL semantics); exit 0 valid, 1 invalid, 2 bad input (--lenient: read the input as plan does)')
    .argument('<domain>', 'PDDL domain file')
    .argument('<problem>', 'PDDL problem file')
    .argument('<plan>', 'plan file: one (action arg ...) per line, ; comments')
    .option('--json', 'print the verdict as JSON')
    .option('--verbose', 'print every step with the facts it deletes (-) and adds (+)')
    .option('--lenient', 'accept the departures from the standard that `plan` accepts (e.g. ill-typed init facts), one located warning each, instead of refusing what VAL refuses')
    .action((domainPath: string, problemPath: string, planPath: string, opts: ValidateCliOptions) => {
      // Read as VAL reads them (departures it refuses are errors, exit 2; the others warnings), or as `plan` reads them.
      const tc = checkTask({ text: readText(domainPath, 'domain'), file: domainPath }, { text: readText(problemPath, 'problem'), file: problemPath }, opts.lenient ? 'plan' : 'validate');
      const diagnostics = [...tc.domainDiagnostics, ...tc.problemDiagnostics];
      const errors = diagnostics.filter((d) => d.severity === 'error');
      if (!tc.ok || !tc.domain || !tc.problem) throw inputErrorOf(errors);
      for (const w of departures(diagnostics)) process.stderr.write(`${formatWarning(w)}\n`);
      const { domain, problem } = tc;
      const planText = readText(planPath, 'plan');
      const steps = parsePlan(planText, planPath);
      const result = validatePlan(domain, problem, steps, {
        trace: Boolean(opts.json),
        onStep: opts.verbose && !opts.json ? (e, i) => process.stdout.write(`${formatTraceLine(e, i)}\n`) : undefined,
      });
      if (opts.json) process.stdout.write(`${JSON.stringify(jsonVerdict(result), null, 2)}\n`);

      if (result.status === 'valid') {
        if (!opts.json) process.stdout.write(`${explainResult(result)}\n`);
        // Planners write `; cost = 12 (unit cost)`: a different claimed cost is worth a warning.
        const claimed = /^\s*;\s*cost\s*=\s*(-?\d+(?:\.\d+)?)/im.exec(planText);
        if (claimed && Math.abs(Number(claimed[1]) - result.cost) > 1e-9) {
          process.stderr.write(`warning: ${planPath}: the plan file claims cost ${claimed[1]}, the validated cost is ${result.cost}\n`);
        }
        process.exitCode = 0;
        return;
      }
      if (result.reason === 'precondition' || result.reason === 'goal') {
        if (!opts.json) {
          process.stdout.write(`Plan invalid: ${result.explanation}\n`);
          for (const h of result.hints) process.stdout.write(`  hint: ${h}\n`);
        }
        process.exitCode = 1;
        return;
      }
      // The plan names something the task does not have: bad input, located in the plan file.
      const s = steps[result.stepIndex];
      const span = result.argIndex !== undefined ? s.argSpans[result.argIndex] : result.reason === 'unknown-action' ? s.nameSpan : s.span;
      throw new InputError(PLAN_STEP_CODES[result.reason], `${result.message} (step ${result.stepIndex + 1})`, span);
    });
}
