/**
 * `(define (domain ...))` → Domain. `checkDomain` never throws and reports
 * every diagnostic it can find; `parseDomain` throws on the first syntax error
 * or when any error diagnostic was found.
 */
import type { SourceSpan } from '../core/errors.js';
import type { ActionDecl, DerivedDecl, Domain, Effect, FunctionDecl, PredicateDecl, TypeDecl } from './ast.js';
import { DomainContext } from './check-formula.js';
import { derivedStrata } from './derived-strata.js';
import { DiagnosticSink, readOrReport, sortDiagnostics } from './diagnostics.js';
import { PddlCheckError, PddlParseError, type PddlDiagnostic } from './errors.js';
import {
  RESERVED_NAMES,
  atSpan,
  parseCondition,
  parseEffect,
  parseRequirements,
  parseTypedList,
  sectionKeyword,
  sexprText,
} from './parse-formula.js';
import { isAtom, isList, type SExpr, type SList } from './sexpr.js';
import { OBJECT_TYPE } from './types.js';

export interface DomainCheck {
  /** The domain as far as it could be read (bad actions/declarations are left out). */
  domain?: Domain;
  /** Sorted by position. */
  diagnostics: PddlDiagnostic[];
  /** True when there is no error diagnostic. */
  ok: boolean;
}

const UNSUPPORTED_SECTIONS: Record<string, string> = {
  ':durative-action': 'durative actions (:durative-action ...)',
  ':constraints': 'PDDL3 constraints (:constraints ...)',
  ':process': 'PDDL+ processes (:process ...)',
  ':event': 'PDDL+ events (:event ...)',
  ':extends': 'domain extension (:extends ...)',
  ':timeless': 'timeless facts (:timeless ...)',
  ':axiom': 'axioms (:axiom ...)',
};

/** Finds `(define (<kind> NAME) ...)` in the top-level expressions, reporting what is wrong. */
export function findDefine(exprs: SExpr[], kind: 'domain' | 'problem', sink: DiagnosticSink, whole: SourceSpan): { list: SList; name: string } | undefined {
  if (exprs.length === 0) {
    sink.error('malformed', `empty input: expected (define (${kind} NAME) ...)`, whole);
    return undefined;
  }
  const [first, ...rest] = exprs;
  for (const r of rest) sink.error('malformed', `unexpected text after the (define (${kind} ...)) form: ${sexprText(r)}; put one ${kind} per file`, r.span);
  if (!isList(first) || !isAtom(first.items[0], 'define')) {
    sink.error('malformed', `expected (define (${kind} NAME) ...) but found ${sexprText(first)}`, first.span);
    return undefined;
  }
  const head = first.items[1];
  if (!isList(head) || head.items.length !== 2 || !isAtom(head.items[0]) || !isAtom(head.items[1])) {
    sink.error('malformed', `expected (${kind} NAME) after define but found ${head ? sexprText(head) : 'nothing'}`, (head ?? first).span);
    return undefined;
  }
  if (head.items[0].value !== kind) {
    const other = head.items[0].value;
    sink.error('malformed', `expected (${kind} NAME) but found (${other} ...)${other === 'domain' || other === 'problem' ? `: this is a ${other} file, not a ${kind} file` : ''}`, head.span);
    return undefined;
  }
  return { list: first, name: head.items[1].value };
}

export function wholeSpan(text: string, file?: string): SourceSpan {
  const start = { line: 1, col: 1, offset: 0 };
  return file ? { file, start, end: start } : { start, end: start };
}

export function parseAction(e: SList, sink: DiagnosticSink): ActionDecl | undefined {
  const name = e.items[1];
  if (!isAtom(name) || name.value.startsWith(':') || name.value.startsWith('?')) {
    sink.error('malformed', `expected an action name after :action but found ${name ? sexprText(name) : 'nothing'}`, (name ?? e).span);
    return undefined;
  }
  const action: ActionDecl = { name: name.value, params: [], span: e.span };
  const seen = new Set<string>();
  let ok = true;
  for (let i = 2; i < e.items.length; i += 2) {
    const key = e.items[i];
    const val = e.items[i + 1];
    if (!isAtom(key) || !key.value.startsWith(':')) {
      sink.error('malformed', `expected :parameters, :precondition or :effect in action '${name.value}' but found ${sexprText(key)}`, key.span);
      ok = false;
      break;
    }
    if (val === undefined) {
      sink.error('malformed', `${key.value} in action '${name.value}' has no value`, key.span);
      ok = false;
      break;
    }
    if (seen.has(key.value)) {
      sink.error('duplicate', `${key.value} appears twice in action '${name.value}'; keep one`, key.span);
      ok = false;
      continue;
    }
    seen.add(key.value);
    switch (key.value) {
      case ':parameters':
        if (!isList(val)) {
          sink.error('malformed', `:parameters of action '${name.value}' must be a list like (?x - block ?y - block) but found ${sexprText(val)}`, val.span);
          ok = false;
        } else {
          const before = sink.errorCount;
          action.params = parseTypedList(val.items, 'variable', sink, `the parameters of action '${name.value}'`);
          if (sink.errorCount > before) ok = false;
        }
        break;
      case ':precondition': {
        const c = parseCondition(val, sink);
        if (c) action.precondition = c;
        else ok = false;
        break;
      }
      case ':effect': {
        const eff = parseEffect(val, sink);
        if (eff) action.effect = eff;
        else ok = false;
        break;
      }
      case ':vars':
        sink.unsupported(':vars (PDDL 1.2 action variables)', key.span, 'declare them in :parameters or use forall/exists');
        ok = false;
        break;
      case ':duration':
        sink.unsupported(':duration (durative actions)', key.span);
        ok = false;
        break;
      default:
        sink.error('malformed', `unknown action key ${key.value} in action '${name.value}'; expected :parameters, :precondition or :effect`, key.span);
        ok = false;
    }
  }
  return ok ? action : undefined;
}

/** `(:derived (name ?x - t ...) <condition>)` (PDDL 2.2). */
function parseDerived(e: SList, sink: DiagnosticSink): DerivedDecl | undefined {
  const head = e.items[1];
  if (!isList(head) || !isAtom(head.items[0]) || head.items[0].value.startsWith('?') || head.items[0].value.startsWith(':')) {
    sink.error('malformed', `expected a derived predicate head like (above ?x - block ?y - block) after :derived but found ${head ? sexprText(head) : 'nothing'}`, (head ?? e).span);
    return undefined;
  }
  const name = head.items[0].value;
  if (e.items.length !== 3) {
    const what = e.items.length < 3 ? 'has no body' : 'has more than one body formula (wrap them in (and ...))';
    sink.error('malformed', `(:derived (${name} ...) ...) ${what}`, e.span);
    return undefined;
  }
  const before = sink.errorCount;
  const params = parseTypedList(head.items.slice(1), 'variable', sink, `derived predicate '${name}'`);
  const body = parseCondition(e.items[2], sink);
  if (!body || sink.errorCount > before) return undefined;
  return { name, params, body, span: e.span };
}

function parseTypes(items: SExpr[], sink: DiagnosticSink): TypeDecl[] {
  return parseTypedList(items, 'name', sink, '(:types ...)').map((t) => ({ name: t.name, parents: t.types, span: t.span }));
}

function parsePredicates(items: SExpr[], sink: DiagnosticSink): PredicateDecl[] {
  const out: PredicateDecl[] = [];
  for (const it of items) {
    if (!isList(it) || !isAtom(it.items[0]) || it.items[0].value.startsWith('?') || it.items[0].value.startsWith(':')) {
      sink.error('malformed', `expected a predicate declaration like (on ?x - block ?y - block) in (:predicates ...) but found ${sexprText(it)}`, it.span);
      continue;
    }
    const name = it.items[0].value;
    const before = sink.errorCount;
    const params = parseTypedList(it.items.slice(1), 'variable', sink, `predicate '${name}'`);
    if (sink.errorCount === before) out.push({ name, params, span: it.span });
  }
  return out;
}

function parseFunctions(items: SExpr[], sink: DiagnosticSink): FunctionDecl[] {
  const out: FunctionDecl[] = [];
  let pending: FunctionDecl[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.type === 'atom' && it.value === '-') {
      const t = items[i + 1];
      i++;
      if (!isAtom(t)) {
        sink.error('malformed', `expected a function type such as number after '-' in (:functions ...)`, (t ?? it).span);
        pending = [];
        continue;
      }
      if (t.value !== 'number') sink.unsupported(`object fluent type '${t.value}' in (:functions ...)`, t.span, 'functions must be "- number"');
      for (const f of pending) out.push({ ...f, type: t.value });
      pending = [];
      continue;
    }
    if (!isList(it) || !isAtom(it.items[0]) || it.items[0].value.startsWith('?')) {
      sink.error('malformed', `expected a function declaration like (total-cost) - number in (:functions ...) but found ${sexprText(it)}`, it.span);
      continue;
    }
    const name = it.items[0].value;
    const before = sink.errorCount;
    const params = parseTypedList(it.items.slice(1), 'variable', sink, `function '${name}'`);
    if (sink.errorCount === before) pending.push({ name, params, type: 'number', span: it.span });
  }
  for (const f of pending) out.push(f);
  return out;
}

/**
 * A predicate declared twice: with the same parameter types it is a harmless repeat (a policy
 * departure, `duplicate-predicate`); with different ones it is an error.
 */
function checkPredicateDuplicates(preds: readonly PredicateDecl[], sink: DiagnosticSink): void {
  const first = new Map<string, PredicateDecl>();
  const signature = (p: PredicateDecl): string => p.params.map((q) => q.types.join('|')).join(' ');
  for (const p of preds) {
    const prev = first.get(p.name);
    if (!prev) {
      first.set(p.name, p);
      continue;
    }
    const at = prev.span ? ` (first at ${atSpan(prev.span)})` : '';
    if (signature(prev) === signature(p)) sink.departure('duplicate-predicate', `predicate '${p.name}' is declared twice${at}; remove the repeated declaration`, p.span);
    else sink.error('duplicate', `predicate '${p.name}' is declared twice${at} with different parameters; rename or remove one`, p.span);
  }
}

/** Reports a second declaration of the same name. */
function checkDuplicates(items: readonly { name: string; span?: SourceSpan }[], what: string, sink: DiagnosticSink): void {
  const first = new Map<string, SourceSpan | undefined>();
  for (const it of items) {
    if (first.has(it.name)) {
      const at = first.get(it.name);
      sink.error('duplicate', `${what} '${it.name}' is declared twice${at ? ` (first at ${atSpan(at)})` : ''}; rename or remove one`, it.span);
    } else first.set(it.name, it.span);
  }
}

/** A type declared twice: harmless with the same parents, multiple inheritance otherwise (as VAL reads it). */
function checkTypeDuplicates(types: readonly TypeDecl[], sink: DiagnosticSink): void {
  const first = new Map<string, TypeDecl>();
  for (const t of types) {
    const prev = first.get(t.name);
    if (!prev) {
      first.set(t.name, t);
      continue;
    }
    const at = prev.span ? ` (first at ${atSpan(prev.span)})` : '';
    const same = prev.parents.join(' ') === t.parents.join(' ');
    sink.departure(
      'duplicate-type',
      same
        ? `type '${t.name}' is declared twice${at}; remove one declaration`
        : `type '${t.name}' is declared twice${at} with parents ${prev.parents.join('|')} and ${t.parents.join('|')}; it is treated as a subtype of both`,
      t.span,
    );
  }
}

/** Domain-level semantic checks on a (possibly partial) domain. */
export function checkDomainSemantics(d: Domain, sink: DiagnosticSink, problemObjects?: ReadonlyMap<string, readonly string[]>): DomainContext {
  const typedAt = sink.typedAt;
  const ctx = new DomainContext(d, sink, 'domain', problemObjects);
  checkTypeDuplicates(d.types, sink);
  checkDuplicates(d.constants, 'constant', sink);
  checkPredicateDuplicates(d.predicates, sink);
  checkDuplicates(d.functions, 'function', sink);
  checkDuplicates(d.actions, 'action', sink);

  const typeNames = new Set(d.types.map((t) => t.name));
  for (const t of d.types) {
    if (t.name === OBJECT_TYPE) {
      if (t.parents.every((p) => p === OBJECT_TYPE)) sink.departure('object-redeclared', `'object' is the built-in root type; remove it from (:types ...)`, t.span);
      else sink.error('malformed', `'object' is the root type and cannot have a parent (${t.parents.join(' ')}); remove it from (:types ...)`, t.span);
      continue;
    }
    if (t.parents.length > 1) {
      sink.departure('either-in-types', `type '${t.name}' is declared with the parent (either ${t.parents.join(' ')}); PDDL types take one parent: declare '${t.name}' under each parent (e.g. ${t.name} - ${t.parents[0]})`, t.span);
    }
    if (RESERVED_NAMES.has(t.name)) sink.error('name-clash', `'${t.name}' is a PDDL keyword and cannot name a type; rename it`, t.span);
    for (const p of t.parents) {
      // parents used without their own declaration are implicitly declared (as FD does)
      if (p !== 'object' && !typeNames.has(p)) {
        sink.departure('undeclared-parent-type', `type '${p}' (parent of '${t.name}') is not declared itself; declare it in (:types ...) (it is treated as a subtype of object)`, t.span);
      }
    }
  }
  const cycle = ctx.hierarchy.findCycle();
  if (cycle) {
    const decl = d.types.find((t) => t.name === cycle[0]);
    sink.error('malformed', `the type hierarchy has a cycle: ${cycle.join(' - ')}; a type cannot be its own ancestor`, decl?.span);
  }
  if (d.types.length > 0) ctx.needs(':typing', '(:types ...)', d.types[0].span);
  else if (typedAt) sink.departure('types-section-missing', `typed names are used but the domain has no (:types ...) section; add (:types ...) (VAL requires it)`, typedAt);

  for (const c of d.constants) {
    ctx.checkTypes(c.types, c.span, `constant '${c.name}'`);
    if (c.name.startsWith('?')) sink.error('malformed', `constant ${c.name} cannot start with '?'`, c.span);
  }
  const fnNames = new Set(d.functions.map((f) => f.name));
  for (const p of d.predicates) {
    if (RESERVED_NAMES.has(p.name)) sink.error('name-clash', `'${p.name}' is a PDDL keyword and cannot name a predicate; rename it`, p.span);
    else if (fnNames.has(p.name)) sink.error('name-clash', `'${p.name}' is declared both as a predicate and as a function; rename one of them`, p.span);
    else if (typeNames.has(p.name)) sink.warning('name-clash', `predicate '${p.name}' has the same name as a type; this is legal but confusing (rename it, e.g. is-${p.name})`, p.span);
    const names = new Set<string>();
    for (const q of p.params) {
      if (names.has(q.name)) sink.warning('duplicate', `parameter ${q.name} is declared twice in predicate '${p.name}'; give each parameter its own name`, q.span);
      names.add(q.name);
      ctx.checkTypes(q.types, q.span, `predicate '${p.name}'`);
    }
  }
  for (const f of d.functions) {
    if (RESERVED_NAMES.has(f.name)) sink.error('name-clash', `'${f.name}' is a PDDL keyword and cannot name a function; rename it`, f.span);
    ctx.bind(new Map(), f.params, `function '${f.name}'`);
    if (f.name === 'total-cost' && f.params.length > 0) sink.error('arity', `(total-cost) takes no arguments but is declared with ${f.params.length}`, f.span);
  }
  for (const a of d.actions) {
    const where = `action '${a.name}'`;
    const scope = ctx.bind(new Map(), a.params, where);
    if (a.precondition) ctx.checkCondition(a.precondition, scope, `the precondition of ${where}`);
    if (a.effect) ctx.checkEffect(a.effect, scope, `the effect of ${where}`);
    if (a.effect && isEmptyEffect(a.effect)) sink.departure('empty-effect', `${where} has an empty effect; it changes nothing, so no plan needs it (give it an effect or remove it)`, a.effect.span ?? a.span);
  }
  checkDerived(d, ctx);
  return ctx;
}

/** The `(:derived ...)` rules: declared heads of the declared arity, well-formed bodies, stratifiable. */
function checkDerived(d: Domain, ctx: DomainContext): void {
  const sink = ctx.sink;
  for (const r of d.derived) {
    ctx.needs(':derived-predicates', 'a derived predicate (:derived ...)', r.span);
    const where = `the derived predicate rule (:derived (${r.name} ...) ...)`;
    const decl = ctx.predicates.get(r.name);
    if (!decl) {
      sink.error('undeclared-predicate', `derived predicate '${r.name}' is not declared in (:predicates ...); declare it there with its parameters`, r.span);
    } else if (decl.params.length !== r.params.length) {
      sink.error('arity', `derived predicate '${r.name}' is declared with ${decl.params.length} parameter${decl.params.length === 1 ? '' : 's'} but its rule has ${r.params.length}`, r.span);
    }
    const scope = ctx.bind(new Map(), r.params, where);
    ctx.checkCondition(r.body, scope, where);
  }
  const strata = derivedStrata(d.derived);
  if (strata.unstratifiable) {
    const p = strata.unstratifiable.predicate;
    sink.error('malformed', `derived predicate '${p}' depends on its own negation through (:derived ...) rules; negation must not occur in a recursive cycle (the rules are not stratifiable)`, strata.unstratifiable.span);
  }
}

function isEmptyEffect(e: Effect): boolean {
  return e.kind === 'and' && e.args.every(isEmptyEffect);
}

/**
 * Parses and checks a domain text without throwing. `problemObjects` (the objects of the
 * problem it is used with) resolve constants the domain uses but does not declare.
 */
export function checkDomain(text: string, file?: string, problemObjects?: ReadonlyMap<string, readonly string[]>): DomainCheck {
  const sink = new DiagnosticSink();
  const exprs = readOrReport(text, file, sink);
  if (!exprs) return { diagnostics: sink.list, ok: false };
  const def = findDefine(exprs, 'domain', sink, wholeSpan(text, file));
  if (!def) return { diagnostics: sortDiagnostics(sink.list), ok: false };
  const domain = readDomainSections(def.list, def.name, sink);
  checkDomainSemantics(domain, sink, problemObjects);
  const diagnostics = sortDiagnostics(sink.list);
  return { domain, diagnostics, ok: sink.errorCount === 0 };
}

function readDomainSections(list: SList, name: string, sink: DiagnosticSink): Domain {
  const domain: Domain = { name, requirements: [], types: [], constants: [], predicates: [], functions: [], actions: [], derived: [], span: list.span };
  const seenSections = new Map<string, SourceSpan>();
  for (const sec of list.items.slice(2)) {
    const kw = sectionKeyword(sec);
    if (!kw || !isList(sec)) {
      sink.error('malformed', `expected a section like (:predicates ...) or (:action ...) but found ${sexprText(sec)}`, sec.span);
      continue;
    }
    const items = sec.items.slice(1);
    const key = kw.value;
    if (key !== ':action' && key !== ':derived' && !(key in UNSUPPORTED_SECTIONS)) {
      const prev = seenSections.get(key);
      if (prev) {
        sink.error('duplicate', `section ${key} appears twice (first at ${atSpan(prev)}); merge them into one`, kw.span);
        continue;
      }
      seenSections.set(key, kw.span);
    }
    switch (key) {
      case ':requirements':
        domain.requirements = parseRequirements(items, sink);
        break;
      case ':types':
        domain.types = parseTypes(items, sink);
        break;
      case ':constants':
        domain.constants = parseTypedList(items, 'name', sink, '(:constants ...)');
        break;
      case ':predicates':
        domain.predicates = parsePredicates(items, sink);
        break;
      case ':functions':
        domain.functions = parseFunctions(items, sink);
        break;
      case ':action': {
        const a = parseAction(sec, sink);
        if (a) domain.actions.push(a);
        break;
      }
      case ':derived': {
        const r = parseDerived(sec, sink);
        if (r) domain.derived.push(r);
        break;
      }
      default:
        if (UNSUPPORTED_SECTIONS[key]) sink.unsupported(UNSUPPORTED_SECTIONS[key], kw.span);
        else sink.unsupported(`unknown domain section ${key}`, kw.span, 'expected :requirements, :types, :constants, :predicates, :functions, :derived or :action');
    }
  }
  return domain;
}

/** Throws the syntax error or a PddlCheckError listing every diagnostic when there is an error. */
function throwIfErrors(diagnostics: PddlDiagnostic[]): void {
  if (!diagnostics.some((d) => d.severity === 'error')) return;
  const syntax = diagnostics.find((d) => d.code === 'syntax');
  if (syntax && syntax.span) throw new PddlParseError(syntax.message, syntax.span);
  throw new PddlCheckError(diagnostics);
}

/** Parses a domain; throws PddlParseError (syntax) or PddlCheckError (all diagnostics). */
export function parseDomain(text: string, file?: string): Domain {
  const r = checkDomain(text, file);
  throwIfErrors(r.diagnostics);
  if (!r.domain) throw new PddlCheckError(r.diagnostics);
  return r.domain;
}

export { throwIfErrors };
