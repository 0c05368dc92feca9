/**
 * Semantic checks of formulas against a domain: declared predicates and
 * functions, arities, variable scoping, declared objects, argument types and
 * requirement usage. Shared by the domain checker (action bodies) and the
 * problem checker (init, goal).
 */
import type { SourceSpan } from '../core/errors.js';
import type { Atom, Condition, Domain, Effect, FunctionDecl, NumericExpr, PredicateDecl, Term, TypedName } from './ast.js';
import { suggest, type DiagnosticSink } from './diagnostics.js';
import { expandRequirements } from './parse-formula.js';
import { TypeHierarchy } from './types.js';
import { writeAtom, writeTypedList } from './writer.js';

/** Variable name → declared types. */
export type Scope = ReadonlyMap<string, readonly string[]>;

/** What the checker knows about a domain (first declaration wins for duplicates). */
export class DomainContext {
  readonly hierarchy: TypeHierarchy;
  readonly predicates = new Map<string, PredicateDecl>();
  readonly functions = new Map<string, FunctionDecl>();
  /** Predicates a `(:derived ...)` rule defines. */
  readonly derived: ReadonlySet<string>;
  /** Object/constant name → declared types (constants, plus problem objects when checking a problem). */
  readonly objects = new Map<string, string[]>();
  readonly requirements: Set<string>;
  private readonly warned = new Set<string>();
  /** Where the requirement warnings point when a construct has no span. */
  readonly typesDeclared: boolean;

  /** Constants the domain uses that only the problem declares, reported once each. */
  private readonly resolved = new Set<string>();

  /**
   * `problemObjects`, when given, are the objects of the problem the domain is checked with:
   * a constant the domain uses without declaring it resolves to one of them (a departure).
   * `checking` says whether names are checked in the domain's actions or in a problem.
   */
  constructor(
    domain: Domain,
    readonly sink: DiagnosticSink,
    private readonly checking: 'domain' | 'problem' = 'domain',
    private readonly problemObjects?: ReadonlyMap<string, readonly string[]>,
  ) {
    this.hierarchy = new TypeHierarchy(domain);
    for (const p of domain.predicates) if (!this.predicates.has(p.name)) this.predicates.set(p.name, p);
    for (const f of domain.functions) if (!this.functions.has(f.name)) this.functions.set(f.name, f);
    for (const c of domain.constants) if (!this.objects.has(c.name)) this.objects.set(c.name, c.types);
    this.requirements = expandRequirements(domain.requirements);
    this.derived = new Set(domain.derived.map((r) => r.name));
    this.typesDeclared = domain.types.length > 0;
  }

  /** True the first time it is called with `key` (for diagnostics reported once per task). */
  once(key: string): boolean {
    if (this.warned.has(key)) return false;
    this.warned.add(key);
    return true;
  }

  /** Warns once per requirement that a construct needs but the domain does not declare. */
  needs(req: string, what: string, span: SourceSpan | undefined): void {
    if (this.requirements.has(req) || this.warned.has(req)) return;
    this.warned.add(req);
    this.sink.departure('missing-requirement', `${what} needs requirement ${req}; add it to (:requirements ...)`, span);
  }

  /** Checks that every type in a (possibly `either`) type list is declared. */
  checkTypes(types: readonly string[], span: SourceSpan | undefined, where: string): boolean {
    let ok = true;
    for (const t of types) {
      if (t !== 'object') this.needs(':typing', 'a typed name', span);
      if (!this.hierarchy.has(t)) {
        ok = false;
        this.sink.error('unknown-type', `type '${t}' used in ${where} is not declared in (:types ...); declare it or use a declared type (${suggest(t, this.hierarchy.names, 'types')})`, span);
      }
    }
    return ok;
  }

  /** Checks a parameter list: declared types, no duplicates; returns the extended scope. */
  bind(scope: Scope, params: readonly TypedName[], where: string): Map<string, readonly string[]> {
    const out = new Map(scope);
    const local = new Set<string>();
    for (const p of params) {
      if (local.has(p.name)) {
        this.sink.error('duplicate', `parameter ${p.name} is declared twice in ${where}; rename one of them`, p.span);
        continue;
      }
      local.add(p.name);
      if (scope.has(p.name)) this.sink.warning('name-clash', `variable ${p.name} in ${where} shadows a variable of the same name bound outside it; rename it`, p.span);
      this.checkTypes(p.types, p.span, `${where} (parameter ${p.name})`);
      out.set(p.name, p.types);
    }
    return out;
  }

  /** The declared types of a term (undefined when undeclared, after reporting). */
  private termTypes(t: Term, scope: Scope, where: string | (() => string)): readonly string[] | undefined {
    if (t.kind === 'var') {
      const ts = scope.get(t.name);
      if (!ts) {
        const bound = [...scope.keys()];
        this.sink.error(
          'undeclared-parameter',
          `variable ${t.name} in ${text(where)} is not bound: ${bound.length ? `bound variables are ${bound.slice(0, 12).join(' ')}${bound.length > 12 ? ' ...' : ''}` : 'no variables are bound here'}; add it to :parameters or bind it with forall/exists${bound.length > 12 ? ` (${suggest(t.name, bound, 'variables')})` : ''}`,
          t.span,
        );
      }
      return ts;
    }
    const ts = this.objects.get(t.name);
    if (ts) return ts;
    const fromProblem = this.problemObjects?.get(t.name);
    if (fromProblem) {
      if (!this.resolved.has(t.name)) {
        this.resolved.add(t.name);
        this.sink.departure(
          'constant-in-problem',
          `constant '${t.name}' in ${text(where)} is not declared in the domain, only in the problem's (:objects ...) as ${t.name} - ${fromProblem.join('|')}; declare it in the domain's (:constants ...)`,
          t.span,
        );
      }
      return fromProblem;
    }
    const candidates = this.problemObjects ? [...this.objects.keys(), ...this.problemObjects.keys()] : [...this.objects.keys()];
    const known = candidates.length ? ` (${suggest(t.name, candidates, 'objects')})` : '';
    if (this.checking === 'domain') {
      const where2 = this.problemObjects ? "neither in the domain's (:constants ...) nor in the problem's (:objects ...)" : "in the domain; declare it in (:constants ...), or in the (:objects ...) of every problem that uses the domain";
      this.sink.error('undeclared-object', `constant '${t.name}' in ${text(where)} is not declared ${where2}${known}`, t.span);
    } else {
      this.sink.error('undeclared-object', undeclaredObjectMessage(t.name, text(where), this.objects.keys()), t.span);
    }
    return undefined;
  }

  /** An object no declaration names, in an initial fact: a departure (reported at each use, once by `plan`). */
  private undeclaredInitObject(t: Term, fact: Atom): void {
    this.sink.departure('undeclared-object-in-init', undeclaredObjectMessage(t.name, `${writeAtom(fact)} in (:init ...)`, this.objects.keys()), t.span, `object '${t.name}' in init facts is not declared`);
  }

  private argFits(actual: readonly string[], expected: readonly string[], isVar: boolean): boolean {
    if (this.hierarchy.compatible(actual, expected)) return true;
    // A variable of a supertype may still be bound to objects of the expected type.
    return isVar && this.hierarchy.compatible(expected, actual);
  }

  /** `initFact`: the atom is an initial fact, whose ill-typed arguments are a policy departure. */
  private checkArgs(args: readonly Term[], params: readonly TypedName[], scope: Scope, where: () => string, decl: () => string, initFact?: Atom): void {
    for (let i = 0; i < args.length; i++) {
      const t = args[i];
      if (initFact && t.kind === 'const' && !this.objects.has(t.name)) {
        this.undeclaredInitObject(t, initFact);
        continue;
      }
      const actual = this.termTypes(t, scope, where);
      if (!actual || i >= params.length) continue;
      const expected = params[i].types;
      if (!actual.every((a) => this.hierarchy.has(a)) || !expected.every((e) => this.hierarchy.has(e))) continue;
      if (!this.argFits(actual, expected, t.kind === 'var')) {
        const message = `argument ${i + 1} of ${where()} is ${t.name} of type ${actual.join('|')}, but ${decl()} expects ${expected.join('|')} there; use an argument of type ${expected.join('|')} (or a subtype)`;
        // in an initial fact: a departure (the fact is the departure, whatever argument is wrong)
        if (initFact) this.sink.departure('init-type-mismatch', message, t.span, `init fact ${writeAtom(initFact)} is ill-typed`);
        else this.sink.error('type-mismatch', message, t.span);
      }
    }
  }

  /** Predicate declared, arity, arguments in scope and of fitting types. */
  checkAtom(a: Atom, scope: Scope, where: string, initFact = false): void {
    if (a.predicate === '=') {
      this.needs(':equality', 'equality (= a b)', a.span);
      if (a.args.length !== 2) {
        this.sink.error('arity', `equality takes 2 arguments but ${a.args.length} were given: ${writeAtom(a)} in ${where}`, a.span);
      }
      for (const t of a.args) this.termTypes(t, scope, () => `${writeAtom(a)} in ${where}`);
      return;
    }
    const decl = this.predicates.get(a.predicate);
    const atomText = (): string => `${writeAtom(a)} in ${where}`;
    if (initFact && this.derived.has(a.predicate)) {
      this.sink.warning('malformed', `${atomText()} sets the derived predicate '${a.predicate}', whose value the (:derived ...) rules compute in every state; the fact is ignored (remove it)`, a.span);
    }
    if (!decl) {
      const message = `predicate '${a.predicate}' in ${atomText()} is not declared in (:predicates ...); declare it or use a declared predicate (${suggest(a.predicate, this.predicates.keys(), 'predicates')})`;
      if (initFact) {
        this.sink.departure('undeclared-predicate-in-init', message, a.span, `init facts use the undeclared predicate '${a.predicate}'`);
        for (const t of a.args) if (t.kind === 'const' && !this.objects.has(t.name)) this.undeclaredInitObject(t, a);
        return;
      }
      this.sink.error('undeclared-predicate', message, a.span);
      for (const t of a.args) this.termTypes(t, scope, atomText);
      return;
    }
    const declText = (): string => `(${decl.name}${decl.params.length ? ` ${writeTypedList(decl.params)}` : ''})`;
    if (decl.params.length !== a.args.length) {
      this.sink.error('arity', `predicate ${declText()} takes ${decl.params.length} argument${decl.params.length === 1 ? '' : 's'} but ${a.args.length} ${a.args.length === 1 ? 'was' : 'were'} given: ${atomText()}`, a.span);
    }
    this.checkArgs(a.args, decl.params, scope, atomText, () => `predicate ${declText()}`, initFact ? a : undefined);
  }

  checkFTerm(fn: string, args: readonly Term[], scope: Scope, span: SourceSpan | undefined): void {
    const decl = this.functions.get(fn);
    const text = (): string => (args.length ? `(${fn} ${args.map((t) => t.name).join(' ')})` : `(${fn})`);
    if (!decl) {
      this.sink.error('undeclared-function', `function '${fn}' in ${text()} is not declared in (:functions ...); declare it, e.g. (:functions (${fn}${args.length ? ' ' + args.map((_, i) => `?a${i + 1}`).join(' ') : ''}) - number) (${suggest(fn, this.functions.keys(), 'functions')})`, span);
      for (const t of args) this.termTypes(t, scope, text);
      return;
    }
    const declText = (): string => `(${decl.name}${decl.params.length ? ` ${writeTypedList(decl.params)}` : ''})`;
    if (decl.params.length !== args.length) {
      this.sink.error('arity', `function ${declText()} takes ${decl.params.length} argument${decl.params.length === 1 ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given: ${text()}`, span);
    }
    this.checkArgs(args, decl.params, scope, text, () => `function ${declText()}`);
  }

  checkNumeric(e: NumericExpr, scope: Scope): void {
    if (e.kind === 'fterm') this.checkFTerm(e.fn, e.args, scope, e.span);
  }

  checkCondition(c: Condition, scope: Scope, where: string): void {
    switch (c.kind) {
      case 'atom':
        this.checkAtom(c.atom, scope, where);
        return;
      case 'not':
        if (c.arg.kind !== 'atom') this.needs(':disjunctive-preconditions', 'a negated compound condition', c.span);
        else if (c.arg.atom.predicate !== '=') this.needs(':negative-preconditions', 'a negative condition (not ...)', c.span);
        this.checkCondition(c.arg, scope, where);
        return;
      case 'and':
        for (const a of c.args) this.checkCondition(a, scope, where);
        return;
      case 'or':
        this.needs(':disjunctive-preconditions', 'a disjunction (or ...)', c.span);
        for (const a of c.args) this.checkCondition(a, scope, where);
        return;
      case 'imply':
        this.needs(':disjunctive-preconditions', 'an implication (imply ...)', c.span);
        this.checkCondition(c.left, scope, where);
        this.checkCondition(c.right, scope, where);
        return;
      case 'forall':
      case 'exists': {
        this.needs(c.kind === 'forall' ? ':universal-preconditions' : ':existential-preconditions', `a quantified condition (${c.kind} ...)`, c.span);
        const inner = this.bind(scope, c.params, `(${c.kind} ...)`);
        this.checkCondition(c.body, inner, where);
        return;
      }
    }
  }

  checkEffect(e: Effect, scope: Scope, where: string): void {
    switch (e.kind) {
      case 'and':
        for (const a of e.args) this.checkEffect(a, scope, where);
        return;
      case 'add':
      case 'del':
        if (e.atom.predicate === '=') {
          this.sink.error('malformed', `equality ${writeAtom(e.atom)} cannot be an effect; effects add or delete predicates`, e.atom.span);
          return;
        }
        if (this.derived.has(e.atom.predicate)) {
          this.sink.error('malformed', `${writeAtom(e.atom)} in ${where} changes the derived predicate '${e.atom.predicate}'; a (:derived ...) rule defines it, so no effect may add or delete it`, e.atom.span);
          return;
        }
        this.checkAtom(e.atom, scope, where);
        return;
      case 'forall': {
        this.needs(':conditional-effects', 'a universal effect (forall ...)', e.span);
        const inner = this.bind(scope, e.params, '(forall ...)');
        this.checkEffect(e.body, inner, where);
        return;
      }
      case 'when':
        this.needs(':conditional-effects', 'a conditional effect (when ...)', e.span);
        this.checkCondition(e.condition, scope, where);
        this.checkEffect(e.effect, scope, where);
        return;
      case 'increase':
        this.needs(':action-costs', 'an action cost (increase (total-cost) ...)', e.span);
        this.checkFTerm(e.fn, e.args, scope, e.span);
        this.checkNumeric(e.amount, scope);
        return;
    }
  }
}

function undeclaredObjectMessage(name: string, where: string, declared: Iterable<string>): string {
  return `object '${name}' in ${where} is not declared; add it to (:objects ...) in the problem or (:constants ...) in the domain (${suggest(name, declared, 'objects')})`;
}

function text(where: string | (() => string)): string {
  return typeof where === 'string' ? where : where();
}
