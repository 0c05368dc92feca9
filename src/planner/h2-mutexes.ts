/**
 * Mutex pairs of a ground task from h^2 reachability (Haslum & Geffner 2000):
 * a pair of facts is reachable when some sequence of operators can make both
 * true at once in an overapproximation that tracks pairs; facts of no
 * reachable pair are *mutex*, never true together in a reachable state.
 *
 * The analysis is sound for every task the planner accepts: negative and
 * disjunctive preconditions are ignored (fewer conditions, more reachable
 * pairs), an operator's conditional effects are all assumed to fire without
 * deleting anything, and derived facts (axiom heads) are mutex with nothing.
 * Rows are bitsets, so one operator's step is a few word-wide ANDs; the
 * analysis gives up (returns undefined) when the matrix or the work would be
 * too large, and callers fall back to a weaker test.
 */
import type { CompiledTask } from './compiled-task.js';

export interface H2Options {
  /** Largest pair matrix in bytes (default 64 MB). */
  maxBytes?: number;
  /** Work limit in word operations (default 1e8, about a second); a task whose first pass alone would need a third of it is not tried. */
  maxWork?: number;
}

export class MutexPairs {
  private readonly rows: Uint32Array;
  private readonly words: number;
  readonly numFacts: number;

  constructor(rows: Uint32Array, numFacts: number) {
    this.rows = rows;
    this.numFacts = numFacts;
    this.words = (numFacts + 31) >>> 5;
  }

  /**
   * Whether facts a and b are never true together (false for a === b and for ids outside the task's facts;
   * true when either is unreachable).
   */
  mutex(a: number, b: number): boolean {
    if (a === b || a < 0 || b < 0 || a >= this.numFacts || b >= this.numFacts) return false;
    return ((this.rows[a * this.words + (b >>> 5)] >>> (b & 31)) & 1) === 0;
  }

  /** Whether fact f is reachable at all (its pair with itself); derived facts always are. */
  reachable(f: number): boolean {
    return f >= 0 && f < this.numFacts && ((this.rows[f * this.words + (f >>> 5)] >>> (f & 31)) & 1) === 1;
  }
}

const cache = new WeakMap<CompiledTask, MutexPairs | null>();

/** The h^2 mutexes of a task, computed once per compiled task; undefined when over budget. */
export function h2MutexesOf(task: CompiledTask, options: H2Options = {}): MutexPairs | undefined {
  const hit = cache.get(task);
  if (hit !== undefined) return hit ?? undefined;
  const m = computeH2(task, options);
  cache.set(task, m ?? null);
  return m;
}

/** Records `pairs` as the mutexes of `task` (a task with the same facts and reachable pairs, e.g. one with dead operators removed). */
export function shareMutexes(task: CompiledTask, pairs: MutexPairs): void {
  cache.set(task, pairs);
}

function computeH2(task: CompiledTask, options: H2Options): MutexPairs | undefined {
  const nf = task.numFacts;
  const W = (nf + 31) >>> 5;
  if (nf * W * 4 > (options.maxBytes ?? 64 * 1024 * 1024)) return undefined;
  let work = options.maxWork ?? 1e8;
  let pass = 0;
  for (let op = 0; op < task.numOps; op++) pass += W * (task.preStart[op + 1] - task.preStart[op] + 1);
  if (3 * pass > work) return undefined;
  const rows = new Uint32Array(nf * W);
  const isSet = (f: number, g: number): boolean => ((rows[f * W + (g >>> 5)] >>> (g & 31)) & 1) === 1;
  const setPair = (f: number, g: number): void => {
    rows[f * W + (g >>> 5)] |= 1 << (g & 31);
    rows[g * W + (f >>> 5)] |= 1 << (f & 31);
  };
  const init: number[] = [];
  for (let f = 0; f < nf; f++) if ((task.initState[f >>> 5] >>> (f & 31)) & 1) init.push(f);
  for (const f of init) for (const g of init) setPair(f, g);
  const derived = task.axioms?.isDerived;
  if (derived) for (let f = 0; f < nf; f++) if (derived[f] === 1) for (let g = 0; g < nf; g++) setPair(f, g);

  // Each operator as (pre, add, del) with its conditional effects folded in (all fire, none deletes).
  const ops: { pre: Int32Array; add: Int32Array; del: Int32Array }[] = [];
  for (let op = 0; op < task.numOps; op++) {
    const pre = task.pre.subarray(task.preStart[op], task.preStart[op + 1]);
    const add = new Set(task.add.subarray(task.addStart[op], task.addStart[op + 1]));
    for (let e = task.condOfOpStart[op], ee = task.condOfOpStart[op + 1]; e < ee; e++) {
      for (let k = task.condAddStart[e], ke = task.condAddStart[e + 1]; k < ke; k++) add.add(task.condAdd[k]);
    }
    const del = task.del.subarray(task.delStart[op], task.delStart[op + 1]).filter((f) => !add.has(f));
    ops.push({ pre, add: Int32Array.from(add), del });
  }
  const kept = new Uint32Array(W);
  let changed = true;
  while (changed) {
    changed = false;
    for (const { pre, add, del } of ops) {
      if (add.length === 0) continue;
      work -= W * (pre.length + 1) + add.length * add.length;
      if (work < 0) return undefined;
      // Applicable in h^2: every precondition pair reachable (the diagonal covers single facts).
      let ok = true;
      for (let i = 0; i < pre.length && ok; i++) for (let j = i; j < pre.length && ok; j++) if (!isSet(pre[i], pre[j])) ok = false;
      if (!ok) continue;
      // Facts that can be true with all preconditions and are not deleted: they stay true beside each add.
      if (pre.length === 0) {
        // only facts reachable at all
        for (let w = 0; w < W; w++) kept[w] = 0;
        for (let f = 0; f < nf; f++) if (isSet(f, f)) kept[f >>> 5] |= 1 << (f & 31);
      } else {
        const b0 = pre[0] * W;
        for (let w = 0; w < W; w++) kept[w] = rows[b0 + w];
        for (let i = 1; i < pre.length; i++) {
          const b = pre[i] * W;
          for (let w = 0; w < W; w++) kept[w] &= rows[b + w];
        }
      }
      for (const f of del) kept[f >>> 5] &= ~(1 << (f & 31));
      for (const a of add) {
        for (const a2 of add) {
          if (!isSet(a, a2)) {
            setPair(a, a2);
            changed = true;
          }
        }
        const ba = a * W;
        for (let w = 0; w < W; w++) {
          let fresh = kept[w] & ~rows[ba + w];
          if (fresh === 0) continue;
          rows[ba + w] |= fresh;
          changed = true;
          work -= 32;
          while (fresh !== 0) {
            const bit = fresh & -fresh;
            const g = (w << 5) + (31 - Math.clz32(bit));
            rows[g * W + (a >>> 5)] |= 1 << (a & 31);
            fresh ^= bit;
          }
        }
      }
    }
  }
  return new MutexPairs(rows, nf);
}
