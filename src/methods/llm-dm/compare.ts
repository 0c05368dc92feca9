/**
 * Agreement of an action model with a reference (gold) one: the top-level
 * conjuncts of the precondition and effect, compared as normalised text
 * (parameters are matched by position, so variable names may differ).
 */
import { isList, readSExprs, type SExpr } from '../../pddl/sexpr.js';
import type { ActionModel } from '../../pddl/described/model.js';

function render(e: SExpr, rename: ReadonlyMap<string, string>): string {
  if (!isList(e)) {
    const v = e.value.toLowerCase();
    return rename.get(v) ?? v;
  }
  return `(${e.items.map((x) => render(x, rename)).join(' ')})`;
}

/** The top-level conjuncts of a formula as normalised strings (empty when unreadable). */
export function conjuncts(text: string, rename: ReadonlyMap<string, string> = new Map()): string[] {
  let xs: SExpr[];
  try {
    xs = readSExprs(text);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (e: SExpr): void => {
    if (isList(e) && e.items.length > 0 && !isList(e.items[0]) && e.items[0].value.toLowerCase() === 'and') e.items.slice(1).forEach(walk);
    else out.push(render(e, rename));
  };
  xs.forEach(walk);
  return out;
}

export interface Agreement {
  /** Same parameter types, same precondition and effect conjunct sets. */
  exact: boolean;
  /** F1 of the conjuncts (preconditions and effects together). */
  f1: number;
  missing: string[];
  extra: string[];
}

export function compareAction(candidate: ActionModel, gold: ActionModel): Agreement {
  const rename = new Map<string, string>();
  candidate.parameters.forEach((p, i) => rename.set(p.name.toLowerCase(), `?${i + 1}`));
  const goldRename = new Map<string, string>();
  gold.parameters.forEach((p, i) => goldRename.set(p.name.toLowerCase(), `?${i + 1}`));
  const c = new Set([...conjuncts(candidate.preconditions, rename).map((x) => `pre ${x}`), ...conjuncts(candidate.effects, rename).map((x) => `eff ${x}`)]);
  const g = new Set([...conjuncts(gold.preconditions, goldRename).map((x) => `pre ${x}`), ...conjuncts(gold.effects, goldRename).map((x) => `eff ${x}`)]);
  const missing = [...g].filter((x) => !c.has(x));
  const extra = [...c].filter((x) => !g.has(x));
  const tp = g.size - missing.length;
  const f1 = g.size + c.size === 0 ? 1 : (2 * tp) / (g.size + c.size);
  const sameParams = candidate.parameters.length === gold.parameters.length && candidate.parameters.every((p, i) => p.type.toLowerCase() === gold.parameters[i].type.toLowerCase());
  return { exact: sameParams && missing.length === 0 && extra.length === 0, f1, missing, extra };
}
