/**
 * The PDDL abstract syntax tree produced by the parser and consumed by the
 * writer, normalizer, grounder and validator. Every node may carry the span
 * it was read from; spans are ignored when two trees are compared.
 *
 * Names are stored lower-cased (PDDL is case-insensitive). Variables keep
 * their leading `?`.
 */
import type { SourceSpan } from '../core/errors.js';

export type Span = SourceSpan;

/** A variable (`?x`) or an object/constant name. */
export type Term =
  | { kind: 'var'; name: string; span?: Span }
  | { kind: 'const'; name: string; span?: Span };

/** `name - type` or `name - (either t1 t2)`; `types` is ['object'] when untyped. */
export interface TypedName {
  name: string;
  types: string[];
  span?: Span;
}

/** A type declaration: `name - parent` (parents: usually one; `either` allowed). */
export interface TypeDecl {
  name: string;
  parents: string[];
  span?: Span;
}

export interface Atom {
  predicate: string;
  args: Term[];
  span?: Span;
}

/** A numeric expression (only what :action-costs needs). */
export type NumericExpr =
  | { kind: 'number'; value: number; span?: Span }
  | { kind: 'fterm'; fn: string; args: Term[]; span?: Span };

/** A goal description (precondition or goal). Equality is an atom with predicate '='. */
export type Condition =
  | { kind: 'atom'; atom: Atom; span?: Span }
  | { kind: 'not'; arg: Condition; span?: Span }
  | { kind: 'and'; args: Condition[]; span?: Span }
  | { kind: 'or'; args: Condition[]; span?: Span }
  | { kind: 'imply'; left: Condition; right: Condition; span?: Span }
  | { kind: 'forall'; params: TypedName[]; body: Condition; span?: Span }
  | { kind: 'exists'; params: TypedName[]; body: Condition; span?: Span };

export type Effect =
  | { kind: 'and'; args: Effect[]; span?: Span }
  | { kind: 'add'; atom: Atom; span?: Span }
  | { kind: 'del'; atom: Atom; span?: Span }
  | { kind: 'forall'; params: TypedName[]; body: Effect; span?: Span }
  | { kind: 'when'; condition: Condition; effect: Effect; span?: Span }
  | { kind: 'increase'; fn: string; args: Term[]; amount: NumericExpr; span?: Span };

export interface PredicateDecl {
  name: string;
  params: TypedName[];
  span?: Span;
}

export interface FunctionDecl {
  name: string;
  params: TypedName[];
  /** Return type; PDDL 3.1 allows `- number`. */
  type: string;
  span?: Span;
}

export interface ActionDecl {
  name: string;
  params: TypedName[];
  /** Undefined when the action has no `:precondition`. */
  precondition?: Condition;
  /** Undefined when the action has no `:effect`. */
  effect?: Effect;
  span?: Span;
}

/**
 * A derived predicate's rule (PDDL 2.2 `:derived`, Fast Downward's axioms): the
 * head `(name ?params)` holds in a state exactly when the least fixpoint of the
 * domain's rules (stratified on negation) makes it true. The predicate is also
 * declared in `(:predicates ...)`; no effect may change it.
 */
export interface DerivedDecl {
  name: string;
  params: TypedName[];
  body: Condition;
  span?: Span;
}

export interface Requirement {
  name: string; // with leading ':'
  span?: Span;
}

export interface Domain {
  name: string;
  requirements: Requirement[];
  types: TypeDecl[];
  constants: TypedName[];
  predicates: PredicateDecl[];
  functions: FunctionDecl[];
  actions: ActionDecl[];
  /** `(:derived ...)` rules, in file order (several may define the same predicate). */
  derived: DerivedDecl[];
  span?: Span;
}

/** An initial-state element: a fact, or a numeric fluent value `(= (f a b) 3)`. */
export type InitElement =
  | { kind: 'atom'; atom: Atom; span?: Span }
  | { kind: 'fvalue'; fn: string; args: Term[]; value: number; span?: Span };

export interface Metric {
  direction: 'minimize' | 'maximize';
  expr: NumericExpr;
  span?: Span;
}

export interface Problem {
  name: string;
  domain: string;
  requirements: Requirement[];
  objects: TypedName[];
  init: InitElement[];
  goal: Condition;
  metric?: Metric;
  span?: Span;
}

/** A plan step as written in an IPC plan file: `(name a b)`. */
export interface PlanStep {
  name: string;
  args: string[];
  span?: Span;
}
