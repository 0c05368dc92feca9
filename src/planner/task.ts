/**
 * The ground planning task the search works on. Search never sees PDDL: the
 * PDDL grounder (src/pddl/ground.ts) produces this, and any other front end
 * may too. Facts are dense integer ids; a state is a bit set over them.
 */

/** A conditional effect: when all of `condPos` hold and none of `condNeg`, apply add/del. */
export interface ConditionalEffect {
  condPos: number[];
  condNeg: number[];
  add: number[];
  del: number[];
}

export interface GroundOperator {
  /** Printable name in plan syntax, e.g. `(pick-up a)`. */
  name: string;
  /** Facts that must hold. */
  pre: number[];
  /** Facts that must not hold (negative preconditions). */
  preNeg: number[];
  /** Unconditional effects. Deletes are applied before adds. */
  add: number[];
  del: number[];
  /** Conditional effects, evaluated in the state before the operator applies. */
  conditional: ConditionalEffect[];
  /**
   * Disjunctive precondition clauses (CNF), set only by the PDDL grounder when an
   * ADL precondition's DNF would be exponential (e.g. `(not (exists ...))`): each
   * clause holds when one of its `pos` facts holds or one of its `neg` facts does not.
   * Absent (undefined) on ordinary operators.
   */
  preOr?: { pos: number[]; neg: number[] }[];
  /** Cost (1 when the task has no action costs). */
  cost: number;
  /**
   * The lifted action this operator came from, or undefined for auxiliary
   * operators the compilation introduced (e.g. for disjunctive goals); those are
   * dropped when a plan is mapped back.
   */
  lifted?: { action: string; args: string[] };
}

/**
 * A ground axiom (a derived predicate's rule, as in Fast Downward): `head` holds when all
 * of `pos` hold and none of `neg`. Derived facts are never set by operators: after every
 * transition they are recomputed from the other facts, layer by layer (ascending), each
 * layer to its least fixpoint; a `neg` fact is always of a lower layer than `head`.
 */
export interface GroundAxiom {
  head: number;
  pos: number[];
  neg: number[];
  layer: number;
}

export interface GroundTask {
  /** Printable fact names, index = fact id, e.g. `(on a b)`. */
  facts: string[];
  /** Fact ids true in the initial state (all others false). */
  init: number[];
  /** Fact ids that must hold in a goal state. */
  goalPos: number[];
  /** Fact ids that must not hold in a goal state. */
  goalNeg: number[];
  operators: GroundOperator[];
  /** True when the problem's metric is `minimize (total-cost)`. */
  hasActionCosts: boolean;
  /** Axioms of the derived facts (absent or empty: the task has none). */
  axioms?: GroundAxiom[];
}
