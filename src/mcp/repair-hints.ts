/**
 * Minimal plan edits from the validator's achiever analysis (VAL's plan-repair
 * advice, made concrete). For the first failure of an invalid plan the
 * candidates are single edits:
 * - insert a ground action that achieves an unmet literal (an instance of an
 *   action the achiever index lists for its predicate, from the grounder's
 *   relaxed-reachable operators), at the failing step or a few steps before;
 *   for unmet goals, anywhere after the last step that makes no progress;
 * - replace the failing step by another instance of the same action (a wrong
 *   argument), or of the closest-named action for an unknown name;
 * - delete the failing step.
 * Every candidate is replayed by the validator and ranked by (valid, original
 * steps executed, all steps executed, fewer unmet literals, cheaper edit). The
 * best strictly better candidate is applied and the search repeats from the
 * new failure, up to `maxEdits` edits: a greedy, validator-checked repair that
 * can chain (insert the achiever of the inserted action's own precondition).
 */
import type { Domain, PlanStep, Problem } from '../pddl/ast.js';
import { ground, type GroundResult } from '../pddl/ground.js';
import type { GroundOperator } from '../planner/task.js';
import { achieverIndex } from '../validate/achievers.js';
import { closest } from '../validate/explain.js';
import { formatStep } from '../validate/plan-file.js';
import type { ValidationResult } from '../validate/result.js';
import { initialState, PlanValidator } from '../validate/validate-plan.js';

export interface PlanEdit {
  op: 'insert' | 'delete' | 'replace';
  /** 0-based position in the plan the edit applies to (for insert: the index the new step gets). */
  at: number;
  step?: PlanStep;
  removed?: PlanStep;
  reason: string;
}

export interface RepairHintsOptions {
  /** Most edits to chain (default 4). */
  maxEdits?: number;
  /** Most candidate plans replayed per edit (default 3000). */
  maxCandidates?: number;
  /** Polled between candidates; true stops the search with the edits found so far. */
  shouldStop?: () => boolean;
}

export interface RepairHintsResult {
  status: 'valid' | 'repaired' | 'improved' | 'no-edit';
  edits: PlanEdit[];
  plan: PlanStep[];
  /** The verdict on `plan` (the plan after the edits). */
  verdict: ValidationResult;
  /** The verdict on the plan as given. */
  initial: ValidationResult;
  /** Candidate plans replayed. */
  candidates: number;
}

type Score = number[];

/** Lexicographic: positive when `a` is better. */
function compare(a: Score, b: Score): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** A parsed unmet literal: the fact and whether it must become true. */
function parseLiteral(text: string): { fact: string; positive: boolean } | undefined {
  const m = /^(not )?(\([^()]+\))$/.exec(text);
  return m ? { fact: m[2], positive: !m[1] } : undefined;
}

interface Candidate {
  plan: PlanStep[];
  edit: PlanEdit;
  /** Which positions of `plan` hold steps of the plan as given. */
  original: boolean[];
  /** Edit preference for ties: insert 0, replace 1, delete 2, plus the inserted action's cost. */
  penalty: number;
}

class Repairer {
  private readonly validator: PlanValidator;
  private readonly g: GroundResult;
  private readonly ops: (GroundOperator & { lifted: { action: string; args: string[] } })[];
  private readonly adders = new Map<string, number[]>();
  private readonly deleters = new Map<string, number[]>();
  private readonly byAction = new Map<string, number[]>();
  private readonly predicates: Set<string>;
  private readonly achievers: ReturnType<typeof achieverIndex>;
  candidates = 0;

  constructor(
    private readonly domain: Domain,
    private readonly problem: Problem,
  ) {
    this.validator = new PlanValidator(domain, problem);
    this.g = ground(domain, problem);
    this.achievers = achieverIndex(domain);
    this.predicates = new Set(domain.predicates.map((p) => p.name));
    this.ops = this.g.task.operators.filter((o): o is GroundOperator & { lifted: { action: string; args: string[] } } => o.lifted !== undefined);
    const note = (m: Map<string, number[]>, key: string, i: number): void => {
      const list = m.get(key);
      if (!list) m.set(key, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    };
    const facts = this.g.task.facts;
    this.ops.forEach((o, i) => {
      note(this.byAction, o.lifted.action, i);
      for (const f of o.add) note(this.adders, facts[f], i);
      for (const f of o.del) note(this.deleters, facts[f], i);
      for (const c of o.conditional) {
        for (const f of c.add) note(this.adders, facts[f], i);
        for (const f of c.del) note(this.deleters, facts[f], i);
      }
    });
  }

  validate(plan: readonly PlanStep[]): ValidationResult {
    this.candidates++;
    return this.validator.validate(plan, { trace: false });
  }

  /** The states before each step of the executed prefix (index i = before step i). */
  states(plan: readonly PlanStep[]): Set<string>[] {
    const state = new Set(initialState(this.problem).state);
    const out = [new Set(state)];
    this.validator.validate(plan, {
      trace: false,
      onStep: (e) => {
        for (const f of e.deleted) state.delete(f);
        for (const f of e.added) state.add(f);
        out.push(new Set(state));
      },
    });
    return out;
  }

  /** Whether `op`'s precondition facts (of domain predicates) hold in `state`; auxiliary facts are left to the replay. */
  applicable(i: number, state: ReadonlySet<string>): boolean {
    const o = this.ops[i];
    const facts = this.g.task.facts;
    const known = (f: number): boolean => this.predicates.has(facts[f].slice(1).split(/[\s)]/)[0]);
    return o.pre.every((f) => !known(f) || state.has(facts[f])) && o.preNeg.every((f) => !known(f) || !state.has(facts[f]));
  }

  step(i: number): PlanStep {
    const l = this.ops[i].lifted;
    return { name: l.action, args: [...l.args] };
  }

  cost(i: number): number {
    return this.ops[i].cost;
  }

  /** Ground achievers of a literal, restricted to the actions the achiever index names for its predicate. */
  achieversOf(lit: { fact: string; positive: boolean }): number[] {
    const pred = lit.fact.slice(1).split(/[\s)]/)[0];
    const named = new Set((lit.positive ? this.achievers.adders : this.achievers.deleters).get(pred) ?? []);
    return ((lit.positive ? this.adders : this.deleters).get(lit.fact) ?? []).filter((i) => named.has(this.ops[i].lifted.action));
  }

  instancesOf(action: string): number[] {
    return this.byAction.get(action) ?? [];
  }

  actionNames(): string[] {
    return this.domain.actions.map((a) => a.name);
  }
}

function score(v: ValidationResult, original: readonly boolean[], penalty: number): Score {
  if (v.status === 'valid') return [1, 0, 0, 0, -penalty];
  const executed = v.reason === 'goal' ? original.length : v.stepIndex;
  let kept = 0;
  for (let i = 0; i < executed; i++) if (original[i]) kept++;
  const unmet = 'unsatisfied' in v ? v.unsatisfied.length : 1;
  return [0, kept, v.reason === 'goal' ? 1 : 0, -unmet, -penalty];
}

function splice<T>(xs: readonly T[], at: number, remove: number, ...insert: T[]): T[] {
  const out = xs.slice();
  out.splice(at, remove, ...insert);
  return out;
}

function failureText(v: Extract<ValidationResult, { status: 'invalid' }>): string {
  return v.reason === 'goal' ? `unmet goal ${v.unsatisfied.join(', ')}` : v.reason === 'precondition' ? `unmet precondition ${v.unsatisfied.join(', ')} of step ${v.stepIndex + 1} ${formatStep(v.step)}` : v.message;
}

/** The single-edit candidates for the plan's first failure. */
function candidatesFor(r: Repairer, plan: readonly PlanStep[], original: readonly boolean[], v: Extract<ValidationResult, { status: 'invalid' }>, max: number): Candidate[] {
  const out: Candidate[] = [];
  const states = r.states(plan);
  const insertAt = (i: number, at: number, why: string): void => {
    if (out.length >= max) return;
    const step = r.step(i);
    out.push({ plan: splice(plan, at, 0, step), original: splice(original, at, 0, false), penalty: r.cost(i), edit: { op: 'insert', at, step, reason: why } });
  };
  const addAchievers = (unsat: readonly string[], positions: readonly number[], what: string): void => {
    for (const text of unsat) {
      const lit = parseLiteral(text);
      if (!lit) continue;
      const ach = r.achieversOf(lit);
      for (const at of positions) {
        const state = states[at];
        // Applicable achievers first: they are the likely single-edit fixes.
        const sorted = [...ach.filter((i) => state && r.applicable(i, state)), ...ach.filter((i) => !state || !r.applicable(i, state))];
        for (const i of sorted) insertAt(i, at, `${formatStep(r.step(i))} makes ${lit.positive ? lit.fact : `not ${lit.fact}`} hold, ${what}`);
      }
    }
  };
  if (v.reason === 'goal') {
    // After the last step, then earlier positions (a later step may undo the goal).
    const positions = Array.from({ length: plan.length + 1 }, (_, k) => plan.length - k);
    addAchievers(v.unsatisfied, positions, 'an unmet goal');
    return out;
  }
  const k = v.stepIndex;
  const failing = plan[k];
  if (v.reason === 'precondition') {
    const positions = Array.from({ length: Math.min(k, 3) + 1 }, (_, d) => k - d);
    addAchievers(v.unsatisfied, positions, `needed by step ${k + 1} ${formatStep(failing)}`);
  }
  // Another instance of the same action, or of the closest-named one.
  const action = v.reason === 'unknown-action' ? closest(failing.name, r.actionNames()) : failing.name;
  if (action !== undefined) {
    const state = states[k];
    const instances = r.instancesOf(action).filter((i) => state && r.applicable(i, state));
    const same = (i: number): number => r.step(i).args.filter((a, j) => a === failing.args[j]).length;
    instances.sort((a, b) => same(b) - same(a));
    for (const i of instances) {
      if (out.length >= max) break;
      const step = r.step(i);
      if (formatStep(step) === formatStep(failing)) continue;
      out.push({ plan: splice(plan, k, 1, step), original: splice(original, k, 1, false), penalty: 1 + r.cost(i), edit: { op: 'replace', at: k, step, removed: failing, reason: `${failureText(v)}; ${formatStep(step)} is applicable there` } });
    }
  }
  out.push({ plan: splice(plan, k, 1), original: splice(original, k, 1), penalty: 2, edit: { op: 'delete', at: k, removed: failing, reason: `${failureText(v)}; the plan may do without it` } });
  return out;
}

/** Suggests a short sequence of validator-checked edits that repair (or get further with) `steps`. */
export function suggestEdits(domain: Domain, problem: Problem, steps: readonly PlanStep[], options: RepairHintsOptions = {}): RepairHintsResult {
  const r = new Repairer(domain, problem);
  let plan = steps.map((s) => ({ name: s.name, args: [...s.args] }));
  let original = plan.map(() => true);
  const initial = r.validate(plan);
  let v = initial;
  let current = score(v, original, 0);
  const edits: PlanEdit[] = [];
  const seen = new Set([plan.map(formatStep).join(' ')]);
  const maxEdits = options.maxEdits ?? 4;
  const maxCandidates = options.maxCandidates ?? 3000;
  while (v.status === 'invalid' && edits.length < maxEdits && !options.shouldStop?.()) {
    let best: { c: Candidate; v: ValidationResult; s: Score } | undefined;
    for (const c of candidatesFor(r, plan, original, v, maxCandidates)) {
      if (options.shouldStop?.()) break;
      const key = c.plan.map(formatStep).join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const cv = r.validate(c.plan);
      const s = score(cv, c.original, c.penalty);
      if (!best || compare(s, best.s) > 0) best = { c, v: cv, s };
    }
    // Penalties only break ties between candidates; progress must be strict.
    if (!best || compare(best.s.slice(0, -1), current.slice(0, -1)) <= 0) break;
    plan = best.c.plan;
    original = best.c.original;
    v = best.v;
    current = best.s;
    edits.push(best.c.edit);
  }
  const status = initial.status === 'valid' ? 'valid' : v.status === 'valid' ? 'repaired' : edits.length > 0 ? 'improved' : 'no-edit';
  return { status, edits, plan, verdict: v, initial, candidates: r.candidates };
}
