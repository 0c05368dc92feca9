/**
 * The sparse belief tree of DESPOT (Ye et al., JAIR 2017, §4): belief nodes
 * (VNode) hold the scenarios (particle state + scenario id) that reach them;
 * action nodes (QNode) hold the step reward. All bounds are stored in root
 * units: discounted by γ^depth and weighted by |Φ_b|/K.
 */
import type { Obs } from './model.js';

export class VNode<S> {
  /** Lower bound ℓ(b). */
  lower = 0;
  /** Regularized upper bound μ(b) (= γ^d·U0 − λ initially). */
  upper = 0;
  /** Unregularized upper bound (used by the blocker test). */
  utilUpper = 0;
  /** The default policy's first action and value (root units). */
  defaultAction = 0;
  defaultValue = 0;
  /** Action children; null while the node is a leaf. */
  children: QNode<S>[] | null = null;

  constructor(
    readonly depth: number,
    readonly states: S[],
    readonly ids: Int32Array,
    readonly parent: QNode<S> | null,
    readonly obs: Obs,
  ) {}

  /** W(b) = |Φ_b| / K. */
  weight(k: number): number {
    return this.states.length / k;
  }

  gap(): number {
    return this.upper - this.lower;
  }
}

export class QNode<S> {
  lower = 0;
  upper = 0;
  utilUpper = 0;
  /** γ^d·R(b,a) − λ (root units). */
  stepReward = 0;
  children: VNode<S>[] = [];

  constructor(
    readonly parent: VNode<S>,
    readonly action: number,
  ) {}
}

/** Depth-first walk over all belief nodes. */
export function forEachVNode<S>(root: VNode<S>, visit: (node: VNode<S>) => void): void {
  const stack: VNode<S>[] = [root];
  while (stack.length) {
    const v = stack.pop() as VNode<S>;
    visit(v);
    if (v.children) for (const q of v.children) for (const c of q.children) stack.push(c);
  }
}

/** Number of belief nodes in the tree. */
export function countVNodes<S>(root: VNode<S>): number {
  let n = 0;
  forEachVNode(root, () => n++);
  return n;
}
