/**
 * Open lists for the best-first family. `TieBreakingHeap` is a binary heap on
 * (primary key, secondary key, insertion order) — FIFO among equal keys, so
 * search is deterministic. `BucketOpenList` gives the same order for greedy
 * search (no secondary key) with one FIFO bucket per integer key, as Fast
 * Downward's bucket open list: O(1) push and pop, 8 bytes an entry instead of
 * 36, kept in chunks that growing never copies (`ChunkedFifo`).
 * `AlternationOpenList` alternates between several lists (Fast Downward's
 * alternation open list): it takes from the list with the lowest priority
 * counter, increments that counter, and `boost` lowers a list's counter
 * (Richter & Helmert 2009's boosting of preferred-operator queues on progress).
 */
import { ChunkedFifo } from './chunked-fifo.js';

/** One open list: entries (a, b) ordered by (key1, key2, insertion order). */
export interface OpenList {
  readonly size: number;
  push(key1: number, key2: number, a: number, b?: number): void;
  /** Pops the minimum; its payload is in `poppedA` / `poppedB`, its key in `poppedKey`. */
  pop(): void;
  poppedA: number;
  poppedB: number;
  poppedKey: number;
}

export class TieBreakingHeap implements OpenList {
  private k1: Float64Array;
  private k2: Float64Array;
  private seq: Float64Array;
  private a: Int32Array;
  private b: Int32Array;
  private n = 0;
  private counter = 0;

  constructor(capacity = 1024) {
    this.k1 = new Float64Array(capacity);
    this.k2 = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
  }

  get size(): number {
    return this.n;
  }

  private less(i: number, j: number): boolean {
    const k1 = this.k1;
    if (k1[i] !== k1[j]) return k1[i] < k1[j];
    const k2 = this.k2;
    if (k2[i] !== k2[j]) return k2[i] < k2[j];
    return this.seq[i] < this.seq[j];
  }

  private swap(i: number, j: number): void {
    let t = this.k1[i];
    this.k1[i] = this.k1[j];
    this.k1[j] = t;
    t = this.k2[i];
    this.k2[i] = this.k2[j];
    this.k2[j] = t;
    t = this.seq[i];
    this.seq[i] = this.seq[j];
    this.seq[j] = t;
    t = this.a[i];
    this.a[i] = this.a[j];
    this.a[j] = t;
    t = this.b[i];
    this.b[i] = this.b[j];
    this.b[j] = t;
  }

  push(key1: number, key2: number, a: number, b = 0): void {
    if (this.n === this.k1.length) this.grow();
    let i = this.n++;
    this.k1[i] = key1;
    this.k2[i] = key2;
    this.seq[i] = this.counter++;
    this.a[i] = a;
    this.b[i] = b;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  /** Pops the minimum; its payload is in `poppedA` / `poppedB`. */
  pop(): void {
    this.poppedA = this.a[0];
    this.poppedB = this.b[0];
    this.poppedKey = this.k1[0];
    const n = --this.n;
    if (n > 0) {
      this.k1[0] = this.k1[n];
      this.k2[0] = this.k2[n];
      this.seq[0] = this.seq[n];
      this.a[0] = this.a[n];
      this.b[0] = this.b[n];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        let c = l;
        if (l + 1 < n && this.less(l + 1, l)) c = l + 1;
        if (!this.less(c, i)) break;
        this.swap(c, i);
        i = c;
      }
    }
  }

  poppedA = 0;
  poppedB = 0;
  poppedKey = 0;

  private grow(): void {
    const cap = this.k1.length * 2;
    const f = (x: Float64Array): Float64Array => {
      const y = new Float64Array(cap);
      y.set(x);
      return y;
    };
    const g = (x: Int32Array): Int32Array => {
      const y = new Int32Array(cap);
      y.set(x);
      return y;
    };
    this.k1 = f(this.k1);
    this.k2 = f(this.k2);
    this.seq = f(this.seq);
    this.a = g(this.a);
    this.b = g(this.b);
  }
}

/** Largest key a bucket list holds in buckets; beyond it (or on a fractional key) it turns into a heap. */
const MAX_BUCKET_KEY = 1 << 16;

/**
 * FIFO buckets per non-negative integer key, for lists whose secondary key is
 * always 0. The first entry that does not fit (fractional, negative or huge key,
 * or a secondary key) moves every entry into a `TieBreakingHeap` in the order
 * they would leave, and the list is a heap from then on: the order is always
 * that of a `TieBreakingHeap` fed the same pushes.
 */
export class BucketOpenList implements OpenList {
  private queues: ChunkedFifo[] = [];
  private minKey = 0;
  private n = 0;
  private heap: TieBreakingHeap | undefined;
  poppedA = 0;
  poppedB = 0;
  poppedKey = 0;

  get size(): number {
    return this.heap ? this.heap.size : this.n;
  }

  push(key1: number, key2: number, a: number, b = 0): void {
    if (this.heap) return this.heap.push(key1, key2, a, b);
    if (key2 !== 0 || !Number.isInteger(key1) || key1 < 0 || key1 > MAX_BUCKET_KEY) {
      this.toHeap().push(key1, key2, a, b);
      return;
    }
    while (this.queues.length <= key1) this.queues.push(new ChunkedFifo());
    this.queues[key1].push(a, b);
    if (this.n === 0 || key1 < this.minKey) this.minKey = key1;
    this.n++;
  }

  pop(): void {
    if (this.heap) {
      this.heap.pop();
      this.poppedA = this.heap.poppedA;
      this.poppedB = this.heap.poppedB;
      this.poppedKey = this.heap.poppedKey;
      return;
    }
    let k = this.minKey;
    while (this.queues[k].size === 0) k++;
    this.minKey = k;
    const q = this.queues[k];
    q.pop();
    this.poppedA = q.poppedA;
    this.poppedB = q.poppedB;
    this.poppedKey = k;
    this.n--;
  }

  private toHeap(): TieBreakingHeap {
    const heap = new TieBreakingHeap(Math.max(1024, this.n));
    for (let k = 0; k < this.queues.length; k++) this.queues[k].forEach((a, b) => heap.push(k, 0, a, b));
    this.queues = [];
    this.n = 0;
    this.heap = heap;
    return heap;
  }
}

export class AlternationOpenList {
  readonly lists: OpenList[];
  private readonly priorities: number[];

  /** `buckets`: the lists never get a secondary key (greedy search), so bucket lists keep the order. */
  constructor(numLists: number, buckets = false) {
    this.lists = Array.from({ length: numLists }, () => (buckets ? new BucketOpenList() : new TieBreakingHeap()));
    this.priorities = new Array<number>(numLists).fill(0);
  }

  get empty(): boolean {
    for (const l of this.lists) if (l.size > 0) return false;
    return true;
  }

  boost(list: number, amount: number): void {
    this.priorities[list] -= amount;
  }

  /** Pops from the non-empty list with the lowest priority; returns that list (payload in it), or undefined. */
  pop(): OpenList | undefined {
    let best = -1;
    for (let i = 0; i < this.lists.length; i++) {
      if (this.lists[i].size === 0) continue;
      if (best < 0 || this.priorities[i] < this.priorities[best]) best = i;
    }
    if (best < 0) return undefined;
    this.priorities[best]++;
    const l = this.lists[best];
    l.pop();
    return l;
  }
}
