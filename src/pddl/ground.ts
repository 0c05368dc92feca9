/**
 * Grounding a PDDL domain and problem into a GroundTask (Helmert 2009,
 * "Concise finite-domain representations for PDDL planning tasks", sections
 * 4–5, as in Fast Downward's translator): normalize ADL, compute the relaxed
 * reachable facts and action instances with a Datalog fixpoint
 * (ground-reachability.ts), then instantiate only reachable operators,
 * evaluating and removing static facts.
 */
import { GroundplanError, InputError } from '../core/errors.js';
import type { EventHandler } from '../core/events.js';
import type { ConditionalEffect, GroundOperator, GroundTask } from '../planner/task.js';
import type { Domain, PlanStep, Problem, Span, Term } from './ast.js';
import { equalitySubst, substArgs } from './ground-equality.js';
import { dominates, EMPTY, intersects, isSubset, mergeConditional, minusSorted, sortUniqInPlace, uniqSorted } from './ground-lists.js';
import { instantiate, residualForm, type GFormula, type GTerm } from './ground-residual.js';
import { Reachability, type RAtom, type Rule } from './ground-reachability.js';
import { makeObjectsOf, normalize, type Literal, type NormalAction, type NormalEffect } from './normalize.js';
import { objectsByType, OBJECT_TYPE } from './types.js';

export interface GroundEvent {
  phase: 'normalized' | 'reachable' | 'operators';
  facts: number;
  operators: number;
  ms: number;
}

export interface GroundOptions {
  onEvent?: EventHandler<GroundEvent>;
  signal?: AbortSignal;
}

export interface GroundStats {
  /** Fluent facts in the task. */
  facts: number;
  operators: number;
  /** Static facts (of predicates no action changes) evaluated away, type facts excluded. */
  staticFactsRemoved: number;
  /** Relaxed-reachable action instances (before residual splitting and dedup). */
  actionInstances: number;
  /** Goal atoms that are not relaxed reachable (the task is then unsolvable). */
  unreachableGoals: string[];
  ms: number;
}

export interface GroundResult {
  task: GroundTask;
  /** Maps a plan over operator ids to lifted steps; auxiliary operators are dropped. */
  toLifted(plan: readonly number[]): PlanStep[];
  stats: GroundStats;
}

interface CompiledAction {
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

interface CompiledEffect {
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
interface ELit {
  pred: number;
  args: number[];
  neg: boolean;
  /** No variables: evaluated once and cached in `value`. */
  isGround: boolean;
  value?: number;
}

function typeKey(types: readonly string[]): string {
  return types.length === 1 ? types[0] : [...types].sort().join('|');
}

/** Grounds `domain` + `problem` into a GroundTask restricted to relaxed-reachable operators. */
export function ground(domain: Domain, problem: Problem, options: GroundOptions = {}): GroundResult {
  const t0 = performance.now();
  const emit = (phase: GroundEvent['phase'], facts: number, operators: number): void =>
    options.onEvent?.({ phase, facts, operators, ms: performance.now() - t0 });

  // ---- objects and types
  const byType = objectsByType(domain, problem);
  const objectNames = byType.get(OBJECT_TYPE) ?? [];
  const objectId = new Map<string, number>();
  objectNames.forEach((o, i) => objectId.set(o, i));
  const objectsOfName = makeObjectsOf(byType);
  const objectsOfIdCache = new Map<string, number[]>();
  const objectsOfId = (types: readonly string[]): number[] => {
    const k = typeKey(types);
    let ids = objectsOfIdCache.get(k);
    if (!ids) {
      ids = objectsOfName(types).map((o) => objectId.get(o) as number);
      objectsOfIdCache.set(k, ids);
    }
    return ids;
  };
  const objId = (name: string, span?: Span): number => {
    const id = objectId.get(name);
    if (id === undefined) throw new InputError('PDDL_UNKNOWN_OBJECT', `unknown object ${name}`, span);
    return id;
  };

  // ---- normalization
  const nt = normalize(domain, problem, objectsOfName);
  emit('normalized', 0, 0);

  // ---- predicates
  const predId = new Map<string, number>();
  const predName: string[] = [];
  const arity: number[] = [];
  const kind: ('fluent' | 'static' | 'type' | 'action')[] = [];
  const addPred = (name: string, n: number, k: 'fluent' | 'static' | 'type' | 'action'): number => {
    const id = predName.length;
    predId.set(name, id);
    predName.push(name);
    arity.push(n);
    kind.push(k);
    return id;
  };
  const fluentNames = new Set<string>();
  for (const a of nt.actions) for (const e of a.effects) fluentNames.add(e.pred);
  for (const p of domain.predicates) {
    if (!predId.has(p.name)) addPred(p.name, p.params.length, fluentNames.has(p.name) ? 'fluent' : 'static');
  }
  const pred = (name: string, n: number, span?: Span): number => {
    const id = predId.get(name);
    if (id !== undefined) {
      if (arity[id] !== n) throw new InputError('PDDL_ARITY', `predicate ${name} takes ${arity[id]} arguments, not ${n}`, span);
      return id;
    }
    return addPred(name, n, fluentNames.has(name) ? 'fluent' : 'static');
  };
  const typePred = new Map<string, number>();
  const pendingTypeFacts: [number, number[]][] = [];
  const typeAtom = (types: readonly string[]): number => {
    const k = typeKey(types);
    let id = typePred.get(k);
    if (id === undefined) {
      id = addPred(`type:${k}`, 1, 'type');
      typePred.set(k, id);
      pendingTypeFacts.push([id, objectsOfId(types)]);
    }
    return id;
  };

  // ---- static function values for costs
  const metric = problem.metric;
  const hasActionCosts =
    metric !== undefined && metric.direction === 'minimize' && metric.expr.kind === 'fterm' && metric.expr.fn === 'total-cost';
  const fvalues = new Map<string, number>();
  for (const el of problem.init) {
    if (el.kind === 'fvalue') fvalues.set(`${el.fn} ${el.args.map((a) => a.name).join(' ')}`, el.value);
  }

  // ---- compile actions into rules
  const isStatic = (p: number): boolean => kind[p] === 'static' || kind[p] === 'type';
  const compiled: CompiledAction[] = [];
  const rules: Rule[] = [];
  const branches = new Map<string, number>();
  for (const na of nt.actions) branches.set(na.name, (branches.get(na.name) ?? 0) + 1);
  nt.actions.forEach((na, ai) => {
    const paramIndex = new Map<string, number>();
    na.params.forEach((p, i) => paramIndex.set(p.name, i));
    const subst = equalitySubst(na.pre, () => true);
    if (!subst) return; // (= a b) with distinct constants: never applicable
    const pseudo = addPred(`action:${ai}`, na.params.length, 'action');
    const varIdx = new Map<string, number>();
    const enc = (t: Term, span?: Span): number => {
      if (t.kind === 'const') return -objId(t.name, t.span ?? span) - 1;
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
      const p = pred(l.pred, args.length, l.span);
      const atom: RAtom = { pred: p, args: args.map((a) => enc(a, l.span)) };
      if (!l.neg) {
        body.push(atom);
        for (const a of args) if (a.kind === 'var') inAtom.add(a.name);
      } else if (isStatic(p)) negStatic.push(atom);
    }
    const headArgs: number[] = [];
    for (const p of na.params) {
      const t = subst.get(p.name) ?? ({ kind: 'var', name: p.name } as Term);
      const e = enc(t, p.span);
      headArgs.push(e);
      if (t.kind === 'var' && p.types.length === 1 && p.types[0] === OBJECT_TYPE && inAtom.has(t.name)) continue;
      body.push({ pred: typeAtom(p.types), args: [e] });
    }
    const nActVars = varIdx.size;
    rules.push({ body, head: { pred: pseudo, args: headArgs }, nVars: nActVars, neq, negStatic });

    // effects
    const effects: CompiledEffect[] = [];
    for (const ne of na.effects) {
      const effVarNames = new Set(ne.vars.map((v) => v.name));
      const es = equalitySubst(ne.cond, (n) => effVarNames.has(n));
      if (!es) continue;
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
      // enumeration atoms over binding indices (params 0..P-1, effect vars after)
      const encScope = (t: Term, span?: Span): number => {
        if (t.kind === 'const') return -objId(t.name, t.span ?? span) - 1;
        const i = scope.get(t.name);
        if (i === undefined) throw new InputError('PDDL_FREE_VARIABLE', `free variable ${t.name}`, t.span ?? span);
        return i;
      };
      const enumAtoms: RAtom[] = [];
      const eNeq: [number, number][] = [];
      const eNegStatic: RAtom[] = [];
      for (const l of cond) {
        if (l.pred === '=') {
          if (l.neg) eNeq.push([encScope(l.args[0], l.span), encScope(l.args[1], l.span)]);
          continue;
        }
        const p = pred(l.pred, l.args.length, l.span);
        const atom = { pred: p, args: l.args.map((a) => encScope(a, l.span)) };
        if (!l.neg) enumAtoms.push(atom);
        else if (isStatic(p)) eNegStatic.push(atom);
      }
      for (const v of vars) enumAtoms.push({ pred: typeAtom(v.types), args: [v.index] });
      const nVars = na.params.length + vars.length;
      const headPred = pred(ne.pred, args.length, ne.span);
      const condE: ELit[] = cond.map((l) => ({
        pred: l.pred === '=' ? -1 : pred(l.pred, l.args.length, l.span),
        args: l.args.map((a) => encScope(a, l.span)),
        neg: l.neg,
        isGround: l.args.every((a) => a.kind === 'const'),
      }));
      const head: RAtom = { pred: headPred, args: args.map((a) => encScope(a, ne.span)) };
      const ce: CompiledEffect = { ne, vars, scope, cond, args, enumAtoms, nVars, condE, head };
      effects.push(ce);
      if (!ne.del) {
        const pseudoAtom: RAtom = { pred: pseudo, args: na.params.map((_, i) => i) };
        rules.push({
          body: [pseudoAtom, ...enumAtoms],
          head,
          nVars,
          neq: eNeq,
          negStatic: eNegStatic,
        });
      }
    }
    compiled.push({
      na,
      pseudo,
      paramIndex,
      effects,
      pre: na.pre.map((l) => ({
        pred: l.pred === '=' ? -1 : pred(l.pred, l.args.length, l.span),
        args: l.args.map((t) => (t.kind === 'const' ? -objId(t.name, t.span ?? l.span) - 1 : (paramIndex.get(t.name) as number))),
        neg: l.neg,
        isGround: l.args.every((a) => a.kind === 'const'),
      })),
      mayDuplicate: na.params.length > na.nOrig || na.residual !== undefined || (branches.get(na.name) ?? 0) > 1,
    });
  });

  // ---- reachability
  const reach = new Reachability(objectNames.length, arity, isStatic);
  let staticFactsRemoved = 0;
  const initFacts: number[] = [];
  for (const el of problem.init) {
    if (el.kind !== 'atom') continue;
    const a = el.atom;
    if (a.predicate === '=') continue;
    const p = pred(a.predicate, a.args.length, a.span ?? el.span);
    const args = a.args.map((t) => objId(t.name, t.span ?? el.span));
    const before = reach.factPred.length;
    const id = reach.add(p, args);
    if (reach.factPred.length > before) {
      if (kind[p] === 'static') staticFactsRemoved++;
      initFacts.push(id);
    }
  }
  for (const [p, ids] of pendingTypeFacts) for (const o of ids) reach.add(p, [o]);
  pendingTypeFacts.length = 0;
  const checkCancelled = (): void => {
    if (options.signal?.aborted) throw new GroundplanError('GROUND_CANCELLED', 'grounding was cancelled');
  };
  checkCancelled();
  for (const r of rules) reach.addRule(r);
  reach.saturate(options.signal);
  checkCancelled();
  emit('reachable', reach.factPred.length, 0);

  // ---- task facts
  const taskFactOf = new Int32Array(reach.factPred.length).fill(-1);
  const facts: string[] = [];
  const factName = (p: number, args: readonly number[]): string =>
    args.length === 0 ? `(${predName[p]})` : `(${predName[p]} ${args.map((o) => objectNames[o]).join(' ')})`;
  for (let f = 0; f < reach.factPred.length; f++) {
    const p = reach.factPred[f];
    if (kind[p] !== 'fluent') continue;
    taskFactOf[f] = facts.length;
    facts.push(factName(p, reach.factArgs[f]));
  }
  const init = initFacts.map((f) => taskFactOf[f]).filter((f) => f >= 0);

  // literal evaluation: true / false / a task fact
  const TRUE: GFormula = { k: 'true' };
  const FALSE: GFormula = { k: 'false' };
  const scratch: number[] = [];
  const evalLit = (l: Literal, value: (t: Term) => number): GFormula => {
    if (l.pred === '=') {
      const eq = value(l.args[0]) === value(l.args[1]);
      return eq !== l.neg ? TRUE : FALSE;
    }
    const p = pred(l.pred, l.args.length, l.span);
    scratch.length = 0;
    for (const a of l.args) scratch.push(value(a));
    const f = reach.lookup(p, scratch);
    if (kind[p] !== 'fluent' || f < 0) return (f >= 0) !== l.neg ? TRUE : FALSE;
    return { k: 'lit', fact: taskFactOf[f], neg: l.neg };
  };

  // ---- goal
  const goalPos: number[] = [];
  const goalNeg: number[] = [];
  const unreachableGoals: string[] = [];
  let impossibleGoal = false;
  for (const l of nt.goal) {
    const g = evalLit(l, (t) => objId(t.name, t.span ?? l.span));
    if (g.k === 'false') {
      impossibleGoal = true;
      unreachableGoals.push(`${l.neg ? '(not ' : ''}(${[l.pred, ...l.args.map((a) => a.name)].join(' ')})${l.neg ? ')' : ''}`);
    } else if (g.k === 'lit') (g.neg ? goalNeg : goalPos).push(g.fact);
  }
  if (impossibleGoal) {
    goalPos.push(facts.length);
    facts.push('(@unreachable-goal)');
  }

  const enumPlans = new Map<CompiledEffect, ReturnType<Reachability['plan']>>();
  function getEnumPlan(ce: CompiledEffect): ReturnType<Reachability['plan']> {
    let plan = enumPlans.get(ce);
    if (!plan) {
      const bound = new Set<number>();
      for (let i = 0; i < ce.nVars - ce.vars.length; i++) bound.add(i);
      plan = reach.plan(ce.enumAtoms, bound, [], []);
      enumPlans.set(ce, plan);
    }
    return plan;
  }
  // ---- operators
  const operators: GroundOperator[] = [];
  const similar = new Map<string, number[]>();
  let actionInstances = 0;
  const costOf = (ca: CompiledAction, value: (t: Term) => number): number => {
    if (ca.na.aux) return 0;
    if (!hasActionCosts) return 1;
    let c = 0;
    for (const term of ca.na.cost) {
      let v: number;
      if (term.amount.kind === 'number') v = term.amount.value;
      else {
        const amount = term.amount;
        const key = `${amount.fn} ${amount.args.map((a) => objectNames[value(a)]).join(' ')}`;
        const fv = fvalues.get(key);
        if (fv === undefined) throw new InputError('PDDL_MISSING_VALUE', `no value for (${key}) in the problem's :init`, amount.span ?? term.span);
        v = fv;
      }
      if (v < 0) throw new InputError('PDDL_NEGATIVE_COST', `negative action cost ${v} for ${ca.na.name}`, term.span);
      c += v;
    }
    return c;
  };
  // evaluates an encoded literal under binding b: -1 false, -2 true, else the task fact
  const evalE = (l: ELit, b: Int32Array): number => {
    if (!l.isGround) return evalFree(l, b);
    if (l.value === undefined) l.value = evalFree(l, b);
    return l.value;
  };
  const evalFree = (l: ELit, b: Int32Array): number => {
    const la = l.args;
    if (l.pred < 0) {
      const x = la[0] < 0 ? -la[0] - 1 : b[la[0]];
      const y = la[1] < 0 ? -la[1] - 1 : b[la[1]];
      return (x === y) !== l.neg ? -2 : -1;
    }
    const f = reach.lookupEnc(l.pred, la, b);
    if (kind[l.pred] !== 'fluent' || f < 0) return (f >= 0) !== l.neg ? -2 : -1;
    return taskFactOf[f];
  };
  for (const ca of compiled) {
    checkCancelled();
    const na = ca.na;
    const P = na.params.length;
    const binding = new Int32Array(Math.max(1, P));
    const value = (t: Term): number => {
      if (t.kind === 'const') return objectId.get(t.name) as number;
      const i = ca.paramIndex.get(t.name);
      if (i === undefined) throw new GroundplanError('GROUND_INTERNAL', `unbound variable ${t.name}`);
      return binding[i];
    };
    const effBindings = ca.effects.map((ce) => new Int32Array(ce.nVars));
    // collected per effect firing
    let add: number[] = [];
    let del: number[] = [];
    let conditional: ConditionalEffect[] = [];
    let curEffect: CompiledEffect | undefined;
    const fire = (b: Int32Array): void => {
      const ce = curEffect as CompiledEffect;
      let condPos: number[] | undefined;
      let condNeg: number[] | undefined;
      for (const l of ce.condE) {
        const g = evalE(l, b);
        if (g === -1) return;
        if (g === -2) continue;
        if (l.neg) (condNeg ??= []).push(g);
        else (condPos ??= []).push(g);
      }
      if (condNeg && condPos && condPos.some((x) => (condNeg as number[]).includes(x))) return;
      const h = ce.head;
      const hf = reach.lookupEnc(h.pred, h.args, b);
      if (hf < 0 || taskFactOf[hf] < 0) return; // deleting an unreachable fact, or a static one
      const tf = taskFactOf[hf];
      if (!condPos && !condNeg) (ce.ne.del ? del : add).push(tf);
      else conditional.push({ condPos: condPos ?? [], condNeg: condNeg ?? [], add: ce.ne.del ? [] : [tf], del: ce.ne.del ? [tf] : [] });
    };
    for (const f of reach.factsOf(ca.pseudo)) {
      actionInstances++;
      const args = reach.factArgs[f];
      for (let i = 0; i < P; i++) binding[i] = args[i];
      const pre: number[] = [];
      const preNeg: number[] = [];
      let ok = true;
      for (const l of ca.pre) {
        const g = evalE(l, binding);
        if (g === -1) {
          ok = false;
          break;
        }
        if (g >= 0) (l.neg ? preNeg : pre).push(g);
      }
      if (!ok) continue;
      let variants: GTerm[] = [{ pos: [], neg: [] }];
      let clauses: GTerm[] | undefined;
      if (na.residual) {
        const env = new Map<string, number>();
        na.params.forEach((p, i) => env.set(p.name, args[i]));
        const lifted = `(${[na.name, ...args.slice(0, na.nOrig).map((o) => objectNames[o])].join(' ')})`;
        const g = instantiate(na.residual, env, (l, e) => evalLit(l, (t) => (t.kind === 'const' ? objId(t.name) : (e.get(t.name) ?? value(t)))), objectsOfId);
        const form = residualForm(g, lifted);
        if (form.kind === 'variants') variants = form.terms;
        else {
          variants = [form.unit];
          clauses = form.clauses;
        }
      }
      add = [];
      del = [];
      conditional = [];
      for (let e = 0; e < ca.effects.length; e++) {
        const ce = ca.effects[e];
        curEffect = ce;
        if (ce.vars.length === 0) fire(binding);
        else {
          const b = effBindings[e];
          b.fill(-1);
          for (let i = 0; i < P; i++) b[i] = args[i];
          reach.run(getEnumPlan(ce), b, fire);
        }
      }
      // evaluated only for operators that survive (a contradictory one may lack a cost value)
      let cost = -1;
      const liftedArgs: string[] = new Array(na.nOrig);
      let name = `(${na.name}`;
      for (let i = 0; i < na.nOrig; i++) {
        liftedArgs[i] = objectNames[args[i]];
        name += ` ${liftedArgs[i]}`;
      }
      name += ')';
      const addS = sortUniqInPlace(add);
      let delS = sortUniqInPlace(del);
      if (addS.length > 0 && delS.length > 0) delS = minusSorted(delS, addS);
      const conds = conditional.length === 0 ? (EMPTY as unknown as ConditionalEffect[]) : mergeConditional(conditional);
      const single = variants.length === 1;
      for (const vt of variants) {
        const preS = vt.pos.length > 0 ? sortUniqInPlace([...pre, ...vt.pos]) : single ? sortUniqInPlace(pre) : uniqSorted(pre);
        const preNegS = vt.neg.length > 0 ? sortUniqInPlace([...preNeg, ...vt.neg]) : single ? sortUniqInPlace(preNeg) : uniqSorted(preNeg);
        if (preNegS.length > 0 && intersects(preS, preNegS)) continue;
        // an operator that changes nothing is useless: drop it
        if (conds.length === 0 && delS.length === 0 && isSubset(addS, preS)) continue;
        const op: GroundOperator = {
          name,
          pre: preS,
          preNeg: preNegS,
          add: addS,
          del: delS,
          conditional: conds,
          cost: cost >= 0 ? cost : (cost = costOf(ca, value)),
        };
        if (clauses && clauses.length > 0) op.preOr = clauses.map((c) => ({ pos: c.pos, neg: c.neg }));
        if (!na.aux) op.lifted = { action: na.name, args: variants.length > 1 ? liftedArgs.slice() : liftedArgs };
        if (ca.mayDuplicate) {
          // same name and effects: keep only operators whose precondition is not implied by another's
          const key = JSON.stringify([op.name, op.add, op.del, op.conditional, op.preOr ?? null, op.cost]);
          const group = similar.get(key);
          if (group) {
            if (group.some((i) => dominates(operators[i], op))) continue;
            group.push(operators.length);
          } else similar.set(key, [operators.length]);
        }
        operators.push(op);
      }
    }
  }
  // drop operators dominated by a later, weaker one of the same group
  const dropped = new Set<number>();
  for (const group of similar.values()) {
    if (group.length < 2) continue;
    for (const i of group) {
      if (group.some((j) => j !== i && !dropped.has(j) && dominates(operators[j], operators[i]))) dropped.add(i);
    }
  }
  if (dropped.size > 0) {
    let k = 0;
    for (let i = 0; i < operators.length; i++) if (!dropped.has(i)) operators[k++] = operators[i];
    operators.length = k;
  }
  emit('operators', facts.length, operators.length);


  const task: GroundTask = { facts, init: uniqSorted(init), goalPos: uniqSorted(goalPos), goalNeg: uniqSorted(goalNeg), operators, hasActionCosts };
  const ms = performance.now() - t0;
  return {
    task,
    toLifted(plan) {
      const out: PlanStep[] = [];
      for (const id of plan) {
        const op = operators[id];
        if (!op) throw new GroundplanError('GROUND_BAD_PLAN', `operator id ${id} is out of range (0..${operators.length - 1})`);
        if (op.lifted) out.push({ name: op.lifted.action, args: [...op.lifted.args] });
      }
      return out;
    },
    stats: { facts: facts.length, operators: operators.length, staticFactsRemoved, actionInstances, unreachableGoals, ms },
  };
}
