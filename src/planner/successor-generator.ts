/**
 * Successor generator: a trie over the operators' positive preconditions
 * (in the spirit of Fast Downward's decision-tree successor generator).
 * Preconditions are sorted by how many operators share them (most shared
 * first), so common prefixes are tested once. A node holds the operators whose
 * preconditions end there and, per next fact, a child; a child is visited only
 * when its fact holds. Negative preconditions are checked per operator.
 */
import type { CompiledTask } from './compiled-task.js';

export class SuccessorGenerator {
  private readonly leafStart: Int32Array;
  private readonly leafOps: Int32Array;
  private readonly childStart: Int32Array;
  private readonly childFact: Int32Array;
  private readonly childNode: Int32Array;
  private readonly hasNeg: Uint8Array;
  private readonly task: CompiledTask;
  private stack: Int32Array = new Int32Array(64);

  constructor(task: CompiledTask) {
    this.task = task;
    const n = task.numOps;
    const freq = new Int32Array(task.numFacts);
    for (let k = 0; k < task.pre.length; k++) freq[task.pre[k]]++;
    const seqs: Int32Array[] = [];
    for (let op = 0; op < n; op++) {
      const p = Array.from(task.pre.subarray(task.preStart[op], task.preStart[op + 1]));
      p.sort((a, b) => freq[b] - freq[a] || a - b);
      seqs.push(Int32Array.from(p));
    }
    this.hasNeg = new Uint8Array(n);
    for (let op = 0; op < n; op++) this.hasNeg[op] = task.hasExtraPre(op) ? 1 : 0;

    const leafLists: number[][] = [];
    const childLists: [number, number][][] = [];
    const build = (ops: number[], depth: number): number => {
      const id = leafLists.length;
      leafLists.push([]);
      childLists.push([]);
      const groups = new Map<number, number[]>();
      for (const op of ops) {
        const s = seqs[op];
        if (s.length === depth) leafLists[id].push(op);
        else {
          const f = s[depth];
          const g = groups.get(f);
          if (g) g.push(op);
          else groups.set(f, [op]);
        }
      }
      const facts = [...groups.keys()].sort((a, b) => a - b);
      for (const f of facts) childLists[id].push([f, build(groups.get(f) as number[], depth + 1)]);
      return id;
    };
    const all: number[] = [];
    for (let op = 0; op < n; op++) all.push(op);
    build(all, 0);
    const numNodes = leafLists.length;
    this.leafStart = new Int32Array(numNodes + 1);
    this.childStart = new Int32Array(numNodes + 1);
    let nl = 0;
    let nc = 0;
    for (let i = 0; i < numNodes; i++) {
      this.leafStart[i] = nl;
      this.childStart[i] = nc;
      nl += leafLists[i].length;
      nc += childLists[i].length;
    }
    this.leafStart[numNodes] = nl;
    this.childStart[numNodes] = nc;
    this.leafOps = new Int32Array(nl);
    this.childFact = new Int32Array(nc);
    this.childNode = new Int32Array(nc);
    nl = 0;
    nc = 0;
    for (let i = 0; i < numNodes; i++) {
      for (const op of leafLists[i]) this.leafOps[nl++] = op;
      for (const [f, c] of childLists[i]) {
        this.childFact[nc] = f;
        this.childNode[nc++] = c;
      }
    }
  }

  /**
   * Writes the applicable operators of `state` to `out[0..n)` and returns n;
   * entries past n are stale (`out` is never shrunk: emptying a JS array with
   * `length = 0` drops its storage, and refilling it per expansion made garbage).
   * Order is deterministic (trie order).
   */
  applicable(state: Uint32Array, out: number[]): number {
    let n = 0;
    let sp = 0;
    let stack = this.stack;
    stack[sp++] = 0;
    const task = this.task;
    while (sp > 0) {
      const node = stack[--sp];
      for (let k = this.leafStart[node], e = this.leafStart[node + 1]; k < e; k++) {
        const op = this.leafOps[k];
        if (this.hasNeg[op] === 0 || task.negativePreOk(state, op)) out[n++] = op;
      }
      for (let k = this.childStart[node + 1] - 1, e = this.childStart[node]; k >= e; k--) {
        const f = this.childFact[k];
        if ((state[f >>> 5] >>> (f & 31)) & 1) {
          if (sp >= stack.length) {
            const bigger = new Int32Array(stack.length * 2);
            bigger.set(stack);
            this.stack = stack = bigger;
          }
          stack[sp++] = this.childNode[k];
        }
      }
    }
    return n;
  }
}

const generators = new WeakMap<CompiledTask, SuccessorGenerator>();

/** The successor generator of a task, built once and shared (the search and the landmark count's preferred operators). */
export function successorGeneratorOf(task: CompiledTask): SuccessorGenerator {
  let g = generators.get(task);
  if (!g) {
    g = new SuccessorGenerator(task);
    generators.set(task, g);
  }
  return g;
}
