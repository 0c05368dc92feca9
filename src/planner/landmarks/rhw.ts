/**
 * Landmark generation after Richter, Helmert & Westphal, "Landmarks
 * revisited" (AAAI 2008), on the delete relaxation of a STRIPS task with
 * negation compiled into `not f` facts:
 *
 * - The goal facts are landmarks. A landmark L not true initially must first
 *   become true through one of its *possible first achievers*: achievers whose
 *   preconditions are reachable in the relaxed task without any operator that
 *   makes L true. Preconditions shared by all of them are landmarks, ordered
 *   greedy-necessarily before L (true right before L first becomes true).
 * - Disjunctive landmarks: when every first achiever has a precondition of the
 *   same predicate, the set of those preconditions (2 to 4 facts) is a
 *   landmark, ordered greedy-necessarily before L. Both kinds are backchained.
 * - Reasonable orders (approximated as in RHW, without mutexes): L →r L' when
 *   every achiever of L deletes L' and either L' is a goal, or L and L' are
 *   both greedy-necessary before a common landmark. Orders that would close a
 *   cycle are dropped.
 *
 * Fast Downward's domain-transition-graph lookahead and natural orders are not
 * implemented (the planner has no SAS+ variables).
 */
import type { CompiledTask } from '../compiled-task.js';
import { RelaxedTask } from '../delete-relaxation/relaxed-task.js';
import { LandmarkGraph, type Landmark, type LandmarkOrder } from './graph.js';

export interface RhwOptions {
  /** Largest disjunctive landmark (default 4, as Fast Downward). */
  maxDisjunction?: number;
  /** Work limit (operator visits in relaxed explorations); generation stops with what it has (default 5e7). */
  maxWork?: number;
  /** The relaxed task to build on (default: a new one with unit costs). */
  relaxed?: RelaxedTask;
}

/** Predicate symbol of a printable fact `(pred a b)`; `not pred` for a negated fact. */
function predicateOf(name: string): string {
  const m = /^\(?\s*([^\s()]+)/.exec(name);
  return m ? m[1] : name;
}

export function rhwLandmarks(task: CompiledTask, options: RhwOptions = {}): LandmarkGraph {
  const r = options.relaxed ?? new RelaxedTask(task, { costType: 'one' });
  /** Whether an axiom (a relaxed operator of no task operator) can achieve relaxed fact `f`. */
  const byAxiom = (f: number): boolean => {
    for (let k = r.achieverStart[f], e = r.achieverStart[f + 1]; k < e; k++) if (r.opOf[r.achievers[k]] < 0) return true;
    return false;
  };
  const maxDis = options.maxDisjunction ?? 4;
  let work = options.maxWork ?? 5e7;
  const nf = r.numFacts;
  const no = r.numOps;
  const names = task.task.facts;

  const initTrue = new Uint8Array(nf);
  for (let f = 0; f < r.taskFacts; f++) if ((task.initState[f >>> 5] >>> (f & 31)) & 1) initTrue[f] = 1;
  for (let i = 0; i < r.negBase.length; i++) if (initTrue[r.negBase[i]] === 0) initTrue[r.taskFacts + i] = 1;

  const predKey = new Array<string>(nf);
  for (let f = 0; f < nf; f++) {
    if (f < r.taskFacts) predKey[f] = predicateOf(names[f]);
    else if (f - r.taskFacts < r.negBase.length) predKey[f] = `not ${predicateOf(names[r.negBase[f - r.taskFacts]])}`;
    else predKey[f] = `aux${f}`;
  }

  // Relaxed reachability from the initial state with some relaxed operators excluded.
  const numPre = new Int32Array(no);
  const noPre: number[] = [];
  for (let u = 0; u < no; u++) {
    numPre[u] = r.preStart[u + 1] - r.preStart[u];
    if (numPre[u] === 0) noPre.push(u);
  }
  const unsat = new Int32Array(no);
  const reached = new Uint8Array(nf);
  const excluded = new Uint8Array(no);
  const queue = new Int32Array(nf);
  const explore = (): void => {
    reached.fill(0);
    unsat.set(numPre);
    let head = 0;
    let tail = 0;
    const reach = (g: number): void => {
      if (reached[g] === 0) {
        reached[g] = 1;
        queue[tail++] = g;
      }
    };
    for (let f = 0; f < nf; f++) if (initTrue[f] === 1) reach(f);
    const fire = (u: number): void => {
      if (excluded[u] === 1) return;
      for (let k = r.effStart[u], e = r.effStart[u + 1]; k < e; k++) reach(r.eff[k]);
    };
    for (const u of noPre) fire(u);
    while (head < tail) {
      const f = queue[head++];
      const s = r.precondOfStart[f];
      const e = r.precondOfStart[f + 1];
      work -= e - s + 1;
      for (let k = s; k < e; k++) {
        const u = r.precondOf[k];
        if (--unsat[u] === 0) fire(u);
      }
    }
  };

  const landmarks: Landmark[] = [];
  const byKey = new Map<string, number>();
  const simpleOf = new Int32Array(nf).fill(-1);
  /** Disjunctive landmark containing each fact, or -1. */
  const disjOf = new Int32Array(nf).fill(-1);
  const orders: LandmarkOrder[] = [];
  const orderKeys = new Set<string>();
  const todo: number[] = [];
  const addOrder = (from: number, to: number, kind: 'gn' | 'r'): void => {
    if (from === to) return;
    const k = `${from},${to}`;
    if (orderKeys.has(k)) return;
    orderKeys.add(k);
    orders.push({ from, to, kind });
  };
  const achieversOf = (facts: number[]): number[] => {
    const ops = new Set<number>();
    for (const f of facts) for (let k = r.achieverStart[f], e = r.achieverStart[f + 1]; k < e; k++) ops.add(r.opOf[r.achievers[k]]);
    ops.delete(-1); // axioms
    return [...ops].sort((a, b) => a - b);
  };
  const getOrAdd = (facts: number[], goal: boolean): { id: number; added: boolean } => {
    const sorted = [...facts].sort((a, b) => a - b);
    const key = sorted.join(',');
    const old = byKey.get(key);
    if (old !== undefined) {
      if (goal) landmarks[old].goal = true;
      return { id: old, added: false };
    }
    const id = landmarks.length;
    // first achievers start as all achievers (a sound superset) and are narrowed when the landmark is
    // processed; one left unprocessed when the work budget runs out keeps the superset, so it is
    // never mistaken for an unreachable landmark
    const achievers = achieversOf(sorted);
    const lm: Landmark = { facts: sorted, goal, initiallyTrue: sorted.some((f) => initTrue[f] === 1), achievers, firstAchievers: achievers };
    if (sorted.some(byAxiom)) lm.byAxiom = true;
    landmarks.push(lm);
    byKey.set(key, id);
    if (sorted.length === 1) simpleOf[sorted[0]] = id;
    else for (const f of sorted) disjOf[f] = id;
    todo.push(id);
    return { id, added: true };
  };

  for (let i = 0; i < r.goals.length; i++) getOrAdd([r.goals[i]], true);

  const preOf = (u: number): number[] => Array.from(r.pre.subarray(r.preStart[u], r.preStart[u + 1]));
  while (todo.length > 0 && work > 0) {
    const id = todo.shift() as number;
    const lm = landmarks[id];
    if (lm.initiallyTrue) continue;
    // Possible first achievers: relaxed achievers whose preconditions are reachable without the landmark.
    const achieving: number[] = [];
    for (const f of lm.facts) for (let k = r.achieverStart[f], e = r.achieverStart[f + 1]; k < e; k++) achieving.push(r.achievers[k]);
    for (const u of achieving) excluded[u] = 1;
    explore();
    for (const u of achieving) excluded[u] = 0;
    const first = [...new Set(achieving)].filter((u) => preOf(u).every((p) => reached[p] === 1));
    lm.firstAchievers = [...new Set(first.map((u) => r.opOf[u]))].filter((op) => op >= 0).sort((a, b) => a - b);
    if (first.length === 0) continue;
    const inLm = new Set(lm.facts);
    // Shared preconditions: fact landmarks, greedy-necessarily before this one.
    let shared = new Set(preOf(first[0]));
    for (let i = 1; i < first.length && shared.size > 0; i++) {
      const p = new Set(preOf(first[i]));
      shared = new Set([...shared].filter((x) => p.has(x)));
    }
    for (const p of [...shared].sort((a, b) => a - b)) {
      if (inLm.has(p) || p >= r.taskFacts + r.negBase.length) continue;
      const { id: pid } = getOrAdd([p], false);
      addOrder(pid, id, 'gn');
    }
    // Disjunctive landmarks: per predicate, one precondition of it in every first achiever.
    const classes = new Map<string, Set<number>>();
    first.forEach((u, i) => {
      const seen = new Map<string, Set<number>>();
      for (const p of preOf(u)) {
        if (shared.has(p) || inLm.has(p) || p >= r.taskFacts + r.negBase.length) continue;
        const key = predKey[p];
        const s = seen.get(key) ?? new Set<number>();
        s.add(p);
        seen.set(key, s);
      }
      if (i === 0) for (const [k, s] of seen) classes.set(k, s);
      else {
        for (const k of [...classes.keys()]) {
          const s = seen.get(k);
          if (!s) classes.delete(k);
          else for (const p of s) classes.get(k)?.add(p);
        }
      }
    });
    for (const [, set] of [...classes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const facts = [...set].sort((a, b) => a - b);
      if (facts.length < 2 || facts.length > maxDis) continue;
      if (facts.some((f) => initTrue[f] === 1 || simpleOf[f] >= 0)) continue;
      const key = facts.join(',');
      if (!byKey.has(key) && facts.some((f) => disjOf[f] >= 0)) continue; // overlaps another disjunction
      const { id: did } = getOrAdd(facts, false);
      addOrder(did, id, 'gn');
    }
  }

  addReasonableOrders(task, r, landmarks, orders, addOrder);
  return new LandmarkGraph(r, names, landmarks, orders);
}

/** RHW's reasonable orders without mutexes (interference = every achiever deletes the fact). */
function addReasonableOrders(
  task: CompiledTask,
  r: RelaxedTask,
  landmarks: Landmark[],
  orders: LandmarkOrder[],
  addOrder: (from: number, to: number, kind: 'gn' | 'r') => void,
): void {
  const n = landmarks.length;
  const isSimpleTaskFact = (id: number): boolean => landmarks[id].facts.length === 1 && landmarks[id].facts[0] < r.taskFacts;
  // Facts deleted (and not re-added) by every achiever of a simple task-fact landmark.
  const sharedDel: (Set<number> | undefined)[] = new Array(n);
  for (let id = 0; id < n; id++) {
    if (!isSimpleTaskFact(id) || landmarks[id].achievers.length === 0) continue;
    let s: Set<number> | undefined;
    for (const op of landmarks[id].achievers) {
      const add = new Set(task.add.subarray(task.addStart[op], task.addStart[op + 1]));
      const del = [...task.del.subarray(task.delStart[op], task.delStart[op + 1])].filter((f) => !add.has(f));
      s = s === undefined ? new Set(del) : new Set(del.filter((f) => s?.has(f)));
      if (s.size === 0) break;
    }
    if (s && s.size > 0) sharedDel[id] = s;
  }
  const children: number[][] = Array.from({ length: n }, () => []);
  const gnParents: number[][] = Array.from({ length: n }, () => []);
  for (const o of orders) {
    children[o.from].push(o.to);
    if (o.kind === 'gn') gnParents[o.to].push(o.from);
  }
  const mark = new Int32Array(n);
  let epoch = 0;
  const reaches = (from: number, to: number): boolean => {
    epoch++;
    const stack = [from];
    mark[from] = epoch;
    let budget = 100_000;
    while (stack.length > 0 && budget-- > 0) {
      const x = stack.pop() as number;
      if (x === to) return true;
      for (const c of children[x]) {
        if (mark[c] !== epoch) {
          mark[c] = epoch;
          stack.push(c);
        }
      }
    }
    return budget <= 0; // out of budget: treat as a possible cycle
  };
  const tryOrder = (from: number, to: number): void => {
    if (from === to || reaches(to, from)) return;
    const before = orders.length;
    addOrder(from, to, 'r');
    if (orders.length > before) children[from].push(to);
  };
  const mutex = mutexTest(task, r);
  // Facts added by every achiever of a simple task-fact landmark (besides the landmark).
  const sharedAdd: (number[] | undefined)[] = new Array(n);
  for (let id = 0; id < n; id++) {
    if (!isSimpleTaskFact(id) || landmarks[id].achievers.length === 0) continue;
    let s: Set<number> | undefined;
    for (const op of landmarks[id].achievers) {
      const add = task.add.subarray(task.addStart[op], task.addStart[op + 1]);
      s = s === undefined ? new Set(add) : new Set([...add].filter((f) => s?.has(f)));
      if (s.size === 0) break;
    }
    s?.delete(landmarks[id].facts[0]);
    if (s && s.size > 0) sharedAdd[id] = [...s];
  }
  /** Achieving landmark a makes b false: a and b mutex, every achiever of a deletes b, or adds a fact mutex with b. */
  const interferes = (a: number, b: number): boolean => {
    const fb = landmarks[b].facts[0];
    if (sharedDel[a]?.has(fb)) return true;
    const fa = landmarks[a].facts[0];
    if (mutex(fa, fb)) return true;
    for (const e of sharedAdd[a] ?? []) if (e !== fb && mutex(e, fb)) return true;
    return false;
  };
  // Only landmarks that can interfere with a goal are tried: those deleting it with every achiever,
  // and those whose fact, or a fact all their achievers add, every adder of the goal deletes (a mutex
  // candidate).
  const delBy = new Map<number, number[]>();
  const addBy = new Map<number, number[]>();
  const push = (m: Map<number, number[]>, k: number, v: number): void => {
    const l = m.get(k);
    if (l) l.push(v);
    else m.set(k, [v]);
  };
  const lmOfFact = new Map<number, number>();
  for (let id = 0; id < n; id++) {
    if (!isSimpleTaskFact(id)) continue;
    lmOfFact.set(landmarks[id].facts[0], id);
    for (const f of sharedDel[id] ?? []) push(delBy, f, id);
    for (const e of sharedAdd[id] ?? []) push(addBy, e, id);
  }
  for (let to = 0; to < n; to++) {
    if (!isSimpleTaskFact(to)) continue;
    if (landmarks[to].goal) {
      const fb = landmarks[to].facts[0];
      const candidates = new Set<number>(delBy.get(fb) ?? []);
      for (const x of deletedByAllAdders(task, r, fb)) {
        const id = lmOfFact.get(x);
        if (id !== undefined) candidates.add(id);
        for (const a of addBy.get(x) ?? []) candidates.add(a);
      }
      for (const from of [...candidates].sort((a, b) => a - b)) if (from !== to && interferes(from, to)) tryOrder(from, to);
    } else {
      const candidates = new Set<number>();
      for (const child of children[to]) for (const p of gnParents[child]) if (p !== to && isSimpleTaskFact(p) && gnParents[child].includes(to)) candidates.add(p);
      for (const from of [...candidates].sort((a, b) => a - b)) if (interferes(from, to)) tryOrder(from, to);
    }
  }
}

/** Facts deleted (and not re-added) by every operator that can add `f`. */
function deletedByAllAdders(task: CompiledTask, r: RelaxedTask, f: number): number[] {
  let s: Set<number> | undefined;
  for (let k = r.achieverStart[f], e = r.achieverStart[f + 1]; k < e; k++) {
    const op = r.opOf[r.achievers[k]];
    if (op < 0) return []; // an axiom deletes nothing
    const add = new Set(task.add.subarray(task.addStart[op], task.addStart[op + 1]));
    const del = [...task.del.subarray(task.delStart[op], task.delStart[op + 1])].filter((x) => !add.has(x));
    s = s === undefined ? new Set(del) : new Set(del.filter((x) => s?.has(x)));
    if (s.size === 0) return [];
  }
  return s ? [...s] : [];
}

/**
 * A sound pairwise mutex test on task facts (without SAS+ variables): a and b
 * are never true together when they are not both initially true, no
 * conditional effect adds either, no operator adds both, and every operator
 * adding one deletes the other. Answers false once its work budget is spent.
 */
function mutexTest(task: CompiledTask, r: RelaxedTask): (a: number, b: number) => boolean {
  const condAdded = new Uint8Array(r.taskFacts);
  for (const f of task.condAdd) condAdded[f] = 1;
  const adders: number[][] = Array.from({ length: r.taskFacts }, () => []);
  for (let op = 0; op < task.numOps; op++) for (let k = task.addStart[op], e = task.addStart[op + 1]; k < e; k++) adders[task.add[k]].push(op);
  const deletes = (op: number, f: number): boolean => {
    for (let k = task.delStart[op], e = task.delStart[op + 1]; k < e; k++) if (task.del[k] === f) return true;
    return false;
  };
  const adds = (op: number, f: number): boolean => {
    for (let k = task.addStart[op], e = task.addStart[op + 1]; k < e; k++) if (task.add[k] === f) return true;
    return false;
  };
  const init = task.initState;
  const holds = (f: number): boolean => ((init[f >>> 5] >>> (f & 31)) & 1) === 1;
  let budget = 2e7;
  const cache = new Map<number, boolean>();
  const oneWay = (a: number, b: number): boolean => {
    for (const op of adders[a]) {
      if (--budget < 0) return false;
      if (!deletes(op, b) || adds(op, b)) return false;
    }
    return true;
  };
  return (a, b) => {
    if (a === b || a >= r.taskFacts || b >= r.taskFacts) return false;
    const key = a < b ? a * r.taskFacts + b : b * r.taskFacts + a;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const m = budget > 0 && condAdded[a] === 0 && condAdded[b] === 0 && !(holds(a) && holds(b)) && oneWay(a, b) && oneWay(b, a);
    cache.set(key, m);
    return m;
  };
}
