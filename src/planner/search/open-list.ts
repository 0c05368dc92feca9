/**
 * Open lists for the best-first family. `TieBreakingHeap` is a binary heap on
 * (primary key, secondary key, insertion order) — FIFO among equal keys, so
 * search is deterministic. `AlternationOpenList` alternates between several
 * heaps (Fast Downward's alternation open list): it takes from the list with
 * the lowest priority counter, increments that counter, and `boost` lowers a
 * list's counter (Richter & Helmert 2009's boosting of preferred-operator
 * queues on progress).
 */
export class TieBreakingHeap {
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

export class AlternationOpenList {
  readonly lists: TieBreakingHeap[];
  private readonly priorities: number[];

  constructor(numLists: number) {
    this.lists = Array.from({ length: numLists }, () => new TieBreakingHeap());
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
  pop(): TieBreakingHeap | undefined {
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
