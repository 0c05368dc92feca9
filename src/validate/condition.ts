/**
 * Evaluating PDDL goal descriptions (preconditions, goals, `when` conditions)
 * on a lifted state under full ADL semantics: and/or/not/imply/forall/exists
 * over typed objects, equality, closed-world negation. `unsatisfied` explains a
 * false condition as the ground literals that make it false.
 */
import type { Condition, TypedName } from '../pddl/ast.js';
import { type Bindings, type Universe, factKey, forEachBinding, groundAtomArgs, resolveTerm } from './world.js';

export interface EvalContext {
  universe: Universe;
  state: ReadonlySet<string>;
}

/** Whether `c` holds in `ctx.state` under `env`. */
export function holds(c: Condition, env: Bindings, ctx: EvalContext): boolean {
  switch (c.kind) {
    case 'atom': {
      const args = groundAtomArgs(c.atom, env);
      if (c.atom.predicate === '=') return args.length === 2 && args[0] === args[1];
      return ctx.state.has(factKey(c.atom.predicate, args));
    }
    case 'not':
      return !holds(c.arg, env, ctx);
    case 'and':
      return c.args.every((a) => holds(a, env, ctx));
    case 'or':
      return c.args.some((a) => holds(a, env, ctx));
    case 'imply':
      return !holds(c.left, env, ctx) || holds(c.right, env, ctx);
    case 'forall':
      return !forEachBinding(ctx.universe, c.params, env, () => !holds(c.body, env, ctx));
    case 'exists':
      return forEachBinding(ctx.universe, c.params, env, () => holds(c.body, env, ctx));
  }
}

/** One reason a condition is false: a ground literal, or a compact failing disjunction. */
export interface Unsat {
  /** `(clear b)`, `not (holding a)`, `(= a b)`, or e.g. `(or (clear a) (ontable a))`. */
  text: string;
  /** Set when the reason is a single literal. */
  literal?: { predicate: string; args: string[]; positive: boolean };
  /** For a failing disjunction: a plain-language phrase, e.g. `none of (lit i3), (red i3) holds`. */
  phrase?: string;
}

/**
 * Why `c` is false (empty when it holds). Conjunctions (and, forall, and their
 * negated duals) report every failing part; a disjunction (or, exists, imply's
 * dual) none of whose alternatives holds is reported as one compact entry in negation
 * normal form: `(or (not (inside x box)) (open box))`, `(exists (?i - item) (in ?i b2))`.
 */
export function unsatisfied(c: Condition, env: Bindings, ctx: EvalContext): Unsat[] {
  const out: Unsat[] = [];
  collect(c, env, ctx, true, out);
  const seen = new Set<string>();
  return out.filter((u) => (seen.has(u.text) ? false : (seen.add(u.text), true)));
}

function collect(c: Condition, env: Bindings, ctx: EvalContext, positive: boolean, out: Unsat[]): void {
  switch (c.kind) {
    case 'atom': {
      const args = groundAtomArgs(c.atom, env);
      const value = c.atom.predicate === '=' ? args.length === 2 && args[0] === args[1] : ctx.state.has(factKey(c.atom.predicate, args));
      if (value === positive) return;
      const key = factKey(c.atom.predicate, args);
      out.push({ text: positive ? key : `not ${key}`, literal: { predicate: c.atom.predicate, args, positive } });
      return;
    }
    case 'not':
      collect(c.arg, env, ctx, !positive, out);
      return;
    case 'and':
    case 'or': {
      const conjunctive = (c.kind === 'and') === positive;
      if (conjunctive) {
        for (const a of c.args) collect(a, env, ctx, positive, out);
        return;
      }
      if (c.args.length === 1) {
        collect(c.args[0], env, ctx, positive, out);
        return;
      }
      if (c.args.some((a) => holds(a, env, ctx) === positive)) return;
      const alternatives = c.args.map((a) => nnf(a, env, positive));
      out.push({ text: `(or ${alternatives.join(' ')})`, phrase: `none of ${alternatives.join(', ')} holds` });
      return;
    }
    case 'imply':
      if (positive) {
        // Fails only when the antecedent holds and the consequent does not: report the consequent.
        if (holds(c.left, env, ctx)) collect(c.right, env, ctx, true, out);
      } else {
        collect(c.left, env, ctx, true, out);
        collect(c.right, env, ctx, false, out);
      }
      return;
    case 'forall':
    case 'exists': {
      const conjunctive = (c.kind === 'forall') === positive;
      if (conjunctive) {
        forEachBinding(ctx.universe, c.params, env, () => {
          collect(c.body, env, ctx, positive, out);
          return false;
        });
        return;
      }
      const some = forEachBinding(ctx.universe, c.params, env, () => holds(c.body, env, ctx) === positive);
      if (!some) {
        const inner = shadow(env, c.params);
        const body = nnf(c.body, inner, positive);
        out.push({ text: `(exists (${renderParams(c.params)}) ${body})`, phrase: `there is no ${c.params.map((p) => p.name).join(', ')} with ${body}` });
      }
      return;
    }
  }
}

function shadow(env: Bindings, params: readonly TypedName[]): Bindings {
  const inner = new Map(env);
  for (const p of params) inner.delete(p.name);
  return inner;
}

/**
 * PDDL text of `c` (or of its negation when !positive) in negation normal form, with
 * bound variables replaced: `not (and A B)` renders as `(or (not A) (not B))`.
 */
export function nnf(c: Condition, env: Bindings, positive = true): string {
  switch (c.kind) {
    case 'atom': {
      const s = renderCond(c, env);
      return positive ? s : `(not ${s})`;
    }
    case 'not':
      return nnf(c.arg, env, !positive);
    case 'and':
    case 'or': {
      const kind = (c.kind === 'and') === positive ? 'and' : 'or';
      return `(${kind}${c.args.map((a) => ` ${nnf(a, env, positive)}`).join('')})`;
    }
    case 'imply':
      return positive ? `(or ${nnf(c.left, env, false)} ${nnf(c.right, env, true)})` : `(and ${nnf(c.left, env, true)} ${nnf(c.right, env, false)})`;
    case 'forall':
    case 'exists': {
      const kind = (c.kind === 'forall') === positive ? 'forall' : 'exists';
      return `(${kind} (${renderParams(c.params)}) ${nnf(c.body, shadow(env, c.params), positive)})`;
    }
  }
}

/** PDDL text of `c` with bound variables replaced by their objects; `not ` prefixed when !positive. */
export function render(c: Condition, env: Bindings, positive = true): string {
  const s = renderCond(c, env);
  return positive ? s : `not ${s}`;
}

function renderParams(params: readonly TypedName[]): string {
  return params.map((p) => `${p.name} - ${p.types.length === 1 ? p.types[0] : `(either ${p.types.join(' ')})`}`).join(' ');
}

function renderCond(c: Condition, env: Bindings): string {
  switch (c.kind) {
    case 'atom': {
      const args = c.atom.args.map((t) => (t.kind === 'var' && !env.has(t.name) ? t.name : resolveTerm(t, env)));
      return factKey(c.atom.predicate, args);
    }
    case 'not':
      return `(not ${renderCond(c.arg, env)})`;
    case 'and':
    case 'or':
      return `(${c.kind}${c.args.map((a) => ` ${renderCond(a, env)}`).join('')})`;
    case 'imply':
      return `(imply ${renderCond(c.left, env)} ${renderCond(c.right, env)})`;
    case 'forall':
    case 'exists': {
      // Quantified variables shadow outer bindings.
      return `(${c.kind} (${renderParams(c.params)}) ${renderCond(c.body, shadow(env, c.params))})`;
    }
  }
}
