/**
 * A GroundTask compiled into flat typed arrays for the search: bit-packed
 * states (one bit per fact, 32 facts per Uint32 word), goal masks, and operator
 * effects in CSR form. Applying an operator evaluates conditional effects on
 * the parent state, then applies all deletes, then all adds; when the task has
 * axioms, the derived facts are then recomputed (axioms.ts).
 */
import { GroundplanError } from '../core/errors.js';
import { AxiomEvaluator } from './axioms.js';
import { csr } from './csr.js';
import type { GroundTask } from './task.js';

export { csr };

/** How operator costs are seen by the search and the heuristics (as in Fast Downward's `cost_type`). */
export type CostType = 'normal' | 'one' | 'plusone';

export class CompiledTask {
  readonly task: GroundTask;
  readonly numFacts: number;
  readonly numOps: number;
  /** Words per packed state. */
  readonly words: number;
  readonly initState: Uint32Array;
  readonly goalPosMask: Uint32Array;
  readonly goalNegMask: Uint32Array;
  /** Real operator costs. */
  readonly cost: Float64Array;
  readonly preStart: Int32Array;
  readonly pre: Int32Array;
  readonly preNegStart: Int32Array;
  readonly preNeg: Int32Array;
  readonly addStart: Int32Array;
  readonly add: Int32Array;
  readonly delStart: Int32Array;
  readonly del: Int32Array;
  /** Conditional effects: per operator a range of effect ids; per effect CSR lists. */
  readonly condOfOpStart: Int32Array;
  readonly condPosStart: Int32Array;
  readonly condPos: Int32Array;
  readonly condNegStart: Int32Array;
  readonly condNeg: Int32Array;
  readonly condAddStart: Int32Array;
  readonly condAdd: Int32Array;
  readonly condDelStart: Int32Array;
  readonly condDel: Int32Array;
  readonly hasConditional: boolean;
  /** Disjunctive precondition clauses (`preOr`): per operator a range of clause ids; per clause CSR lists. */
  readonly clauseOfOpStart: Int32Array;
  readonly clausePosStart: Int32Array;
  readonly clausePos: Int32Array;
  readonly clauseNegStart: Int32Array;
  readonly clauseNeg: Int32Array;
  /** True when every operator costs the same positive amount (or costs are ignored). */
  readonly unitCost: boolean;
  /** The evaluator of the task's axioms, when it has any. */
  readonly axioms?: AxiomEvaluator;

  constructor(task: GroundTask) {
    this.task = task;
    this.numFacts = task.facts.length;
    this.numOps = task.operators.length;
    this.words = Math.max(1, (this.numFacts + 31) >>> 5);
    const checkFact = (f: number, where: string): void => {
      if (!Number.isInteger(f) || f < 0 || f >= this.numFacts) {
        throw new GroundplanError('PLANNER_BAD_TASK', `fact id ${f} out of range in ${where}`);
      }
    };
    this.initState = new Uint32Array(this.words);
    for (const f of task.init) {
      checkFact(f, 'init');
      this.initState[f >>> 5] |= 1 << (f & 31);
    }
    if (task.axioms && task.axioms.length > 0) {
      for (const ax of task.axioms) for (const f of [ax.head, ...ax.pos, ...ax.neg]) checkFact(f, 'an axiom');
      this.axioms = new AxiomEvaluator(this.numFacts, task.axioms);
      this.axioms.evaluate(this.initState);
    }
    this.goalPosMask = new Uint32Array(this.words);
    this.goalNegMask = new Uint32Array(this.words);
    for (const f of task.goalPos) {
      checkFact(f, 'goal');
      this.goalPosMask[f >>> 5] |= 1 << (f & 31);
    }
    for (const f of task.goalNeg) {
      checkFact(f, 'goal');
      this.goalNegMask[f >>> 5] |= 1 << (f & 31);
    }
    const ops = task.operators;
    this.cost = new Float64Array(ops.length);
    let firstCost = -1;
    let unit = true;
    ops.forEach((op, i) => {
      if (!(op.cost >= 0) || !Number.isFinite(op.cost)) {
        throw new GroundplanError('PLANNER_BAD_TASK', `operator ${op.name} has invalid cost ${op.cost}`);
      }
      for (const f of op.pre) checkFact(f, op.name);
      for (const f of op.preNeg) checkFact(f, op.name);
      for (const f of op.add) checkFact(f, op.name);
      for (const f of op.del) checkFact(f, op.name);
      this.cost[i] = op.cost;
      if (firstCost < 0) firstCost = op.cost;
      else if (op.cost !== firstCost) unit = false;
    });
    this.unitCost = unit && firstCost !== 0;
    ({ start: this.preStart, data: this.pre } = csr(ops.map((o) => [...new Set(o.pre)])));
    ({ start: this.preNegStart, data: this.preNeg } = csr(ops.map((o) => [...new Set(o.preNeg)])));
    ({ start: this.addStart, data: this.add } = csr(ops.map((o) => o.add)));
    ({ start: this.delStart, data: this.del } = csr(ops.map((o) => o.del)));
    const condOfOpStart = new Int32Array(ops.length + 1);
    const condPos: number[][] = [];
    const condNeg: number[][] = [];
    const condAdd: number[][] = [];
    const condDel: number[][] = [];
    ops.forEach((op, i) => {
      condOfOpStart[i] = condPos.length;
      for (const ce of op.conditional) {
        for (const f of [...ce.condPos, ...ce.condNeg, ...ce.add, ...ce.del]) checkFact(f, op.name);
        condPos.push(ce.condPos);
        condNeg.push(ce.condNeg);
        condAdd.push(ce.add);
        condDel.push(ce.del);
      }
    });
    condOfOpStart[ops.length] = condPos.length;
    const clauseOfOpStart = new Int32Array(ops.length + 1);
    const clausePos: number[][] = [];
    const clauseNeg: number[][] = [];
    ops.forEach((op, i) => {
      clauseOfOpStart[i] = clausePos.length;
      for (const cl of op.preOr ?? []) {
        for (const f of [...cl.pos, ...cl.neg]) checkFact(f, op.name);
        clausePos.push(cl.pos);
        clauseNeg.push(cl.neg);
      }
    });
    clauseOfOpStart[ops.length] = clausePos.length;
    this.clauseOfOpStart = clauseOfOpStart;
    ({ start: this.clausePosStart, data: this.clausePos } = csr(clausePos));
    ({ start: this.clauseNegStart, data: this.clauseNeg } = csr(clauseNeg));
    this.condOfOpStart = condOfOpStart;
    this.hasConditional = condPos.length > 0;
    ({ start: this.condPosStart, data: this.condPos } = csr(condPos));
    ({ start: this.condNegStart, data: this.condNeg } = csr(condNeg));
    ({ start: this.condAddStart, data: this.condAdd } = csr(condAdd));
    ({ start: this.condDelStart, data: this.condDel } = csr(condDel));
  }

  /** The cost the search uses for `op` under a cost type. */
  adjustedCost(op: number, costType: CostType): number {
    if (costType === 'one') return 1;
    if (costType === 'plusone') return this.cost[op] + 1;
    return this.cost[op];
  }

  isGoal(state: Uint32Array, offset = 0): boolean {
    const gp = this.goalPosMask;
    const gn = this.goalNegMask;
    for (let w = 0; w < this.words; w++) {
      const s = state[offset + w];
      if ((gp[w] & ~s) !== 0 || (s & gn[w]) !== 0) return false;
    }
    return true;
  }

  /** Whether `op` has negative or disjunctive preconditions. */
  hasExtraPre(op: number): boolean {
    return this.preNegStart[op + 1] > this.preNegStart[op] || this.clauseOfOpStart[op + 1] > this.clauseOfOpStart[op];
  }

  /**
   * Whether the negative and disjunctive preconditions of `op` hold (positive
   * ones are checked by the successor generator).
   */
  negativePreOk(state: Uint32Array, op: number): boolean {
    const end = this.preNegStart[op + 1];
    for (let k = this.preNegStart[op]; k < end; k++) {
      const f = this.preNeg[k];
      if ((state[f >>> 5] >>> (f & 31)) & 1) return false;
    }
    for (let c = this.clauseOfOpStart[op], ce = this.clauseOfOpStart[op + 1]; c < ce; c++) {
      let sat = false;
      for (let k = this.clausePosStart[c], e = this.clausePosStart[c + 1]; k < e && !sat; k++) {
        const f = this.clausePos[k];
        if ((state[f >>> 5] >>> (f & 31)) & 1) sat = true;
      }
      for (let k = this.clauseNegStart[c], e = this.clauseNegStart[c + 1]; k < e && !sat; k++) {
        const f = this.clauseNeg[k];
        if (!((state[f >>> 5] >>> (f & 31)) & 1)) sat = true;
      }
      if (!sat) return false;
    }
    return true;
  }

  /** Full applicability test (positive and negative preconditions). */
  applicable(state: Uint32Array, op: number): boolean {
    const end = this.preStart[op + 1];
    for (let k = this.preStart[op]; k < end; k++) {
      const f = this.pre[k];
      if (!((state[f >>> 5] >>> (f & 31)) & 1)) return false;
    }
    return this.negativePreOk(state, op);
  }

  private firing: Int32Array = new Int32Array(16);

  /** Writes the successor of `parent` under `op` into `out` (which must not alias `parent`). */
  apply(parent: Uint32Array, op: number, out: Uint32Array): void {
    const W = this.words;
    for (let w = 0; w < W; w++) out[w] = parent[w];
    const c0 = this.condOfOpStart[op];
    const c1 = this.condOfOpStart[op + 1];
    let nFiring = 0;
    if (c1 > c0) {
      if (this.firing.length < c1 - c0) this.firing = new Int32Array(2 * (c1 - c0));
      for (let c = c0; c < c1; c++) {
        let ok = true;
        for (let k = this.condPosStart[c], e = this.condPosStart[c + 1]; k < e; k++) {
          const f = this.condPos[k];
          if (!((parent[f >>> 5] >>> (f & 31)) & 1)) {
            ok = false;
            break;
          }
        }
        if (ok) {
          for (let k = this.condNegStart[c], e = this.condNegStart[c + 1]; k < e; k++) {
            const f = this.condNeg[k];
            if ((parent[f >>> 5] >>> (f & 31)) & 1) {
              ok = false;
              break;
            }
          }
        }
        if (ok) this.firing[nFiring++] = c;
      }
    }
    for (let k = this.delStart[op], e = this.delStart[op + 1]; k < e; k++) {
      const f = this.del[k];
      out[f >>> 5] &= ~(1 << (f & 31));
    }
    for (let i = 0; i < nFiring; i++) {
      const c = this.firing[i];
      for (let k = this.condDelStart[c], e = this.condDelStart[c + 1]; k < e; k++) {
        const f = this.condDel[k];
        out[f >>> 5] &= ~(1 << (f & 31));
      }
    }
    for (let k = this.addStart[op], e = this.addStart[op + 1]; k < e; k++) {
      const f = this.add[k];
      out[f >>> 5] |= 1 << (f & 31);
    }
    for (let i = 0; i < nFiring; i++) {
      const c = this.firing[i];
      for (let k = this.condAddStart[c], e = this.condAddStart[c + 1]; k < e; k++) {
        const f = this.condAdd[k];
        out[f >>> 5] |= 1 << (f & 31);
      }
    }
    this.axioms?.evaluate(out);
  }

  /** Fact ids true in a packed state. */
  factsOf(state: Uint32Array, offset = 0): number[] {
    const out: number[] = [];
    for (let w = 0; w < this.words; w++) {
      let bits = state[offset + w];
      while (bits !== 0) {
        const low = bits & -bits;
        out.push((w << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return out;
  }

  /** Total real cost of a plan. */
  planCost(plan: readonly number[]): number {
    let c = 0;
    for (const op of plan) c += this.cost[op];
    return c;
  }
}

/** Bit test helper. */
export function hasFact(state: Uint32Array, f: number): boolean {
  return ((state[f >>> 5] >>> (f & 31)) & 1) === 1;
}
