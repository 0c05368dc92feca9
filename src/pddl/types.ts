/**
 * PDDL type hierarchy: `(:types a b - c c - object)`, implicit `object`,
 * `either` parents, and the object-by-type tables the grounder needs.
 */
import type { Domain, Problem, TypedName } from './ast.js';

export const OBJECT_TYPE = 'object';

/** The subtype relation of a domain (reflexive, transitive, everything ≤ `object`). */
export class TypeHierarchy {
  private readonly parents = new Map<string, string[]>();
  private readonly closure = new Map<string, string[]>();
  /** Declared types in declaration order (parents that were never declared come after). */
  readonly names: string[] = [];

  constructor(domain: Domain) {
    this.addName(OBJECT_TYPE);
    for (const t of domain.types) {
      this.addName(t.name);
      const ps = this.parents.get(t.name) ?? [];
      for (const p of t.parents) if (!ps.includes(p) && !(p === t.name && p === OBJECT_TYPE)) ps.push(p);
      this.parents.set(t.name, ps);
    }
    for (const t of domain.types) for (const p of t.parents) this.addName(p);
  }

  private addName(t: string): void {
    if (!this.parents.has(t)) {
      this.parents.set(t, []);
      this.names.push(t);
    }
  }

  /** True for `object` and every declared type (including types only used as parents). */
  has(t: string): boolean {
    return this.parents.has(t);
  }

  /** `t` itself, all its ancestors (breadth-first), and `object` last if not already present. */
  supertypes(t: string): string[] {
    const cached = this.closure.get(t);
    if (cached) return cached;
    const out: string[] = [t];
    const seen = new Set(out);
    for (let i = 0; i < out.length; i++) {
      for (const p of this.parents.get(out[i]) ?? []) {
        if (!seen.has(p)) {
          seen.add(p);
          out.push(p);
        }
      }
    }
    if (!seen.has(OBJECT_TYPE)) out.push(OBJECT_TYPE);
    this.closure.set(t, out);
    return out;
  }

  isSubtype(sub: string, sup: string): boolean {
    if (sub === sup || sup === OBJECT_TYPE) return true;
    return this.supertypes(sub).includes(sup);
  }

  /**
   * Whether a value declared with types `actual` (an `either` list) may be used where
   * `expected` (an `either` list) is required: some actual type is a subtype of some expected
   * type. This is FD's lenient reading of `either`.
   */
  compatible(actual: readonly string[], expected: readonly string[]): boolean {
    for (const a of actual) for (const e of expected) if (this.isSubtype(a, e)) return true;
    return false;
  }

  /** A cycle in the parent relation (`a - b`, `b - a`), if any, as the list of names. */
  findCycle(): string[] | undefined {
    const state = new Map<string, 1 | 2>();
    const stack: string[] = [];
    const visit = (t: string): string[] | undefined => {
      state.set(t, 1);
      stack.push(t);
      for (const p of this.parents.get(t) ?? []) {
        const s = state.get(p);
        if (s === 1) return stack.slice(stack.indexOf(p)).concat(p);
        if (s === undefined) {
          const c = visit(p);
          if (c) return c;
        }
      }
      stack.pop();
      state.set(t, 2);
      return undefined;
    };
    for (const t of this.names) {
      if (state.get(t) === undefined) {
        const c = visit(t);
        if (c) return c;
      }
    }
    return undefined;
  }
}

function allObjects(domain: Domain, problem: Problem): TypedName[] {
  return [...domain.constants, ...problem.objects];
}

/**
 * Every declared type (and `object`) → all constants and objects whose type is it or a
 * subtype, in declaration order (constants first), without duplicates. An object typed
 * `(either a b)` belongs to `a`, `b` and their supertypes. Objects of undeclared types are
 * listed under that type name too.
 */
export function objectsByType(domain: Domain, problem: Problem): Map<string, string[]> {
  const h = new TypeHierarchy(domain);
  const out = new Map<string, string[]>();
  const seen = new Map<string, Set<string>>();
  for (const t of h.names) {
    out.set(t, []);
    seen.set(t, new Set());
  }
  for (const o of allObjects(domain, problem)) {
    for (const t of o.types) {
      for (const s of h.supertypes(t)) {
        let list = out.get(s);
        let set = seen.get(s);
        if (!list || !set) {
          list = [];
          set = new Set();
          out.set(s, list);
          seen.set(s, set);
        }
        if (!set.has(o.name)) {
          set.add(o.name);
          list.push(o.name);
        }
      }
    }
  }
  return out;
}

/** Object (and constant) name → its declared types (merged if declared more than once). */
export function objectTypes(domain: Domain, problem: Problem): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const o of allObjects(domain, problem)) {
    const prev = out.get(o.name);
    if (!prev) out.set(o.name, [...o.types]);
    else for (const t of o.types) if (!prev.includes(t)) prev.push(t);
  }
  return out;
}
