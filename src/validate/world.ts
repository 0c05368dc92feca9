/**
 * The lifted world a plan is replayed in: the objects (problem objects and
 * domain constants) with their types, variable bindings, and ground fact keys.
 * A state is a set of fact keys `(pred a b)`; everything not in it is false
 * (closed world).
 */
import { GroundplanError } from '../core/errors.js';
import type { Atom, Domain, Problem, Term, TypedName } from '../pddl/ast.js';
import { TypeHierarchy, objectTypes, objectsByType } from '../pddl/types.js';

/** Variable (`?x`) → object name. */
export type Bindings = Map<string, string>;

/** The printable key of a ground fact: `(on a b)`, `(handempty)`. */
export function factKey(predicate: string, args: readonly string[]): string {
  return args.length ? `(${predicate} ${args.join(' ')})` : `(${predicate})`;
}

export function resolveTerm(t: Term, env: Bindings): string {
  if (t.kind === 'const') return t.name;
  const v = env.get(t.name);
  if (v === undefined) throw new GroundplanError('VALIDATE_UNBOUND', `variable ${t.name} is not bound (a parameter or quantifier should declare it)`);
  return v;
}

export function groundAtomArgs(a: Atom, env: Bindings): string[] {
  return a.args.map((t) => resolveTerm(t, env));
}

/** Objects and constants with their types, and type membership queries. */
export class Universe {
  readonly hierarchy: TypeHierarchy;
  private readonly declared: Map<string, string[]>;
  private readonly byType: Map<string, string[]>;
  private readonly unionCache = new Map<string, string[]>();

  constructor(domain: Domain, problem: Problem) {
    this.hierarchy = new TypeHierarchy(domain);
    this.declared = objectTypes(domain, problem);
    this.byType = objectsByType(domain, problem);
  }

  has(name: string): boolean {
    return this.declared.has(name);
  }

  /** Declared types of an object (['object'] when untyped); [] when unknown. */
  typesOf(name: string): string[] {
    return this.declared.get(name) ?? [];
  }

  /** Whether `name` may be bound to a parameter typed `expected` (an `either` list). */
  fits(name: string, expected: readonly string[]): boolean {
    const actual = this.declared.get(name);
    return actual !== undefined && this.hierarchy.compatible(actual, expected);
  }

  /** Every object whose type fits `types` (an `either` list), without duplicates. */
  objectsOf(types: readonly string[]): string[] {
    if (types.length === 1) return this.byType.get(types[0]) ?? [];
    const key = types.join(' ');
    let out = this.unionCache.get(key);
    if (!out) {
      const seen = new Set<string>();
      out = [];
      for (const t of types) {
        for (const o of this.byType.get(t) ?? []) {
          if (!seen.has(o)) {
            seen.add(o);
            out.push(o);
          }
        }
      }
      this.unionCache.set(key, out);
    }
    return out;
  }

  /** Known object names, sorted (for messages). */
  names(): string[] {
    return [...this.declared.keys()].sort();
  }
}

/**
 * Calls `visit` once per binding of `params` to objects of their types, with `env`
 * extended in place (and restored afterwards). Stops early when `visit` returns true;
 * returns whether it stopped early.
 */
export function forEachBinding(universe: Universe, params: readonly TypedName[], env: Bindings, visit: () => boolean): boolean {
  const saved = params.map((p) => env.get(p.name));
  const rec = (i: number): boolean => {
    if (i === params.length) return visit();
    const p = params[i];
    for (const o of universe.objectsOf(p.types)) {
      env.set(p.name, o);
      if (rec(i + 1)) return true;
    }
    return false;
  };
  try {
    return rec(0);
  } finally {
    params.forEach((p, i) => {
      const v = saved[i];
      if (v === undefined) env.delete(p.name);
      else env.set(p.name, v);
    });
  }
}
