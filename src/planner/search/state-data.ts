/**
 * Per-state search data of the best-first family in growable typed arrays:
 * g under the search's cost type, real g, the heuristic values (one per
 * heuristic), the open/closed status and the preferred operators found when
 * the state was evaluated (in one arena).
 */

/** Status of a registered state. */
export const NEW = 0;
export const OPEN = 1;
export const CLOSED = 2;
export const DEAD = 3;

const grownF64 = (x: Float64Array, cap: number): Float64Array => {
  const y = new Float64Array(cap);
  y.set(x);
  return y;
};
const grownI32 = (x: Int32Array, cap: number): Int32Array => {
  const y = new Int32Array(cap);
  y.set(x);
  return y;
};

export class StateData {
  g: Float64Array;
  realG: Float64Array;
  /** Heuristic values, `numH` per state. */
  h: Float64Array;
  readonly numH: number;
  status: Uint8Array;
  prefStart: Int32Array;
  prefCount: Int32Array;
  prefArena: Int32Array;
  prefUsed = 0;
  constructor(cap: number, numH: number) {
    this.numH = numH;
    this.g = new Float64Array(cap);
    this.realG = new Float64Array(cap);
    this.h = new Float64Array(cap * numH);
    this.status = new Uint8Array(cap);
    this.prefStart = new Int32Array(cap);
    this.prefCount = new Int32Array(cap);
    this.prefArena = new Int32Array(1024);
  }
  ensure(id: number): void {
    if (id < this.g.length) return;
    let cap = this.g.length * 2;
    while (cap <= id) cap *= 2;
    this.g = grownF64(this.g, cap);
    this.realG = grownF64(this.realG, cap);
    this.h = grownF64(this.h, cap * this.numH);
    const s = new Uint8Array(cap);
    s.set(this.status);
    this.status = s;
    this.prefStart = grownI32(this.prefStart, cap);
    this.prefCount = grownI32(this.prefCount, cap);
  }
  storePrefs(id: number, prefs: number[]): void {
    const n = prefs.length;
    if (this.prefUsed + n > this.prefArena.length) {
      let cap = this.prefArena.length * 2;
      while (cap < this.prefUsed + n) cap *= 2;
      this.prefArena = grownI32(this.prefArena, cap);
    }
    this.prefStart[id] = this.prefUsed;
    this.prefCount[id] = n;
    for (let k = 0; k < n; k++) this.prefArena[this.prefUsed + k] = prefs[k];
    this.prefUsed += n;
  }
  /** Whether a path of (g, realG) to `id` is better than the one recorded: cheaper g, ties broken by real cost. */
  improves(id: number, g: number, realG: number): boolean {
    return g < this.g[id] || (g === this.g[id] && realG < this.realG[id]);
  }
}
