/**
 * Replaying a plan on a ground task (`GroundTask`): the check a search result
 * gets, and the independent second opinion the lifted validator is tested
 * against. Steps are matched to operators by their printable name `(op a b)`.
 */
import type { GroundOperator, GroundTask } from '../planner/task.js';

export type GroundValidationResult =
  | { status: 'valid'; cost: number; length: number }
  | {
      status: 'invalid';
      /** `no-operator`: the task has no operator with that name (grounding dropped it as never applicable). */
      reason: 'no-operator' | 'precondition' | 'goal';
      /** The failing step (0-based); undefined for goal failures. */
      stepIndex?: number;
      /** Printable failing facts: `(clear b)`, `not (holding a)`. */
      unsatisfied: string[];
    };

/** Maps printable operator names to operators (several may share a name). */
export function operatorsByName(task: GroundTask): Map<string, GroundOperator[]> {
  const out = new Map<string, GroundOperator[]>();
  for (const op of task.operators) {
    const list = out.get(op.name);
    if (list) list.push(op);
    else out.set(op.name, [op]);
  }
  return out;
}

function failing(op: GroundOperator, state: Uint8Array, facts: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of op.pre) if (!state[f]) out.push(facts[f]);
  for (const f of op.preNeg) if (state[f]) out.push(`not ${facts[f]}`);
  for (const clause of op.preOr ?? []) {
    if (clause.pos.some((f) => state[f]) || clause.neg.some((f) => !state[f])) continue;
    const lits = [...clause.pos.map((f) => facts[f]), ...clause.neg.map((f) => `(not ${facts[f]})`)];
    out.push(lits.length === 1 ? lits[0] : `(or ${lits.join(' ')})`);
  }
  return out;
}

/**
 * Applies operators (given as operator objects or printable names) from `task.init`
 * and checks the goal. Deletes come before adds; conditional effects are evaluated
 * in the state before the operator.
 */
export function validateGroundPlan(task: GroundTask, plan: readonly (GroundOperator | string)[], byName = operatorsByName(task)): GroundValidationResult {
  const state = new Uint8Array(task.facts.length);
  for (const f of task.init) state[f] = 1;
  let cost = 0;
  for (let i = 0; i < plan.length; i++) {
    const item = plan[i];
    const candidates = typeof item === 'string' ? byName.get(item) : [item];
    if (!candidates || candidates.length === 0) return { status: 'invalid', reason: 'no-operator', stepIndex: i, unsatisfied: [] };
    const op = candidates.find((o) => failing(o, state, task.facts).length === 0);
    if (!op) return { status: 'invalid', reason: 'precondition', stepIndex: i, unsatisfied: failing(candidates[0], state, task.facts) };
    const add: number[] = [...op.add];
    const del: number[] = [...op.del];
    for (const ce of op.conditional) {
      if (ce.condPos.every((f) => state[f]) && ce.condNeg.every((f) => !state[f])) {
        add.push(...ce.add);
        del.push(...ce.del);
      }
    }
    for (const f of del) state[f] = 0;
    for (const f of add) state[f] = 1;
    cost += op.cost;
  }
  const unsat: string[] = [];
  for (const f of task.goalPos) if (!state[f]) unsat.push(task.facts[f]);
  for (const f of task.goalNeg) if (state[f]) unsat.push(`not ${task.facts[f]}`);
  if (unsat.length) return { status: 'invalid', reason: 'goal', unsatisfied: unsat };
  return { status: 'valid', cost, length: plan.length };
}
