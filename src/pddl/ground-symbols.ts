/**
 * The grounder's symbol tables: objects (constants and problem objects) with
 * integer ids and per-type object lists, and predicates with ids, arities and
 * kinds (fluent, static, type or an action's pseudo-predicate), as Fast
 * Downward's translator numbers them before building its logic program.
 */
import { InputError } from '../core/errors.js';
import type { Domain, Problem, Span } from './ast.js';
import { makeObjectsOf, type ObjectsOf } from './normalize.js';
import { objectsByType, OBJECT_TYPE } from './types.js';

function typeKey(types: readonly string[]): string {
  return types.length === 1 ? types[0] : [...types].sort().join('|');
}

export class ObjectTable {
  /** Every object, constants first, in declaration order; an object's id is its index. */
  readonly names: readonly string[];
  /** Object names of a (possibly `either`) type list, subtypes included. */
  readonly ofName: ObjectsOf;
  private readonly ids = new Map<string, number>();
  private readonly idsOfType = new Map<string, number[]>();

  /**
   * Names that only initial facts use (a policy departure the checker reports) are objects
   * too, after the declared ones, but of no type: no typed parameter takes them.
   */
  constructor(domain: Domain, problem: Problem) {
    const byType = objectsByType(domain, problem);
    const names = [...(byType.get(OBJECT_TYPE) ?? [])];
    names.forEach((o, i) => this.ids.set(o, i));
    for (const el of problem.init) {
      if (el.kind !== 'atom') continue;
      for (const t of el.atom.args) {
        if (t.kind === 'const' && !this.ids.has(t.name)) {
          this.ids.set(t.name, names.length);
          names.push(t.name);
        }
      }
    }
    this.names = names;
    this.ofName = makeObjectsOf(byType);
  }

  /** Object ids of a type list (cached per type list). */
  ofType(types: readonly string[]): number[] {
    const k = typeKey(types);
    let ids = this.idsOfType.get(k);
    if (!ids) {
      ids = this.ofName(types).map((o) => this.ids.get(o) as number);
      this.idsOfType.set(k, ids);
    }
    return ids;
  }

  /** The id of a declared object; throws a located error for any other name. */
  id(name: string, span?: Span): number {
    const id = this.ids.get(name);
    if (id === undefined) throw new InputError('PDDL_UNKNOWN_OBJECT', `unknown object ${name}`, span);
    return id;
  }

  /** The id of a name the checker has already declared. */
  known(name: string): number {
    return this.ids.get(name) as number;
  }
}

export type PredicateKind = 'fluent' | 'static' | 'type' | 'action';

/**
 * Predicates by id. Declared predicates come first; a predicate an effect changes is a fluent,
 * any other is static. Type predicates (`type:block`, one per type list used by a parameter)
 * and one pseudo-predicate per action (its reachable instances) are added as the program is
 * built; the facts of a new type predicate wait in `pendingTypeFacts`.
 */
export class PredicateTable {
  readonly names: string[] = [];
  readonly arity: number[] = [];
  readonly kind: PredicateKind[] = [];
  readonly pendingTypeFacts: [number, number[]][] = [];
  private readonly ids = new Map<string, number>();
  private readonly typePreds = new Map<string, number>();

  constructor(
    domain: Domain,
    private readonly fluents: ReadonlySet<string>,
    private readonly objects: ObjectTable,
  ) {
    for (const p of domain.predicates) {
      if (!this.ids.has(p.name)) this.add(p.name, p.params.length, fluents.has(p.name) ? 'fluent' : 'static');
    }
  }

  add(name: string, n: number, kind: PredicateKind): number {
    const id = this.names.length;
    this.ids.set(name, id);
    this.names.push(name);
    this.arity.push(n);
    this.kind.push(kind);
    return id;
  }

  /** The id of predicate `name` used with `n` arguments (added when undeclared). */
  id(name: string, n: number, span?: Span): number {
    const id = this.ids.get(name);
    if (id !== undefined) {
      if (this.arity[id] !== n) throw new InputError('PDDL_ARITY', `predicate ${name} takes ${this.arity[id]} arguments, not ${n}`, span);
      return id;
    }
    return this.add(name, n, this.fluents.has(name) ? 'fluent' : 'static');
  }

  /** The unary predicate "is of one of `types`", with its facts queued. */
  typeAtom(types: readonly string[]): number {
    const k = typeKey(types);
    let id = this.typePreds.get(k);
    if (id === undefined) {
      id = this.add(`type:${k}`, 1, 'type');
      this.typePreds.set(k, id);
      this.pendingTypeFacts.push([id, this.objects.ofType(types)]);
    }
    return id;
  }

  /** Static and type predicates: their facts are all in the initial state. */
  readonly isStatic = (p: number): boolean => this.kind[p] === 'static' || this.kind[p] === 'type';
}
