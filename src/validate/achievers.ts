/**
 * Repair hints for failing literals, in the spirit of VAL's plan-repair advice:
 * which actions can make a literal true (add it) or false (delete it), and which
 * literals no action can change that way, so the fix must be a different argument.
 */
import type { Domain, Effect } from '../pddl/ast.js';
import type { Unsat } from './condition.js';

/** Predicate → names of actions that add it, and that delete it (effects under forall/when included). */
export interface AchieverIndex {
  adders: Map<string, string[]>;
  deleters: Map<string, string[]>;
  /** Derived predicates: their `(:derived ...)` rules make them true or false. */
  derived: Set<string>;
}

export function achieverIndex(domain: Domain): AchieverIndex {
  const adders = new Map<string, string[]>();
  const deleters = new Map<string, string[]>();
  const note = (m: Map<string, string[]>, pred: string, action: string): void => {
    const list = m.get(pred);
    if (!list) m.set(pred, [action]);
    else if (!list.includes(action)) list.push(action);
  };
  const walk = (e: Effect, action: string): void => {
    switch (e.kind) {
      case 'and':
        for (const a of e.args) walk(a, action);
        return;
      case 'add':
        note(adders, e.atom.predicate, action);
        return;
      case 'del':
        note(deleters, e.atom.predicate, action);
        return;
      case 'forall':
        walk(e.body, action);
        return;
      case 'when':
        walk(e.effect, action);
        return;
      case 'increase':
        return;
    }
  };
  for (const a of domain.actions) if (a.effect) walk(a.effect, a.name);
  return { adders, deleters, derived: new Set(domain.derived.map((r) => r.name)) };
}

/**
 * One hint per failing literal: `(clear b) can be made true by put-down, stack, unstack`,
 * or `no action makes (road a c) true: use other arguments or another action`.
 * Disjunctions and equalities get no hint.
 */
export function repairHints(unsat: readonly Unsat[], index: AchieverIndex): string[] {
  const out: string[] = [];
  for (const u of unsat) {
    const lit = u.literal;
    if (!lit || lit.predicate === '=') continue;
    const key = lit.args.length ? `(${lit.predicate} ${lit.args.join(' ')})` : `(${lit.predicate})`;
    const actions = (lit.positive ? index.adders : index.deleters).get(lit.predicate) ?? [];
    const goal = lit.positive ? 'true' : 'false';
    if (index.derived.has(lit.predicate)) out.push(`${key} is derived: make its (:derived ${lit.predicate}) rule's body ${goal}`);
    else if (actions.length) out.push(`${key} can be made ${goal} by ${actions.join(', ')}`);
    else out.push(`no action makes ${key} ${goal}: use other arguments or another action`);
  }
  return out;
}
