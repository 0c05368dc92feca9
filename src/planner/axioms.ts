/**
 * Stratified evaluation of a task's ground axioms on a packed state, as Fast
 * Downward's axiom evaluator does after every transition: every derived fact is
 * cleared (false by default), then layer by layer (ascending) the layer's
 * axioms are applied to their least fixpoint. An axiom's conditions on basic
 * facts, on derived facts of lower layers and its negative conditions (always
 * on lower layers or basic facts) are final when its layer starts, so they are
 * checked once; its positive conditions on facts of its own layer are counted
 * down as those facts are derived (unit propagation over a queue).
 */
import { GroundplanError } from '../core/errors.js';
import { csr } from './csr.js';
import type { GroundAxiom } from './task.js';

export class AxiomEvaluator {
  /** 1 for derived facts (the heads of axioms). */
  readonly isDerived: Uint8Array;
  private readonly derivedFacts: Int32Array;
  /** Axioms sorted by layer; layerStart[i]..layerStart[i+1] is the i-th layer. */
  private readonly layerStart: Int32Array;
  private readonly head: Int32Array;
  /** Conditions fixed when the axiom's layer starts: positive (fixedPos) and negative (neg). */
  private readonly fixedPosStart: Int32Array;
  private readonly fixedPos: Int32Array;
  private readonly negStart: Int32Array;
  private readonly neg: Int32Array;
  /** Number of positive conditions on facts of the axiom's own layer. */
  private readonly nCounted: Int32Array;
  /** Per fact: the axioms of its layer with it as a positive condition. */
  private readonly triggerStart: Int32Array;
  private readonly trigger: Int32Array;
  private readonly counter: Int32Array;
  private readonly queue: Int32Array;

  constructor(numFacts: number, axioms: readonly GroundAxiom[]) {
    const sorted = [...axioms].sort((a, b) => a.layer - b.layer);
    const layerOf = new Int32Array(numFacts).fill(-1);
    this.isDerived = new Uint8Array(numFacts);
    for (const ax of sorted) {
      if (layerOf[ax.head] >= 0 && layerOf[ax.head] !== ax.layer) {
        throw new GroundplanError('PLANNER_BAD_TASK', `derived fact ${ax.head} is the head of axioms of layers ${layerOf[ax.head]} and ${ax.layer}`);
      }
      layerOf[ax.head] = ax.layer;
      this.isDerived[ax.head] = 1;
    }
    const derived: number[] = [];
    for (let f = 0; f < numFacts; f++) if (this.isDerived[f]) derived.push(f);
    this.derivedFacts = Int32Array.from(derived);
    const starts: number[] = [];
    const fixedPos: number[][] = [];
    const neg: number[][] = [];
    const triggers: number[][] = Array.from({ length: numFacts }, () => []);
    this.head = new Int32Array(sorted.length);
    this.nCounted = new Int32Array(sorted.length);
    sorted.forEach((ax, i) => {
      if (i === 0 || sorted[i - 1].layer !== ax.layer) starts.push(i);
      this.head[i] = ax.head;
      const fixed: number[] = [];
      for (const f of new Set(ax.pos)) {
        if (this.isDerived[f] && layerOf[f] > ax.layer) throw new GroundplanError('PLANNER_BAD_TASK', `an axiom of layer ${ax.layer} uses derived fact ${f} of layer ${layerOf[f]}`);
        if (this.isDerived[f] && layerOf[f] === ax.layer) {
          triggers[f].push(i);
          this.nCounted[i]++;
        } else fixed.push(f);
      }
      for (const f of ax.neg) {
        if (this.isDerived[f] && layerOf[f] >= ax.layer) throw new GroundplanError('PLANNER_BAD_TASK', `an axiom of layer ${ax.layer} negates derived fact ${f} of layer ${layerOf[f]} (not stratified)`);
      }
      fixedPos.push(fixed);
      neg.push(ax.neg);
    });
    starts.push(sorted.length);
    this.layerStart = Int32Array.from(starts);
    ({ start: this.fixedPosStart, data: this.fixedPos } = csr(fixedPos));
    ({ start: this.negStart, data: this.neg } = csr(neg));
    ({ start: this.triggerStart, data: this.trigger } = csr(triggers));
    this.counter = new Int32Array(sorted.length);
    this.queue = new Int32Array(Math.max(1, derived.length));
  }

  /** Number of ground axioms. */
  get size(): number {
    return this.head.length;
  }

  /** Recomputes, in place, the derived facts of the packed state at `offset` from its basic facts. */
  evaluate(state: Uint32Array, offset = 0): void {
    const derived = this.derivedFacts;
    for (let i = 0; i < derived.length; i++) {
      const f = derived[i];
      state[offset + (f >>> 5)] &= ~(1 << (f & 31));
    }
    const queue = this.queue;
    const counter = this.counter;
    for (let l = 0; l + 1 < this.layerStart.length; l++) {
      let qHead = 0;
      let qTail = 0;
      const fire = (a: number): void => {
        const h = this.head[a];
        const w = offset + (h >>> 5);
        const bit = 1 << (h & 31);
        if ((state[w] & bit) !== 0) return;
        state[w] |= bit;
        queue[qTail++] = h;
      };
      next: for (let a = this.layerStart[l], e = this.layerStart[l + 1]; a < e; a++) {
        counter[a] = -1;
        for (let k = this.fixedPosStart[a], ke = this.fixedPosStart[a + 1]; k < ke; k++) {
          const f = this.fixedPos[k];
          if (!((state[offset + (f >>> 5)] >>> (f & 31)) & 1)) continue next;
        }
        for (let k = this.negStart[a], ke = this.negStart[a + 1]; k < ke; k++) {
          const f = this.neg[k];
          if ((state[offset + (f >>> 5)] >>> (f & 31)) & 1) continue next;
        }
        counter[a] = this.nCounted[a];
        if (counter[a] === 0) fire(a);
      }
      while (qHead < qTail) {
        const f = queue[qHead++];
        for (let k = this.triggerStart[f], ke = this.triggerStart[f + 1]; k < ke; k++) {
          const a = this.trigger[k];
          if (counter[a] > 0 && --counter[a] === 0) fire(a);
        }
      }
    }
  }
}
