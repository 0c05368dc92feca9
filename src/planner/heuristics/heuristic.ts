/**
 * The heuristic interface the search uses: a function of a packed state that
 * returns an estimate of the remaining cost (Infinity = proven dead end) and,
 * optionally, writes preferred operators (helpful actions) into `preferred`.
 *
 * Path-dependent heuristics (the landmark count) keep per-state data keyed by
 * the search's state ids: the search announces the initial state and every
 * transition it takes (before the child is evaluated) and passes the state id
 * to `evaluate`.
 */
export interface Heuristic {
  readonly name: string;
  /** Never overestimates h* (under the cost type it was built with). */
  readonly admissible: boolean;
  /** Whether `evaluate` can report preferred operators. */
  readonly providesPreferred: boolean;
  /** h(state). When `preferred` is given it is cleared and filled with preferred operator ids. */
  evaluate(state: Uint32Array, preferred?: number[], id?: number): number;
  /** A new search starts at `state` with id `id` (earlier per-state data is dropped). */
  notifyInitial?(id: number, state: Uint32Array): void;
  /** The search reached state `child` (packed `state`) from `parent` by `op`. */
  notifyTransition?(parent: number, op: number, child: number, state: Uint32Array): void;
}
