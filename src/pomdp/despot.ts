/**
 * DESPOT: anytime online POMDP planning with K sampled scenarios and
 * regularization (Ye, Somani, Hsu, Lee, JAIR 58:231–266, 2017), following the
 * algorithm as implemented in the reference C++ code (AdaCompNUS/despot):
 * fresh tree per move, systematic scenario sampling, K×D random streams,
 * default-policy rollout lower bounds, particle upper bounds, trials guided by
 * weighted excess uncertainty, backups, blocker pruning for λ>0, and the
 * final action chosen by the lower bound.
 */
import type { Rng } from '../core/rng.js';
import { GroundplanError } from '../core/errors.js';
import type { Obs, PomdpModel, ValuedAction } from './model.js';
import { History } from './history.js';
import type { ParticleBelief } from './belief.js';
import { systematicResample } from './belief.js';
import { QNode, VNode, countVNodes } from './despot-tree.js';
import { readClock } from './clock.js';
import type { PlanStep, SearchStats } from './planner.js';
import { TreeSearch, type SearchBudgetOptions } from './tree-search.js';

export interface DespotOptions extends SearchBudgetOptions {
  /** Scenarios K (default 500). */
  numScenarios?: number;
  /** Target gap fraction ξ (default 0.95). */
  xi?: number;
  /** Regularization λ per policy node (default 0). */
  lambda?: number;
  /** Stop after this many trials (in addition to the time budget). */
  maxTrials?: number;
  /** Max default-policy rollout steps from a node (default 90; also capped by D). */
  maxPolicySimLen?: number;
  /** Keep the tree in the result (for tests and inspection). */
  keepTree?: boolean;
}

export interface RootActionValue {
  action: number;
  lower: number;
  upper: number;
}

/** `nodes`: belief nodes in the final tree; `expanded`: belief nodes expanded; `searchTime`: in trials and backups. */
export interface DespotStats extends SearchStats {
  /** Seconds spent in total, including root construction. */
  totalTime: number;
  rootLower: number;
  rootUpper: number;
  /** The root's per-action lower/upper values (root units). */
  rootActions: RootActionValue[];
  /** Why the loop stopped. */
  stop: 'time' | 'gap' | 'trials' | 'cancelled' | 'no-time';
}

export interface DespotResult<S> {
  action: number;
  /** Lower-bound value of the chosen action (root units, undiscounted at root). */
  value: number;
  stats: DespotStats;
  root?: VNode<S>;
}

/** Construct with a model and options; call `search` once per real step. */
export class Despot<S> extends TreeSearch<S, DespotOptions> {
  readonly name = 'despot';
  readonly k: number;
  readonly xi: number;
  readonly lambda: number;
  private readonly maxPolicySimLen: number;
  private readonly gamma: number;
  private readonly gammaPow: Float64Array;
  private streams: Float64Array;
  private expanded = 0;

  constructor(model: PomdpModel<S>, rng: Rng, options: DespotOptions = {}) {
    super(model, rng, options);
    this.k = options.numScenarios ?? 500;
    this.xi = options.xi ?? 0.95;
    this.lambda = options.lambda ?? 0;
    this.maxPolicySimLen = options.maxPolicySimLen ?? 90;
    if (!(this.k >= 1) || !Number.isInteger(this.k)) throw new GroundplanError('POMDP_OPTION', `DESPOT: K must be a positive integer, got ${this.k}`);
    if (!(this.depth >= 1) || !Number.isInteger(this.depth)) throw new GroundplanError('POMDP_OPTION', `DESPOT: depth must be a positive integer, got ${this.depth}`);
    if (!(this.lambda >= 0)) throw new GroundplanError('POMDP_OPTION', `DESPOT: lambda must be ≥ 0, got ${this.lambda}`);
    this.gamma = model.discount;
    this.gammaPow = new Float64Array(this.depth + 1);
    for (let i = 0; i <= this.depth; i++) this.gammaPow[i] = Math.pow(this.gamma, i);
    this.streams = new Float64Array(this.k * this.depth);
  }

  /** The Planner face: search and return the action with its stats. */
  plan(belief: ParticleBelief<S>, history: History): PlanStep {
    const r = this.search(belief, history);
    return { action: r.action, stats: r.stats };
  }

  /** Plan one move from `belief` after `history` (the real episode history). */
  search(belief: ParticleBelief<S>, history: History = new History()): DespotResult<S> {
    const t0 = readClock(this.clock);
    this.history = history;
    const histSize = history.size;
    this.expanded = 0;
    this.maxDepth = 0;
    const k = this.k;
    // scenarios: systematic resampling, shuffled; scenario i = particle i
    const states = this.rng.shuffle(systematicResample(belief, k, this.rng));
    const ids = new Int32Array(k);
    for (let i = 0; i < k; i++) ids[i] = i;
    // fresh random streams φ[i][d]
    const streams = this.streams;
    for (let i = 0; i < streams.length; i++) streams[i] = this.rng.next();
    const root = new VNode<S>(0, states, ids, null, -1);
    if (this.timePerMove <= 0 && this.options.maxTrials === undefined) {
      const acts = this.legal(root);
      const action = acts[this.rng.int(acts.length)];
      return { action, value: 0, stats: this.stats(root, 0, 0, readClock(this.clock) - t0, 'no-time') };
    }
    this.initBounds(root);
    let trials = 0;
    let used = 0;
    let stop: DespotStats['stop'] = 'time';
    const maxTrials = this.options.maxTrials ?? Infinity;
    const T = this.timePerMove > 0 ? this.timePerMove : Infinity;
    const signal = this.options.signal;
    for (;;) {
      if (signal?.aborted) {
        stop = 'cancelled';
        break;
      }
      const s = readClock(this.clock);
      const leaf = this.trial(root);
      this.backup(leaf);
      used += readClock(this.clock) - s;
      trials++;
      history.truncate(histSize);
      if (root.upper - root.lower <= 1e-6) {
        stop = 'gap';
        break;
      }
      if (trials >= maxTrials) {
        stop = 'trials';
        break;
      }
      if ((used * (trials + 1)) / trials >= T) {
        stop = 'time';
        break;
      }
    }
    const best = this.optimalAction(root);
    const result: DespotResult<S> = {
      action: best.action,
      value: best.value,
      stats: this.stats(root, trials, used, readClock(this.clock) - t0, stop),
    };
    if (this.options.keepTree) result.root = root;
    return result;
  }

  /** The reference's OptimalAction: argmax_a ℓ(root,a), or the default move if that is better. */
  private optimalAction(root: VNode<S>): ValuedAction {
    let action = root.defaultAction;
    let value = -Infinity;
    if (root.children) {
      for (const q of root.children) {
        if (q.lower > value) {
          value = q.lower;
          action = q.action;
        }
      }
    }
    if (root.defaultValue > value) {
      value = root.defaultValue;
      action = root.defaultAction;
    }
    return { action, value };
  }

  private stats(root: VNode<S>, trials: number, used: number, total: number, stop: DespotStats['stop']): DespotStats {
    return {
      trials,
      nodes: countVNodes(root),
      expanded: this.expanded,
      maxTrialDepth: this.maxDepth,
      searchTime: used,
      totalTime: total,
      rootLower: root.lower,
      rootUpper: root.upper,
      rootActions: (root.children ?? []).map((q) => ({ action: q.action, lower: q.lower, upper: q.upper })),
      stop,
    };
  }

  private legal(v: VNode<S>): readonly number[] {
    return this.actionsAt(v.states);
  }

  // ---------------------------------------------------------------- trial

  private trial(root: VNode<S>): VNode<S> {
    let cur = root;
    const D = this.depth;
    do {
      if (cur.depth > this.maxDepth) this.maxDepth = cur.depth;
      if (this.lambda > 0) this.exploitBlockers(cur);
      if (cur.upper - cur.lower === 0) break;
      if (cur.children === null) {
        this.expand(cur);
        this.expanded++;
      }
      const qs = cur.children as QNode<S>[];
      if (qs.length === 0) break;
      // a* = argmax_a μ(b,a), first maximum wins
      let qstar = qs[0];
      for (let i = 1; i < qs.length; i++) if (qs[i].upper > qstar.upper) qstar = qs[i];
      // b' = argmax WEU, ties to the later child
      const cs = qstar.children;
      if (cs.length === 0) break;
      const rootGap = root.upper - root.lower;
      let next = cs[0];
      let maxWeu = -Infinity;
      for (let i = 0; i < cs.length; i++) {
        const c = cs[i];
        const weu = c.upper - c.lower - (this.xi * c.states.length * rootGap) / this.k;
        if (weu >= maxWeu) {
          maxWeu = weu;
          next = c;
        }
      }
      cur = next;
      this.history.push(qstar.action, next.obs);
    } while (cur.depth < D && this.weu(cur, root) > 0);
    return cur;
  }

  private weu(v: VNode<S>, root: VNode<S>): number {
    return v.upper - v.lower - (this.xi * v.states.length * (root.upper - root.lower)) / this.k;
  }

  // ---------------------------------------------------------------- expansion

  private expand(v: VNode<S>): void {
    const acts = this.legal(v);
    const children: QNode<S>[] = new Array(acts.length);
    for (let i = 0; i < acts.length; i++) children[i] = this.expandAction(v, acts[i]);
    v.children = children;
  }

  private expandAction(v: VNode<S>, action: number): QNode<S> {
    const q = new QNode<S>(v, action);
    const model = this.model;
    const d = v.depth;
    const D = this.depth;
    const streams = this.streams;
    const states = v.states;
    const ids = v.ids;
    let reward = 0;
    const parts = new Map<Obs, { states: S[]; ids: number[] }>();
    for (let i = 0; i < states.length; i++) {
      const id = ids[i];
      const out = model.step(states[i], streams[id * D + d], action);
      reward += out.reward;
      if (out.terminal) continue;
      const o = out.observation;
      let p = parts.get(o);
      if (p === undefined) {
        p = { states: [], ids: [] };
        parts.set(o, p);
      }
      p.states.push(out.state);
      p.ids.push(id);
    }
    const stepReward = (this.gammaPow[d] * reward) / this.k - this.lambda;
    let lower = stepReward;
    let upper = stepReward;
    const keys = sortedKeys(parts);
    for (const o of keys) {
      const p = parts.get(o) as { states: S[]; ids: number[] };
      const child = new VNode<S>(d + 1, p.states, Int32Array.from(p.ids), q, o);
      this.history.push(action, o);
      this.initBounds(child);
      this.history.pop();
      q.children.push(child);
      lower += child.lower;
      upper += child.upper;
    }
    q.stepReward = stepReward;
    q.lower = lower;
    q.upper = upper;
    q.utilUpper = upper + this.lambda;
    return q;
  }

  private initBounds(v: VNode<S>): void {
    const scale = this.gammaPow[v.depth] / this.k;
    const lb = this.lowerBound(v.states, v.ids, v.depth);
    v.defaultAction = lb.action;
    v.defaultValue = lb.value * scale;
    v.lower = v.defaultValue;
    const ub = this.model.particleUpperBound;
    let u = 0;
    if (ub) {
      for (let i = 0; i < v.states.length; i++) u += ub(v.states[i]);
    } else {
      u = (v.states.length * this.model.maxReward) / (1 - this.gamma);
    }
    v.utilUpper = u * scale;
    v.upper = v.utilUpper - this.lambda;
    if (v.upper < v.lower || v.depth === this.depth - 1) v.upper = v.lower;
  }

  // ---------------------------------------------------------------- lower bounds

  /** Σ_i value (undiscounted from the node, unweighted) and the first action. */
  private lowerBound(states: S[], ids: Int32Array, depth: number): ValuedAction {
    const closed = this.model.scenarioLowerBound;
    if (closed) return closed(states, this.history);
    this.rolloutFirst = -1;
    if (this.obsScratch.length < states.length) this.obsScratch = new Array<Obs>(states.length);
    const value = this.rollout(states.slice(), ids.slice(), depth, 0);
    let action = this.rolloutFirst;
    if (action < 0) action = this.pickDefault(states);
    return { action, value };
  }

  private rolloutFirst = -1;
  private obsScratch: Obs[] = [];

  private pickDefault(states: S[]): number {
    const policy = this.model.defaultPolicy;
    if (policy) return policy(states, this.history);
    const acts = this.actionsAt(states);
    return acts[this.rng.int(acts.length)];
  }

  private particleLower(states: S[]): number {
    const plb = this.model.particleLowerBound;
    if (plb) {
      let s = 0;
      for (let i = 0; i < states.length; i++) s += plb(states[i]);
      return s;
    }
    return (states.length * this.model.safeAction.value) / (1 - this.gamma);
  }

  /**
   * Joint default-policy rollout on a particle set, partitioned by
   * observation (the reference's DefaultPolicy::RecursiveValue). `states` and
   * `ids` are owned by the rollout and rewritten in place; while all
   * survivors share one observation the recursion is a loop.
   */
  private rollout(states: S[], ids: Int32Array, pos: number, steps: number): number {
    const model = this.model;
    const D = this.depth;
    const streams = this.streams;
    const g = this.gamma;
    const h = this.history;
    const h0 = h.size;
    const obs = this.obsScratch;
    let value = 0;
    let disc = 1;
    let n = states.length;
    for (;;) {
      if (pos >= D || steps >= this.maxPolicySimLen) {
        value += disc * this.particleLower(states);
        break;
      }
      const action = this.pickDefault(states);
      if (steps === 0) this.rolloutFirst = action;
      let m = 0;
      let single = true;
      let r = 0;
      for (let i = 0; i < n; i++) {
        const id = ids[i];
        const out = model.step(states[i], streams[id * D + pos], action);
        r += out.reward;
        if (out.terminal) continue;
        const o = out.observation;
        if (m > 0 && o !== obs[0]) single = false;
        states[m] = out.state;
        ids[m] = id;
        obs[m] = o;
        m++;
      }
      value += disc * r;
      if (m === 0) break;
      states.length = m;
      n = m;
      pos++;
      steps++;
      if (single) {
        h.push(action, obs[0]);
        disc *= g;
        continue;
      }
      // several observations: one recursive rollout per partition
      const parts = new Map<Obs, number[]>();
      for (let i = 0; i < n; i++) {
        const o = obs[i];
        let p = parts.get(o);
        if (p === undefined) {
          p = [];
          parts.set(o, p);
        }
        p.push(i);
      }
      const keys = sortedKeys(parts);
      const groups = keys.map((o) => {
        const idx = parts.get(o) as number[];
        const gs = new Array<S>(idx.length);
        const gi = new Int32Array(idx.length);
        for (let j = 0; j < idx.length; j++) {
          gs[j] = states[idx[j]];
          gi[j] = ids[idx[j]];
        }
        return { o, gs, gi };
      });
      for (const { o, gs, gi } of groups) {
        h.push(action, o);
        value += disc * g * this.rollout(gs, gi, pos, steps);
        h.pop();
      }
      break;
    }
    h.truncate(h0);
    return value;
  }

  // ---------------------------------------------------------------- backups and pruning

  private updateV(v: VNode<S>): void {
    const qs = v.children;
    if (qs === null) return;
    let lower = v.defaultValue;
    let upper = v.defaultValue;
    let util = -Infinity;
    for (const q of qs) {
      if (q.lower > lower) lower = q.lower;
      if (q.upper > upper) upper = q.upper;
      if (q.utilUpper > util) util = q.utilUpper;
    }
    if (lower > v.lower) v.lower = lower;
    if (upper < v.upper) v.upper = upper;
    if (util < v.utilUpper) v.utilUpper = util;
  }

  private updateQ(q: QNode<S>): void {
    let lower = q.stepReward;
    let upper = q.stepReward;
    let util = q.stepReward + this.lambda;
    for (const c of q.children) {
      lower += c.lower;
      upper += c.upper;
      util += c.utilUpper;
    }
    if (lower > q.lower) q.lower = lower;
    if (upper < q.upper) q.upper = upper;
    if (util < q.utilUpper) q.utilUpper = util;
  }

  private backup(v: VNode<S>): void {
    let cur: VNode<S> = v;
    for (;;) {
      this.updateV(cur);
      const q = cur.parent;
      if (q === null) break;
      this.updateQ(q);
      cur = q.parent;
    }
  }

  private findBlocker(v: VNode<S>): VNode<S> | null {
    let cur: VNode<S> | null = v;
    let count = 1;
    while (cur !== null) {
      if (cur.utilUpper - count * this.lambda <= cur.defaultValue) break;
      count++;
      cur = cur.parent === null ? null : cur.parent.parent;
    }
    return cur;
  }

  private exploitBlockers(v: VNode<S>): void {
    let cur: VNode<S> | null = v;
    while (cur !== null) {
      const blocker = this.findBlocker(cur);
      if (blocker === null) break;
      // The reference sets ℓ = μ = utility upper = default value. We close the
      // gap at max(default value, ℓ) instead, so lower bounds never decrease
      // and ℓ ≤ μ holds at every node (the reference can leave ℓ > μ on
      // pruned siblings whose subtree lower bound beat their default value).
      if (cur.parent === null || blocker === cur) {
        closeAt(cur);
      } else {
        for (const sib of cur.parent.children) closeAt(sib);
      }
      this.backup(cur);
      cur = cur.parent === null ? null : cur.parent.parent;
    }
  }
}

function closeAt<S>(v: VNode<S>): void {
  const value = v.lower > v.defaultValue ? v.lower : v.defaultValue;
  v.lower = value;
  v.upper = value;
  v.utilUpper = value;
}

function sortedKeys(parts: Map<Obs, unknown>): Obs[] {
  const keys = [...parts.keys()];
  if (keys.length > 1) {
    keys.sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  }
  return keys;
}

/** Convenience: one DESPOT search with a fresh solver. */
export function despotSearch<S>(model: PomdpModel<S>, belief: ParticleBelief<S>, rng: Rng, options: DespotOptions = {}, history?: History): DespotResult<S> {
  return new Despot(model, rng, options).search(belief, history);
}
