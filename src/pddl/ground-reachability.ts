/**
 * Relaxed reachability as a Datalog fixpoint (Helmert 2009, section 5): facts are
 * integer tuples, rules are join plans over the atoms of their bodies. Each fact
 * is processed once; when it is processed, every rule body atom it matches
 * triggers a join of the remaining atoms against the facts processed so far
 * (indexed per predicate and per set of bound argument positions), so a rule
 * instance is found when the last of its body facts is processed and the full
 * cartesian product of parameter domains is never enumerated.
 */
import { GroundplanError } from '../core/errors.js';

/** An atom in a rule: args ≥ 0 are variable indices, args < 0 encode object `-a - 1`. */
export interface RAtom {
  pred: number;
  args: number[];
}

export interface Rule {
  body: RAtom[];
  head: RAtom;
  nVars: number;
  /** Pairs of (encoded) arguments that must be different objects. */
  neq: [number, number][];
  /** Atoms that must not be facts (use only for static predicates). */
  negStatic: RAtom[];
}

type Key = number | string;

interface Index {
  positions: number[];
  map: Map<Key, number[]>;
}

interface Check {
  kind: 'neq' | 'neg';
  a: number;
  b: number;
  atom?: RAtom;
}

interface Step {
  pred: number;
  /** Undefined: iterate all processed facts of the predicate. */
  index?: Index;
  /** Encoded argument for each index position. */
  keySrc: number[];
  bindPos: number[];
  bindVar: number[];
  /** Position pairs that must be equal (a variable first bound twice in this atom). */
  eqPos: [number, number][];
  checks: Check[];
}

export interface JoinPlan {
  steps: Step[];
  initialChecks: Check[];
}

const EMPTY_PLAN: JoinPlan = { steps: [], initialChecks: [] };

interface RuleState {
  rule: Rule;
  /** Variable-free body atoms not yet reached. */
  missing: number;
  /** Body atoms with variables. */
  rest: RAtom[];
  binding: Int32Array;
  emit: (binding: Int32Array) => void;
}

interface Trigger {
  state: RuleState;
  atom: RAtom;
  plan: JoinPlan;
}

export class Reachability {
  readonly factPred: number[] = [];
  readonly factArgs: number[][] = [];
  /**
   * Per predicate: fact key → fact id. Small-arity predicates use an exact integer key
   * (within V8's small-integer range); the others a 30-bit hash with a collision chain
   * (`sameHash`) checked against the stored arguments.
   */
  private readonly factMaps: Map<number, number>[] = [];
  private readonly exactKey: boolean[] = [];
  private readonly sameHash: number[] = [];
  private readonly processedByPred: number[][] = [];
  private readonly indexes: Index[][] = [];
  /** Per predicate: triggers whose atom has no constant. */
  private readonly triggers: Trigger[][] = [];
  /** Per predicate: position of the atom's first constant → constant → triggers. */
  private readonly constTriggers: Map<number, Map<number, Trigger[]>>[] = [];
  /** Per predicate: fact key → rules waiting for that variable-free atom. */
  private readonly waiting: Map<Key, RuleState[]>[] = [];
  private readonly base: number;
  /** Longest tuple whose integer key base^n stays exact. */
  private exactLen = 0;
  private head = 0;
  private readonly isStatic: (pred: number) => boolean;

  constructor(
    private readonly nObjects: number,
    private readonly arity: number[],
    isStatic: (pred: number) => boolean,
  ) {
    this.base = Math.max(2, nObjects);
    while (Math.pow(this.base, this.exactLen + 1) < 9e15) this.exactLen++;
    this.isStatic = isStatic;
    for (let p = 0; p < arity.length; p++) {
      this.factMaps.push(new Map());
      this.exactKey.push(Math.pow(this.base, arity[p]) < 2 ** 30);
      this.processedByPred.push([]);
      this.indexes.push([]);
      this.triggers.push([]);
      this.constTriggers.push(new Map());
      this.waiting.push(new Map());
    }
  }

  private key(values: ArrayLike<number>, positions?: readonly number[]): Key {
    const n = positions ? positions.length : values.length;
    if (n === 0) return 0;
    if (n === 1) return positions ? values[positions[0]] : values[0];
    if (n <= this.exactLen) {
      let k = 0;
      for (let i = n - 1; i >= 0; i--) k = k * this.base + (positions ? values[positions[i]] : values[i]);
      return k;
    }
    let s = '';
    for (let i = 0; i < n; i++) s += `${positions ? values[positions[i]] : values[i]},`;
    return s;
  }

  private static hash(values: ArrayLike<number>): number {
    let h = 0x2545f491;
    for (let i = 0; i < values.length; i++) {
      h = Math.imul(h ^ values[i], 0x5bd1e995);
      h ^= h >>> 13;
    }
    return (h ^ (h >>> 15)) & 0x3fffffff;
  }

  private sameArgs(id: number, values: ArrayLike<number>): boolean {
    const a = this.factArgs[id];
    for (let i = 0; i < a.length; i++) if (a[i] !== values[i]) return false;
    return true;
  }

  private findFact(pred: number, values: ArrayLike<number>): number {
    const m = this.factMaps[pred];
    if (this.exactKey[pred]) return m.get(this.key(values) as number) ?? -1;
    let id = m.get(Reachability.hash(values)) ?? -1;
    while (id >= 0 && !this.sameArgs(id, values)) id = this.sameHash[id];
    return id;
  }

  /** Adds a fact (queued for processing); returns its id. */
  add(pred: number, args: number[]): number {
    const old = this.findFact(pred, args);
    if (old >= 0) return old;
    const id = this.factPred.length;
    // One join can derive millions of facts: poll while the model grows, too.
    if ((id & 4095) === 4095) this.checkpoint?.();
    this.factPred.push(pred);
    this.factArgs.push(args);
    const m = this.factMaps[pred];
    if (this.exactKey[pred]) {
      m.set(this.key(args) as number, id);
      this.sameHash.push(-1);
    } else {
      const h = Reachability.hash(args);
      this.sameHash.push(m.get(h) ?? -1);
      m.set(h, id);
    }
    return id;
  }

  /** Key of the values of encoded args (variables read from `binding`); same as key(values). */
  private encKey(enc: readonly number[], binding: Int32Array): Key {
    const n = enc.length;
    if (n === 0) return 0;
    if (n === 1) return enc[0] < 0 ? -enc[0] - 1 : binding[enc[0]];
    if (n <= this.exactLen) {
      let k = 0;
      for (let i = n - 1; i >= 0; i--) {
        const e = enc[i];
        k = k * this.base + (e < 0 ? -e - 1 : binding[e]);
      }
      return k;
    }
    let s = '';
    for (let i = 0; i < n; i++) s += `${enc[i] < 0 ? -enc[i] - 1 : binding[enc[i]]},`;
    return s;
  }

  /** The id of the fact `pred(args)` with args encoded as in RAtom over `binding`, or -1. */
  lookupEnc(pred: number, enc: readonly number[], binding: Int32Array): number {
    if (this.exactKey[pred]) return this.factMaps[pred].get(this.encKey(enc, binding) as number) ?? -1;
    const v = this.encScratch;
    v.length = enc.length;
    for (let i = 0; i < enc.length; i++) v[i] = enc[i] < 0 ? -enc[i] - 1 : binding[enc[i]];
    return this.findFact(pred, v);
  }

  private readonly encScratch: number[] = [];

  /** The id of a fact, or -1. */
  lookup(pred: number, args: ArrayLike<number>): number {
    return this.findFact(pred, args);
  }

  factsOf(pred: number): readonly number[] {
    return this.processedByPred[pred];
  }

  private getIndex(pred: number, positions: number[]): Index {
    for (const ix of this.indexes[pred]) {
      if (ix.positions.length === positions.length && ix.positions.every((p, i) => p === positions[i])) return ix;
    }
    const ix: Index = { positions, map: new Map() };
    for (const f of this.processedByPred[pred]) this.insert(ix, f);
    this.indexes[pred].push(ix);
    return ix;
  }

  private insert(ix: Index, f: number): void {
    const k = this.key(this.factArgs[f], ix.positions);
    const list = ix.map.get(k);
    if (list) list.push(f);
    else ix.map.set(k, [f]);
  }

  /**
   * A join plan for `atoms` given the variables already bound; `checks` are
   * placed at the first step where all their variables are bound.
   */
  plan(atoms: readonly RAtom[], bound: ReadonlySet<number>, neq: [number, number][], negStatic: RAtom[]): JoinPlan {
    if (atoms.length === 0 && neq.length === 0 && negStatic.length === 0) return EMPTY_PLAN;
    const isBound = new Set(bound);
    const left = [...atoms];
    const steps: Step[] = [];
    const pendingChecks: Check[] = [
      ...neq.map(([a, b]): Check => ({ kind: 'neq', a, b })),
      ...negStatic.map((atom): Check => ({ kind: 'neg', a: 0, b: 0, atom })),
    ];
    const checkVars = (c: Check): number[] => (c.kind === 'neq' ? [c.a, c.b] : (c.atom?.args ?? [])).filter((v) => v >= 0);
    const takeChecks = (): Check[] => {
      const ready: Check[] = [];
      for (let i = pendingChecks.length - 1; i >= 0; i--) {
        if (checkVars(pendingChecks[i]).every((v) => isBound.has(v))) ready.unshift(...pendingChecks.splice(i, 1));
      }
      return ready;
    };
    const initialChecks = takeChecks();
    while (left.length > 0) {
      let best = 0;
      let bestScore = -Infinity;
      for (let i = 0; i < left.length; i++) {
        const a = left[i];
        const nb = a.args.filter((v) => v < 0 || isBound.has(v)).length;
        let score: number;
        if (a.args.length === 0 || nb === a.args.length) score = 100;
        else if (nb > 0) score = 10 + nb / a.args.length + (this.isStatic(a.pred) ? 1 : 0);
        else score = this.isStatic(a.pred) ? 1 - a.args.length * 0.01 : -a.args.length * 0.01;
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      const a = left.splice(best, 1)[0];
      const positions: number[] = [];
      const keySrc: number[] = [];
      const bindPos: number[] = [];
      const bindVar: number[] = [];
      const eqPos: [number, number][] = [];
      const firstAt = new Map<number, number>();
      a.args.forEach((v, p) => {
        if (v < 0 || isBound.has(v)) {
          positions.push(p);
          keySrc.push(v);
        } else if (firstAt.has(v)) {
          eqPos.push([firstAt.get(v) as number, p]);
        } else {
          firstAt.set(v, p);
          bindPos.push(p);
          bindVar.push(v);
        }
      });
      for (const v of bindVar) isBound.add(v);
      steps.push({
        pred: a.pred,
        index: positions.length > 0 ? this.getIndex(a.pred, positions) : undefined,
        keySrc,
        bindPos,
        bindVar,
        eqPos,
        checks: takeChecks(),
      });
    }
    if (pendingChecks.length > 0) throw new GroundplanError('GROUND_INTERNAL', 'a constraint mentions an unbound variable');
    return { steps, initialChecks };
  }

  private value(enc: number, binding: Int32Array): number {
    return enc < 0 ? -enc - 1 : binding[enc];
  }

  private passes(checks: Check[], binding: Int32Array): boolean {
    for (const c of checks) {
      if (c.kind === 'neq') {
        if (this.value(c.a, binding) === this.value(c.b, binding)) return false;
      } else if (c.atom) {
        if (this.lookupEnc(c.atom.pred, c.atom.args, binding) >= 0) return false;
      }
    }
    return true;
  }

  /** Runs a join plan from `binding`, calling `emit` for each complete binding. */
  run(plan: JoinPlan, binding: Int32Array, emit: (binding: Int32Array) => void): void {
    if (!this.passes(plan.initialChecks, binding)) return;
    this.step(plan.steps, 0, binding, emit);
  }


  private step(steps: readonly Step[], i: number, binding: Int32Array, emit: (binding: Int32Array) => void): void {
    if (i === steps.length) {
      emit(binding);
      return;
    }
    const s = steps[i];
    let cands: readonly number[] | undefined;
    if (s.index) {
      cands = s.index.map.get(this.encKey(s.keySrc, binding));
      if (!cands) return;
    } else {
      cands = this.processedByPred[s.pred];
    }
    const n = cands.length;
    const eqPos = s.eqPos;
    const bindPos = s.bindPos;
    const bindVar = s.bindVar;
    next: for (let c = 0; c < n; c++) {
      const args = this.factArgs[cands[c]];
      for (let j = 0; j < eqPos.length; j++) if (args[eqPos[j][0]] !== args[eqPos[j][1]]) continue next;
      for (let j = 0; j < bindPos.length; j++) binding[bindVar[j]] = args[bindPos[j]];
      if (s.checks.length > 0 && !this.passes(s.checks, binding)) continue;
      this.step(steps, i + 1, binding, emit);
    }
  }

  /**
   * Adds a rule. Body atoms without variables are counted down as their facts are
   * processed; the rule's variable atoms get triggers only once all of them hold.
   */
  addRule(rule: Rule): void {
    const state: RuleState = {
      rule,
      missing: 0,
      rest: [],
      binding: new Int32Array(rule.nVars),
      emit: (b) => this.emitHead(rule, b),
    };
    for (const atom of rule.body) {
      if (atom.args.every((v) => v < 0)) {
        const key = this.encKey(atom.args, state.binding);
        const w = this.waiting[atom.pred];
        const list = w.get(key);
        if (list) {
          if (list[list.length - 1] === state) continue; // the same atom twice in this body
          list.push(state);
        } else w.set(key, [state]);
        state.missing++;
      } else state.rest.push(atom);
    }
    if (state.missing === 0) this.enable(state, false);
  }

  /** All variable-free body atoms hold: join the rest against everything so far, then install triggers. */
  private enable(state: RuleState, joinNow: boolean): void {
    const rule = state.rule;
    const binding = state.binding;
    if (state.rest.length === 0 || joinNow) {
      binding.fill(-1);
      this.run(this.plan(state.rest, new Set(), rule.neq, rule.negStatic), binding, state.emit);
    }
    state.rest.forEach((atom, pos) => {
      const bound = new Set(atom.args.filter((v) => v >= 0));
      const rest = state.rest.filter((_, i) => i !== pos);
      const trigger: Trigger = { state, atom, plan: this.plan(rest, bound, rule.neq, rule.negStatic) };
      const cpos = atom.args.findIndex((v) => v < 0);
      if (cpos < 0) this.triggers[atom.pred].push(trigger);
      else {
        const byPos = this.constTriggers[atom.pred];
        let byValue = byPos.get(cpos);
        if (!byValue) {
          byValue = new Map();
          byPos.set(cpos, byValue);
        }
        const value = -atom.args[cpos] - 1;
        const list = byValue.get(value);
        if (list) list.push(trigger);
        else byValue.set(value, [trigger]);
      }
    });
  }


  private emitHead(rule: Rule, binding: Int32Array): void {
    const enc = rule.head.args;
    if (this.lookupEnc(rule.head.pred, enc, binding) >= 0) return;
    const h: number[] = new Array(enc.length);
    for (let i = 0; i < enc.length; i++) h[i] = enc[i] < 0 ? -enc[i] - 1 : binding[enc[i]];
    this.add(rule.head.pred, h);
  }

  /** Processes queued facts until the fixpoint; calls `checkpoint` (which may throw to stop) every 4096 processed and every 4096 new facts. */
  saturate(checkpoint?: () => void): void {
    this.checkpoint = checkpoint;
    try {
      this.saturateLoop();
    } finally {
      this.checkpoint = undefined;
    }
  }

  /** Called every 4096 processed and every 4096 new facts while saturating. */
  private checkpoint: (() => void) | undefined;

  private saturateLoop(): void {
    let polled = 0;
    while (this.head < this.factPred.length) {
      const f = this.head++;
      if (++polled === 4096) {
        polled = 0;
        this.checkpoint?.();
      }
      const pred = this.factPred[f];
      this.processedByPred[pred].push(f);
      for (const ix of this.indexes[pred]) this.insert(ix, f);
      const args = this.factArgs[f];
      const w = this.waiting[pred];
      if (w.size > 0) {
        const list = w.get(this.key(args));
        if (list) for (const st of list) if (--st.missing === 0) this.enable(st, true);
      }
      this.fire(this.triggers[pred], args);
      for (const [cpos, byValue] of this.constTriggers[pred]) {
        const list = byValue.get(args[cpos]);
        if (list) this.fire(list, args);
      }
    }
  }

  private fire(triggers: readonly Trigger[], args: readonly number[]): void {
    next: for (let i = 0; i < triggers.length; i++) {
      const t = triggers[i];
      const binding = t.state.binding;
      binding.fill(-1);
      const atomArgs = t.atom.args;
      for (let j = 0; j < atomArgs.length; j++) {
        const v = atomArgs[j];
        if (v < 0) {
          if (-v - 1 !== args[j]) continue next;
        } else if (binding[v] === -1) binding[v] = args[j];
        else if (binding[v] !== args[j]) continue next;
      }
      this.run(t.plan, binding, t.state.emit);
    }
  }

  /** Number of facts processed so far. */
  get processed(): number {
    return this.head;
  }
}
