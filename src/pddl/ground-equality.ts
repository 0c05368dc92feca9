/**
 * Equality (`=`) in grounding: positive equalities between variables are resolved
 * by substitution before the join (fewer variables to bind); the rest are checks.
 */
import type { Term } from './ast.js';
import type { Literal } from './normalize.js';

/** Union-find style equality resolution for `=` literals: returns the substitution. */
export function equalitySubst(lits: readonly Literal[], substitutable: (name: string) => boolean): Map<string, Term> | undefined {
  const subst = new Map<string, Term>();
  const find = (t: Term): Term => {
    let cur = t;
    for (;;) {
      if (cur.kind !== 'var') return cur;
      const n = subst.get(cur.name);
      if (!n) return cur;
      cur = n;
    }
  };
  for (const l of lits) {
    if (l.pred !== '=' || l.neg || l.args.length !== 2) continue;
    const a = find(l.args[0]);
    const b = find(l.args[1]);
    if (a.kind === b.kind && a.name === b.name) continue;
    if (a.kind === 'var' && substitutable(a.name)) subst.set(a.name, b);
    else if (b.kind === 'var' && substitutable(b.name)) subst.set(b.name, a);
    else if (a.kind === 'const' && b.kind === 'const') return undefined;
    // otherwise: both non-substitutable, left as a check
  }
  const out = new Map<string, Term>();
  for (const k of subst.keys()) out.set(k, find({ kind: 'var', name: k }));
  return out;
}

export function substArgs(args: readonly Term[], subst: ReadonlyMap<string, Term>): Term[] {
  return args.map((a) => (a.kind === 'var' ? (subst.get(a.name) ?? a) : a));
}
