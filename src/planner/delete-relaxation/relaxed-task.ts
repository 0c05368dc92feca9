/**
 * The delete relaxation of a compiled task as unary-style relaxed operators:
 * one per operator for its unconditional add effects, and one per conditional
 * effect whose preconditions are the operator's plus the effect condition.
 * Negative preconditions and conditions are ignored (a relaxation) unless
 * compiled into "not f" facts. Each ground axiom is a zero-cost relaxed operator
 * (`opOf` -1) from its positive conditions to its head, as in Fast Downward; a
 * negative condition on a derived fact d is the fact "not d", derived by the
 * negated axioms of negated-axioms.ts, or relaxed to true where those are
 * approximated (recursive or too many), as FD's `approximate_negative_cycles`.
 * Everything is stored in CSR typed arrays.
 */
import { csr, type CompiledTask, type CostType } from '../compiled-task.js';
import { negatedAxioms } from './negated-axioms.js';
import { pruneDominatedEffects } from './dominated-effects.js';

export interface RelaxedTaskOptions {
  costType?: CostType;
  /**
   * Admissible treatment of conditional effects (for LM-cut and h_max): the
   * operator adds an auxiliary "fired" fact, and each conditional effect is a
   * zero-cost relaxed operator that needs it, so an operator's cost is paid once.
   */
  auxForConditional?: boolean;
  /** Adds an artificial init fact as precondition of precondition-free relaxed operators. */
  artificialInit?: boolean;
  /**
   * Compile negative goals and (conditional) negative preconditions into
   * "not f" facts, true when f is false and added by every operator deleting f
   * (default true). Without it a negative goal is invisible to the heuristic.
   */
  negation?: boolean;
  /**
   * Drop relaxed effects another relaxed operator achieves from a subset of the
   * preconditions at no higher cost (dominated-effects.ts; h_add/h_FF only).
   */
  pruneDominated?: boolean;
}

export class RelaxedTask {
  readonly numFacts: number;
  /** Number of relaxed operators. */
  readonly numOps: number;
  readonly preStart: Int32Array;
  readonly pre: Int32Array;
  readonly effStart: Int32Array;
  readonly eff: Int32Array;
  readonly baseCost: Float64Array;
  /** The task operator each relaxed operator comes from (-1 for an axiom). */
  readonly opOf: Int32Array;
  /** Relaxed operators having fact f as precondition: CSR over facts. */
  readonly precondOfStart: Int32Array;
  readonly precondOf: Int32Array;
  /** Relaxed operators adding fact f. */
  readonly achieverStart: Int32Array;
  readonly achievers: Int32Array;
  readonly goals: Int32Array;
  /** Id of the artificial init fact, or -1. */
  readonly initFact: number;
  readonly taskFacts: number;
  /** Negated facts: ids taskFacts .. taskFacts+negBase.length-1; negBase[i] is the fact they negate. */
  readonly negBase: Int32Array;

  constructor(task: CompiledTask, options: RelaxedTaskOptions = {}) {
    const costType = options.costType ?? 'normal';
    const pres: number[][] = [];
    const effs: number[][] = [];
    const costs: number[] = [];
    const opOf: number[] = [];
    let nextFact = task.numFacts;
    // Negated facts first (ids right after the task's facts).
    const negOf = new Map<number, number>();
    const negBase: number[] = [];
    const neg = (f: number): number => {
      let n = negOf.get(f);
      if (n === undefined) {
        n = nextFact++;
        negOf.set(f, n);
        negBase.push(f);
      }
      return n;
    };
    const axioms = task.task.axioms ?? [];
    const negated = task.axioms && (options.negation ?? true) ? negatedAxioms(axioms, task.axioms.isDerived, neg) : undefined;
    if (options.negation ?? true) {
      const negate = (facts: Iterable<number>): void => {
        for (const f of facts) {
          if (negated) negated.negate(f);
          else neg(f);
        }
      };
      negate(task.task.goalNeg);
      negate(task.preNeg);
      negate(task.condNeg);
      for (const ax of axioms) negate(ax.neg);
    }
    const initFact = options.artificialInit ? nextFact++ : -1;
    for (let op = 0; op < task.numOps; op++) {
      const pre = Array.from(task.pre.subarray(task.preStart[op], task.preStart[op + 1]));
      for (const f of task.preNeg.subarray(task.preNegStart[op], task.preNegStart[op + 1])) {
        const n = negOf.get(f);
        if (n !== undefined) pre.push(n);
      }
      const opAdd = new Set(task.add.subarray(task.addStart[op], task.addStart[op + 1]));
      const add = [...opAdd];
      // add wins over delete (CompiledTask.apply), so a delete of a fact the operator also adds achieves no "not f"
      for (const f of task.del.subarray(task.delStart[op], task.delStart[op + 1])) {
        const n = negOf.get(f);
        if (n !== undefined && !opAdd.has(f) && !add.includes(n)) add.push(n);
      }
      const c = task.adjustedCost(op, costType);
      const c0 = task.condOfOpStart[op];
      const c1 = task.condOfOpStart[op + 1];
      const aux = options.auxForConditional && c1 > c0 ? nextFact++ : -1;
      if (aux >= 0) add.push(aux);
      if (add.length > 0) {
        pres.push(pre);
        effs.push(add);
        costs.push(c);
        opOf.push(op);
      }
      for (let ce = c0; ce < c1; ce++) {
        const condAdd = new Set(task.condAdd.subarray(task.condAddStart[ce], task.condAddStart[ce + 1]));
        const cadd = [...condAdd];
        for (const f of task.condDel.subarray(task.condDelStart[ce], task.condDelStart[ce + 1])) {
          const n = negOf.get(f);
          if (n !== undefined && !opAdd.has(f) && !condAdd.has(f) && !cadd.includes(n)) cadd.push(n);
        }
        if (cadd.length === 0) continue;
        const cpos = [...task.condPos.subarray(task.condPosStart[ce], task.condPosStart[ce + 1])];
        for (const f of task.condNeg.subarray(task.condNegStart[ce], task.condNegStart[ce + 1])) {
          const n = negOf.get(f);
          if (n !== undefined) cpos.push(n);
        }
        const p = aux >= 0 ? [...new Set([...cpos, aux])] : [...new Set([...pre, ...cpos])];
        pres.push(p);
        effs.push(cadd);
        costs.push(aux >= 0 ? 0 : c);
        opOf.push(op);
      }
    }
    for (const ax of axioms) {
      const pre = [...ax.pos];
      for (const f of ax.neg) {
        const n = negOf.get(f);
        if (n !== undefined) pre.push(n);
      }
      pres.push(pre);
      effs.push([ax.head]);
      costs.push(0);
      opOf.push(-1);
    }
    for (const rule of negated?.rules ?? []) {
      pres.push(rule.pre);
      effs.push([rule.head]);
      costs.push(0);
      opOf.push(-1);
    }
    if (initFact >= 0) for (const p of pres) if (p.length === 0) p.push(initFact);
    if (options.pruneDominated) {
      pruneDominatedEffects(pres, effs, costs);
      let w = 0;
      for (let u = 0; u < pres.length; u++) {
        if (effs[u].length === 0) continue;
        pres[w] = pres[u];
        effs[w] = effs[u];
        costs[w] = costs[u];
        opOf[w] = opOf[u];
        w++;
      }
      pres.length = effs.length = costs.length = opOf.length = w;
    }
    this.taskFacts = task.numFacts;
    this.numFacts = nextFact;
    this.initFact = initFact;
    this.numOps = pres.length;
    ({ start: this.preStart, data: this.pre } = csr(pres));
    ({ start: this.effStart, data: this.eff } = csr(effs));
    this.baseCost = Float64Array.from(costs);
    this.opOf = Int32Array.from(opOf);
    const precondOf: number[][] = Array.from({ length: this.numFacts }, () => []);
    const achievers: number[][] = Array.from({ length: this.numFacts }, () => []);
    pres.forEach((p, u) => p.forEach((f) => precondOf[f].push(u)));
    effs.forEach((e, u) => e.forEach((f) => achievers[f].push(u)));
    ({ start: this.precondOfStart, data: this.precondOf } = csr(precondOf));
    ({ start: this.achieverStart, data: this.achievers } = csr(achievers));
    this.negBase = Int32Array.from(negBase);
    this.goals = Int32Array.from(new Set([...task.task.goalPos, ...task.task.goalNeg.map((f) => negOf.get(f)).filter((n): n is number => n !== undefined)]));
  }
}

const shared = new WeakMap<CompiledTask, Map<string, RelaxedTask>>();

/**
 * The default relaxed task (negation compiled, no auxiliary facts) of a
 * compiled task under a cost type, built once and shared, with or without
 * dominated effects (h_FF and h_add explore the pruned one; the landmark graph
 * reads the full one). Never modified. Fact ids are the same in both.
 */
export function relaxedTaskOf(task: CompiledTask, costType: CostType, pruneDominated = false): RelaxedTask {
  let m = shared.get(task);
  if (!m) {
    m = new Map();
    shared.set(task, m);
  }
  const key = `${costType}${pruneDominated ? '/pruned' : ''}`;
  let r = m.get(key);
  if (!r) {
    r = new RelaxedTask(task, { costType, pruneDominated });
    m.set(key, r);
  }
  return r;
}

/** Whether relaxed fact `p` holds in `state` (task facts and negated facts; auxiliary facts count as false). */
export function factHolds(r: RelaxedTask, state: Uint32Array, p: number): boolean {
  if (p < r.taskFacts) return ((state[p >>> 5] >>> (p & 31)) & 1) === 1;
  const i = p - r.taskFacts;
  if (i < r.negBase.length) {
    const f = r.negBase[i];
    return ((state[f >>> 5] >>> (f & 31)) & 1) === 0;
  }
  return false;
}

/**
 * Writes to `out[0..n)` the relaxed facts an exploration from `state` starts
 * from, in this order: the task facts true in `state` (ascending), the negated
 * facts whose base fact is false, and the artificial init fact when there is
 * one; returns n (entries past n are stale: `out` is reused, never shrunk).
 */
export function initialFacts(r: RelaxedTask, state: Uint32Array, out: number[]): number {
  let n = 0;
  for (let w = 0, W = (r.taskFacts + 31) >>> 5; w < W; w++) {
    let bits = state[w];
    while (bits !== 0) {
      const low = bits & -bits;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      bits ^= low;
    }
  }
  const nb = r.negBase;
  for (let i = 0; i < nb.length; i++) {
    const f = nb[i];
    if (!((state[f >>> 5] >>> (f & 31)) & 1)) out[n++] = r.taskFacts + i;
  }
  if (r.initFact >= 0) out[n++] = r.initFact;
  return n;
}
