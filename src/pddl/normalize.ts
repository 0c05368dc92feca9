/**
 * ADL → the conjunctive form the grounder needs (Helmert 2009, "Concise
 * finite-domain representations for PDDL planning tasks", section 4; Gazen &
 * Knoblock 1997 for the DNF compilation).
 *
 * - `imply` is expanded and negations are pushed to the literals (NNF);
 * - `forall` in a condition is expanded over the finite object set of its types;
 * - `exists` in a positive position becomes extra action parameters;
 * - disjunctions are split into DNF branches (one action per branch) while the
 *   DNF stays small; beyond that the conjunctive part is kept for lifted
 *   reachability and the rest is a *residual* formula the grounder evaluates
 *   per ground operator (see ground-residual.ts);
 * - effects are flattened into (forall-vars, condition literals, atom) triples; a
 *   `when` whose condition has a disjunction becomes one effect per DNF term, or,
 *   when that DNF is too large, a condition on an auxiliary derived predicate
 *   (as Fast Downward's translator compiles such conditions into axioms);
 * - derived predicate rules (`:derived`) become conjunctive axioms: one per DNF
 *   term, or, when the DNF is too large, one per disjunct with each nested
 *   disjunction replaced by an auxiliary derived predicate over its free
 *   variables; the axioms are stratified (derived-strata.ts);
 * - a goal that is not a conjunction of literals becomes auxiliary actions that
 *   add a fresh goal atom.
 */
import { InputError } from '../core/errors.js';
import type { Condition, DerivedDecl, Domain, Effect, NumericExpr, Problem, Span, Term, TypedName } from './ast.js';
import { recursivePredicates, strata } from './derived-strata.js';

/** A lifted literal; `pred` may be `=`. */
export interface Literal {
  pred: string;
  args: Term[];
  neg: boolean;
  span?: Span;
}

/** A condition in negation normal form; `forall` has already been expanded. */
export type NCond =
  | { k: 'lit'; lit: Literal }
  | { k: 'and'; args: NCond[] }
  | { k: 'or'; args: NCond[] }
  | { k: 'exists'; params: TypedName[]; body: NCond }
  | { k: 'true' }
  | { k: 'false' };

export interface NormalEffect {
  /** Variables bound by enclosing `forall`s (and `exists` in the `when` condition). */
  vars: TypedName[];
  cond: Literal[];
  pred: string;
  args: Term[];
  del: boolean;
  span?: Span;
}

export interface CostTerm {
  amount: NumericExpr;
  span?: Span;
}

export interface NormalAction {
  /** The lifted action name; for auxiliary goal actions, `reach-goal`. */
  name: string;
  /** Original parameters first, then existential variables of this branch. */
  params: TypedName[];
  /** How many of `params` are the action's own (shown in plans). */
  nOrig: number;
  /** Conjunctive precondition. */
  pre: Literal[];
  /** What is left when the DNF would be too large (evaluated per ground operator). */
  residual?: NCond;
  effects: NormalEffect[];
  cost: CostTerm[];
  aux: boolean;
  span?: Span;
}

/** A conjunctive rule for a derived predicate: `pred(params[0..nHead))` holds when `pre` does. */
export interface NormalAxiom {
  pred: string;
  /** The head's parameters, then the body's existential variables. */
  params: TypedName[];
  nHead: number;
  pre: Literal[];
  span?: Span;
}

/** The prefix of the auxiliary derived predicates the normalizer introduces. */
export const AUX_DERIVED_PREFIX = '@derived-';

export interface NormalTask {
  actions: NormalAction[];
  /** Axioms of the derived predicates (the domain's and auxiliary ones). */
  axioms: NormalAxiom[];
  /** Derived predicate → stratum; axioms are evaluated stratum by stratum. */
  stratum: Map<string, number>;
  /** Ground goal literals (constants only). */
  goal: Literal[];
}

/** The predicate the auxiliary goal actions add. */
export const GOAL_PREDICATE = '@goal-reached';

/** Largest DNF split into separate lifted actions. */
const LIFTED_DNF_LIMIT = 16;
/** Largest DNF of an effect condition or of a goal. */
const EFFECT_DNF_LIMIT = 4096;

export interface DnfTerm {
  lits: Literal[];
  params: TypedName[];
}

/** Object names by type; `either` lists are the union. */
export type ObjectsOf = (types: readonly string[]) => readonly string[];

export function makeObjectsOf(byType: Map<string, string[]>): ObjectsOf {
  const cache = new Map<string, string[]>();
  return (types) => {
    if (types.length === 1) return byType.get(types[0]) ?? [];
    const key = types.join(' ');
    let out = cache.get(key);
    if (!out) {
      const seen = new Set<string>();
      out = [];
      for (const t of types) {
        for (const o of byType.get(t) ?? []) {
          if (seen.has(o)) continue;
          seen.add(o);
          out.push(o);
        }
      }
      cache.set(key, out);
    }
    return out;
  };
}

type VarTypes = ReadonlyMap<string, readonly string[]>;

/** Variables of `c` that no `exists` inside it binds, in first-use order. */
function freeVars(c: NCond, bound: ReadonlySet<string> = new Set(), out: string[] = []): string[] {
  switch (c.k) {
    case 'lit':
      for (const t of c.lit.args) if (t.kind === 'var' && !bound.has(t.name) && !out.includes(t.name)) out.push(t.name);
      return out;
    case 'and':
    case 'or':
      for (const a of c.args) freeVars(a, bound, out);
      return out;
    case 'exists':
      return freeVars(c.body, new Set([...bound, ...c.params.map((p) => p.name)]), out);
    default:
      return out;
  }
}

class Normalizer {
  private fresh = 0;
  private auxCount = 0;
  readonly axioms: NormalAxiom[] = [];
  /** Parameters of the action whose effects are being flattened. */
  actionParams: readonly TypedName[] = [];
  /** The `when` condition each normalized effect condition comes from (to compile it lifted when it is too large). */
  private readonly conditionSource = new WeakMap<NCond, { condition: Condition; subst: ReadonlyMap<string, Term> }>();
  /** The auxiliary literal of each large effect condition (shared by the effects under one `when`). */
  private readonly auxOfCondition = new WeakMap<NCond[], Literal>();
  constructor(private readonly objectsOf: ObjectsOf) {}

  /**
   * Axioms deriving `pred(params)` when `body` holds: one per DNF term, or, when the DNF is
   * too large, one per top-level disjunct with nested disjunctions made auxiliary predicates.
   */
  defineAxioms(pred: string, params: readonly TypedName[], body: NCond, span?: Span): void {
    const types: VarTypes = new Map(params.map((p) => [p.name, p.types]));
    const terms = dnf(body, LIFTED_DNF_LIMIT) ?? (body.k === 'or' ? body.args : [body]).flatMap((d) => this.conjunction(d, types, span) ?? []);
    for (const t of terms) this.axioms.push({ pred, params: [...params, ...t.params], nHead: params.length, pre: t.lits, span });
  }

  /** `c` as one conjunctive term: existentials hoisted, each disjunction an auxiliary literal; undefined when false. */
  private conjunction(c: NCond, types: VarTypes, span?: Span): DnfTerm | undefined {
    const lits: Literal[] = [];
    const params: TypedName[] = [];
    const walk = (c: NCond, types: VarTypes): boolean => {
      switch (c.k) {
        case 'true':
          return true;
        case 'false':
          return false;
        case 'lit':
          lits.push(c.lit);
          return true;
        case 'and':
          return c.args.every((a) => walk(a, types));
        case 'exists': {
          const inner = new Map(types);
          for (const p of c.params) inner.set(p.name, p.types);
          params.push(...c.params);
          return walk(c.body, inner);
        }
        case 'or':
          lits.push(this.auxLiteral(c, types, span));
          return true;
      }
    };
    if (!walk(c, types)) return undefined;
    const clean = cleanTerm(lits);
    return clean && { lits: clean, params };
  }

  /**
   * The axioms of a `(:derived ...)` rule. A body whose DNF is too large is compiled lifted (its
   * universal quantifiers as negated auxiliary predicates) unless the predicate is recursive,
   * where the negation could close a cycle: its quantifiers are expanded over the objects.
   */
  derivedRule(r: DerivedDecl, recursive: boolean): void {
    const expanded = this.nnf(r.body, false, new Map());
    const lift = !recursive && !dnf(expanded, LIFTED_DNF_LIMIT);
    const body = lift ? this.nnf(r.body, false, new Map(), new Map(r.params.map((p) => [p.name, p.types]))) : expanded;
    this.defineAxioms(r.name, r.params, body, r.span);
  }

  /** A fresh derived predicate over the free variables of `c`, defined by `c`; its positive literal. */
  auxLiteral(c: NCond, types: VarTypes, span?: Span): Literal {
    const params: TypedName[] = freeVars(c).map((name) => {
      const t = types.get(name);
      if (!t) throw new InputError('PDDL_FREE_VARIABLE', `free variable ${name}`, span);
      return { name, types: [...t] };
    });
    const pred = `${AUX_DERIVED_PREFIX}${++this.auxCount}`;
    this.defineAxioms(pred, params, c, span);
    return { pred, args: params.map((p): Term => ({ kind: 'var', name: p.name })), neg: false, span };
  }

  freshVar(name: string): string {
    return `${name}@${++this.fresh}`;
  }

  substTerm(t: Term, subst: ReadonlyMap<string, Term>): Term {
    if (t.kind !== 'var') return t;
    const r = subst.get(t.name);
    if (r) return r;
    return t;
  }

  /**
   * NNF with forall expanded; `neg` is the polarity. With `lifted` (the types of the variables
   * in scope) a universal quantifier is not expanded but compiled as Fast Downward's translator
   * does: ∀x ψ ≡ ¬∃x ¬ψ, the existential a fresh derived predicate over its free variables,
   * used negatively (so it lives in a lower stratum).
   */
  nnf(c: Condition, neg: boolean, subst: ReadonlyMap<string, Term>, lifted?: VarTypes): NCond {
    switch (c.kind) {
      case 'atom':
        return {
          k: 'lit',
          lit: { pred: c.atom.predicate, args: c.atom.args.map((a) => this.substTerm(a, subst)), neg, span: c.atom.span ?? c.span },
        };
      case 'not':
        return this.nnf(c.arg, !neg, subst, lifted);
      case 'and':
      case 'or': {
        const args = c.args.map((a) => this.nnf(a, neg, subst, lifted));
        return (c.kind === 'and') !== neg ? mkAnd(args) : mkOr(args);
      }
      case 'imply': {
        // a → b  ≡  ¬a ∨ b;  ¬(a → b) ≡ a ∧ ¬b
        const l = this.nnf(c.left, !neg, subst, lifted);
        const r = this.nnf(c.right, neg, subst, lifted);
        return neg ? mkAnd([l, r]) : mkOr([l, r]);
      }
      case 'forall':
      case 'exists': {
        const universal = (c.kind === 'forall') !== neg;
        if (universal && !lifted) return mkAnd(this.expand(c.params, subst).map((s) => this.nnf(c.body, neg, s)));
        const inner = new Map(subst);
        const params: TypedName[] = c.params.map((p) => {
          const name = this.freshVar(p.name);
          inner.set(p.name, { kind: 'var', name });
          return { name, types: p.types, span: p.span };
        });
        const innerTypes = lifted && new Map([...lifted, ...params.map((p): [string, readonly string[]] => [p.name, p.types])]);
        // the universal case: the body negated, under an existential
        const body = this.nnf(c.body, universal ? !neg : neg, inner, innerTypes);
        if (body.k === 'false') return universal ? { k: 'true' } : body;
        const exists: NCond = { k: 'exists', params, body };
        if (!universal || !lifted) return exists;
        const lit = this.auxLiteral(exists, lifted, c.span);
        return { k: 'lit', lit: { ...lit, neg: true } };
      }
    }
  }

  /** All substitutions of `params` by objects of their types. */
  expand(params: readonly TypedName[], subst: ReadonlyMap<string, Term>): Map<string, Term>[] {
    let out: Map<string, Term>[] = [new Map(subst)];
    for (const p of params) {
      const objs = this.objectsOf(p.types);
      const next: Map<string, Term>[] = [];
      for (const s of out) {
        for (const o of objs) {
          const m = new Map(s);
          m.set(p.name, { kind: 'const', name: o });
          next.push(m);
        }
      }
      out = next;
    }
    return out;
  }

  effects(e: Effect, vars: TypedName[], cond: NCond[], subst: ReadonlyMap<string, Term>, out: NormalEffect[], cost: CostTerm[]): void {
    switch (e.kind) {
      case 'and':
        for (const a of e.args) this.effects(a, vars, cond, subst, out, cost);
        return;
      case 'add':
      case 'del': {
        const terms = dnf(mkAnd(cond), EFFECT_DNF_LIMIT) ?? [{ lits: [this.largeCondition(cond, vars, e.span)], params: [] }];
        for (const t of terms) {
          out.push({
            vars: [...vars, ...t.params],
            cond: t.lits,
            pred: e.atom.predicate,
            args: e.atom.args.map((a) => this.substTerm(a, subst)),
            del: e.kind === 'del',
            span: e.span ?? e.atom.span,
          });
        }
        return;
      }
      case 'forall': {
        const inner = new Map(subst);
        const nv = [...vars];
        for (const p of e.params) {
          const name = this.freshVar(p.name);
          inner.set(p.name, { kind: 'var', name });
          nv.push({ name, types: p.types, span: p.span });
        }
        this.effects(e.body, nv, cond, inner, out, cost);
        return;
      }
      case 'when':
      {
        const c = this.nnf(e.condition, false, subst);
        this.conditionSource.set(c, { condition: e.condition, subst });
        this.effects(e.effect, vars, [...cond, c], subst, out, cost);
      }
        return;
      case 'increase': {
        if (e.fn !== 'total-cost') {
          throw new InputError('PDDL_UNSUPPORTED', `only (increase (total-cost) ...) is supported, not (increase (${e.fn}) ...)`, e.span);
        }
        if (vars.length > 0 || cond.length > 0) {
          throw new InputError('PDDL_UNSUPPORTED', 'a cost increase inside forall or when is not supported', e.span);
        }
        const amount: NumericExpr =
          e.amount.kind === 'fterm' ? { ...e.amount, args: e.amount.args.map((a) => this.substTerm(a, subst)) } : e.amount;
        cost.push({ amount, span: e.span });
        return;
      }
    }
  }

  /**
   * An effect condition whose DNF is too large: one auxiliary derived literal, its definition
   * compiled lifted (universal quantifiers as negated derived predicates, not expanded over
   * the objects), as FD compiles such conditions into axioms.
   */
  private largeCondition(cond: NCond[], vars: readonly TypedName[], span?: Span): Literal {
    let lit = this.auxOfCondition.get(cond);
    if (!lit) {
      const types: VarTypes = new Map([...this.actionParams, ...vars].map((p) => [p.name, p.types]));
      const lifted = cond.map((c) => {
        const src = this.conditionSource.get(c);
        return src ? this.nnf(src.condition, false, src.subst, types) : c;
      });
      lit = this.auxLiteral(mkAnd(lifted), types, span);
      this.auxOfCondition.set(cond, lit);
    }
    return lit;
  }
}

export function mkAnd(args: NCond[]): NCond {
  const flat: NCond[] = [];
  for (const a of args) {
    if (a.k === 'false') return a;
    if (a.k === 'true') continue;
    if (a.k === 'and') flat.push(...a.args);
    else flat.push(a);
  }
  if (flat.length === 0) return { k: 'true' };
  if (flat.length === 1) return flat[0];
  return { k: 'and', args: flat };
}

export function mkOr(args: NCond[]): NCond {
  const flat: NCond[] = [];
  for (const a of args) {
    if (a.k === 'true') return a;
    if (a.k === 'false') continue;
    if (a.k === 'or') flat.push(...a.args);
    else flat.push(a);
  }
  if (flat.length === 0) return { k: 'false' };
  if (flat.length === 1) return flat[0];
  return { k: 'or', args: flat };
}

function litKey(l: Literal): string {
  return `${l.neg ? '-' : '+'}${l.pred} ${l.args.map((a) => a.name).join(' ')}`;
}

/** Drops duplicate literals; undefined when the term contains l and ¬l. */
function cleanTerm(lits: Literal[]): Literal[] | undefined {
  const seen = new Set<string>();
  const out: Literal[] = [];
  for (const l of lits) {
    const k = litKey(l);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(l);
  }
  for (const l of out) if (seen.has(litKey({ ...l, neg: !l.neg }))) return undefined;
  return out;
}

/** The DNF of `c`, or undefined when it has more than `limit` terms. */
export function dnf(c: NCond, limit: number): DnfTerm[] | undefined {
  switch (c.k) {
    case 'true':
      return [{ lits: [], params: [] }];
    case 'false':
      return [];
    case 'lit':
      return [{ lits: [c.lit], params: [] }];
    case 'exists': {
      const body = dnf(c.body, limit);
      return body?.map((t) => ({ lits: t.lits, params: [...c.params, ...t.params] }));
    }
    case 'or': {
      const out: DnfTerm[] = [];
      for (const a of c.args) {
        const d = dnf(a, limit);
        if (!d) return undefined;
        out.push(...d);
        if (out.length > limit) return undefined;
      }
      return out;
    }
    case 'and': {
      let out: DnfTerm[] = [{ lits: [], params: [] }];
      for (const a of c.args) {
        const d = dnf(a, limit);
        if (!d) return undefined;
        const next: DnfTerm[] = [];
        for (const x of out) {
          for (const y of d) next.push({ lits: x.lits.concat(y.lits), params: x.params.concat(y.params) });
        }
        if (next.length > limit) return undefined;
        out = next;
      }
      const clean: DnfTerm[] = [];
      for (const t of out) {
        const lits = cleanTerm(t.lits);
        if (lits) clean.push({ lits, params: t.params });
      }
      return clean;
    }
  }
}

/** Splits a condition into its conjunctive literals (exists hoisted) and a residual. */
function splitConjunctive(c: NCond, lits: Literal[], params: TypedName[], residual: NCond[]): void {
  switch (c.k) {
    case 'true':
      return;
    case 'lit':
      lits.push(c.lit);
      return;
    case 'and':
      for (const a of c.args) splitConjunctive(a, lits, params, residual);
      return;
    case 'exists':
      params.push(...c.params);
      splitConjunctive(c.body, lits, params, residual);
      return;
    default:
      residual.push(c);
  }
}

function goalIsConjunctive(c: NCond, out: Literal[]): boolean {
  if (c.k === 'true') return true;
  if (c.k === 'lit') {
    out.push(c.lit);
    return true;
  }
  if (c.k === 'and') return c.args.every((a) => goalIsConjunctive(a, out));
  return false;
}

/** Compiles the domain's actions and the problem's goal into conjunctive normal actions. */
export function normalize(domain: Domain, problem: Problem, objectsOf: ObjectsOf): NormalTask {
  const n = new Normalizer(objectsOf);
  const actions: NormalAction[] = [];
  const empty = new Map<string, Term>();
  const recursive = recursivePredicates(domain.derived);
  for (const r of domain.derived) n.derivedRule(r, recursive.has(r.name));
  for (const a of domain.actions) {
    const effects: NormalEffect[] = [];
    const cost: CostTerm[] = [];
    n.actionParams = a.params;
    if (a.effect) n.effects(a.effect, [], [], empty, effects, cost);
    const pre = a.precondition ? n.nnf(a.precondition, false, empty) : ({ k: 'true' } as NCond);
    const base = { name: a.name, nOrig: a.params.length, effects, cost, aux: false, span: a.span };
    const terms = dnf(pre, LIFTED_DNF_LIMIT);
    if (terms) {
      for (const t of terms) actions.push({ ...base, params: [...a.params, ...t.params], pre: t.lits });
    } else {
      const lits: Literal[] = [];
      const params: TypedName[] = [];
      const residual: NCond[] = [];
      splitConjunctive(pre, lits, params, residual);
      const clean = cleanTerm(lits);
      if (clean) actions.push({ ...base, params: [...a.params, ...params], pre: clean, residual: mkAnd(residual) });
    }
  }

  const goalCond = n.nnf(problem.goal, false, empty);
  const goal: Literal[] = [];
  if (!goalIsConjunctive(goalCond, goal)) {
    goal.length = 0;
    goal.push({ pred: GOAL_PREDICATE, args: [], neg: false, span: problem.goal.span });
    const effect: NormalEffect = { vars: [], cond: [], pred: GOAL_PREDICATE, args: [], del: false, span: problem.goal.span };
    const base = { name: 'reach-goal', nOrig: 0, effects: [effect], cost: [], aux: true, span: problem.goal.span };
    const terms = dnf(goalCond, EFFECT_DNF_LIMIT);
    if (terms) {
      for (const t of terms) actions.push({ ...base, params: t.params, pre: t.lits });
    } else {
      const lits: Literal[] = [];
      const params: TypedName[] = [];
      const residual: NCond[] = [];
      splitConjunctive(goalCond, lits, params, residual);
      const clean = cleanTerm(lits);
      if (clean) actions.push({ ...base, params, pre: clean, residual: mkAnd(residual) });
    }
  } else {
    for (const l of goal) {
      for (const t of l.args) {
        if (t.kind === 'var') throw new InputError('PDDL_GOAL', `free variable ${t.name} in the goal`, l.span);
      }
    }
  }
  return { actions, goal, axioms: n.axioms, stratum: stratify(n.axioms) };
}

/** Derived predicate → stratum of conjunctive axioms; throws when they are not stratifiable. */
function stratify(axioms: readonly NormalAxiom[]): Map<string, number> {
  const layers = strata(axioms.map((ax) => ({ head: ax.pred, uses: ax.pre, span: ax.span })));
  if (layers.unstratifiable) {
    throw new InputError('PDDL_UNSUPPORTED', `derived predicate '${layers.unstratifiable.predicate}' depends on its own negation; the (:derived ...) rules are not stratifiable`, layers.unstratifiable.span);
  }
  return layers.stratum;
}

/** Only the domain's derived predicate rules as stratified conjunctive axioms (for the validator). */
export function derivedAxioms(domain: Domain, objectsOf: ObjectsOf): Pick<NormalTask, 'axioms' | 'stratum'> {
  const n = new Normalizer(objectsOf);
  const recursive = recursivePredicates(domain.derived);
  for (const r of domain.derived) n.derivedRule(r, recursive.has(r.name));
  return { axioms: n.axioms, stratum: stratify(n.axioms) };
}

