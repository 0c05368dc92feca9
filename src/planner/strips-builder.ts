/**
 * Builds a GroundTask from fact names (for tests, examples and non-PDDL front
 * ends): facts are interned in order of first appearance.
 */
import type { GroundTask } from './task.js';

export interface StripsOperatorSpec {
  name: string;
  pre?: string[];
  preNeg?: string[];
  add?: string[];
  del?: string[];
  cost?: number;
  when?: { if?: string[]; ifNot?: string[]; add?: string[]; del?: string[] }[];
  /** Disjunctive precondition clauses: each needs one `pos` fact true or one `neg` fact false. */
  or?: { pos?: string[]; neg?: string[] }[];
}

export interface StripsSpec {
  init: string[];
  goal: string[];
  goalNeg?: string[];
  operators: StripsOperatorSpec[];
  /** Extra facts (e.g. never true initially and never added). */
  facts?: string[];
  hasActionCosts?: boolean;
}

export function buildStrips(spec: StripsSpec): GroundTask {
  const ids = new Map<string, number>();
  const facts: string[] = [];
  const id = (f: string): number => {
    let i = ids.get(f);
    if (i === undefined) {
      i = facts.length;
      ids.set(f, i);
      facts.push(f);
    }
    return i;
  };
  const ids_ = (list: string[] | undefined): number[] => (list ?? []).map(id);
  for (const f of spec.facts ?? []) id(f);
  const init = ids_(spec.init);
  const goalPos = ids_(spec.goal);
  const goalNeg = ids_(spec.goalNeg);
  const operators = spec.operators.map((o) => ({
    name: o.name,
    pre: ids_(o.pre),
    preNeg: ids_(o.preNeg),
    add: ids_(o.add),
    del: ids_(o.del),
    conditional: (o.when ?? []).map((w) => ({ condPos: ids_(w.if), condNeg: ids_(w.ifNot), add: ids_(w.add), del: ids_(w.del) })),
    cost: o.cost ?? 1,
    ...(o.or ? { preOr: o.or.map((c) => ({ pos: ids_(c.pos), neg: ids_(c.neg) })) } : {}),
  }));
  return {
    facts,
    init: [...new Set(init)],
    goalPos: [...new Set(goalPos)],
    goalNeg: [...new Set(goalNeg)],
    operators,
    hasActionCosts: spec.hasActionCosts ?? spec.operators.some((o) => o.cost !== undefined && o.cost !== 1),
  };
}

/** Replays `plan` on `task`; returns the index of the first inapplicable step, or -1 if valid and the goal holds at the end, or `plan.length` if the goal fails. */
export function simulatePlan(task: GroundTask, plan: readonly number[]): number {
  const state = new Set(task.init);
  for (let i = 0; i < plan.length; i++) {
    const op = task.operators[plan[i]];
    if (!op) return i;
    if (!op.pre.every((f) => state.has(f)) || op.preNeg.some((f) => state.has(f))) return i;
    if (!(op.preOr ?? []).every((c) => c.pos.some((f) => state.has(f)) || c.neg.some((f) => !state.has(f)))) return i;
    const firing = op.conditional.filter((c) => c.condPos.every((f) => state.has(f)) && !c.condNeg.some((f) => state.has(f)));
    for (const f of op.del) state.delete(f);
    for (const c of firing) for (const f of c.del) state.delete(f);
    for (const f of op.add) state.add(f);
    for (const c of firing) for (const f of c.add) state.add(f);
  }
  const ok = task.goalPos.every((f) => state.has(f)) && !task.goalNeg.some((f) => state.has(f));
  return ok ? -1 : plan.length;
}
