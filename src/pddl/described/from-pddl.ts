/**
 * Reads a domain.pddl back into a DomainModel (with the source regions of
 * each action's parameters, precondition and effect), so that the LLM-DM
 * checks run on any domain file and report the file's own line:col.
 * Predicate descriptions come from a predicates.json when given.
 */
import { PddlParseError } from '../errors.js';
import { isAtom, isList, readSExprs, type SExpr, type SList } from '../sexpr.js';
import type { ActionModel, DomainModel, Region, Section, TypeSpec } from './model.js';
import { parsePredicateLine, type PredicateDef } from './predicates.js';

export type FromPddl =
  | { status: 'ok'; model: DomainModel; text: string; regions: Region[]; unreadable: { action: number; section: Section; message: string }[] }
  | { status: 'syntax'; message: string; line: number; col: number };

function slice(text: string, e: SExpr): string {
  return text.slice(e.span.start.offset, e.span.end.offset);
}

function typedNames(items: SExpr[]): { name: string; type: string }[] {
  const out: { name: string; type: string }[] = [];
  let pending: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (isAtom(it, '-') && items[i + 1] && isAtom(items[i + 1])) {
      const t = items[i + 1] as { raw: string };
      for (const p of pending) out.push({ name: p, type: t.raw });
      pending = [];
      i++;
    } else if (isAtom(it)) pending.push(it.raw);
  }
  for (const p of pending) out.push({ name: p, type: 'object' });
  return out;
}

export function modelFromPddl(text: string, file: string, descriptions: readonly PredicateDef[] = []): FromPddl {
  let exprs: SExpr[];
  try {
    exprs = readSExprs(text, file);
  } catch (err) {
    if (err instanceof PddlParseError && err.span) return { status: 'syntax', message: err.message, line: err.span.start.line, col: err.span.start.col };
    throw err;
  }
  const define = exprs.find((e): e is SList => isList(e) && isAtom(e.items[0], 'define'));
  const model: DomainModel = { name: 'domain', types: [], requirements: [], predicates: [], actions: [] };
  const regions: Region[] = [];
  if (!define) return { status: 'ok', model, text, regions, unreadable: [] };
  const desc = new Map(descriptions.map((d) => [d.name, d.description]));
  for (const sec of define.items.slice(1)) {
    if (!isList(sec) || sec.items.length === 0) continue;
    const head = sec.items[0];
    if (isList(head)) continue;
    const kw = head.value;
    if (kw === 'domain' && sec.items[1] && isAtom(sec.items[1])) model.name = sec.items[1].value;
    else if (kw === ':requirements') model.requirements = sec.items.slice(1).flatMap((r) => (isAtom(r) ? [r.value.replace(/^:/, '')] : []));
    else if (kw === ':types') model.types = typedNames(sec.items.slice(1)).map((t): TypeSpec => ({ name: t.name, parent: t.type }));
    // parameter and variable names are case-insensitive: keep them lower-case
    else if (kw === ':predicates') {
      for (const p of sec.items.slice(1)) {
        if (!isList(p)) continue;
        const r = parsePredicateLine(slice(text, p).replace(/\s+/g, ' '));
        if (r.ok) {
          model.predicates.push({ ...r.def, description: desc.get(r.def.name) ?? '' });
          regions.push({ action: -1, section: 'predicates', predicate: model.predicates.length - 1, start: p.span.start.offset, end: p.span.end.offset });
        }
      }
    } else if (kw === ':action') {
      const nameAtom = sec.items[1];
      const name = nameAtom && isAtom(nameAtom) ? nameAtom.value : `action-${model.actions.length + 1}`;
      const a: ActionModel = { name, pddlName: name, parameters: [], preconditions: '(and)', effects: '(and)' };
      const index = model.actions.length;
      for (let i = 2; i < sec.items.length - 1; i++) {
        const k = sec.items[i];
        const v = sec.items[i + 1];
        if (isAtom(k, ':parameters') && isList(v)) {
          a.parameters = typedNames(v.items).map((p) => ({ name: p.name.toLowerCase(), type: p.type, description: '' }));
          regions.push({ action: index, section: 'parameters', start: v.span.start.offset, end: v.span.end.offset });
        } else if (isAtom(k, ':precondition')) {
          a.preconditions = slice(text, v);
          regions.push({ action: index, section: 'preconditions', start: v.span.start.offset, end: v.span.end.offset });
        } else if (isAtom(k, ':effect')) {
          a.effects = slice(text, v);
          regions.push({ action: index, section: 'effects', start: v.span.start.offset, end: v.span.end.offset });
        }
      }
      model.actions.push(a);
    }
  }
  return { status: 'ok', model, text, regions, unreadable: [] };
}
