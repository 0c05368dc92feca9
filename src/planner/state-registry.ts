/**
 * Compact registry of bit-packed states: one growable Uint32Array arena holds
 * every state's words back to back (state id i lives at i*words), an
 * open-addressing hash table (linear probing) maps contents to ids, and parent
 * pointers and creating operators live in typed arrays. No object or string
 * key per state.
 */
export class StateRegistry {
  readonly words: number;
  private arena: Uint32Array;
  private hashes: Uint32Array;
  private table: Int32Array;
  private mask: number;
  private count = 0;
  /** Parent state id (-1 for the initial state) and the creating operator, per state. */
  parent: Int32Array;
  parentOp: Int32Array;

  constructor(words: number, initialCapacity = 1024) {
    this.words = words;
    const cap = Math.max(16, initialCapacity);
    this.arena = new Uint32Array(cap * words);
    this.hashes = new Uint32Array(cap);
    this.parent = new Int32Array(cap);
    this.parentOp = new Int32Array(cap);
    let tsize = 16;
    while (tsize < cap * 2) tsize <<= 1;
    this.table = new Int32Array(tsize).fill(-1);
    this.mask = tsize - 1;
  }

  get size(): number {
    return this.count;
  }

  static hash(state: Uint32Array, offset: number, words: number): number {
    let h = 0x811c9dc5 ^ words;
    for (let w = 0; w < words; w++) {
      let k = state[offset + w];
      k = Math.imul(k, 0xcc9e2d51);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, 0x1b873593);
      h ^= k;
      h = (h << 13) | (h >>> 19);
      h = (Math.imul(h, 5) + 0xe6546b64) | 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }

  /** The id of `state` if registered, else -1. */
  lookup(state: Uint32Array): number {
    const W = this.words;
    const h = StateRegistry.hash(state, 0, W);
    let slot = h & this.mask;
    for (;;) {
      const id = this.table[slot];
      if (id < 0) return -1;
      if (this.hashes[id] === h && this.equals(id, state)) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  private equals(id: number, state: Uint32Array): boolean {
    const W = this.words;
    const base = id * W;
    const a = this.arena;
    for (let w = 0; w < W; w++) if (a[base + w] !== state[w]) return false;
    return true;
  }

  /**
   * Registers `state` (copying it) unless present. Returns the id; the id is
   * new exactly when it equals the previous `size`.
   */
  insert(state: Uint32Array, parent: number, op: number): number {
    const W = this.words;
    const h = StateRegistry.hash(state, 0, W);
    let slot = h & this.mask;
    for (;;) {
      const id = this.table[slot];
      if (id < 0) break;
      if (this.hashes[id] === h && this.equals(id, state)) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.count;
    if (id >= this.hashes.length) this.grow();
    this.arena.set(state.length === W ? state : state.subarray(0, W), id * W);
    this.hashes[id] = h;
    this.parent[id] = parent;
    this.parentOp[id] = op;
    this.count++;
    if (this.count * 2 > this.table.length) this.rehash();
    else this.table[slot] = id;
    return id;
  }

  /** Copies state `id` into `out`. */
  copy(id: number, out: Uint32Array): void {
    const W = this.words;
    const base = id * W;
    const a = this.arena;
    for (let w = 0; w < W; w++) out[w] = a[base + w];
  }

  /** A read-only view of state `id` (valid until the next insert). */
  view(id: number): Uint32Array {
    return this.arena.subarray(id * this.words, (id + 1) * this.words);
  }

  /** Operator ids from the initial state to `id`. */
  pathTo(id: number): number[] {
    const ops: number[] = [];
    let cur = id;
    while (this.parent[cur] >= 0) {
      ops.push(this.parentOp[cur]);
      cur = this.parent[cur];
    }
    return ops.reverse();
  }

  private grow(): void {
    const cap = this.hashes.length * 2;
    const arena = new Uint32Array(cap * this.words);
    arena.set(this.arena);
    this.arena = arena;
    const hashes = new Uint32Array(cap);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const parent = new Int32Array(cap);
    parent.set(this.parent);
    this.parent = parent;
    const parentOp = new Int32Array(cap);
    parentOp.set(this.parentOp);
    this.parentOp = parentOp;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
    this.mask = mask;
  }
}
