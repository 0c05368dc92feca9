/**
 * A FIFO queue of (a, b) int pairs stored in chunks: growing never copies
 * what is queued (a doubling array briefly holds three times its entries while
 * it copies), and chunks already read are released. The first chunk is small,
 * each further one twice the last up to `MAX_CHUNK_INTS`, so thousands of
 * nearly empty queues (one per heuristic value) stay cheap.
 */
const FIRST_CHUNK_INTS = 16;
const MAX_CHUNK_INTS = 1 << 16;

export class ChunkedFifo {
  private chunks: (Int32Array | undefined)[] = [];
  /** Index of the chunk read next. */
  private first = 0;
  /** Read position in chunks[first]. */
  private head = 0;
  /** Write position in the last chunk. */
  private tail = 0;
  private n = 0;
  poppedA = 0;
  poppedB = 0;

  /** Chunk sizes in ints (two per pair); small ones only for tests. */
  constructor(
    private readonly firstChunkInts = FIRST_CHUNK_INTS,
    private readonly maxChunkInts = MAX_CHUNK_INTS,
  ) {}

  get size(): number {
    return this.n;
  }

  push(a: number, b: number): void {
    let last = this.chunks.length === 0 ? undefined : this.chunks[this.chunks.length - 1];
    if (last === undefined || this.tail === last.length) {
      last = new Int32Array(last === undefined ? this.firstChunkInts : Math.min(this.maxChunkInts, last.length * 2));
      this.chunks.push(last);
      this.tail = 0;
    }
    last[this.tail] = a;
    last[this.tail + 1] = b;
    this.tail += 2;
    this.n++;
  }

  /** Removes the oldest pair into `poppedA`/`poppedB`; the queue must not be empty. */
  pop(): void {
    let c = this.chunks[this.first] as Int32Array;
    if (this.head === c.length) {
      this.chunks[this.first] = undefined; // read to the end: release it
      this.first++;
      this.head = 0;
      c = this.chunks[this.first] as Int32Array;
      if (this.first >= 64 && this.first * 2 >= this.chunks.length) {
        this.chunks = this.chunks.slice(this.first);
        this.first = 0;
      }
    }
    this.poppedA = c[this.head];
    this.poppedB = c[this.head + 1];
    this.head += 2;
    if (--this.n === 0) {
      // empty: keep only the last chunk, written from its start again (no allocation when it is the only one)
      if (this.chunks.length > 1) this.chunks = [this.chunks[this.chunks.length - 1]];
      this.first = this.head = this.tail = 0;
    }
  }

  /** Calls `f` on every queued pair, oldest first. */
  forEach(f: (a: number, b: number) => void): void {
    const lastIndex = this.chunks.length - 1;
    for (let i = this.first; i <= lastIndex; i++) {
      const c = this.chunks[i] as Int32Array;
      const from = i === this.first ? this.head : 0;
      const to = i === lastIndex ? this.tail : c.length;
      for (let k = from; k < to; k += 2) f(c[k], c[k + 1]);
    }
  }
}
