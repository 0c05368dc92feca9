/**
 * The logic program of a normalized task (Helmert 2009, section 5; Fast
 * Downward's `pddl_to_prolog`): one rule per action, deriving its
 * pseudo-predicate from the positive precondition atoms and parameter types,
 * and one rule per add effect, deriving the effect atom from the action and the
 * effect's condition. Equalities are substituted away first; an action whose
 * equalities contradict is left out. Each action is also compiled into the
 * encoded literals the operator instantiation evaluates.
 */
import { InputError } from '../core/errors.js';
import type { Span, Term } from './ast.js';
import { equalitySubst, substArgs } from './ground-equality.js';
import type { RAtom, Rule } from './ground-reachability.js';
import type { ObjectTable, PredicateTable } from './ground-symbols.js';
import type { Literal, NormalAction, NormalEffect, NormalTask } from './normalize.js';
import { OBJECT_TYPE } from './types.js';

export interface CompiledAction {
  na: NormalAction;
  pseudo: number;
  /** Param name → index in the pseudo fact. */
  paramIndex: Map<string, number>;
  effects: CompiledEffect[];
  /** Precondition literals encoded over the pseudo fact's positions. */
  pre: ELit[];
  /** Operators from this action may coincide (DNF branches, exists, residual). */
  mayDuplicate: boolean;
}

export interface CompiledEffect {
  ne: NormalEffect;
  /** Effect variables (after equality substitution) with their binding index. */
  vars: { name: string; types: string[]; index: number }[];
  /** Variable name → binding index (action params and effect vars). */
  scope: Map<string, number>;
  /** Condition and atom after equality substitution. */
  cond: Literal[];
  args: Term[];
  /** Enumeration plan for the effect variables (when there are any). */
  enumAtoms: RAtom[];
  nVars: number;
  condE: ELit[];
  head: RAtom;
}

/** An encoded literal: pred -1 is equality; args as in RAtom over a binding. */
export interface ELit {
  pred: number;
  args: number[];
  neg: boolean;
  /** No variables: evaluated once and cached in `value`. */
  isGround: boolean;
  value?: number;
}

export interface LogicProgram {
  actions: CompiledAction[];
  rules: Rule[];
}

/** Builds the rules and compiled actions of `nt` (adds pseudo and type predicates to `preds`). */
export function logicProgram(nt: NormalTask, objects: ObjectTable, preds: PredicateTable): LogicProgram {
  const compiled: CompiledAction[] = [];
  const rules: Rule[] = [];
  const branches = new Map<string, number>();
  for (const na of nt.actions) branches.set(na.name, (branches.get(na.name) ?? 0) + 1);
  nt.actions.forEach((na, ai) => {
    const paramIndex = new Map<string, number>();
    na.params.forEach((p, i) => paramIndex.set(p.name, i));
    const subst = equalitySubst(na.pre, () => true);
    if (!subst) return; // (= a b) with distinct constants: never applicable
    const pseudo = preds.add(`action:${ai}`, na.params.length, 'action');
    const varIdx = new Map<string, number>();
    const enc = (t: Term, span?: Span): number => {
      if (t.kind === 'const') return -objects.id(t.name, t.span ?? span) - 1;
      let v = varIdx.get(t.name);
      if (v === undefined) {
        if (!paramIndex.has(t.name)) throw new InputError('PDDL_FREE_VARIABLE', `free variable ${t.name}`, t.span ?? span);
        v = varIdx.size;
        varIdx.set(t.name, v);
      }
      return v;
    };
    const body: RAtom[] = [];
    const neq: [number, number][] = [];
    const negStatic: RAtom[] = [];
    const inAtom = new Set<string>();
    for (const l of na.pre) {
      const args = substArgs(l.args, subst);
      if (l.pred === '=') {
        if (l.neg) neq.push([enc(args[0], l.span), enc(args[1], l.span)]);
        continue;
      }
      const p = preds.id(l.pred, args.length, l.span);
      const atom: RAtom = { pred: p, args: args.map((a) => enc(a, l.span)) };
      if (!l.neg) {
        body.push(atom);
        for (const a of args) if (a.kind === 'var') inAtom.add(a.name);
      } else if (preds.isStatic(p)) negStatic.push(atom);
    }
    const headArgs: number[] = [];
    for (const p of na.params) {
      const t = subst.get(p.name) ?? ({ kind: 'var', name: p.name } as Term);
      const e = enc(t, p.span);
      headArgs.push(e);
      if (t.kind === 'var' && p.types.length === 1 && p.types[0] === OBJECT_TYPE && inAtom.has(t.name)) continue;
      body.push({ pred: preds.typeAtom(p.types), args: [e] });
    }
    const nActVars = varIdx.size;
    rules.push({ body, head: { pred: pseudo, args: headArgs }, nVars: nActVars, neq, negStatic });

    const effects: CompiledEffect[] = [];
    for (const ne of na.effects) {
      const ce = compileEffect(na, ne, paramIndex, objects, preds);
      if (!ce) continue;
      effects.push(ce.effect);
      if (!ne.del) {
        const pseudoAtom: RAtom = { pred: pseudo, args: na.params.map((_, i) => i) };
        rules.push({ body: [pseudoAtom, ...ce.effect.enumAtoms], head: ce.effect.head, nVars: ce.effect.nVars, neq: ce.neq, negStatic: ce.negStatic });
      }
    }
    compiled.push({
      na,
      pseudo,
      paramIndex,
      effects,
      pre: na.pre.map((l) => ({
        pred: l.pred === '=' ? -1 : preds.id(l.pred, l.args.length, l.span),
        args: l.args.map((t) => (t.kind === 'const' ? -objects.id(t.name, t.span ?? l.span) - 1 : (paramIndex.get(t.name) as number))),
        neg: l.neg,
        isGround: l.args.every((a) => a.kind === 'const'),
      })),
      mayDuplicate: na.params.length > na.nOrig || na.residual !== undefined || (branches.get(na.name) ?? 0) > 1,
    });
  });
  return { actions: compiled, rules };
}

/**
 * One effect over binding indices (the action's parameters, then the effect's own
 * variables), with the inequalities and negated static atoms of its condition; undefined
 * when its equalities contradict.
 */
function compileEffect(
  na: NormalAction,
  ne: NormalEffect,
  paramIndex: Map<string, number>,
  objects: ObjectTable,
  preds: PredicateTable,
): { effect: CompiledEffect; neq: [number, number][]; negStatic: RAtom[] } | undefined {
  const effVarNames = new Set(ne.vars.map((v) => v.name));
  const es = equalitySubst(ne.cond, (n) => effVarNames.has(n));
  if (!es) return undefined;
  const scope = ne.vars.length === 0 ? paramIndex : new Map(paramIndex);
  const vars: CompiledEffect['vars'] = [];
  for (const v of ne.vars) {
    if (es.has(v.name)) continue;
    const index = na.params.length + vars.length;
    vars.push({ name: v.name, types: v.types, index });
    scope.set(v.name, index);
  }
  const cond = ne.cond.map((l) => ({ ...l, args: substArgs(l.args, es) }));
  const args = substArgs(ne.args, es);
  const encScope = (t: Term, span?: Span): number => {
    if (t.kind === 'const') return -objects.id(t.name, t.span ?? span) - 1;
    const i = scope.get(t.name);
    if (i === undefined) throw new InputError('PDDL_FREE_VARIABLE', `free variable ${t.name}`, t.span ?? span);
    return i;
  };
  const enumAtoms: RAtom[] = [];
  const neq: [number, number][] = [];
  const negStatic: RAtom[] = [];
  for (const l of cond) {
    if (l.pred === '=') {
      if (l.neg) neq.push([encScope(l.args[0], l.span), encScope(l.args[1], l.span)]);
      continue;
    }
    const p = preds.id(l.pred, l.args.length, l.span);
    const atom = { pred: p, args: l.args.map((a) => encScope(a, l.span)) };
    if (!l.neg) enumAtoms.push(atom);
    else if (preds.isStatic(p)) negStatic.push(atom);
  }
  for (const v of vars) enumAtoms.push({ pred: preds.typeAtom(v.types), args: [v.index] });
  const nVars = na.params.length + vars.length;
  const headPred = preds.id(ne.pred, args.length, ne.span);
  const condE: ELit[] = cond.map((l) => ({
    pred: l.pred === '=' ? -1 : preds.id(l.pred, l.args.length, l.span),
    args: l.args.map((a) => encScope(a, l.span)),
    neg: l.neg,
    isGround: l.args.every((a) => a.kind === 'const'),
  }));
  const head: RAtom = { pred: headPred, args: args.map((a) => encScope(a, ne.span)) };
  return { effect: { ne, vars, scope, cond, args, enumAtoms, nVars, condE, head }, neq, negStatic };
}
