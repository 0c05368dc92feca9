/**
 * One library call from PDDL text to a validated plan: parse and check the
 * domain and problem, ground them (Helmert 2009, as Fast Downward's
 * translator does), search the compiled task, map the plan back to lifted
 * actions and replay it with the VAL-style validator.
 *
 * Input errors and compatibility warnings are values with locations (not
 * exceptions), so a command line, a benchmark or a tool server can report
 * them as it likes. The search budget counts parsing and grounding too.
 */
import { BudgetClock } from '../core/budget.js';
import { GroundplanError, InputError } from '../core/errors.js';
import type { ErrorCode } from '../core/error-codes.js';
import { DEFAULT_MAX_ARRAY_BYTES, isOutOfMemory, memoryExhausted } from '../core/memory.js';
import type { PlanStep } from '../pddl/ast.js';
import type { DiagnosticCode } from '../pddl/diagnostic-codes.js';
import { rawMessage } from '../pddl/diagnostics.js';
import { PddlCheckError, PddlParseError, type PddlDiagnostic } from '../pddl/errors.js';
import { ground, type GroundResult, type GroundStats } from '../pddl/ground.js';
import { checkTask } from '../pddl/check-task.js';
import { departures } from '../pddl/compat-policy.js';
import type { Improvement } from '../planner/anytime.js';
import { CompiledTask, type CostType } from '../planner/compiled-task.js';
import { DEFAULT_SEARCH, planTask, type PlanResult } from '../planner/planner.js';
import { parseHeuristicName, parseSearchSpec, type HeuristicName, type SearchSpec } from '../planner/registry.js';
import { processCpuMs } from '../planner/search/best-first.js';
import { emptyStats, type SearchEvent, type SearchStats } from '../planner/search/result.js';
import { formatPlan } from '../validate/plan-file.js';
import { validatePlan } from '../validate/validate-plan.js';

/** A PDDL text; `file` names the diagnostics' locations. */
export interface PddlSource {
  text: string;
  file?: string;
}

export interface PlanPddlOptions {
  /** `lama-first`, `lama`, `gbfs`, `lazy-gbfs`, `wastar:W`, `lazy-wastar:W`, `astar`, `anytime` (default `DEFAULT_SEARCH`). */
  search?: string;
  /** `ff`, `add`, `max`, `lmcut`, `goalcount`, `blind` (default `ff`; `lmcut` for `astar`). */
  heuristic?: string;
  /** Use preferred operators (default true, except for `astar`). */
  preferred?: boolean;
  /** Costs the heuristic sees (default `one` for greedy search, `normal` otherwise). */
  costType?: CostType;
  /** Budget in milliseconds of `now()`, parsing and grounding included. */
  timeoutMs?: number;
  /** Clock for the budget (default wall time; e.g. process CPU time). */
  now?: () => number;
  /** The `now()` reading at which the budget started (default: when the call starts). */
  startedAt?: number;
  /** Stop with `memout` above this many states. */
  maxStates?: number;
  /** Stop with `memout` when the search arrays exceed this many bytes. */
  maxBytes?: number;
  signal?: AbortSignal;
  /** Refuse every departure from the PDDL standard (instead of accepting them with a warning each, per src/pddl/compat-policy.ts). */
  strict?: boolean;
  /** Replay the plan with the validator (default true). */
  validate?: boolean;
  /** Progress and plan-found events of the search. */
  onEvent?: (e: SearchEvent) => void;
}

/** Size of the ground task. */
export interface PlanPddlGround {
  facts: number;
  operators: number;
  /** True when the task has non-unit action costs. */
  actionCosts: boolean;
  stats: GroundStats;
}

/** Milliseconds per stage (wall time), and process CPU milliseconds. */
export interface PlanPddlTiming {
  parseMs: number;
  groundMs: number;
  searchMs: number;
  validateMs: number;
  totalMs: number;
  /** Process CPU (user+sys) used when the search started: startup, parsing, grounding. */
  cpuBeforeSearchMs: number;
  cpuTotalMs: number;
}

interface Searched {
  warnings: PddlDiagnostic[];
  stats: SearchStats;
  ground: PlanPddlGround;
  timing: PlanPddlTiming;
  /** The search configuration that ran, e.g. `gbfs(ff,pref)`. */
  config: string;
}

/** `warnings` are the departures from the standard that were accepted (compat-policy.ts), one per departure. */
export type PlanPddlResult =
  | { status: 'input-error'; errors: PddlDiagnostic[]; warnings: PddlDiagnostic[] }
  | (Searched & {
      status: 'solved';
      plan: PlanStep[];
      /** The plan in IPC format with a `; cost = N (unit cost|general cost)` line. */
      planText: string;
      cost: number;
      optimal: boolean;
      /** Set when the plan was validated: false means a planner or grounder bug. */
      valid?: boolean;
      /** `valid, cost N` or the validator's explanation. */
      validation?: string;
      improvements: Improvement[];
    })
  | (Searched & { status: 'unsolvable'; proven: boolean })
  | (Searched & { status: 'timeout' | 'cancelled' })
  /** `reason`: the limit reached or the allocation that failed, e.g. `Array buffer allocation failed (while searching)`. */
  | (Searched & { status: 'memout'; reason: string });

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/** The input errors the grounder throws (src/pddl/ground*.ts, normalize.ts), as diagnostic codes. */
const GROUNDING_CODES: Partial<Record<ErrorCode, DiagnosticCode>> = {
  PDDL_ARITY: 'arity',
  PDDL_UNKNOWN_OBJECT: 'unknown-object',
  PDDL_FREE_VARIABLE: 'free-variable',
  PDDL_GOAL: 'goal',
  PDDL_MISSING_VALUE: 'missing-value',
  PDDL_NEGATIVE_COST: 'negative-cost',
  PDDL_UNSUPPORTED: 'unsupported',
};

/** An InputError thrown below (grounding) as a located diagnostic. */
function asDiagnostic(err: InputError): PddlDiagnostic {
  const code = GROUNDING_CODES[err.code] ?? 'malformed';
  return err.span ? { code, message: rawMessage(err), span: err.span, severity: 'error' } : { code, message: rawMessage(err), severity: 'error' };
}

function optionError(message: string): PlanPddlResult {
  return { status: 'input-error', errors: [{ code: 'option', message, severity: 'error' }], warnings: [] };
}

function split(ds: readonly PddlDiagnostic[]): { errors: PddlDiagnostic[]; warnings: PddlDiagnostic[] } {
  return { errors: ds.filter((d) => d.severity === 'error'), warnings: ds.filter((d) => d.severity === 'warning') };
}

/**
 * The exception a caller that wants one (a command line) throws for an `input-error`
 * result: the syntax error if there is one, else a PddlCheckError listing all errors.
 */
export function inputErrorOf(errors: readonly PddlDiagnostic[]): InputError {
  const syntax = errors.find((d) => d.code === 'syntax' && d.span);
  if (syntax?.span) return new PddlParseError(syntax.message, syntax.span);
  return new PddlCheckError([...errors]);
}

/** Parses, grounds, plans and validates; never throws on bad input (bugs still throw). */
export function planPddl(domainSource: PddlSource, problemSource: PddlSource, options: PlanPddlOptions = {}): PlanPddlResult {
  const now = options.now ?? (() => performance.now());
  // One deadline for parsing, grounding and planning (the signal is the grounder's and the search's own business).
  const clock = new BudgetClock({ timeoutMs: options.timeoutMs }, now, options.startedAt ?? now());
  const t0 = performance.now();
  let spec: SearchSpec;
  let heuristic: HeuristicName | undefined;
  try {
    spec = parseSearchSpec(options.search ?? DEFAULT_SEARCH);
    heuristic = options.heuristic === undefined ? undefined : parseHeuristicName(options.heuristic);
  } catch (err) {
    return optionError(err instanceof Error ? err.message : String(err));
  }

  // Departures from the standard are judged as Fast Downward would (or refused with `strict`).
  const tc = checkTask(domainSource, problemSource, options.strict ? 'strict' : 'plan');
  const domainSplit = split(tc.domainDiagnostics);
  // A broken domain's errors come alone: the problem's would mostly follow from them.
  if (!tc.domain || domainSplit.errors.length > 0) return { status: 'input-error', errors: domainSplit.errors, warnings: departures(domainSplit.warnings) };
  const diagnostics = split([...tc.domainDiagnostics, ...tc.problemDiagnostics]);
  if (!tc.problem || diagnostics.errors.length > 0) return { status: 'input-error', errors: diagnostics.errors, warnings: departures(diagnostics.warnings) };
  const domain = tc.domain;
  const problem = tc.problem;
  // Lint-level warnings (legal but confusing names) are `check`'s business; these are the departures.
  const warnings = departures(diagnostics.warnings);
  const tParsed = performance.now();

  let grounded: GroundResult;
  let task: CompiledTask;
  let tGrounded: number;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ARRAY_BYTES;
  try {
    const expired = options.timeoutMs === undefined ? undefined : () => clock.exhausted() === 'timeout';
    grounded = ground(domain, problem, { signal: options.signal, memoryCheck: () => memoryExhausted(maxBytes), expired });
    tGrounded = performance.now();
    task = new CompiledTask(grounded.task);
  } catch (err) {
    if (err instanceof InputError) return { status: 'input-error', errors: [asDiagnostic(err)], warnings };
    if (err instanceof GroundplanError && err.code === 'GROUND_CANCELLED') {
      // Cancelled before the search began: report it like a cancelled search.
      return stoppedWhileGrounding({ status: 'cancelled' }, warnings, t0, tParsed);
    }
    // The grounder's memory check, or an allocation that failed before it saw the limit.
    if (err instanceof GroundplanError && err.code === 'GROUND_TIMEOUT') return stoppedWhileGrounding({ status: 'timeout' }, warnings, t0, tParsed);
    if (err instanceof GroundplanError && err.code === 'GROUND_MEMOUT') return stoppedWhileGrounding({ status: 'memout', reason: `${err.message} (while grounding)` }, warnings, t0, tParsed);
    if (isOutOfMemory(err)) return stoppedWhileGrounding({ status: 'memout', reason: `${err.message} (while grounding)` }, warnings, t0, tParsed);
    throw err;
  }

  const cpuBeforeSearch = processCpuMs();
  const remainingMs = options.timeoutMs === undefined ? undefined : Math.max(1, clock.remainingMs());
  let result: PlanResult;
  try {
    result = planTask(task, {
      search: spec,
      heuristic,
      preferred: options.preferred,
      heuristicCostType: options.costType,
      timeoutMs: remainingMs,
      maxStates: options.maxStates,
      maxBytes,
      signal: options.signal,
      onEvent: options.onEvent,
      now: options.now,
    });
  } catch (err) {
    // A typed array the search could not grow: the search's own limits came too late.
    if (!isOutOfMemory(err)) throw err;
    result = { status: 'memout', stats: emptyStats(), reason: `${err.message} (while searching)`, config: spec.kind };
  }
  const tSearched = performance.now();

  const groundInfo: PlanPddlGround = {
    facts: grounded.task.facts.length,
    operators: grounded.task.operators.length,
    actionCosts: grounded.task.hasActionCosts,
    stats: grounded.stats,
  };
  const timing = (tDone: number): PlanPddlTiming => ({
    parseMs: round(tParsed - t0),
    groundMs: round(tGrounded - tParsed),
    searchMs: round(tSearched - tGrounded),
    validateMs: round(tDone - tSearched),
    totalMs: round(tDone - t0),
    cpuBeforeSearchMs: round(cpuBeforeSearch),
    cpuTotalMs: round(processCpuMs()),
  });
  const base = { warnings, stats: result.stats, ground: groundInfo, config: result.config };

  if (result.status !== 'solved') {
    if (result.status === 'unsolvable') return { ...base, status: 'unsolvable', proven: result.proven, timing: timing(performance.now()) };
    if (result.status === 'memout') return { ...base, status: 'memout', reason: result.reason ?? 'out of memory', timing: timing(performance.now()) };
    return { ...base, status: result.status, timing: timing(performance.now()) };
  }
  const plan = grounded.toLifted(result.plan);
  const planText = formatPlan(plan, `cost = ${result.cost} (${grounded.task.hasActionCosts ? 'general cost' : 'unit cost'})`);
  let valid: boolean | undefined;
  let validation: string | undefined;
  if (options.validate !== false) {
    const v = validatePlan(domain, problem, plan, { trace: false });
    valid = v.status === 'valid';
    validation = v.status === 'valid' ? `valid, cost ${v.cost}` : v.explanation;
  }
  return {
    ...base,
    status: 'solved',
    plan,
    planText,
    cost: result.cost,
    optimal: result.optimal ?? false,
    ...(valid === undefined ? {} : { valid, validation }),
    improvements: result.improvements ?? [],
    timing: timing(performance.now()),
  };
}

const GROUNDING_STOPPED = { cancelled: 'cancelled', timeout: 'time limit reached', memout: 'out of memory' } as const;

/** A result for a run that stopped while grounding (cancelled, time limit, or out of memory). */
function stoppedWhileGrounding(
  outcome: { status: 'cancelled' | 'timeout' } | { status: 'memout'; reason: string },
  warnings: PddlDiagnostic[],
  t0: number,
  tParsed: number,
): PlanPddlResult {
  const t = performance.now();
  const groundStats: GroundStats = { facts: 0, operators: 0, axioms: 0, staticFactsRemoved: 0, actionInstances: 0, unreachableGoals: [], ms: round(t - tParsed) };
  return {
    ...outcome,
    warnings,
    stats: emptyStats(),
    ground: { facts: 0, operators: 0, actionCosts: false, stats: groundStats },
    timing: { parseMs: round(tParsed - t0), groundMs: round(t - tParsed), searchMs: 0, validateMs: 0, totalMs: round(t - t0), cpuBeforeSearchMs: round(processCpuMs()), cpuTotalMs: round(processCpuMs()) },
    config: `none (${GROUNDING_STOPPED[outcome.status]} while grounding)`,
  };
}
