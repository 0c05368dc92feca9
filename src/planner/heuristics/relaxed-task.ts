/**
 * The delete relaxation of a compiled task as unary-style relaxed operators:
 * one per operator for its unconditional add effects, and one per conditional
 * effect whose preconditions are the operator's plus the effect condition.
 * Negative preconditions and conditions are ignored (a relaxation).
 * Everything is stored in CSR typed arrays.
 */
import { csr, type CompiledTask, type CostType } from '../compiled-task.js';

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
  /** The task operator each relaxed operator comes from. */
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

  constructor(task: CompiledTask, options: RelaxedTaskOptions = {}) {
    const costType = options.costType ?? 'normal';
    const pres: number[][] = [];
    const effs: number[][] = [];
    const costs: number[] = [];
    const opOf: number[] = [];
    let nextFact = task.numFacts;
    const initFact = options.artificialInit ? nextFact++ : -1;
    for (let op = 0; op < task.numOps; op++) {
      const pre = Array.from(task.pre.subarray(task.preStart[op], task.preStart[op + 1]));
      const add = [...new Set(task.add.subarray(task.addStart[op], task.addStart[op + 1]))];
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
        const cadd = [...new Set(task.condAdd.subarray(task.condAddStart[ce], task.condAddStart[ce + 1]))];
        if (cadd.length === 0) continue;
        const cpos = task.condPos.subarray(task.condPosStart[ce], task.condPosStart[ce + 1]);
        const p = aux >= 0 ? [...new Set([...cpos, aux])] : [...new Set([...pre, ...cpos])];
        pres.push(p);
        effs.push(cadd);
        costs.push(aux >= 0 ? 0 : c);
        opOf.push(op);
      }
    }
    if (initFact >= 0) for (const p of pres) if (p.length === 0) p.push(initFact);
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
    this.goals = Int32Array.from(new Set(task.task.goalPos));
  }
}
