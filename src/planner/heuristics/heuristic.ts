/**
 * The heuristic interface the search uses: a function of a packed state that
 * returns an estimate of the remaining cost (Infinity = proven dead end) and,
 * optionally, writes preferred operators (helpful actions) into `preferred`.
 */
export interface Heuristic {
  readonly name: string;
  /** Never overestimates h* (under the cost type it was built with). */
  readonly admissible: boolean;
  /** Whether `evaluate` can report preferred operators. */
  readonly providesPreferred: boolean;
  /** h(state). When `preferred` is given it is cleared and filled with preferred operator ids. */
  evaluate(state: Uint32Array, preferred?: number[]): number;
}
