/**
 * Ground evaluation of the residual part of a precondition that the normalizer
 * could not split into a small lifted DNF (e.g. `(not (exists (?o) (and (in ?x ?o)
 * (not (open ?o)))))`, whose DNF is exponential in the number of objects).
 *
 * Per ground operator the residual is instantiated, static and unreachable atoms
 * are evaluated (Helmert 2009: a fact outside the relaxed-reachable set is false
 * in every reachable state), and what remains becomes either a few operator
 * variants (small DNF) or disjunctive precondition clauses (CNF) on one operator.
 */
import { GroundplanError } from '../core/errors.js';
import type { Literal, NCond } from './normalize.js';

/** A ground formula over task fact ids. */
export type GFormula =
  | { k: 'true' }
  | { k: 'false' }
  | { k: 'lit'; fact: number; neg: boolean }
  | { k: 'and'; args: GFormula[] }
  | { k: 'or'; args: GFormula[] };

const TRUE: GFormula = { k: 'true' };
const FALSE: GFormula = { k: 'false' };

function gAnd(args: GFormula[]): GFormula {
  const out: GFormula[] = [];
  for (const a of args) {
    if (a.k === 'false') return FALSE;
    if (a.k === 'true') continue;
    if (a.k === 'and') out.push(...a.args);
    else out.push(a);
  }
  return out.length === 0 ? TRUE : out.length === 1 ? out[0] : { k: 'and', args: out };
}

function gOr(args: GFormula[]): GFormula {
  const out: GFormula[] = [];
  for (const a of args) {
    if (a.k === 'true') return TRUE;
    if (a.k === 'false') continue;
    if (a.k === 'or') out.push(...a.args);
    else out.push(a);
  }
  return out.length === 0 ? FALSE : out.length === 1 ? out[0] : { k: 'or', args: out };
}

/**
 * Instantiates `c` under `env` (variable name → object id). `literal` evaluates a
 * ground literal to true/false or a task fact; `objectsOf` lists object ids of types.
 */
export function instantiate(
  c: NCond,
  env: Map<string, number>,
  literal: (lit: Literal, env: Map<string, number>) => GFormula,
  objectsOf: (types: readonly string[]) => readonly number[],
): GFormula {
  switch (c.k) {
    case 'true':
      return TRUE;
    case 'false':
      return FALSE;
    case 'lit':
      return literal(c.lit, env);
    case 'and':
    case 'or': {
      const args: GFormula[] = [];
      for (const a of c.args) {
        const g = instantiate(a, env, literal, objectsOf);
        if (c.k === 'and' && g.k === 'false') return FALSE;
        if (c.k === 'or' && g.k === 'true') return TRUE;
        args.push(g);
      }
      return c.k === 'and' ? gAnd(args) : gOr(args);
    }
    case 'exists': {
      // (exists (?a ?b) φ) → disjunction over all objects of the types
      const out: GFormula[] = [];
      const rec = (i: number): boolean => {
        if (i === c.params.length) {
          const g = instantiate(c.body, env, literal, objectsOf);
          out.push(g);
          return g.k === 'true';
        }
        const p = c.params[i];
        for (const o of objectsOf(p.types)) {
          env.set(p.name, o);
          if (rec(i + 1)) return true;
        }
        env.delete(p.name);
        return false;
      };
      const t = rec(0);
      for (const p of c.params) env.delete(p.name);
      return t ? TRUE : gOr(out);
    }
  }
}

export interface GTerm {
  pos: number[];
  neg: number[];
}

function uniqSorted(xs: number[]): number[] {
  return [...new Set(xs)].sort((a, b) => a - b);
}

/**
 * The terms of a normal form, or undefined over `limit` terms: `sum` is the connective whose
 * arguments' terms are concatenated ('or' for DNF terms, 'and' for CNF clauses), the other one
 * multiplies them out; a term holding a fact both positive and negative is dropped (a
 * contradictory DNF term, a tautological CNF clause).
 */
function normalForm(f: GFormula, limit: number, sum: 'and' | 'or'): GTerm[] | undefined {
  const rec = (g: GFormula): GTerm[] | undefined => {
    switch (g.k) {
      case 'true':
        return sum === 'or' ? [{ pos: [], neg: [] }] : [];
      case 'false':
        return sum === 'or' ? [] : [{ pos: [], neg: [] }];
      case 'lit':
        return [g.neg ? { pos: [], neg: [g.fact] } : { pos: [g.fact], neg: [] }];
      case 'and':
      case 'or': {
        if (g.k === sum) {
          const out: GTerm[] = [];
          for (const a of g.args) {
            const d = rec(a);
            if (!d) return undefined;
            out.push(...d);
            if (out.length > limit) return undefined;
          }
          return out;
        }
        let out: GTerm[] = [{ pos: [], neg: [] }];
        for (const a of g.args) {
          const d = rec(a);
          if (!d) return undefined;
          const next: GTerm[] = [];
          for (const x of out) {
            for (const y of d) {
              const pos = uniqSorted([...x.pos, ...y.pos]);
              const neg = uniqSorted([...x.neg, ...y.neg]);
              const ps = new Set(pos);
              if (neg.some((n) => ps.has(n))) continue;
              next.push({ pos, neg });
            }
          }
          if (next.length > limit) return undefined;
          out = next;
        }
        return out;
      }
    }
  };
  return rec(f);
}

/** DNF as (pos, neg) terms, or undefined over `limit` terms. Contradictory and duplicate terms are dropped. */
export function groundDnf(f: GFormula, limit: number): GTerm[] | undefined {
  const d = normalForm(f, limit, 'or');
  if (!d) return undefined;
  const seen = new Set<string>();
  return d.filter((t) => {
    const k = `${t.pos.join(',')}|${t.neg.join(',')}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** CNF as clauses (pos facts, neg facts), or undefined over `limit` clauses. Tautologies are dropped. */
export function groundCnf(f: GFormula, limit: number): GTerm[] | undefined {
  return normalForm(f, limit, 'and');
}

/** How a residual ended up on the operator(s). */
export type ResidualForm =
  | { kind: 'variants'; terms: GTerm[] }
  | { kind: 'clauses'; unit: GTerm; clauses: GTerm[] };

/** Largest number of operator variants one ground action may split into. */
export const VARIANT_LIMIT = 16;
const CLAUSE_LIMIT = 100_000;

/** Chooses operator variants (small DNF) or disjunctive clauses (CNF) for a ground residual. */
export function residualForm(f: GFormula, what: string): ResidualForm {
  const d = groundDnf(f, VARIANT_LIMIT);
  if (d) return { kind: 'variants', terms: d };
  const c = groundCnf(f, CLAUSE_LIMIT);
  if (!c) throw new GroundplanError('GROUND_TOO_LARGE', `the precondition of ${what} is too large to compile (neither DNF nor CNF is small)`);
  const unit: GTerm = { pos: [], neg: [] };
  const clauses: GTerm[] = [];
  for (const cl of c) {
    if (cl.pos.length + cl.neg.length === 1) {
      if (cl.pos.length) unit.pos.push(cl.pos[0]);
      else unit.neg.push(cl.neg[0]);
    } else clauses.push(cl);
  }
  return { kind: 'clauses', unit, clauses };
}
