/**
 * A landmark graph: landmarks are disjunctions of relaxed facts (one fact = a
 * fact landmark), each true at some point of every plan; orders say which
 * landmark should be reached before which. Facts are those of the
 * `RelaxedTask` the graph was built on: the task's facts and the compiled
 * negations `not f` (true when f is false).
 */
import { factHolds, type RelaxedTask } from '../delete-relaxation/relaxed-task.js';

export { factHolds };

/** `gn`: greedy-necessary (true right before the first achievement); `r`: reasonable. */
export type OrderKind = 'gn' | 'r';

export interface Landmark {
  /** Relaxed fact ids; the landmark holds when one of them holds. */
  facts: number[];
  /** A goal fact (must hold at the end, not just once). */
  goal: boolean;
  /** True in the initial state. */
  initiallyTrue: boolean;
  /** Task operators that can make one of the facts true (any effect). */
  achievers: number[];
  /** Achievers possibly applicable before the landmark is first true (relaxed analysis). */
  firstAchievers: number[];
  /** An axiom derives one of the facts (axioms are not operators, so not in the achiever lists). */
  byAxiom?: boolean;
}

export interface LandmarkOrder {
  from: number;
  to: number;
  kind: OrderKind;
}

export class LandmarkGraph {
  readonly relaxed: RelaxedTask;
  readonly landmarks: Landmark[];
  readonly orders: LandmarkOrder[];
  /** Per landmark: ids of landmarks ordered before it (any kind). */
  readonly parents: number[][];
  /** Per landmark: ids of landmarks it is greedy-necessarily ordered before. */
  readonly gnChildren: number[][];
  /** True when a landmark that does not hold initially has no possible first achiever: no plan exists. */
  readonly unreachable: boolean;
  private readonly names: readonly string[];

  constructor(relaxed: RelaxedTask, factNames: readonly string[], landmarks: Landmark[], orders: LandmarkOrder[]) {
    this.relaxed = relaxed;
    this.names = factNames;
    this.landmarks = landmarks;
    this.orders = orders;
    this.parents = landmarks.map(() => []);
    this.gnChildren = landmarks.map(() => []);
    for (const o of orders) {
      this.parents[o.to].push(o.from);
      if (o.kind === 'gn') this.gnChildren[o.from].push(o.to);
    }
    this.unreachable = landmarks.some((l) => !l.initiallyTrue && l.firstAchievers.length === 0 && !l.byAxiom);
  }

  get size(): number {
    return this.landmarks.length;
  }

  /** Printable name of a relaxed fact. */
  factName(f: number): string {
    const r = this.relaxed;
    if (f < r.taskFacts) return this.names[f];
    const i = f - r.taskFacts;
    if (i < r.negBase.length) return `(not ${this.names[r.negBase[i]]})`;
    return `aux${f}`;
  }

  /** Printable landmark, e.g. `(at a)` or `(at a) | (at b)`. */
  describe(id: number): string {
    return this.landmarks[id].facts.map((f) => this.factName(f)).join(' | ');
  }

  /** Whether landmark `id` holds in a packed state. */
  holds(id: number, state: Uint32Array): boolean {
    for (const f of this.landmarks[id].facts) if (factHolds(this.relaxed, state, f)) return true;
    return false;
  }
}
