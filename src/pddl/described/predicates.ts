/**
 * Predicate definitions with descriptions, as LLM-DM keeps them (Guan et al.
 * 2023, §4.1): one line `(name ?x - type ?y - type): description`. The
 * dictionary grows action by action and is shown to the LLM in every prompt;
 * the plain-language rendering (explain.ts) reads it too.
 */

export interface TypedParam {
  name: string;
  type: string;
}

export interface PredicateDef {
  name: string;
  params: TypedParam[];
  description: string;
}

export type PredicateParse = { ok: true; def: PredicateDef } | { ok: false; text: string; reason: string };

const NAME = /^[a-zA-Z][a-zA-Z0-9_-]*$/;

/** Parses `(name ?a - t ?b ?c - u): description` (a leading `1.` or `-` is ignored). */
export function parsePredicateLine(line: string): PredicateParse {
  const text = line.trim().replace(/^(\d+[.)]|[-*])\s*/, '');
  if (!text.startsWith('(')) return { ok: false, text, reason: 'a definition starts with "(" followed by the predicate name' };
  const close = text.indexOf(')');
  if (close < 0) return { ok: false, text, reason: 'the definition has no closing ")"' };
  if (text.indexOf('(', 1) >= 0 && text.indexOf('(', 1) < close) return { ok: false, text, reason: 'a definition cannot contain nested parentheses' };
  const inner = text.slice(1, close).trim().split(/\s+/).filter((t) => t !== '');
  const rest = text.slice(close + 1).trim();
  const description = rest.replace(/^[:,]\s*/, '').trim();
  if (inner.length === 0) return { ok: false, text, reason: 'the predicate has no name' };
  const name = inner[0];
  if (!NAME.test(name)) return { ok: false, text, reason: `'${name}' is not a valid predicate name (letters, digits, '-' and '_', starting with a letter)` };
  const params: TypedParam[] = [];
  let pending: string[] = [];
  for (let i = 1; i < inner.length; i++) {
    const tok = inner[i];
    if (tok === '-') {
      const type = inner[i + 1];
      if (type === undefined || !NAME.test(type)) return { ok: false, text, reason: `'-' must be followed by a type name` };
      if (pending.length === 0) return { ok: false, text, reason: `type '${type}' is not preceded by a parameter` };
      for (const p of pending) params.push({ name: p, type });
      pending = [];
      i++;
    } else if (/^\?[a-zA-Z][a-zA-Z0-9_-]*$/.test(tok)) {
      pending.push(tok);
    } else {
      return { ok: false, text, reason: `'${tok}' is not a parameter: parameters are written ?name - type` };
    }
  }
  if (pending.length > 0) return { ok: false, text, reason: `parameter ${pending.join(' ')} has no type: write ${pending[0]} - TYPE` };
  const seen = new Set<string>();
  for (const p of params) {
    if (seen.has(p.name)) return { ok: false, text, reason: `parameter ${p.name} appears twice` };
    seen.add(p.name);
  }
  return { ok: true, def: { name: name.toLowerCase(), params: params.map((p) => ({ name: p.name.toLowerCase(), type: p.type })), description } };
}

/** `(name ?x - t ?y - u)` */
export function predicateSignature(p: PredicateDef): string {
  const ps = p.params.map((x) => `${x.name} - ${x.type}`).join(' ');
  return ps === '' ? `(${p.name})` : `(${p.name} ${ps})`;
}

/** `(name ?x - t): description` */
export function formatPredicate(p: PredicateDef): string {
  return p.description ? `${predicateSignature(p)}: ${p.description}` : predicateSignature(p);
}

/** Parses a predicate list (one definition per line; blank lines skipped). Malformed lines are returned apart. */
export function parsePredicateList(text: string): { defs: PredicateDef[]; malformed: { line: number; text: string; reason: string }[] } {
  const defs: PredicateDef[] = [];
  const malformed: { line: number; text: string; reason: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const r = parsePredicateLine(raw);
    if (r.ok) defs.push(r.def);
    else malformed.push({ line: i + 1, text: r.text, reason: r.reason });
  });
  return { defs, malformed };
}

/** The numbered list the prompts show, or the seed's "No predicate has been defined yet". */
export function predicateListText(defs: readonly PredicateDef[]): string {
  if (defs.length === 0) return 'No predicate has been defined yet';
  return defs.map((d, i) => `${i + 1}. ${formatPredicate(d)}`).join('\n');
}

export function sameSignature(a: PredicateDef, b: PredicateDef): boolean {
  return a.params.length === b.params.length && a.params.every((p, i) => p.type === b.params[i].type);
}
