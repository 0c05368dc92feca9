/**
 * Applying an action's effect to a lifted state with PDDL semantics: every
 * part (including `forall` and `when` conditions and `increase` amounts) is
 * evaluated in the state before the action; then deletes are applied before
 * adds, so a fact both added and deleted ends true (as VAL and Fast Downward do).
 */
import { InputError } from '../core/errors.js';
import type { Effect, NumericExpr } from '../pddl/ast.js';
import { type EvalContext, holds } from './condition.js';
import { type Bindings, factKey, forEachBinding, groundAtomArgs, resolveTerm } from './world.js';

/** Numeric fluent values keyed like facts: `(road-length a b)` → 3. */
export type Fluents = Map<string, number>;

/** The functions whose value is 0 when `:init` does not set them (as Fast Downward assumes). */
export const DEFAULT_ZERO_FUNCTIONS: ReadonlySet<string> = new Set(['total-cost']);

export interface CollectedEffects {
  add: string[];
  del: string[];
  /** Fluent key → total increase, amounts evaluated in the state before the action. */
  increase: Map<string, number>;
}

/** Evaluates `e` under `env` in the pre-state and returns what it adds, deletes and increases. */
export function collectEffects(e: Effect, env: Bindings, ctx: EvalContext, fluents: Fluents): CollectedEffects {
  const out: CollectedEffects = { add: [], del: [], increase: new Map() };
  walk(e, env, ctx, fluents, out);
  return out;
}

function walk(e: Effect, env: Bindings, ctx: EvalContext, fluents: Fluents, out: CollectedEffects): void {
  switch (e.kind) {
    case 'and':
      for (const a of e.args) walk(a, env, ctx, fluents, out);
      return;
    case 'add':
      out.add.push(factKey(e.atom.predicate, groundAtomArgs(e.atom, env)));
      return;
    case 'del':
      out.del.push(factKey(e.atom.predicate, groundAtomArgs(e.atom, env)));
      return;
    case 'forall':
      forEachBinding(ctx.universe, e.params, env, () => {
        walk(e.body, env, ctx, fluents, out);
        return false;
      });
      return;
    case 'when':
      if (holds(e.condition, env, ctx)) walk(e.effect, env, ctx, fluents, out);
      return;
    case 'increase': {
      const key = factKey(e.fn, e.args.map((t) => resolveTerm(t, env)));
      const amount = evalNumeric(e.amount, env, fluents);
      out.increase.set(key, (out.increase.get(key) ?? 0) + amount);
      return;
    }
  }
}

/** The value of a numeric expression; an unset function value is an input error. */
export function evalNumeric(x: NumericExpr, env: Bindings, fluents: Fluents): number {
  if (x.kind === 'number') return x.value;
  const key = factKey(x.fn, x.args.map((t) => resolveTerm(t, env)));
  const v = fluents.get(key);
  if (v !== undefined) return v;
  if (DEFAULT_ZERO_FUNCTIONS.has(x.fn)) return 0;
  throw new InputError('VALIDATE_UNDEFINED_FLUENT', `${key} has no value: the problem's :init must set it, e.g. (= ${key} 1)`, x.span);
}

/** Applies collected effects to `state` and `fluents` in place; returns the facts that actually changed. */
export function applyEffects(state: Set<string>, fluents: Fluents, eff: CollectedEffects): { added: string[]; deleted: string[] } {
  const added: string[] = [];
  const deleted: string[] = [];
  const addSet = new Set(eff.add);
  for (const f of eff.del) {
    if (!addSet.has(f) && state.delete(f)) deleted.push(f);
  }
  for (const f of eff.add) {
    if (!state.has(f)) {
      state.add(f);
      added.push(f);
    }
  }
  for (const [k, d] of eff.increase) {
    const base = fluents.get(k) ?? (DEFAULT_ZERO_FUNCTIONS.has(k.slice(1, -1).split(' ')[0]) ? 0 : undefined);
    if (base === undefined) throw new InputError('VALIDATE_UNDEFINED_FLUENT', `${k} has no value before it is increased: the problem's :init must set it`);
    fluents.set(k, base + d);
  }
  return { added, deleted };
}
