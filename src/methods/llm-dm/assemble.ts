/**
 * Assembles a DomainModel into `domain.pddl` text, remembering where each
 * action's parameters, precondition and effect went so that located parser
 * diagnostics can be traced back to the action (and section) the LLM wrote.
 */
import { isList, readSExprs } from '../../pddl/sexpr.js';
import { PddlParseError } from '../../pddl/errors.js';
import type { DomainModel, Region, Section } from '../../pddl/described/model.js';
import { formatPredicate, predicateSignature } from '../../pddl/described/predicates.js';

export interface Assembled {
  text: string;
  regions: Region[];
  /** PDDL of sections that were not balanced s-expressions, replaced by (and) so the rest can be checked. */
  unreadable: { action: number; section: Section; message: string }[];
}

/** `null` when the text is one balanced s-expression, else the reader's message. */
export function sexprProblem(text: string): string | null {
  try {
    const xs = readSExprs(text);
    if (xs.length === 0) return 'it is empty';
    if (xs.length > 1) return `it has ${xs.length} top-level expressions where one (and ...) is expected; check the parentheses`;
    if (!isList(xs[0])) return `it is the word '${text.trim()}', not a parenthesised formula`;
    return null;
  } catch (err) {
    if (err instanceof PddlParseError) return err.message;
    throw err;
  }
}

function indent(text: string, pad: string): string {
  return text
    .trim()
    .split('\n')
    .map((l, i) => (i === 0 ? l : pad + l.replace(/^\s+/, (s) => (s.length >= 2 ? s : '  '))))
    .join('\n');
}

export function assembleDomain(model: DomainModel, options: { descriptions?: boolean } = {}): Assembled {
  const regions: Region[] = [];
  const unreadable: Assembled['unreadable'] = [];
  let text = '';
  const put = (s: string, region?: Omit<Region, 'start' | 'end'>): void => {
    const start = text.length;
    text += s;
    if (region) regions.push({ ...region, start, end: text.length });
  };
  put(`(define (domain ${model.name})\n`);
  const reqs = model.requirements.map((r) => `:${r}`).join(' ');
  put(`  (:requirements ${reqs})\n`, { action: -1, section: 'header' });
  if (model.types.length > 0) {
    const byParent = new Map<string, string[]>();
    for (const t of model.types) byParent.set(t.parent, [...(byParent.get(t.parent) ?? []), t.name]);
    const groups = [...byParent].map(([p, cs]) => `${cs.join(' ')} - ${p}`).join('\n    ');
    put(`  (:types\n    ${groups}\n  )\n`, { action: -1, section: 'header' });
  }
  put('  (:predicates\n');
  model.predicates.forEach((p, i) => {
    put('    ');
    put(predicateSignature(p), { action: -1, section: 'predicates', predicate: i });
    put(options.descriptions !== false && p.description ? `  ; ${p.description.replace(/\n/g, ' ')}\n` : '\n');
  });
  put('  )\n');
  model.actions.forEach((a, i) => {
    put(`\n  (:action ${a.pddlName}\n    :parameters (`);
    put(a.parameters.map((p) => `${p.name} - ${p.type}`).join(' '), { action: i, section: 'parameters' });
    put(')\n');
    for (const [section, body, key] of [['preconditions', a.preconditions, ':precondition'], ['effects', a.effects, ':effect']] as const) {
      const problem = sexprProblem(body);
      put(`    ${key} `);
      if (problem !== null) {
        unreadable.push({ action: i, section, message: problem });
        put('(and)', { action: i, section });
      } else put(indent(body, '    '), { action: i, section });
      put('\n');
    }
    put('  )\n');
  });
  put(')\n');
  return { text, regions, unreadable };
}

/** The predicate dictionary as text (one `(name ?x - t): description` per line). */
export function predicatesText(model: DomainModel): string {
  return model.predicates.map((p) => formatPredicate(p)).join('\n') + '\n';
}

/** The region containing an offset (innermost = last added that contains it). */
export function regionAt(regions: readonly Region[], offset: number): Region | undefined {
  let found: Region | undefined;
  for (const r of regions) if (offset >= r.start && offset < r.end) found = r;
  return found;
}
