/**
 * Pretty-prints the PDDL AST back to text. Short forms stay on one line; long
 * ones break after the head with two-space indentation. Parsing the output
 * gives back the same tree (modulo spans): see `stripSpans`.
 */
import type {
  ActionDecl,
  Atom,
  Condition,
  Domain,
  Effect,
  FunctionDecl,
  InitElement,
  NumericExpr,
  PlanStep,
  PredicateDecl,
  Problem,
  Term,
} from './ast.js';

/** A layout tree: a leaf, or a list that is printed flat when it fits. */
type Doc = string | { items: Doc[]; breakAfter: number; forceBreak?: boolean };

const WIDTH = 100;

function list(items: Doc[], breakAfter = 1, forceBreak = false): Doc {
  return { items, breakAfter, forceBreak };
}

function flat(d: Doc): string {
  if (typeof d === 'string') return d;
  return `(${d.items.map(flat).join(' ')})`;
}

function render(d: Doc, indent: number): string {
  if (typeof d === 'string') return d;
  const f = flat(d);
  if (!d.forceBreak && indent + f.length <= WIDTH) return f;
  const pad = ' '.repeat(indent + 2);
  const head = d.items.slice(0, d.breakAfter).map((x) => render(x, indent + 2)).join(' ');
  const rest = d.items.slice(d.breakAfter).map((x) => `\n${pad}${render(x, indent + 2)}`);
  if (rest.length === 0) return `(${head})`;
  return `(${head}${rest.join('')})`;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n);
}

export function writeTerm(t: Term): string {
  return t.name;
}

export function writeAtom(a: Atom): string {
  return a.args.length ? `(${a.predicate} ${a.args.map(writeTerm).join(' ')})` : `(${a.predicate})`;
}

function writeTypes(types: string[]): string {
  if (types.length === 1) return types[0];
  return `(either ${types.join(' ')})`;
}

function sameTypes(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Consecutive names with the same types, each group written `a b - t`. An untyped (`object`)
 * group is written bare only when it is the last one: bare names before a `- t` would take `t`.
 */
function typedGroups(names: readonly { name: string; types: string[] }[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < names.length) {
    let j = i;
    while (j + 1 < names.length && sameTypes(names[j + 1].types, names[i].types)) j++;
    const group = names.slice(i, j + 1).map((n) => n.name).join(' ');
    const ts = names[i].types;
    const last = j === names.length - 1;
    if (ts.length === 1 && ts[0] === 'object' && last) out.push(group);
    else out.push(`${group} - ${writeTypes(ts.length ? ts : ['object'])}`);
    i = j + 1;
  }
  return out;
}

/** `?a ?b - t ?c - u` (a trailing untyped group is written without `- object`). */
export function writeTypedList(names: readonly { name: string; types: string[] }[]): string {
  return typedGroups(names).join(' ');
}

export function writeNumericExpr(e: NumericExpr): string {
  if (e.kind === 'number') return formatNumber(e.value);
  return e.args.length ? `(${e.fn} ${e.args.map(writeTerm).join(' ')})` : `(${e.fn})`;
}

function conditionDoc(c: Condition): Doc {
  switch (c.kind) {
    case 'atom':
      return writeAtom(c.atom);
    case 'not':
      return list(['not', conditionDoc(c.arg)]);
    case 'and':
    case 'or':
      return list([c.kind, ...c.args.map(conditionDoc)]);
    case 'imply':
      return list(['imply', conditionDoc(c.left), conditionDoc(c.right)]);
    case 'forall':
    case 'exists':
      return list([c.kind, `(${writeTypedList(c.params)})`, conditionDoc(c.body)], 2);
  }
}

function effectDoc(e: Effect): Doc {
  switch (e.kind) {
    case 'and':
      return list(['and', ...e.args.map(effectDoc)]);
    case 'add':
      return writeAtom(e.atom);
    case 'del':
      return `(not ${writeAtom(e.atom)})`;
    case 'forall':
      return list(['forall', `(${writeTypedList(e.params)})`, effectDoc(e.body)], 2);
    case 'when':
      return list(['when', conditionDoc(e.condition), effectDoc(e.effect)]);
    case 'increase': {
      const target = e.args.length ? `(${e.fn} ${e.args.map(writeTerm).join(' ')})` : `(${e.fn})`;
      return `(increase ${target} ${writeNumericExpr(e.amount)})`;
    }
  }
}

export function writeCondition(c: Condition, indent = 0): string {
  return render(conditionDoc(c), indent);
}

export function writeEffect(e: Effect, indent = 0): string {
  return render(effectDoc(e), indent);
}

function writePredicate(p: PredicateDecl): string {
  return p.params.length ? `(${p.name} ${writeTypedList(p.params)})` : `(${p.name})`;
}

function writeFunction(f: FunctionDecl): string {
  const head = f.params.length ? `(${f.name} ${writeTypedList(f.params)})` : `(${f.name})`;
  return `${head} - ${f.type}`;
}

function writeAction(a: ActionDecl): string {
  const lines = [`  (:action ${a.name}`, `    :parameters (${writeTypedList(a.params)})`];
  if (a.precondition) lines.push(`    :precondition ${writeCondition(a.precondition, 18)}`);
  if (a.effect) lines.push(`    :effect ${writeEffect(a.effect, 12)}`);
  return `${lines.join('\n')}\n  )`;
}

/** A section `(:key item item ...)` with one item per line when it does not fit on one. */
function section(key: string, items: string[]): string {
  const one = `  (${key} ${items.join(' ')})`;
  if (one.length <= WIDTH && !items.some((s) => s.includes('\n'))) return one;
  return `  (${key}\n${items.map((s) => `    ${s}`).join('\n')}\n  )`;
}

export function writeDomain(d: Domain): string {
  const out: string[] = [`(define (domain ${d.name})`];
  if (d.requirements.length) out.push(section(':requirements', d.requirements.map((r) => r.name)));
  if (d.types.length) {
    out.push(section(':types', typedGroups(d.types.map((t) => ({ name: t.name, types: t.parents.length ? t.parents : ['object'] })))));
  }
  if (d.constants.length) out.push(section(':constants', typedGroups(d.constants)));
  if (d.predicates.length) out.push(section(':predicates', d.predicates.map(writePredicate)));
  if (d.functions.length) out.push(section(':functions', d.functions.map(writeFunction)));
  for (const r of d.derived) {
    const head = r.params.length ? `(${r.name} ${writeTypedList(r.params)})` : `(${r.name})`;
    out.push(`  (:derived ${head}\n    ${writeCondition(r.body, 4)})`);
  }
  for (const a of d.actions) out.push(writeAction(a));
  out.push(')');
  return `${out.join('\n')}\n`;
}

function writeInit(e: InitElement): string {
  if (e.kind === 'atom') return writeAtom(e.atom);
  const target = e.args.length ? `(${e.fn} ${e.args.map(writeTerm).join(' ')})` : `(${e.fn})`;
  return `(= ${target} ${formatNumber(e.value)})`;
}

export function writeProblem(p: Problem): string {
  const out: string[] = [`(define (problem ${p.name})`, `  (:domain ${p.domain})`];
  if (p.requirements.length) out.push(section(':requirements', p.requirements.map((r) => r.name)));
  if (p.objects.length) out.push(section(':objects', typedGroups(p.objects)));
  out.push(p.init.length ? `  (:init\n${p.init.map((e) => `    ${writeInit(e)}`).join('\n')}\n  )` : '  (:init)');
  out.push(`  (:goal ${writeCondition(p.goal, 9)})`);
  if (p.metric) out.push(`  (:metric ${p.metric.direction} ${writeNumericExpr(p.metric.expr)})`);
  out.push(')');
  return `${out.join('\n')}\n`;
}

/** A plan in IPC format: one `(name arg ...)` per line. */
export function writePlan(steps: readonly PlanStep[]): string {
  return steps.map((s) => (s.args.length ? `(${s.name} ${s.args.join(' ')})` : `(${s.name})`)).join('\n') + (steps.length ? '\n' : '');
}

/** A deep copy of `x` without any `span` fields (for comparing trees). */
export function stripSpans<T>(x: T): T {
  return strip(x) as T;
}

function strip(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(strip);
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (k === 'span' || v === undefined) continue;
      out[k] = strip(v);
    }
    return out;
  }
  return x;
}
