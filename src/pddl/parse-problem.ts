/**
 * `(define (problem ...))` → Problem, optionally checked against its domain.
 * `checkProblem` never throws and reports every diagnostic it can find;
 * `parseProblem` throws on a syntax error or when any error was found.
 */
import type { SourceSpan } from '../core/errors.js';
import type { Atom, Condition, Domain, InitElement, Metric, Problem, TypedName } from './ast.js';
import { DomainContext } from './check-formula.js';
import { DiagnosticSink, readOrReport, sortDiagnostics } from './diagnostics.js';
import { PddlParseError, type PddlDiagnostic } from './errors.js';
import { findDefine, throwIfErrors, wholeSpan } from './parse-domain.js';
import {
  atSpan,
  isNumberText,
  parseAtom,
  parseCondition,
  parseNumericExpr,
  parseRequirements,
  parseTerm,
  parseTypedList,
  sectionKeyword,
  sexprText,
} from './parse-formula.js';
import { isAtom, isList, type SExpr, type SList } from './sexpr.js';
import { writeAtom } from './writer.js';

export interface ProblemCheck {
  /** The problem as far as it could be read. */
  problem?: Problem;
  /** Sorted by position. */
  diagnostics: PddlDiagnostic[];
  /** True when there is no error diagnostic. */
  ok: boolean;
}

const EMPTY_SCOPE: ReadonlyMap<string, readonly string[]> = new Map();

const UNSUPPORTED_SECTIONS: Record<string, string> = {
  ':constraints': 'PDDL3 constraints (:constraints ...)',
  ':length': '(:length ...) (PDDL 1.2 plan length hints)',
};

/** A negative init literal is ignored (closed world) but remembered to detect contradictions. */
interface InitRead {
  init: InitElement[];
  negatives: Atom[];
}

function parseInit(items: SExpr[], sink: DiagnosticSink): InitRead {
  const init: InitElement[] = [];
  const negatives: Atom[] = [];
  for (const it of items) {
    if (!isList(it) || it.items.length === 0) {
      sink.error('malformed', `expected an initial fact like (on a b) in (:init ...) but found ${sexprText(it)}`, it.span);
      continue;
    }
    const head = it.items[0];
    const op = isAtom(head) ? head.value : '';
    if (op === '=' && isList(it.items[1])) {
      const [, target, value] = it.items;
      if (it.items.length !== 3 || !isList(target) || !isAtom(value) || !isNumberText(value.value)) {
        sink.error('malformed', `expected (= (function args) number) in (:init ...) but found ${sexprText(it)}`, it.span);
        continue;
      }
      const fh = target.items[0];
      if (!isAtom(fh) || fh.value.startsWith('?')) {
        sink.error('malformed', `expected a function term like (road-length a b) in ${sexprText(it)}`, target.span);
        continue;
      }
      const args = [];
      let ok = true;
      for (const a of target.items.slice(1)) {
        const t = parseTerm(a, sink, `(${fh.value} ...)`);
        if (t) args.push(t);
        else ok = false;
      }
      if (ok) init.push({ kind: 'fvalue', fn: fh.value, args, value: Number(value.value), span: it.span });
      continue;
    }
    if (op === 'not') {
      const inner = it.items[1];
      if (it.items.length !== 2 || !isList(inner)) {
        sink.error('malformed', `expected (not (pred objects)) in (:init ...) but found ${sexprText(it)}`, it.span);
        continue;
      }
      const a = parseAtom(inner, sink);
      if (a) negatives.push(a);
      continue;
    }
    if (op === 'at' && isAtom(it.items[1]) && isNumberText(it.items[1].value)) {
      sink.unsupported('timed initial literal (at <time> ...)', it.span);
      continue;
    }
    if (['and', 'or', 'forall', 'exists', 'when', 'imply'].includes(op)) {
      sink.error('malformed', `(:init ...) lists ground facts; (${op} ...) is not allowed there: ${sexprText(it)}`, it.span);
      continue;
    }
    const a = parseAtom(it, sink);
    if (a) init.push({ kind: 'atom', atom: a, span: it.span });
  }
  return { init, negatives };
}

function parseMetric(items: SExpr[], span: SourceSpan, sink: DiagnosticSink): Metric | undefined {
  const [dir, expr] = items;
  if (items.length !== 2 || !isAtom(dir) || (dir.value !== 'minimize' && dir.value !== 'maximize')) {
    sink.error('malformed', `expected (:metric minimize (total-cost)) but found (:metric ${items.map(sexprText).join(' ')})`, span);
    return undefined;
  }
  if (isAtom(expr, 'total-time')) {
    sink.unsupported('metric total-time (temporal planning)', expr.span, 'use (:metric minimize (total-cost))');
    return undefined;
  }
  const e = parseNumericExpr(expr, sink);
  return e ? { direction: dir.value, expr: e, span } : undefined;
}

function readProblemSections(list: SList, name: string, sink: DiagnosticSink): { problem: Problem; negatives: Atom[]; domainSpan?: SourceSpan; goalSeen: boolean } {
  const problem: Problem = { name, domain: '', requirements: [], objects: [], init: [], goal: { kind: 'and', args: [] }, span: list.span };
  let negatives: Atom[] = [];
  let domainSpan: SourceSpan | undefined;
  let goalSeen = false;
  const seen = new Map<string, SourceSpan>();
  for (const sec of list.items.slice(2)) {
    const kw = sectionKeyword(sec);
    if (!kw || !isList(sec)) {
      sink.error('malformed', `expected a section like (:objects ...), (:init ...) or (:goal ...) but found ${sexprText(sec)}`, sec.span);
      continue;
    }
    const items = sec.items.slice(1);
    const prev = seen.get(kw.value);
    if (prev) {
      sink.error('duplicate', `section ${kw.value} appears twice (first at ${atSpan(prev)}); merge them into one`, kw.span);
      continue;
    }
    seen.set(kw.value, kw.span);
    switch (kw.value) {
      case ':domain':
        if (items.length !== 1 || !isAtom(items[0])) sink.error('malformed', `expected (:domain NAME) but found ${sexprText(sec)}`, sec.span);
        else {
          problem.domain = items[0].value;
          domainSpan = items[0].span;
        }
        break;
      case ':requirements':
        problem.requirements = parseRequirements(items, sink);
        break;
      case ':objects':
        problem.objects = parseTypedList(items, 'name', sink, '(:objects ...)');
        break;
      case ':init': {
        const r = parseInit(items, sink);
        problem.init = r.init;
        negatives = r.negatives;
        break;
      }
      case ':goal': {
        goalSeen = true;
        if (items.length !== 1) {
          sink.error('malformed', `(:goal ...) takes exactly one condition (use (and ...) for several) but ${items.length} were given`, sec.span);
          break;
        }
        const g = parseCondition(items[0], sink);
        if (g) problem.goal = g;
        break;
      }
      case ':metric': {
        const m = parseMetric(items, sec.span, sink);
        if (m) problem.metric = m;
        break;
      }
      default:
        if (UNSUPPORTED_SECTIONS[kw.value]) sink.unsupported(UNSUPPORTED_SECTIONS[kw.value], kw.span);
        else sink.unsupported(`unknown problem section ${kw.value}`, kw.span, 'expected :domain, :requirements, :objects, :init, :goal or :metric');
    }
  }
  if (!problem.domain) sink.error('malformed', `problem '${name}' has no (:domain NAME) section; add one`, list.span);
  if (!goalSeen) sink.error('malformed', `problem '${name}' has no (:goal ...) section; add one`, list.span);
  return { problem, negatives, domainSpan, goalSeen };
}

function checkObjects(objects: readonly TypedName[], domain: Domain | undefined, sink: DiagnosticSink): void {
  const first = new Map<string, SourceSpan | undefined>();
  for (const o of objects) {
    const prev = first.get(o.name);
    if (first.has(o.name)) sink.error('duplicate', `object '${o.name}' is declared twice${prev ? ` (first at ${atSpan(prev)})` : ''}; remove one`, o.span);
    else first.set(o.name, o.span);
  }
  if (domain) {
    const constants = new Map(domain.constants.map((c) => [c.name, c]));
    for (const o of objects) {
      const c = constants.get(o.name);
      if (c) sink.departure('object-is-constant', `object '${o.name}' is already a constant of domain '${domain.name}'; remove it from (:objects ...)`, o.span);
    }
  }
}

/** `init`: an initial fact (positive or negative), whose ill-typed arguments are a policy departure. */
function checkGroundAtom(ctx: DomainContext | undefined, a: Atom, where: string, sink: DiagnosticSink, init = false): void {
  for (const t of a.args) {
    if (t.kind === 'var') {
      sink.error('malformed', `${where} must be ground, but ${writeAtom(a)} contains the variable ${t.name}; use objects`, t.span);
      return;
    }
  }
  if (a.predicate === '=') {
    sink.error('malformed', `equality ${writeAtom(a)} cannot be an initial fact`, a.span);
    return;
  }
  ctx?.checkAtom(a, EMPTY_SCOPE, where, init);
}

function checkProblemSemantics(
  p: Problem,
  negatives: readonly Atom[],
  domain: Domain | undefined,
  domainSpan: SourceSpan | undefined,
  sink: DiagnosticSink,
): void {
  checkObjects(p.objects, domain, sink);
  let ctx: DomainContext | undefined;
  if (domain) {
    if (p.domain && p.domain !== domain.name) {
      sink.departure('domain-mismatch', `problem says (:domain ${p.domain}) but the domain is named '${domain.name}'; make the names agree`, domainSpan ?? p.span);
    }
    // Requirement warnings are the domain's business; here we check names and types.
    ctx = new DomainContext({ ...domain, requirements: [{ name: ':adl' }, { name: ':action-costs' }] }, sink, 'problem');
    for (const o of p.objects) {
      ctx.checkTypes(o.types, o.span, `object '${o.name}'`);
      if (!ctx.objects.has(o.name)) ctx.objects.set(o.name, o.types);
    }
  }
  const positives = new Set<string>();
  for (const e of p.init) {
    if (e.kind === 'atom') {
      checkGroundAtom(ctx, e.atom, '(:init ...)', sink, true);
      if (negatives.length) positives.add(writeAtom(e.atom));
    } else {
      if (e.args.some((t) => t.kind === 'var')) {
        sink.error('malformed', `(:init ...) must be ground, but (= (${e.fn} ...) ${e.value}) contains a variable`, e.span);
        continue;
      }
      if (ctx && !undeclaredTotalCost(ctx, e.fn, e.args.length, e.span)) ctx.checkFTerm(e.fn, e.args, EMPTY_SCOPE, e.span);
    }
  }
  for (const a of negatives) {
    checkGroundAtom(ctx, a, '(:init ...)', sink, true);
    if (positives.has(writeAtom(a))) sink.error('malformed', `(:init ...) contains both ${writeAtom(a)} and (not ${writeAtom(a)}); remove one`, a.span);
  }
  if (ctx) {
    ctx.checkCondition(p.goal, new Map(), '(:goal ...)');
    const m = p.metric?.expr;
    if (m && !(m.kind === 'fterm' && undeclaredTotalCost(ctx, m.fn, m.args.length, m.span))) ctx.checkNumeric(m, new Map());
  } else {
    checkGoalVariables(p.goal, new Set(), sink);
  }
}

/**
 * `(total-cost)` in :init or the metric of a domain that never declares it (a policy
 * departure, reported once): true when that is the case.
 */
function undeclaredTotalCost(ctx: DomainContext, fn: string, arity: number, span: SourceSpan | undefined): boolean {
  if (fn !== 'total-cost' || arity !== 0 || ctx.functions.has(fn)) return false;
  if (!ctx.once('undeclared-total-cost')) return true;
  ctx.sink.departure('undeclared-total-cost', `(total-cost) is used in the problem but the domain does not declare it; add (:functions (total-cost) - number) to the domain`, span);
  return true;
}

/** Without a domain we can still check that goal variables are bound. */
function checkGoalVariables(c: Condition, bound: Set<string>, sink: DiagnosticSink): void {
  switch (c.kind) {
    case 'atom':
      for (const t of c.atom.args) {
        if (t.kind === 'var' && !bound.has(t.name)) sink.error('undeclared-parameter', `variable ${t.name} in the goal is not bound by forall/exists; use an object or quantify it`, t.span);
      }
      return;
    case 'not':
      checkGoalVariables(c.arg, bound, sink);
      return;
    case 'and':
    case 'or':
      for (const a of c.args) checkGoalVariables(a, bound, sink);
      return;
    case 'imply':
      checkGoalVariables(c.left, bound, sink);
      checkGoalVariables(c.right, bound, sink);
      return;
    case 'forall':
    case 'exists':
      checkGoalVariables(c.body, new Set([...bound, ...c.params.map((x) => x.name)]), sink);
      return;
  }
}

/** Parses and checks a problem text without throwing; with `domain`, checks names and types against it. */
export function checkProblem(text: string, domain?: Domain, file?: string): ProblemCheck {
  const sink = new DiagnosticSink();
  const exprs = readOrReport(text, file, sink);
  if (!exprs) return { diagnostics: sink.list, ok: false };
  const def = findDefine(exprs, 'problem', sink, wholeSpan(text, file));
  if (!def) return { diagnostics: sortDiagnostics(sink.list), ok: false };
  const r = readProblemSections(def.list, def.name, sink);
  checkProblemSemantics(r.problem, r.negatives, domain, r.domainSpan, sink);
  return { problem: r.problem, diagnostics: sortDiagnostics(sink.list), ok: sink.errorCount === 0 };
}

/** Parses a problem; throws PddlParseError (syntax) or PddlCheckError (all diagnostics). */
export function parseProblem(text: string, domain?: Domain, file?: string): Problem {
  const r = checkProblem(text, domain, file);
  throwIfErrors(r.diagnostics);
  if (!r.problem) throw new PddlParseError('no problem found', wholeSpan(text, file));
  return r.problem;
}
