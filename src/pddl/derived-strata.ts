/**
 * Stratification of derived predicates (PDDL 2.2; Fast Downward's translator
 * computes the same layers in `axiom_rules.py`): a derived predicate lives in a
 * stratum no lower than every derived predicate its rules use positively, and
 * strictly higher than every one they use negatively. Derived facts are then
 * computed stratum by stratum, each to its least fixpoint, negation read as
 * failure in a lower, finished stratum. A negative use inside a recursive cycle
 * has no stratification: the domain is then refused.
 */
import type { Condition, DerivedDecl, Span } from './ast.js';

export interface Strata {
  /** Derived predicate → stratum (0 is the lowest). */
  stratum: Map<string, number>;
  /** A predicate on a cycle through negation, when there is one. */
  unstratifiable?: { predicate: string; span?: Span };
}

/** Each predicate the condition uses, with its polarity (an atom may be both). */
function uses(c: Condition, neg: boolean, out: { pred: string; neg: boolean }[]): void {
  switch (c.kind) {
    case 'atom':
      out.push({ pred: c.atom.predicate, neg });
      return;
    case 'not':
      uses(c.arg, !neg, out);
      return;
    case 'and':
    case 'or':
      for (const a of c.args) uses(a, neg, out);
      return;
    case 'imply':
      uses(c.left, !neg, out);
      uses(c.right, neg, out);
      return;
    case 'forall':
    case 'exists':
      uses(c.body, neg, out);
      return;
  }
}

/** One rule as the stratification sees it: its head and the predicates its body uses. */
export interface RuleUses {
  head: string;
  uses: readonly { pred: string; neg: boolean }[];
  span?: Span;
}

/** The strata of the derived predicates of the domain's `(:derived ...)` rules. */
export function derivedStrata(rules: readonly DerivedDecl[]): Strata {
  return strata(
    rules.map((r) => {
      const out: { pred: string; neg: boolean }[] = [];
      uses(r.body, false, out);
      return { head: r.name, uses: out, span: r.span };
    }),
  );
}

/** The least strata satisfying the constraints; predicates that head no rule are not derived. */
export function strata(rules: readonly RuleUses[]): Strata {
  const stratum = new Map<string, number>();
  for (const r of rules) stratum.set(r.head, 0);
  const edges = rules.map((r) => ({ head: r.head, span: r.span, deps: r.uses.filter((u) => stratum.has(u.pred)) }));
  // Bellman-Ford style: a stratum above the number of predicates means a negative cycle.
  const limit = stratum.size;
  for (let changed = true; changed; ) {
    changed = false;
    for (const e of edges) {
      let s = stratum.get(e.head) as number;
      for (const d of e.deps) s = Math.max(s, (stratum.get(d.pred) as number) + (d.neg ? 1 : 0));
      if (s > (stratum.get(e.head) as number)) {
        if (s > limit) return { stratum, unstratifiable: { predicate: e.head, span: e.span } };
        stratum.set(e.head, s);
        changed = true;
      }
    }
  }
  return { stratum };
}

/** Derived predicates that depend on themselves through the rules (in either polarity). */
export function recursivePredicates(rules: readonly DerivedDecl[]): Set<string> {
  const deps = new Map<string, Set<string>>();
  for (const r of rules) {
    const out: { pred: string; neg: boolean }[] = [];
    uses(r.body, false, out);
    const set = deps.get(r.name) ?? new Set<string>();
    for (const u of out) set.add(u.pred);
    deps.set(r.name, set);
  }
  const recursive = new Set<string>();
  for (const head of deps.keys()) {
    const seen = new Set<string>();
    const stack = [...(deps.get(head) ?? [])];
    while (stack.length > 0) {
      const p = stack.pop() as string;
      if (p === head) {
        recursive.add(head);
        break;
      }
      if (seen.has(p)) continue;
      seen.add(p);
      stack.push(...(deps.get(p) ?? []));
    }
  }
  return recursive;
}
