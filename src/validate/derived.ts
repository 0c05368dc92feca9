/**
 * Derived predicates in the validator (PDDL 2.2 semantics, as VAL evaluates
 * them): after the initial state and after every step, the derived facts are
 * recomputed from the basic ones, stratum by stratum, each stratum to its least
 * fixpoint, negation read as failure. The rules are the domain's `(:derived
 * ...)` rules in conjunctive form (normalize.ts); each is evaluated lifted, by
 * joining its positive literals against the facts of the state, independently
 * of the grounder's ground axioms and the planner's evaluator.
 */
import type { Domain, Term } from '../pddl/ast.js';
import { derivedAxioms, type Literal, type NormalAxiom } from '../pddl/normalize.js';
import { type Bindings, factKey, type Universe } from './world.js';

/** Facts of a state by predicate: argument lists. */
type FactIndex = Map<string, string[][]>;

function parseKey(key: string): { pred: string; args: string[] } {
  const parts = key.slice(1, -1).split(' ');
  return { pred: parts[0], args: parts.slice(1) };
}

export class DerivedEvaluator {
  private readonly strata: NormalAxiom[][];
  private readonly derived: ReadonlySet<string>;

  constructor(
    domain: Domain,
    private readonly universe: Universe,
  ) {
    const { axioms, stratum } = derivedAxioms(domain, (types) => universe.objectsOf(types));
    this.derived = new Set(stratum.keys());
    const n = Math.max(0, ...stratum.values()) + 1;
    this.strata = Array.from({ length: n }, () => []);
    for (const ax of axioms) this.strata[stratum.get(ax.pred) as number].push(ax);
  }

  /** Whether the domain has derived predicates. */
  get any(): boolean {
    return this.derived.size > 0;
  }

  /** Replaces, in place, the derived facts of `state` by those its basic facts imply. */
  update(state: Set<string>): void {
    if (!this.any) return;
    const index: FactIndex = new Map();
    for (const key of [...state]) {
      const { pred, args } = parseKey(key);
      if (this.derived.has(pred)) {
        state.delete(key);
        continue;
      }
      let list = index.get(pred);
      if (!list) index.set(pred, (list = []));
      list.push(args);
    }
    for (const layer of this.strata) {
      for (let changed = true; changed; ) {
        changed = false;
        for (const ax of layer) {
          for (const head of this.heads(ax, state, index)) {
            if (state.has(head)) continue;
            state.add(head);
            const { pred, args } = parseKey(head);
            let list = index.get(pred);
            if (!list) index.set(pred, (list = []));
            list.push(args);
            changed = true;
          }
        }
      }
    }
  }

  /** Head facts of every binding satisfying the axiom's body in `state`. */
  private heads(ax: NormalAxiom, state: ReadonlySet<string>, index: FactIndex): string[] {
    const out: string[] = [];
    const env: Bindings = new Map();
    const pos = ax.pre.filter((l) => !l.neg && l.pred !== '=');
    const checks = ax.pre.filter((l) => l.neg || l.pred === '=');
    const value = (t: Term): string | undefined => (t.kind === 'const' ? t.name : env.get(t.name));
    const holds = (l: Literal): boolean => {
      const args = l.args.map(value) as string[];
      const truth = l.pred === '=' ? args[0] === args[1] : state.has(factKey(l.pred, args));
      return truth !== l.neg;
    };
    const finish = (i: number): void => {
      // parameters no positive literal binds range over their type's objects
      if (i === ax.params.length) {
        if (checks.every(holds)) out.push(factKey(ax.pred, ax.params.slice(0, ax.nHead).map((p) => env.get(p.name) as string)));
        return;
      }
      const p = ax.params[i];
      const bound = env.get(p.name);
      if (bound !== undefined) {
        if (this.universe.fits(bound, p.types)) finish(i + 1);
        return;
      }
      for (const o of this.universe.objectsOf(p.types)) {
        env.set(p.name, o);
        finish(i + 1);
      }
      env.delete(p.name);
    };
    const join = (i: number): void => {
      if (i === pos.length) {
        finish(0);
        return;
      }
      const l = pos[i];
      for (const args of index.get(l.pred) ?? []) {
        const set: string[] = [];
        let ok = args.length === l.args.length;
        for (let k = 0; ok && k < args.length; k++) {
          const t = l.args[k];
          const v = value(t);
          if (v === undefined) {
            env.set(t.name, args[k]);
            set.push(t.name);
          } else if (v !== args[k]) ok = false;
        }
        if (ok) join(i + 1);
        for (const name of set) env.delete(name);
      }
    };
    join(0);
    return out;
  }
}
