/**
 * Reading plans in the IPC plan-file format: one `(action arg1 arg2)` per line,
 * `;` comments (`; cost = 12 (unit cost)`), blank lines. Timestamped steps from
 * temporal planners (`0: (a b) [1]`, `0.000: (a b) [1.000]`) are accepted and the
 * times ignored. Names are lower-cased. Syntax errors throw `PddlParseError` with
 * `file:line:col`.
 */
import type { PlanStep, Span } from '../pddl/ast.js';
import { PddlParseError } from '../pddl/errors.js';
import { readSExprs, snippet, type SList } from '../pddl/sexpr.js';

/** A plan step as read from text: where its name and each argument were written. */
export interface ParsedPlanStep extends PlanStep {
  span: Span;
  nameSpan: Span;
  argSpans: Span[];
}

const TIMESTAMP = /^\d+(\.\d+)?:$/;
const DURATION = /^\[\d+(\.\d+)?\]$/;

/** Reads an IPC plan file. */
export function parsePlan(text: string, file?: string): ParsedPlanStep[] {
  const steps: ParsedPlanStep[] = [];
  for (const e of readSExprs(text, file)) {
    if (e.type === 'atom') {
      if (TIMESTAMP.test(e.value) || DURATION.test(e.value)) continue;
      throw new PddlParseError(
        `unexpected '${e.raw}' outside parentheses: each plan step is written (action arg1 arg2 ...)${snippet(text, e.span.start)}`,
        e.span,
      );
    }
    steps.push(stepFromList(e, text));
  }
  return steps;
}

/**
 * Reads plan steps given one per string, with or without parentheses
 * (`"navigate_to cabinet agent"` or `"(navigate_to cabinet agent)"`), as LLMs and
 * the EAI gold plans write them. Spans give the string's index + 1 as the line.
 */
export function parsePlanLines(lines: readonly string[], file?: string): ParsedPlanStep[] {
  const steps: ParsedPlanStep[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith(';')) return;
    // Pad with newlines so that spans name line index+1 and the columns of `raw`.
    const text = `${'\n'.repeat(index)}${raw}`;
    const at = (): Span => {
      const pos = { line: index + 1, col: raw.indexOf(line) + 1, offset: index + raw.indexOf(line) };
      return file ? { file, start: pos, end: pos } : { start: pos, end: pos };
    };
    if (line.startsWith('(')) {
      const parsed = parsePlan(text, file);
      if (parsed.length !== 1) {
        throw new PddlParseError(`expected one plan step on this line, found ${parsed.length}: ${line}`, at());
      }
      steps.push(parsed[0]);
      return;
    }
    const items = readSExprs(text, file);
    const list: SList = { type: 'list', items, span: { ...at(), end: items[items.length - 1].span.end } };
    steps.push(stepFromList(list, text));
  });
  return steps;
}

/** Writes steps in the IPC plan-file format (one `(name args)` per line). */
export function formatPlan(steps: readonly PlanStep[], comment?: string): string {
  const lines = steps.map(formatStep);
  if (comment !== undefined) lines.push(`; ${comment}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** `(name a b)` */
export function formatStep(step: PlanStep): string {
  return step.args.length ? `(${step.name} ${step.args.join(' ')})` : `(${step.name})`;
}

function stepFromList(e: SList, text: string): ParsedPlanStep {
  if (e.items.length === 0) {
    throw new PddlParseError(`empty plan step '()': expected (action arg1 arg2 ...)${snippet(text, e.span.start)}`, e.span);
  }
  const [head, ...rest] = e.items;
  if (head.type !== 'atom') {
    throw new PddlParseError(`a plan step starts with an action name, not a list${snippet(text, head.span.start)}`, head.span);
  }
  if (head.value.startsWith('?')) {
    throw new PddlParseError(`plan step names the variable '${head.raw}' instead of an action${snippet(text, head.span.start)}`, head.span);
  }
  const args: string[] = [];
  const argSpans: Span[] = [];
  for (const a of rest) {
    if (a.type !== 'atom') {
      throw new PddlParseError(`plan step arguments are object names, not lists${snippet(text, a.span.start)}`, a.span);
    }
    if (a.value.startsWith('?')) {
      throw new PddlParseError(`plan step argument '${a.raw}' is a variable; plans name objects${snippet(text, a.span.start)}`, a.span);
    }
    args.push(a.value);
    argSpans.push(a.span);
  }
  return { name: head.value, args, span: e.span, nameSpan: head.span, argSpans };
}
