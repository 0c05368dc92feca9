/**
 * The ground task's facts: the relaxed-reachable fluent atoms (static and type
 * atoms are evaluated away, as Fast Downward's translator simplifies them),
 * the initial state over them, how a literal evaluates (true, false or a
 * task fact), and the goal.
 */
import type { Term } from './ast.js';
import type { ELit } from './ground-program.js';
import type { Reachability } from './ground-reachability.js';
import type { GFormula } from './ground-residual.js';
import type { ObjectTable, PredicateTable } from './ground-symbols.js';
import type { Literal, NormalTask } from './normalize.js';

const TRUE: GFormula = { k: 'true' };
const FALSE: GFormula = { k: 'false' };

/** Encoded values of `TaskFacts.encoded`. */
export const ENC_FALSE = -1;
export const ENC_TRUE = -2;

export class TaskFacts {
  /** Printable names, e.g. `(on a b)`; a fact's id is its index. */
  readonly names: string[] = [];
  /** Reachable-model fact → task fact (-1 for static and type facts). */
  readonly ofModel: Int32Array;
  private readonly scratch: number[] = [];

  constructor(
    readonly reach: Reachability,
    private readonly preds: PredicateTable,
    objects: ObjectTable,
  ) {
    this.ofModel = new Int32Array(reach.factPred.length).fill(-1);
    for (let f = 0; f < reach.factPred.length; f++) {
      const p = reach.factPred[f];
      if (preds.kind[p] !== 'fluent') continue;
      this.ofModel[f] = this.names.length;
      const args = reach.factArgs[f];
      this.names.push(args.length === 0 ? `(${preds.names[p]})` : `(${preds.names[p]} ${args.map((o) => objects.names[o]).join(' ')})`);
    }
  }

  /** The task facts of the given model facts (static ones dropped). */
  of(modelFacts: readonly number[]): number[] {
    return modelFacts.map((f) => this.ofModel[f]).filter((f) => f >= 0);
  }

  /** A literal whose terms `value` maps to object ids: true, false, or a task fact. */
  literal(l: Literal, value: (t: Term) => number): GFormula {
    if (l.pred === '=') {
      const eq = value(l.args[0]) === value(l.args[1]);
      return eq !== l.neg ? TRUE : FALSE;
    }
    const p = this.preds.id(l.pred, l.args.length, l.span);
    const scratch = this.scratch;
    scratch.length = 0;
    for (const a of l.args) scratch.push(value(a));
    const f = this.reach.lookup(p, scratch);
    if (this.preds.kind[p] !== 'fluent' || f < 0) return (f >= 0) !== l.neg ? TRUE : FALSE;
    return { k: 'lit', fact: this.ofModel[f], neg: l.neg };
  }

  /** An encoded literal under binding `b`: ENC_FALSE, ENC_TRUE or the task fact (ground ones cached). */
  encoded(l: ELit, b: Int32Array): number {
    if (!l.isGround) return this.encodedFree(l, b);
    if (l.value === undefined) l.value = this.encodedFree(l, b);
    return l.value;
  }

  private encodedFree(l: ELit, b: Int32Array): number {
    const la = l.args;
    if (l.pred < 0) {
      const x = la[0] < 0 ? -la[0] - 1 : b[la[0]];
      const y = la[1] < 0 ? -la[1] - 1 : b[la[1]];
      return (x === y) !== l.neg ? ENC_TRUE : ENC_FALSE;
    }
    const f = this.reach.lookupEnc(l.pred, la, b);
    if (this.preds.kind[l.pred] !== 'fluent' || f < 0) return (f >= 0) !== l.neg ? ENC_TRUE : ENC_FALSE;
    return this.ofModel[f];
  }
}

export interface GroundGoal {
  pos: number[];
  neg: number[];
  /** Goal literals that are false in the relaxed model (the task is unsolvable). */
  unreachable: string[];
}

/**
 * The goal over task facts. An unreachable goal literal makes the task unsolvable: the goal
 * then also asks for the new fact `(@unreachable-goal)`, which nothing adds.
 */
export function groundGoal(nt: NormalTask, facts: TaskFacts, objects: ObjectTable): GroundGoal {
  const goal: GroundGoal = { pos: [], neg: [], unreachable: [] };
  for (const l of nt.goal) {
    const g = facts.literal(l, (t) => objects.id(t.name, t.span ?? l.span));
    if (g.k === 'false') goal.unreachable.push(`${l.neg ? '(not ' : ''}(${[l.pred, ...l.args.map((a) => a.name)].join(' ')})${l.neg ? ')' : ''}`);
    else if (g.k === 'lit') (g.neg ? goal.neg : goal.pos).push(g.fact);
  }
  if (goal.unreachable.length > 0) {
    goal.pos.push(facts.names.length);
    facts.names.push('(@unreachable-goal)');
  }
  return goal;
}
