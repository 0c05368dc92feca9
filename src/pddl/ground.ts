/**
 * Grounding a PDDL domain and problem into a GroundTask (Helmert 2009,
 * "Concise finite-domain representations for PDDL planning tasks", sections
 * 4–5), in the stages of Fast Downward's translator, each a function:
 *
 * 1. symbol tables: objects and predicates with ids (ground-symbols.ts);
 * 2. normalize: ADL to conjunctive preconditions and flat effects (normalize.ts);
 * 3. the logic program: one Datalog rule per action and add effect (ground-program.ts);
 * 4. relaxed reachability: the fixpoint of the program from the initial state
 *    (`exploreReachable`, ground-reachability.ts);
 * 5. task facts: reachable fluent atoms, static atoms evaluated away; the goal (ground-facts.ts);
 * 6. instantiate: ground operators of the reachable action instances, with the
 *    simplification of useless and dominated ones (ground-operators.ts); the
 *    axioms of derived predicates are auxiliary actions adding their head in
 *    the program (so a head is reachable through its body, negative literals
 *    relaxed away) and become ground axioms the same way.
 *
 * (The translator's invariant synthesis and mutex groups are not computed: the
 * planner searches over the STRIPS facts.)
 */
import { GroundplanError } from '../core/errors.js';
import type { EventHandler } from '../core/events.js';
import type { GroundAxiom, GroundTask } from '../planner/task.js';
import type { Domain, PlanStep, Problem, Term } from './ast.js';
import { groundGoal, TaskFacts } from './ground-facts.js';
import { uniqSorted } from './ground-lists.js';
import { costModel, instantiateOperators, type CostModel } from './ground-operators.js';
import { logicProgram, type CompiledAction } from './ground-program.js';
import { Reachability, type Rule } from './ground-reachability.js';
import { ObjectTable, PredicateTable } from './ground-symbols.js';
import { normalize, type NormalAction, type NormalAxiom, type NormalEffect } from './normalize.js';

export interface GroundEvent {
  phase: 'normalized' | 'reachable' | 'operators';
  facts: number;
  operators: number;
  ms: number;
}

export interface GroundOptions {
  onEvent?: EventHandler<GroundEvent>;
  signal?: AbortSignal;
  /**
   * Polled now and then in the grounder's hot loops (reachability, operator
   * instantiation): a reason to stop for memory, or undefined. Grounding then
   * throws `GROUND_MEMOUT` with that reason (e.g. `() => memoryExhausted(bytes)`
   * of core/memory.ts; the grounder itself reads no process state).
   */
  memoryCheck?: () => string | undefined;
  /**
   * Polled with `memoryCheck`: true once the caller's time limit has passed.
   * Grounding then throws `GROUND_TIMEOUT` (the grounder reads no clock itself).
   */
  expired?: () => boolean;
}

export interface GroundStats {
  /** Fluent facts in the task. */
  facts: number;
  operators: number;
  /** Ground axioms of derived facts. */
  axioms: number;
  /** Static facts (of predicates no action changes) evaluated away, type facts excluded. */
  staticFactsRemoved: number;
  /** Relaxed-reachable action instances (before residual splitting and dedup). */
  actionInstances: number;
  /** Goal atoms that are not relaxed reachable (the task is then unsolvable). */
  unreachableGoals: string[];
  ms: number;
}

export interface GroundResult {
  task: GroundTask;
  /** Maps a plan over operator ids to lifted steps; auxiliary operators are dropped. */
  toLifted(plan: readonly number[]): PlanStep[];
  stats: GroundStats;
}

/**
 * Relaxed reachability: the initial facts (counting the static ones), the type facts and
 * the rules, saturated. Returns the model and the model ids of the initial facts.
 */
function exploreReachable(problem: Problem, rules: readonly Rule[], objects: ObjectTable, preds: PredicateTable, derived: ReadonlyMap<string, number>, checkpoint: () => void): { reach: Reachability; initFacts: number[]; staticFactsRemoved: number } {
  // Predicates only initial facts use (a policy departure) get their ids before the model is built.
  for (const el of problem.init) if (el.kind === 'atom' && el.atom.predicate !== '=') preds.id(el.atom.predicate, el.atom.args.length, el.atom.span ?? el.span);
  const reach = new Reachability(objects.names.length, preds.arity, preds.isStatic);
  let staticFactsRemoved = 0;
  const initFacts: number[] = [];
  for (const el of problem.init) {
    if (el.kind !== 'atom') continue;
    const a = el.atom;
    if (a.predicate === '=' || derived.has(a.predicate)) continue; // derived facts are computed, never given
    const p = preds.id(a.predicate, a.args.length, a.span ?? el.span);
    const args = a.args.map((t) => objects.id(t.name, t.span ?? el.span));
    const before = reach.factPred.length;
    const id = reach.add(p, args);
    if (reach.factPred.length > before) {
      if (preds.kind[p] === 'static') staticFactsRemoved++;
      initFacts.push(id);
    }
  }
  for (const [p, ids] of preds.pendingTypeFacts) for (const o of ids) reach.add(p, [o]);
  preds.pendingTypeFacts.length = 0;
  checkpoint();
  for (const r of rules) reach.addRule(r);
  reach.saturate(checkpoint);
  checkpoint();
  return { reach, initFacts, staticFactsRemoved };
}

/** An axiom as an auxiliary action adding its head: grounded by the same program and instantiation. */
function axiomAction(ax: NormalAxiom): NormalAction {
  const head: NormalEffect = { vars: [], cond: [], pred: ax.pred, args: ax.params.slice(0, ax.nHead).map((p): Term => ({ kind: 'var', name: p.name })), del: false, span: ax.span };
  return { name: ax.pred, params: ax.params, nOrig: ax.nHead, pre: ax.pre, effects: [head], cost: [], aux: true, span: ax.span };
}

/** Ground axioms of the compiled axiom actions: each instance's precondition derives its head. */
function groundAxioms(actions: readonly CompiledAction[], stratum: ReadonlyMap<string, number>, reach: Reachability, facts: TaskFacts, objects: ObjectTable, costs: CostModel, checkpoint: () => void): GroundAxiom[] {
  const out: GroundAxiom[] = [];
  for (const ca of actions) {
    const layer = stratum.get(ca.na.name) as number;
    for (const op of instantiateOperators([ca], reach, facts, objects, costs, checkpoint).operators) {
      out.push({ head: op.add[0], pos: op.pre, neg: op.preNeg, layer });
    }
  }
  return out;
}

/** Grounds `domain` + `problem` into a GroundTask restricted to relaxed-reachable operators. */
export function ground(domain: Domain, problem: Problem, options: GroundOptions = {}): GroundResult {
  const t0 = performance.now();
  const emit = (phase: GroundEvent['phase'], facts: number, operators: number): void =>
    options.onEvent?.({ phase, facts, operators, ms: performance.now() - t0 });
  /** Stops grounding when it is cancelled or memory runs short. */
  const checkpoint = (): void => {
    if (options.signal?.aborted) throw new GroundplanError('GROUND_CANCELLED', 'grounding was cancelled');
    const memory = options.memoryCheck?.();
    if (memory !== undefined) throw new GroundplanError('GROUND_MEMOUT', memory);
    if (options.expired?.()) throw new GroundplanError('GROUND_TIMEOUT', 'the time limit passed while grounding');
  };

  const objects = new ObjectTable(domain, problem);
  const nt = normalize(domain, problem, objects.ofName);
  emit('normalized', 0, 0);
  const fluentNames = new Set<string>(nt.stratum.keys());
  for (const a of nt.actions) for (const e of a.effects) fluentNames.add(e.pred);
  const preds = new PredicateTable(domain, fluentNames, objects);
  const costs = costModel(problem);
  const axiomActions = nt.axioms.map(axiomAction);
  const program = logicProgram({ ...nt, actions: [...nt.actions, ...axiomActions] }, objects, preds);
  const isAxiom = new Set(axiomActions);

  const { reach, initFacts, staticFactsRemoved } = exploreReachable(problem, program.rules, objects, preds, nt.stratum, checkpoint);
  emit('reachable', reach.factPred.length, 0);

  const facts = new TaskFacts(reach, preds, objects);
  const init = facts.of(initFacts);
  const goal = groundGoal(nt, facts, objects);
  const { operators, actionInstances } = instantiateOperators(program.actions.filter((ca) => !isAxiom.has(ca.na)), reach, facts, objects, costs, checkpoint);
  const axioms = groundAxioms(program.actions.filter((ca) => isAxiom.has(ca.na)), nt.stratum, reach, facts, objects, costs, checkpoint);
  emit('operators', facts.names.length, operators.length);

  const task: GroundTask = { facts: facts.names, init: uniqSorted(init), goalPos: uniqSorted(goal.pos), goalNeg: uniqSorted(goal.neg), operators, hasActionCosts: costs.hasActionCosts };
  if (axioms.length > 0) task.axioms = axioms;
  const ms = performance.now() - t0;
  return {
    task,
    toLifted(plan) {
      const out: PlanStep[] = [];
      for (const id of plan) {
        const op = operators[id];
        if (!op) throw new GroundplanError('GROUND_BAD_PLAN', `operator id ${id} is out of range (0..${operators.length - 1})`);
        if (op.lifted) out.push({ name: op.lifted.action, args: [...op.lifted.args] });
      }
      return out;
    },
    stats: { facts: facts.names.length, operators: operators.length, axioms: axioms.length, staticFactsRemoved, actionInstances, unreachableGoals: goal.unreachable, ms },
  };
}
