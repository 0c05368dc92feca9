/**
 * A binary min-heap of (key, value) pairs in typed arrays, for the relaxed
 * exploration's generalized Dijkstra. Duplicates are allowed; callers skip
 * stale entries (lazy deletion).
 */
export class MinHeap {
  private keys: Float64Array;
  private vals: Int32Array;
  private n = 0;

  constructor(capacity = 256) {
    this.keys = new Float64Array(capacity);
    this.vals = new Int32Array(capacity);
  }

  get size(): number {
    return this.n;
  }

  clear(): void {
    this.n = 0;
  }

  push(key: number, val: number): void {
    if (this.n === this.keys.length) {
      const k = new Float64Array(this.n * 2);
      k.set(this.keys);
      this.keys = k;
      const v = new Int32Array(this.n * 2);
      v.set(this.vals);
      this.vals = v;
    }
    const keys = this.keys;
    const vals = this.vals;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      keys[i] = keys[p];
      vals[i] = vals[p];
      i = p;
    }
    keys[i] = key;
    vals[i] = val;
  }

  /** Key of the minimum (undefined behaviour when empty). */
  peekKey(): number {
    return this.keys[0];
  }

  /** Removes the minimum and returns its value. */
  pop(): number {
    const keys = this.keys;
    const vals = this.vals;
    const top = vals[0];
    const n = --this.n;
    if (n > 0) {
      const key = keys[n];
      const val = vals[n];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1] < keys[c]) c++;
        if (keys[c] >= key) break;
        keys[i] = keys[c];
        vals[i] = vals[c];
        i = c;
      }
      keys[i] = key;
      vals[i] = val;
    }
    return top;
  }
}

/**
 * A bucket priority queue for small non-negative integer keys (Dial's
 * algorithm): O(1) push and amortized O(1) pop for monotone use in Dijkstra.
 */
export class BucketQueue {
  // Bucket k holds buckets[k][0..counts[k]); the arrays are kept between uses (emptying a JS array with
  // length = 0 drops its storage, and every exploration refilled them).
  private buckets: number[][] = [];
  private counts: number[] = [];
  private cur = 0;
  private n = 0;
  private maxUsed = -1;

  get size(): number {
    return this.n;
  }

  clear(): void {
    for (let i = 0; i <= this.maxUsed; i++) this.counts[i] = 0;
    this.maxUsed = -1;
    this.cur = 0;
    this.n = 0;
  }

  push(key: number, val: number): void {
    while (key >= this.buckets.length) {
      this.buckets.push([]);
      this.counts.push(0);
    }
    this.buckets[key][this.counts[key]++] = val;
    if (key > this.maxUsed) this.maxUsed = key;
    if (key < this.cur) this.cur = key;
    this.n++;
  }

  peekKey(): number {
    while (this.counts[this.cur] === 0) this.cur++;
    return this.cur;
  }

  pop(): number {
    while (this.counts[this.cur] === 0) this.cur++;
    this.n--;
    return this.buckets[this.cur][--this.counts[this.cur]];
  }
}
