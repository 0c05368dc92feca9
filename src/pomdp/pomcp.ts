/**
 * POMCP (Silver & Veness, "Monte-Carlo Planning in Large POMDPs", NIPS 2010):
 * UCT over action–observation histories with root sampling from the particle
 * belief, UCB1 action selection (exploration c = R_hi − R_lo by default) and
 * rollouts with the model's single-state rollout policy (default: uniformly
 * random). The tree is rebuilt every move from the shared particle filter.
 */
import type { Rng } from '../core/rng.js';
import type { Obs, PomdpModel } from './model.js';
import type { ParticleBelief } from './belief.js';
import { History } from './history.js';
import { readClock } from './clock.js';
import type { PlanStep } from './planner.js';
import { TreeSearch, type SearchBudgetOptions } from './tree-search.js';

export interface PomcpOptions extends SearchBudgetOptions {
  /** Stop after this many simulations (in addition to the time budget). */
  maxSimulations?: number;
  /** UCB1 exploration constant (default maxReward − minReward). */
  exploration?: number;
}

class QN {
  n = 0;
  value = 0;
  children = new Map<Obs, VN>();
  constructor(readonly action: number) {}
}

class VN {
  n = 0;
  children: QN[] | null = null;
}

export class Pomcp<S> extends TreeSearch<S, PomcpOptions> {
  readonly name = 'pomcp';
  private readonly c: number;
  private nodes = 0;

  constructor(model: PomdpModel<S>, rng: Rng, options: PomcpOptions = {}) {
    super(model, rng, options);
    this.c = options.exploration ?? model.maxReward - model.minReward;
  }

  plan(belief: ParticleBelief<S>, history: History = new History()): PlanStep {
    const { clock, timePerMove: T } = this;
    const maxSims = this.options.maxSimulations ?? Infinity;
    this.history = history;
    const h0 = history.size;
    this.maxDepth = 0;
    this.nodes = 1;
    const root = new VN();
    const t0 = readClock(clock);
    let sims = 0;
    const cum = new Float64Array(belief.weights.length);
    let acc = 0;
    for (let i = 0; i < cum.length; i++) cum[i] = acc += belief.weights[i];
    for (;;) {
      if (this.options.signal?.aborted) break;
      const s = belief.states[upperIndex(cum, this.rng.next() * acc)];
      this.simulate(s, root, 0);
      history.truncate(h0);
      sims++;
      if (sims >= maxSims) break;
      if ((sims & 7) === 0 && readClock(clock) - t0 >= T) break;
    }
    let best = -Infinity;
    let action = this.allActions[0];
    for (const q of root.children ?? []) {
      if (q.n > 0 && q.value > best) {
        best = q.value;
        action = q.action;
      }
    }
    return {
      action,
      stats: { trials: sims, nodes: this.nodes, expanded: 0, maxTrialDepth: this.maxDepth, searchTime: readClock(clock) - t0, rootLower: best, rootUpper: best },
    };
  }

  private simulate(s: S, node: VN, depth: number): number {
    if (depth >= this.depth) return 0;
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (node.children === null) {
      const acts = this.actionsAt([s]);
      node.children = acts.map((a) => new QN(a));
      node.n = 1;
      return this.rollout(s, depth);
    }
    // UCB1; untried actions first
    const qs = node.children;
    let q = qs[0];
    let bestU = -Infinity;
    const logN = Math.log(node.n);
    for (let i = 0; i < qs.length; i++) {
      const x = qs[i];
      const u = x.n === 0 ? Infinity : x.value + this.c * Math.sqrt(logN / x.n);
      if (u > bestU) {
        bestU = u;
        q = x;
      }
    }
    const out = this.model.step(s, this.rng.next(), q.action);
    const r = out.reward;
    let ret = r;
    if (!out.terminal) {
      const next = out.state;
      const o = out.observation;
      let child = q.children.get(o);
      if (child === undefined) {
        child = new VN();
        q.children.set(o, child);
        this.nodes++;
      }
      this.history.push(q.action, o);
      ret = r + this.model.discount * this.simulate(next, child, depth + 1);
    }
    node.n++;
    q.n++;
    q.value += (ret - q.value) / q.n;
    return ret;
  }

  private rollout(s: S, depth: number): number {
    let total = 0;
    let g = 1;
    const model = this.model;
    for (let d = depth; d < this.depth; d++) {
      const a = model.rolloutAction ? model.rolloutAction(s, this.rng) : this.randomAction(s);
      const out = model.step(s, this.rng.next(), a);
      total += g * out.reward;
      if (out.terminal) break;
      s = out.state;
      g *= model.discount;
    }
    return total;
  }

  private randomAction(s: S): number {
    const acts = this.actionsAt([s]);
    return acts[this.rng.int(acts.length)];
  }
}

function upperIndex(cum: Float64Array, x: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
