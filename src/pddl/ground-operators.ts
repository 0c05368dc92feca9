/**
 * Operator instantiation (Fast Downward's `instantiate`): every reachable
 * instance of an action's pseudo-predicate becomes ground operators over the
 * task facts. Static preconditions are evaluated away, an instance whose
 * precondition is false or contradictory is dropped, a residual (non-DNF)
 * precondition becomes variants or clauses, operators that change nothing are
 * dropped, and among operators with the same name and effects only those
 * whose precondition no other's implies are kept (the simplification step).
 */
import { GroundplanError, InputError } from '../core/errors.js';
import type { ConditionalEffect, GroundOperator } from '../planner/task.js';
import type { Problem, Term } from './ast.js';
import { ENC_FALSE, ENC_TRUE, type TaskFacts } from './ground-facts.js';
import { dominates, EMPTY, intersects, isSubset, mergeConditional, minusSorted, sortUniqInPlace, uniqSorted } from './ground-lists.js';
import type { CompiledAction, CompiledEffect } from './ground-program.js';
import type { Reachability } from './ground-reachability.js';
import { instantiate, residualForm, type GTerm } from './ground-residual.js';
import type { ObjectTable } from './ground-symbols.js';

/** The metric and the function values action costs read. */
export interface CostModel {
  /** `(:metric minimize (total-cost))`: operators cost what their `increase` effects add; otherwise 1. */
  hasActionCosts: boolean;
  /** `fn a b` → value, from `(= (fn a b) v)` in :init. */
  values: Map<string, number>;
}

export function costModel(problem: Problem): CostModel {
  const metric = problem.metric;
  const hasActionCosts = metric !== undefined && metric.direction === 'minimize' && metric.expr.kind === 'fterm' && metric.expr.fn === 'total-cost';
  const values = new Map<string, number>();
  for (const el of problem.init) {
    if (el.kind === 'fvalue') values.set(`${el.fn} ${el.args.map((a) => a.name).join(' ')}`, el.value);
  }
  return { hasActionCosts, values };
}

export interface Instantiated {
  operators: GroundOperator[];
  /** Relaxed-reachable action instances (before residual splitting and dedup). */
  actionInstances: number;
}

/** Ground operators of every compiled action over the reachable instances of its pseudo-predicate. */
export function instantiateOperators(
  actions: readonly CompiledAction[],
  reach: Reachability,
  facts: TaskFacts,
  objects: ObjectTable,
  costs: CostModel,
  checkpoint: () => void,
): Instantiated {
  const operators: GroundOperator[] = [];
  const similar = new Map<string, number[]>();
  let actionInstances = 0;
  const enumPlans = new Map<CompiledEffect, ReturnType<Reachability['plan']>>();
  const getEnumPlan = (ce: CompiledEffect): ReturnType<Reachability['plan']> => {
    let plan = enumPlans.get(ce);
    if (!plan) {
      const bound = new Set<number>();
      for (let i = 0; i < ce.nVars - ce.vars.length; i++) bound.add(i);
      plan = reach.plan(ce.enumAtoms, bound, [], []);
      enumPlans.set(ce, plan);
    }
    return plan;
  };
  const costOf = (ca: CompiledAction, value: (t: Term) => number): number => {
    if (ca.na.aux) return 0;
    if (!costs.hasActionCosts) return 1;
    let c = 0;
    for (const term of ca.na.cost) {
      let v: number;
      if (term.amount.kind === 'number') v = term.amount.value;
      else {
        const amount = term.amount;
        const key = `${amount.fn} ${amount.args.map((a) => objects.names[value(a)]).join(' ')}`;
        const fv = costs.values.get(key);
        if (fv === undefined) throw new InputError('PDDL_MISSING_VALUE', `no value for (${key}) in the problem's :init`, amount.span ?? term.span);
        v = fv;
      }
      if (v < 0) throw new InputError('PDDL_NEGATIVE_COST', `negative action cost ${v} for ${ca.na.name}`, term.span);
      c += v;
    }
    return c;
  };
  const taskFactOf = facts.ofModel;
  for (const ca of actions) {
    checkpoint();
    const na = ca.na;
    const P = na.params.length;
    const binding = new Int32Array(Math.max(1, P));
    const value = (t: Term): number => {
      if (t.kind === 'const') return objects.known(t.name);
      const i = ca.paramIndex.get(t.name);
      if (i === undefined) throw new GroundplanError('GROUND_INTERNAL', `unbound variable ${t.name}`);
      return binding[i];
    };
    const effBindings = ca.effects.map((ce) => new Int32Array(ce.nVars));
    // collected per effect firing
    let add: number[] = [];
    let del: number[] = [];
    let conditional: ConditionalEffect[] = [];
    let curEffect: CompiledEffect | undefined;
    const fire = (b: Int32Array): void => {
      const ce = curEffect as CompiledEffect;
      let condPos: number[] | undefined;
      let condNeg: number[] | undefined;
      for (const l of ce.condE) {
        const g = facts.encoded(l, b);
        if (g === ENC_FALSE) return;
        if (g === ENC_TRUE) continue;
        if (l.neg) (condNeg ??= []).push(g);
        else (condPos ??= []).push(g);
      }
      if (condNeg && condPos && condPos.some((x) => (condNeg as number[]).includes(x))) return;
      const h = ce.head;
      const hf = reach.lookupEnc(h.pred, h.args, b);
      if (hf < 0 || taskFactOf[hf] < 0) return; // deleting an unreachable fact, or a static one
      const tf = taskFactOf[hf];
      if (!condPos && !condNeg) (ce.ne.del ? del : add).push(tf);
      else conditional.push({ condPos: condPos ?? [], condNeg: condNeg ?? [], add: ce.ne.del ? [] : [tf], del: ce.ne.del ? [tf] : [] });
    };
    for (const f of reach.factsOf(ca.pseudo)) {
      if ((++actionInstances & 1023) === 0) checkpoint();
      const args = reach.factArgs[f];
      for (let i = 0; i < P; i++) binding[i] = args[i];
      const pre: number[] = [];
      const preNeg: number[] = [];
      let ok = true;
      for (const l of ca.pre) {
        const g = facts.encoded(l, binding);
        if (g === ENC_FALSE) {
          ok = false;
          break;
        }
        if (g >= 0) (l.neg ? preNeg : pre).push(g);
      }
      if (!ok) continue;
      let variants: GTerm[] = [{ pos: [], neg: [] }];
      let clauses: GTerm[] | undefined;
      if (na.residual) {
        const env = new Map<string, number>();
        na.params.forEach((p, i) => env.set(p.name, args[i]));
        const lifted = `(${[na.name, ...args.slice(0, na.nOrig).map((o) => objects.names[o])].join(' ')})`;
        const g = instantiate(na.residual, env, (l, e) => facts.literal(l, (t) => (t.kind === 'const' ? objects.id(t.name) : (e.get(t.name) ?? value(t)))), (types) => objects.ofType(types));
        const form = residualForm(g, lifted);
        if (form.kind === 'variants') variants = form.terms;
        else {
          variants = [form.unit];
          clauses = form.clauses;
        }
      }
      add = [];
      del = [];
      conditional = [];
      for (let e = 0; e < ca.effects.length; e++) {
        const ce = ca.effects[e];
        curEffect = ce;
        if (ce.vars.length === 0) fire(binding);
        else {
          const b = effBindings[e];
          b.fill(-1);
          for (let i = 0; i < P; i++) b[i] = args[i];
          reach.run(getEnumPlan(ce), b, fire);
        }
      }
      // evaluated only for operators that survive (a contradictory one may lack a cost value)
      let cost = -1;
      const liftedArgs: string[] = new Array(na.nOrig);
      let name = `(${na.name}`;
      for (let i = 0; i < na.nOrig; i++) {
        liftedArgs[i] = objects.names[args[i]];
        name += ` ${liftedArgs[i]}`;
      }
      name += ')';
      const addS = sortUniqInPlace(add);
      let delS = sortUniqInPlace(del);
      if (addS.length > 0 && delS.length > 0) delS = minusSorted(delS, addS);
      const conds = conditional.length === 0 ? (EMPTY as unknown as ConditionalEffect[]) : mergeConditional(conditional);
      const single = variants.length === 1;
      for (const vt of variants) {
        const preS = vt.pos.length > 0 ? sortUniqInPlace([...pre, ...vt.pos]) : single ? sortUniqInPlace(pre) : uniqSorted(pre);
        const preNegS = vt.neg.length > 0 ? sortUniqInPlace([...preNeg, ...vt.neg]) : single ? sortUniqInPlace(preNeg) : uniqSorted(preNeg);
        if (preNegS.length > 0 && intersects(preS, preNegS)) continue;
        // an operator that changes nothing is useless: drop it
        if (conds.length === 0 && delS.length === 0 && isSubset(addS, preS)) continue;
        const op: GroundOperator = {
          name,
          pre: preS,
          preNeg: preNegS,
          add: addS,
          del: delS,
          conditional: conds,
          cost: cost >= 0 ? cost : (cost = costOf(ca, value)),
        };
        if (clauses && clauses.length > 0) op.preOr = clauses.map((c) => ({ pos: c.pos, neg: c.neg }));
        if (!na.aux) op.lifted = { action: na.name, args: variants.length > 1 ? liftedArgs.slice() : liftedArgs };
        if (ca.mayDuplicate) {
          // same name and effects: keep only operators whose precondition is not implied by another's
          const key = JSON.stringify([op.name, op.add, op.del, op.conditional, op.preOr ?? null, op.cost]);
          const group = similar.get(key);
          if (group) {
            if (group.some((i) => dominates(operators[i], op))) continue;
            group.push(operators.length);
          } else similar.set(key, [operators.length]);
        }
        operators.push(op);
      }
    }
  }
  removeDominated(operators, similar);
  return { operators, actionInstances };
}

/** Drops, in place, each operator of a group that a later, weaker one of the same group dominates. */
function removeDominated(operators: GroundOperator[], similar: ReadonlyMap<string, number[]>): void {
  const dropped = new Set<number>();
  for (const group of similar.values()) {
    if (group.length < 2) continue;
    for (const i of group) {
      if (group.some((j) => j !== i && !dropped.has(j) && dominates(operators[j], operators[i]))) dropped.add(i);
    }
  }
  if (dropped.size === 0) return;
  let k = 0;
  for (let i = 0; i < operators.length; i++) if (!dropped.has(i)) operators[k++] = operators[i];
  operators.length = k;
}
