/**
 * Structural parsing of PDDL formulas from s-expressions: typed lists, terms,
 * atoms, goal descriptions (conditions), effects and the numeric expressions
 * that :action-costs needs. Reports `malformed` and `unsupported` diagnostics
 * and recovers by dropping the bad sub-formula; semantic checks (declared
 * names, arities, types) happen later on the AST.
 */
import type { SourceSpan } from '../core/errors.js';
import type { Atom, Condition, Effect, NumericExpr, Requirement, Term, TypedName } from './ast.js';
import type { DiagnosticSink } from './diagnostics.js';
import { isAtom, isList, type SAtom, type SExpr, type SList } from './sexpr.js';

/** Requirements this implementation supports. */
export const SUPPORTED_REQUIREMENTS = new Set([
  ':strips',
  ':typing',
  ':negative-preconditions',
  ':disjunctive-preconditions',
  ':equality',
  ':existential-preconditions',
  ':universal-preconditions',
  ':quantified-preconditions',
  ':conditional-effects',
  ':adl',
  ':action-costs',
  ':derived-predicates',
  // PDDL 1.2's name for negative literals in conditions; Fast Downward's translator accepts it.
  ':negation',
]);

const KNOWN_UNSUPPORTED_REQUIREMENTS = new Set([
  ':fluents',
  ':numeric-fluents',
  ':object-fluents',
  ':durative-actions',
  ':duration-inequalities',
  ':continuous-effects',
  ':timed-initial-literals',
  ':preferences',
  ':constraints',
  ':domain-axioms',
  ':safety-constraints',
  ':expression-evaluation',
  ':open-world',
  ':true-negation',
  ':ucpop',
]);

/** Temporal and PDDL3 modal operators: recognised (when applied to formulas) to report them. */
const MODAL = new Set([
  'at',
  'over',
  'always',
  'sometime',
  'within',
  'at-most-once',
  'sometime-after',
  'sometime-before',
  'always-within',
  'hold-during',
  'hold-after',
]);

const COMPARISONS = new Set(['<', '>', '<=', '>=']);
const NUMERIC_EFFECTS = new Set(['assign', 'decrease', 'scale-up', 'scale-down']);
const ARITHMETIC = new Set(['+', '-', '*', '/']);

/** Names that cannot be predicates because they are formula keywords. */
export const RESERVED_NAMES = new Set(['and', 'or', 'not', 'imply', 'forall', 'exists', 'when', 'either', '=', 'increase', 'preference', ...COMPARISONS, ...NUMERIC_EFFECTS]);

/** Deeper formulas are rejected (keeps the recursive parser, checker and writer within the stack). */
export const MAX_DEPTH = 256;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function isNumberText(s: string): boolean {
  return NUMBER_RE.test(s);
}

/** `(a b c)` → a text of at most 80 characters for messages. */
export function sexprText(e: SExpr): string {
  const s = e.type === 'atom' ? e.raw : `(${e.items.map(sexprText).join(' ')})`;
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

export function atSpan(span: SourceSpan): string {
  return `${span.start.line}:${span.start.col}`;
}

export function parseRequirements(items: SExpr[], sink: DiagnosticSink): Requirement[] {
  const out: Requirement[] = [];
  for (const it of items) {
    if (!isAtom(it) || !it.value.startsWith(':')) {
      sink.error('malformed', `requirement ${sexprText(it)} must be a keyword like :strips or :typing`, it.span);
      continue;
    }
    if (SUPPORTED_REQUIREMENTS.has(it.value)) out.push({ name: it.value, span: it.span });
    else if (KNOWN_UNSUPPORTED_REQUIREMENTS.has(it.value)) {
      sink.unsupported(`requirement ${it.value}`, it.span, `supported: ${[...SUPPORTED_REQUIREMENTS].join(' ')}`);
    } else {
      sink.unsupported(`unknown requirement ${it.value}`, it.span, `supported: ${[...SUPPORTED_REQUIREMENTS].join(' ')}`);
    }
  }
  return out;
}

/** The requirements implied by a requirement list (`:adl` → its parts, etc.). */
export function expandRequirements(reqs: readonly Requirement[]): Set<string> {
  const s = new Set<string>(reqs.map((r) => r.name));
  if (s.has(':adl')) {
    for (const r of [':strips', ':typing', ':negative-preconditions', ':disjunctive-preconditions', ':equality', ':quantified-preconditions', ':conditional-effects']) s.add(r);
  }
  if (s.has(':negation')) s.add(':negative-preconditions');
  if (s.has(':quantified-preconditions')) {
    s.add(':existential-preconditions');
    s.add(':universal-preconditions');
  }
  return s;
}

/** A type reference after `-`: a name or `(either t1 t2 ...)`. */
function parseTypeRef(e: SExpr, sink: DiagnosticSink): string[] | undefined {
  if (isAtom(e)) {
    if (e.value === '-' || e.value.startsWith('?') || e.value.startsWith(':')) {
      sink.error('malformed', `expected a type name after '-' but found '${e.raw}'`, e.span);
      return undefined;
    }
    return [e.value];
  }
  if (isAtom(e.items[0], 'either') && e.items.length >= 2) {
    const out: string[] = [];
    for (const t of e.items.slice(1)) {
      if (!isAtom(t) || t.value.startsWith('?') || t.value === '-') {
        sink.error('malformed', `(either ...) lists type names, but found ${sexprText(t)}`, t.span);
        return undefined;
      }
      if (!out.includes(t.value)) out.push(t.value);
    }
    return out;
  }
  sink.error('malformed', `expected a type name or (either t1 t2 ...) after '-' but found ${sexprText(e)}`, e.span);
  return undefined;
}

export type NameKind = 'variable' | 'name';

/**
 * A typed list `a b - t c - (either u v) d` of atoms. `kind` says whether the names must be
 * variables (`?x`) or plain names. Bad entries are reported and skipped.
 */
export function parseTypedList(items: SExpr[], kind: NameKind, sink: DiagnosticSink, what: string): TypedName[] {
  const out: TypedName[] = [];
  let pending: TypedName[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.type === 'atom' && it.value === '-') {
      const next = items[i + 1];
      sink.typedAt ??= it.span;
      if (pending.length === 0) sink.error('malformed', `'-' in ${what} must follow at least one name, as in "a b - type"`, it.span);
      if (next === undefined) {
        sink.error('malformed', `missing type after '-' in ${what}; write "name - type"`, it.span);
        break;
      }
      const types = parseTypeRef(next, sink);
      i++;
      for (const p of pending) {
        p.types = types ?? ['object'];
        out.push(p);
      }
      pending = [];
      continue;
    }
    if (!isAtom(it)) {
      sink.error('malformed', `expected ${kind === 'variable' ? 'a variable like ?x' : 'a name'} in ${what} but found ${sexprText(it)}`, it.span);
      continue;
    }
    if (kind === 'variable' && !it.value.startsWith('?')) {
      sink.error('malformed', `'${it.raw}' in ${what} must be a variable: write ?${it.raw}`, it.span);
      continue;
    }
    if (kind === 'variable' && it.value.length === 1) {
      sink.error('malformed', `'?' alone is not a variable name in ${what}; write ?x`, it.span);
      continue;
    }
    if (kind === 'name' && (it.value.startsWith('?') || it.value.startsWith(':'))) {
      sink.error('malformed', `'${it.raw}' in ${what} must be a plain name (no leading '${it.raw[0]}')`, it.span);
      continue;
    }
    pending.push({ name: it.value, types: ['object'], span: it.span });
  }
  for (const p of pending) out.push(p);
  return out;
}

export function parseTerm(e: SExpr, sink: DiagnosticSink, context: string): Term | undefined {
  if (isList(e)) {
    sink.unsupported(`function term ${sexprText(e)} as an argument of ${context} (object fluents)`, e.span, 'use an object or a variable');
    return undefined;
  }
  if (e.value.startsWith('?')) {
    if (e.value.length === 1) {
      sink.error('malformed', `'?' alone is not a variable name in ${context}`, e.span);
      return undefined;
    }
    return { kind: 'var', name: e.value, span: e.span };
  }
  if (e.value === '-' || e.value.startsWith(':')) {
    sink.error('malformed', `'${e.raw}' cannot be an argument of ${context}`, e.span);
    return undefined;
  }
  return { kind: 'const', name: e.value, span: e.span };
}

/** `(pred t1 ... tn)` with plain terms. */
export function parseAtom(e: SList, sink: DiagnosticSink): Atom | undefined {
  const head = e.items[0];
  if (!isAtom(head)) {
    sink.error('malformed', `expected a predicate name at the start of ${sexprText(e)}`, (head ?? e).span);
    return undefined;
  }
  if (head.value.startsWith('?') || head.value.startsWith(':') || isNumberText(head.value)) {
    sink.error('malformed', `'${head.raw}' cannot be a predicate name in ${sexprText(e)}`, head.span);
    return undefined;
  }
  if (e.items.length > 1 && e.items.slice(1).every((x) => isList(x))) {
    const hint = head.value === 'if' ? '; write (when condition effect) in effects or (imply A B) in conditions' : '; connectives are and, or, not, imply, forall, exists (conditions) and and, not, forall, when (effects)';
    sink.error('malformed', `'${head.raw}' is not a PDDL connective, and predicate arguments must be objects or variables: ${sexprText(e)}${hint}`, e.span);
    return undefined;
  }
  const args: Term[] = [];
  let predicate = head.value;
  const glued = predicate.indexOf('?');
  if (glued > 0) {
    // `(aircraft?a)` (IPC 2002 zenotravel): read it as `(aircraft ?a)`, like VAL's tokenizer.
    predicate = head.value.slice(0, glued);
    const varName = head.value.slice(glued);
    const start = { line: head.span.start.line, col: head.span.start.col + glued, offset: head.span.start.offset + glued };
    const vspan: SourceSpan = head.span.file ? { file: head.span.file, start, end: head.span.end } : { start, end: head.span.end };
    sink.departure('glued-variable', `'${head.raw}' reads as (${predicate} ${varName} ...); put a space before '?'`, head.span);
    args.push({ kind: 'var', name: varName, span: vspan });
  }
  let ok = true;
  for (const a of e.items.slice(1)) {
    const t = parseTerm(a, sink, `(${predicate} ...)`);
    if (t) args.push(t);
    else ok = false;
  }
  return ok ? { predicate, args, span: e.span } : undefined;
}

function isFormulaList(items: SExpr[]): boolean {
  return items.some((x) => isList(x));
}

/**
 * `(OP A B)` with exactly two parts, read by `first` and `second` (both, so
 * both report their errors); undefined after an error. `form` names the
 * expected shape in the message, e.g. `(imply A B) takes exactly two conditions`.
 */
function parseTwo<A, B>(e: SList, args: SExpr[], sink: DiagnosticSink, form: string, first: (x: SExpr) => A | undefined, second: (x: SExpr) => B | undefined): [A, B] | undefined {
  if (args.length !== 2) {
    sink.error('malformed', `${form} but ${args.length} were given: ${sexprText(e)}`, e.span);
    return undefined;
  }
  const a = first(args[0]);
  const b = second(args[1]);
  return a && b ? [a, b] : undefined;
}

/** `(OP (?x - type ...) BODY)`: the variables and the body read by `body`; undefined after an error. `form` names the expected shape. */
function parseQuantified<T>(e: SList, op: string, args: SExpr[], sink: DiagnosticSink, form: string, body: (x: SExpr) => T | undefined): { params: TypedName[]; body: T } | undefined {
  if (args.length !== 2 || !isList(args[0])) {
    sink.error('malformed', `${form}: ${sexprText(e)}`, e.span);
    return undefined;
  }
  const params = parseTypedList(args[0].items, 'variable', sink, `(${op} ...)`);
  const b = body(args[1]);
  return b ? { params, body: b } : undefined;
}

/** A goal description. Returns undefined (after reporting) when it cannot be read. */
export function parseCondition(e: SExpr, sink: DiagnosticSink, depth = 0): Condition | undefined {
  if (depth > MAX_DEPTH) {
    sink.error('malformed', `formula nested deeper than ${MAX_DEPTH} levels; flatten it`, e.span);
    return undefined;
  }
  if (!isList(e)) {
    sink.error('malformed', `expected a condition in parentheses, e.g. (on ?x ?y), but found '${e.raw}'`, e.span);
    return undefined;
  }
  if (e.items.length === 0) return { kind: 'and', args: [], span: e.span };
  const head = e.items[0];
  const args = e.items.slice(1);
  const op = isAtom(head) ? head.value : '';
  const sub = (x: SExpr): Condition | undefined => parseCondition(x, sink, depth + 1);
  switch (op) {
    case 'and':
    case 'or': {
      const parts: Condition[] = [];
      for (const a of args) {
        const c = parseCondition(a, sink, depth + 1);
        if (c) parts.push(c);
      }
      return { kind: op, args: parts, span: e.span };
    }
    case 'not': {
      if (args.length !== 1) {
        sink.error('malformed', `(not ...) takes exactly one condition but ${args.length} were given: ${sexprText(e)}`, e.span);
        return undefined;
      }
      const c = parseCondition(args[0], sink, depth + 1);
      return c ? { kind: 'not', arg: c, span: e.span } : undefined;
    }
    case 'imply': {
      const lr = parseTwo(e, args, sink, '(imply A B) takes exactly two conditions', sub, sub);
      return lr ? { kind: 'imply', left: lr[0], right: lr[1], span: e.span } : undefined;
    }
    case 'forall':
    case 'exists': {
      const q = parseQuantified(e, op, args, sink, `(${op} (?x - type ...) condition) needs a variable list and one condition`, sub);
      return q ? { kind: op, params: q.params, body: q.body, span: e.span } : undefined;
    }
    case '=':
      if (isFormulaList(args)) {
        sink.unsupported(`numeric comparison ${sexprText(e)}`, e.span, 'numeric fluents may only be used for action costs');
        return undefined;
      }
      break;
    case 'preference':
      sink.unsupported('PDDL3 preference', e.span);
      return undefined;
    default:
      if (COMPARISONS.has(op)) {
        sink.unsupported(`numeric comparison ${sexprText(e)}`, e.span, 'numeric fluents may only be used for action costs');
        return undefined;
      }
      if (MODAL.has(op) && isFormulaList(args)) {
        sink.unsupported(`temporal/PDDL3 operator (${op} ...)`, e.span);
        return undefined;
      }
      if (op === 'when' || op === 'increase' || NUMERIC_EFFECTS.has(op)) {
        sink.error('malformed', `(${op} ...) is an effect and cannot appear in a condition: ${sexprText(e)}`, e.span);
        return undefined;
      }
  }
  const atom = parseAtom(e, sink);
  return atom ? { kind: 'atom', atom, span: e.span } : undefined;
}

/** An effect. Returns undefined (after reporting) when it cannot be read. */
export function parseEffect(e: SExpr, sink: DiagnosticSink, depth = 0): Effect | undefined {
  if (depth > MAX_DEPTH) {
    sink.error('malformed', `effect nested deeper than ${MAX_DEPTH} levels; flatten it`, e.span);
    return undefined;
  }
  if (!isList(e)) {
    sink.error('malformed', `expected an effect in parentheses, e.g. (on ?x ?y) or (not (on ?x ?y)), but found '${e.raw}'`, e.span);
    return undefined;
  }
  if (e.items.length === 0) return { kind: 'and', args: [], span: e.span };
  const head = e.items[0];
  const args = e.items.slice(1);
  const op = isAtom(head) ? head.value : '';
  const sub = (x: SExpr): Effect | undefined => parseEffect(x, sink, depth + 1);
  switch (op) {
    case 'and': {
      const parts: Effect[] = [];
      for (const a of args) {
        const c = parseEffect(a, sink, depth + 1);
        if (c) parts.push(c);
      }
      return { kind: 'and', args: parts, span: e.span };
    }
    case 'not': {
      const inner = args[0];
      if (args.length !== 1 || !isList(inner)) {
        sink.error('malformed', `(not ...) in an effect takes exactly one atom, e.g. (not (on ?x ?y)): ${sexprText(e)}`, e.span);
        return undefined;
      }
      const iop = isAtom(inner.items[0]) ? inner.items[0].value : '';
      if (['and', 'or', 'not', 'imply', 'forall', 'exists', 'when', '='].includes(iop) || inner.items.length === 0) {
        sink.error('malformed', `an effect can only negate an atom, but ${sexprText(e)} negates a (${iop} ...) formula; write one (not (pred ...)) per deleted fact`, e.span);
        return undefined;
      }
      const atom = parseAtom(inner, sink);
      return atom ? { kind: 'del', atom, span: e.span } : undefined;
    }
    case 'forall': {
      const q = parseQuantified(e, op, args, sink, '(forall (?x - type ...) effect) needs a variable list and one effect', sub);
      return q ? { kind: 'forall', params: q.params, body: q.body, span: e.span } : undefined;
    }
    case 'when': {
      const ce = parseTwo(e, args, sink, '(when condition effect) takes exactly two arguments', (x) => parseCondition(x, sink, depth + 1), sub);
      return ce ? { kind: 'when', condition: ce[0], effect: ce[1], span: e.span } : undefined;
    }
    case 'increase':
      return parseIncrease(e, sink);
    case 'or':
    case 'imply':
    case 'exists':
    case '=':
      sink.error('malformed', `(${op} ...) cannot be an effect (effects are atoms, (not atom), and, forall, when, increase): ${sexprText(e)}`, e.span);
      return undefined;
    default:
      if (NUMERIC_EFFECTS.has(op)) {
        sink.unsupported(`numeric effect (${op} ...)`, e.span, 'only (increase (total-cost) ...) is supported');
        return undefined;
      }
      if (MODAL.has(op) && isFormulaList(args)) {
        sink.unsupported(`temporal effect (${op} ...)`, e.span);
        return undefined;
      }
  }
  const atom = parseAtom(e, sink);
  return atom ? { kind: 'add', atom, span: e.span } : undefined;
}

function parseFTerm(e: SList, sink: DiagnosticSink): { fn: string; args: Term[] } | undefined {
  const head = e.items[0];
  if (!isAtom(head) || head.value.startsWith('?') || isNumberText(head.value)) {
    sink.error('malformed', `expected a function term like (total-cost) or (distance ?a ?b) but found ${sexprText(e)}`, e.span);
    return undefined;
  }
  if (ARITHMETIC.has(head.value)) {
    sink.unsupported(`arithmetic expression ${sexprText(e)}`, e.span, 'costs must be a number or a function term like (road-length ?a ?b)');
    return undefined;
  }
  const args: Term[] = [];
  for (const a of e.items.slice(1)) {
    const t = parseTerm(a, sink, `(${head.value} ...)`);
    if (!t) return undefined;
    args.push(t);
  }
  return { fn: head.value, args };
}

export function parseNumericExpr(e: SExpr, sink: DiagnosticSink): NumericExpr | undefined {
  if (isAtom(e)) {
    if (isNumberText(e.value)) return { kind: 'number', value: Number(e.value), span: e.span };
    sink.error('malformed', `expected a number or a function term like (road-length ?a ?b) but found '${e.raw}'`, e.span);
    return undefined;
  }
  const f = parseFTerm(e, sink);
  return f ? { kind: 'fterm', fn: f.fn, args: f.args, span: e.span } : undefined;
}

function parseIncrease(e: SList, sink: DiagnosticSink): Effect | undefined {
  const args = e.items.slice(1);
  if (args.length !== 2 || !isList(args[0])) {
    sink.error('malformed', `(increase (total-cost) amount) takes a function term and an amount: ${sexprText(e)}`, e.span);
    return undefined;
  }
  const target = parseFTerm(args[0], sink);
  if (!target) return undefined;
  if (target.fn !== 'total-cost') {
    sink.unsupported(`numeric fluent effect on (${target.fn} ...)`, e.span, 'only (increase (total-cost) ...) is supported');
    return undefined;
  }
  const amount = parseNumericExpr(args[1], sink);
  if (!amount) return undefined;
  if (amount.kind === 'fterm' && amount.fn === 'total-cost') {
    sink.unsupported('(total-cost) used as an increase amount', amount.span);
    return undefined;
  }
  return { kind: 'increase', fn: target.fn, args: target.args, amount, span: e.span };
}

/** Reads `(keyword ...)` section heads: returns the lower-cased keyword or undefined. */
export function sectionKeyword(e: SExpr): SAtom | undefined {
  if (!isList(e)) return undefined;
  const h = e.items[0];
  return isAtom(h) ? h : undefined;
}
