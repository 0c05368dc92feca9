/**
 * The PDDL tools that read and judge a model: `pddl_check` (every located
 * diagnostic), `pddl_validate` (the VAL-style verdict on a plan; with
 * `lenient`, on the input as `pddl_plan` reads it) and
 * `pddl_explain` (LLM-DM's plain-language rendering, Guan et al. 2023 §4.2).
 * Any error diagnostic, or a plan that does not validate, makes the answer a
 * tool error (`isError`) that still carries the structured reasons.
 */
import type { z } from 'zod';
import { explainAction, explainModel, atomText } from '../pddl/described/explain.js';
import { modelFromPddl } from '../pddl/described/from-pddl.js';
import type { PredicateDef } from '../pddl/described/predicates.js';
import type { Problem } from '../pddl/ast.js';
import { writeCondition } from '../pddl/writer.js';
import { describeUnsat, explainResult } from '../validate/explain.js';
import type { ValidationResult } from '../validate/result.js';
import { PlanValidator } from '../validate/validate-plan.js';
import type { CallContext, ToolOutput } from './call-protocol.js';
import { diagnosticLines, errorCount, type Diagnostic } from './diagnostics.js';
import { invalidInputLines, loadPddl, loadTask } from './pddl-input.js';
import type { ParsedPlanStep } from '../validate/plan-file.js';
import type { checkInput, checkOutput, explainInput, explainOutput, validateInput, validateOutput } from './schemas.js';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function output<T extends { diagnostics: Diagnostic[] }>(structured: T, isError: boolean, lines: string[]): ToolOutput {
  return { isError, structured, text: lines.join('\n') };
}

export function pddlCheck(args: z.infer<typeof checkInput>, ctx: CallContext): ToolOutput {
  ctx.progress('checking', 'checking the domain and problem');
  const r = loadPddl(args.domain, args.problem);
  const errors = errorCount(r.diagnostics);
  const warnings = r.diagnostics.length - errors;
  const out: z.infer<typeof checkOutput> = {
    ok: errors === 0,
    errors,
    warnings,
    ...(r.domain ? { domain: { name: r.domain.name, types: r.domain.types.length, predicates: r.domain.predicates.length, actions: r.domain.actions.map((a) => a.name) } } : {}),
    ...(r.problem ? { problem: { name: r.problem.name, objects: r.problem.objects.length, initialFacts: r.problem.init.length } } : {}),
    diagnostics: r.diagnostics,
  };
  const parts = [r.domain ? `domain '${r.domain.name}': ${plural(r.domain.predicates.length, 'predicate')}, ${plural(r.domain.actions.length, 'action')}` : 'domain: not readable'];
  if (args.problem !== undefined) parts.push(r.problem ? `problem '${r.problem.name}': ${plural(r.problem.objects.length, 'object')}` : 'problem: not readable');
  const head = `${errors === 0 ? 'ok' : 'failed'}: ${parts.join('; ')} — ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return output(out, errors > 0, [head, ...diagnosticLines(r.diagnostics)]);
}

/** `(clear b)` / `not (holding a)` back into a literal, to phrase it; compact disjunctions stay as they are. */
function unmetEntry(text: string): { literal: string; text: string } {
  const m = /^(not )?\(([^()\s]+)((?:\s+[^()\s]+)*)\)$/.exec(text);
  if (!m) return { literal: text, text: describeUnsat({ text }) };
  const args = m[3].trim() === '' ? [] : m[3].trim().split(/\s+/);
  return { literal: text, text: describeUnsat({ text, literal: { predicate: m[2], args, positive: !m[1] } }) };
}

/** The located plan diagnostic for a step naming something the task does not have. */
function stepDiagnostic(r: Extract<ValidationResult, { status: 'invalid' }>, steps: readonly ParsedPlanStep[]): Diagnostic | undefined {
  if (r.reason === 'precondition' || r.reason === 'goal') return undefined;
  const s = steps[r.stepIndex];
  const span = r.argIndex !== undefined ? s.argSpans[r.argIndex] : r.reason === 'unknown-action' ? s.nameSpan : s.span;
  return { severity: 'error', code: `plan-${r.reason}`, message: `step ${r.stepIndex + 1}: ${r.message}`, source: 'plan', line: span.start.line, col: span.start.col, endLine: span.end.line, endCol: span.end.col };
}

/** The structured verdict of `pddl_validate` for a replayed plan. */
export function verdictOf(r: ValidationResult, steps: readonly ParsedPlanStep[]): Omit<z.infer<typeof validateOutput>, 'diagnostics'> & { diagnostics: Diagnostic[] } {
  if (r.status === 'valid') return { valid: true, status: 'valid', cost: r.cost, length: r.length, explanation: explainResult(r), diagnostics: [] };
  const base = { valid: false, status: 'invalid' as const, reason: r.reason, explanation: r.explanation };
  if (r.reason === 'goal') return { ...base, length: r.length, unmet: r.unsatisfied.map(unmetEntry), hints: r.hints, diagnostics: [] };
  const line = steps[r.stepIndex]?.span.start.line;
  const failingStep = { index: r.stepIndex + 1, action: `(${[r.step.name, ...r.step.args].join(' ')})`, ...(line !== undefined ? { line } : {}) };
  if (r.reason === 'precondition') return { ...base, failingStep, unmet: r.unsatisfied.map(unmetEntry), hints: r.hints, diagnostics: [] };
  const d = stepDiagnostic(r, steps);
  return { ...base, failingStep, diagnostics: d ? [d] : [] };
}

export function pddlValidate(args: z.infer<typeof validateInput>, ctx: CallContext): ToolOutput {
  ctx.progress('checking', 'checking the domain, problem and plan');
  const t = loadTask(args.domain, args.problem, args.plan, args.lenient === true);
  if (!t.ok) {
    const out: z.infer<typeof validateOutput> = { valid: false, status: 'invalid-input', diagnostics: t.diagnostics };
    return output(out, true, invalidInputLines(t.diagnostics));
  }
  ctx.progress('validating', `replaying ${plural(t.steps.length, 'step')}`);
  const result = new PlanValidator(t.domain, t.problem).validate(t.steps, { trace: false });
  const v = verdictOf(result, t.steps);
  const out: z.infer<typeof validateOutput> = { ...v, diagnostics: [...t.diagnostics, ...v.diagnostics] };
  const lines = [v.valid ? (v.explanation ?? 'Plan valid') : `Plan invalid: ${v.explanation}`];
  for (const u of v.unmet ?? []) lines.push(`  unmet: ${u.literal} — ${u.text}`);
  for (const h of v.hints ?? []) lines.push(`  hint: ${h}`);
  lines.push(...diagnosticLines(out.diagnostics));
  return output(out, !v.valid, lines);
}

/** A description from the predicate's name: `(robot-at ?a)` → `robot at ?a`, `(in ?i ?c)` → `?i in ?c`. */
export function derivedDescription(name: string, params: readonly string[]): string {
  const words = name.replace(/[-_]+/g, ' ');
  if (params.length === 0) return words;
  if (params.length === 2 && !/\bat$/.test(words)) return `${params[0]} ${words} ${params[1]}`;
  return `${words} ${params.join(' ')}`;
}

function problemLines(p: Problem, defs: readonly PredicateDef[]): { objects: string[]; init: string[]; goal: string[] } {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const objects = p.objects.map((o) => `${o.name} - ${o.types.join(' or ')}`);
  const init = p.init.map((el) =>
    el.kind === 'atom' ? atomText(el.atom.predicate, el.atom.args.map((t) => t.name), byName) : `${el.fn}(${el.args.map((t) => t.name).join(', ')}) = ${el.value}`,
  );
  // The goal is a condition like a precondition: render it with the action template.
  const rendered = explainAction({ name: 'goal', pddlName: 'goal', parameters: [], preconditions: writeCondition(p.goal), effects: '(and)' }, defs);
  const all = rendered.split('\n');
  const from = all.indexOf('Preconditions:') + 1;
  const to = all.indexOf('Effects:');
  const goal = all.slice(from, to).map((l) => l.replace(/^\s*-\s*/, '').trim()).filter((l) => l !== '' && l !== '(none)');
  return { objects, init, goal };
}

export function pddlExplain(args: z.infer<typeof explainInput>, ctx: CallContext): ToolOutput {
  ctx.progress('checking', 'checking the domain');
  const r = loadPddl(args.domain, args.problem);
  const read = modelFromPddl(args.domain, 'domain');
  if (read.status === 'syntax' || !r.domain) {
    const out: z.infer<typeof explainOutput> = { diagnostics: r.diagnostics };
    return output(out, true, ['the domain cannot be read', ...diagnosticLines(r.diagnostics)]);
  }
  const given = new Map(Object.entries(args.predicates ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const derived: string[] = [];
  const predicates = read.model.predicates.map((p) => {
    const description = given.get(p.name.toLowerCase());
    if (description !== undefined) return { ...p, description };
    derived.push(p.name);
    return { ...p, description: derivedDescription(p.name, p.params.map((x) => x.name)) };
  });
  const model = { ...read.model, predicates };
  const actions = model.actions.map((a) => ({ name: a.name, text: explainAction(a, predicates) }));
  const problem = r.problem ? { name: r.problem.name, ...problemLines(r.problem, predicates) } : undefined;
  const sections = [`Domain ${model.name}`, explainModel(model)];
  if (problem) {
    sections.push(`Problem ${problem.name}`, ['Objects:', ...problem.objects.map((o) => `  ${o}`), 'Initially:', ...problem.init.map((l) => `  - ${l}`), 'Goal:', ...problem.goal.map((l) => `  - ${l}`)].join('\n'));
  }
  const text = sections.join('\n\n');
  const out: z.infer<typeof explainOutput> = { domain: model.name, actions, ...(problem ? { problem } : {}), text, derivedDescriptions: derived, diagnostics: r.diagnostics };
  const errors = errorCount(r.diagnostics);
  return output(out, errors > 0, [text, ...(errors > 0 ? ['', `the model has ${plural(errors, 'error')}:`, ...diagnosticLines(r.diagnostics)] : [])]);
}
