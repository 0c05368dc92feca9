/**
 * STAND-IN for the pipeline's `planPddl` library call (parse → ground →
 * search → validate), until it lands on main; then this file is deleted and
 * plan-tool.ts calls the real one. Kept to the minimum the tool needs.
 */
import type { PlanStep } from '../pddl/ast.js';
import { ground } from '../pddl/ground.js';
import { CompiledTask } from '../planner/compiled-task.js';
import { planTask, type PlanResult } from '../planner/planner.js';
import type { HeuristicName } from '../planner/registry.js';
import { parseSearchSpec } from '../planner/registry.js';
import type { SearchEvent } from '../planner/search/result.js';
import { validatePlan } from '../validate/validate-plan.js';
import type { Diagnostic } from './diagnostics.js';
import { loadPddl } from './pddl-input.js';

export interface PlanPddlOptions {
  search?: string;
  heuristic?: HeuristicName;
  timeoutMs?: number;
  now?: () => number;
  maxBytes?: number;
  onEvent?: (e: SearchEvent | { kind: 'phase'; phase: 'grounding' | 'searching' | 'validating'; message: string }) => void;
}

export type PlanPddlResult =
  | { status: 'invalid-input'; diagnostics: Diagnostic[] }
  | {
      status: PlanResult['status'];
      diagnostics: Diagnostic[];
      result: PlanResult;
      plan?: PlanStep[];
      validation?: { valid: boolean; message: string };
      ground: { facts: number; operators: number };
    };

export function planPddl(domainText: string, problemText: string, options: PlanPddlOptions = {}): PlanPddlResult {
  const loaded = loadPddl(domainText, problemText);
  if (!loaded.ok || !loaded.domain || !loaded.problem) return { status: 'invalid-input', diagnostics: loaded.diagnostics };
  let spec;
  try {
    spec = parseSearchSpec(options.search ?? 'gbfs');
  } catch (err) {
    return { status: 'invalid-input', diagnostics: [{ severity: 'error', code: 'bad-search', message: err instanceof Error ? err.message : String(err), source: 'input', path: 'search' }] };
  }
  options.onEvent?.({ kind: 'phase', phase: 'grounding', message: 'grounding' });
  const g = ground(loaded.domain, loaded.problem);
  options.onEvent?.({ kind: 'phase', phase: 'searching', message: `searching: ${g.task.facts.length} facts, ${g.task.operators.length} operators` });
  const now = options.now;
  const start = now?.() ?? 0;
  const result = planTask(new CompiledTask(g.task), {
    search: spec,
    heuristic: options.heuristic,
    ...(options.timeoutMs !== undefined ? { timeoutMs: Math.max(1, options.timeoutMs - ((now?.() ?? 0) - start)) } : {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(now ? { now } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
  const base = { status: result.status, diagnostics: loaded.diagnostics, result, ground: { facts: g.task.facts.length, operators: g.task.operators.length } };
  if (result.status !== 'solved') return base;
  const plan = g.toLifted(result.plan);
  options.onEvent?.({ kind: 'phase', phase: 'validating', message: 'validating the plan' });
  const v = validatePlan(loaded.domain, loaded.problem, plan, { trace: false });
  return { ...base, plan, validation: { valid: v.status === 'valid', message: v.status === 'valid' ? `valid, cost ${v.cost}` : v.explanation } };
}
