/**
 * The online planning loop of the DESPOT reference (planner.cpp/evaluator.cpp):
 * search → the world steps (its own random stream) → particle-filter update →
 * record the reward; until a terminal step or `maxSteps`. Return Σ γ^t r_t.
 */
import { Rng } from '../core/rng.js';
import type { Obs, PomdpModel } from './model.js';
import { History } from './history.js';
import { beliefFromHistory, makeBelief, splitParticles, updateBelief, type ParticleBelief } from './belief.js';
import type { Planner, SearchStats } from './planner.js';
import type { EventHandler } from '../core/events.js';

export interface EpisodeOptions {
  seed: number;
  /** Max real steps (default 90). */
  maxSteps?: number;
  /** Split the initial particles until at least this many (default 2500, as the reference). */
  minParticles?: number;
  signal?: AbortSignal;
}

export interface StepRecord {
  t: number;
  action: number;
  observation: Obs;
  reward: number;
  terminal: boolean;
  stats: SearchStats;
  /** The belief had to be rebuilt (filter ran empty). */
  beliefReset: boolean;
}

export interface EpisodeResult {
  seed: number;
  discounted: number;
  undiscounted: number;
  steps: number;
  terminal: boolean;
  cancelled: boolean;
  records: StepRecord[];
  /** Means over steps. */
  trialsPerStep: number;
  nodesPerStep: number;
  expandedPerStep: number;
  maxTrialDepth: number;
  searchTimePerStep: number;
  beliefResets: number;
}

export type EpisodeEvent = { type: 'step'; record: StepRecord };

/** Random streams of one episode, all derived from the seed. */
export function episodeRngs(seed: number): { world: Rng; belief: Rng; planner: Rng } {
  return { world: new Rng(`world:${seed}`), belief: new Rng(`belief:${seed}`), planner: new Rng(`planner:${seed}`) };
}

export function runEpisode<S>(
  model: PomdpModel<S>,
  makePlanner: (rng: Rng) => Planner<S>,
  options: EpisodeOptions,
  onEvent?: EventHandler<EpisodeEvent>,
): EpisodeResult {
  const rngs = episodeRngs(options.seed);
  const planner = makePlanner(rngs.planner);
  const maxSteps = options.maxSteps ?? 90;
  const init = model.initialParticles();
  const initial = splitParticles(makeBelief(init.states, init.weights), options.minParticles ?? 2500);
  const n = initial.states.length;
  let belief: ParticleBelief<S> = initial;
  let state = model.sampleInitialState(rngs.world);
  const history = new History();
  const records: StepRecord[] = [];
  let discounted = 0;
  let undiscounted = 0;
  let g = 1;
  let terminal = false;
  let cancelled = false;
  for (let t = 0; t < maxSteps; t++) {
    if (options.signal?.aborted) {
      cancelled = true;
      break;
    }
    const { action, stats } = planner.plan(belief, history);
    const out = model.step(state, rngs.world.next(), action);
    const reward = out.reward;
    const obs = out.observation;
    terminal = out.terminal;
    state = out.state;
    discounted += g * reward;
    undiscounted += reward;
    g *= model.discount;
    history.push(action, obs);
    let beliefReset = false;
    if (!terminal) {
      const up = updateBelief(model, belief, action, obs, rngs.belief, {
        count: n,
        history,
        reinvigorate: model.reinvigorate?.bind(model),
      });
      if (up.status === 'ok') belief = up.belief;
      else {
        beliefReset = true;
        const rebuilt = beliefFromHistory(model, history, rngs.belief, n);
        belief = rebuilt.status === 'ok' ? rebuilt.belief : initial;
      }
    }
    const record: StepRecord = { t, action, observation: obs, reward, terminal, stats, beliefReset };
    records.push(record);
    onEvent?.({ type: 'step', record });
    if (terminal) break;
  }
  const m = (f: (r: StepRecord) => number): number => (records.length ? records.reduce((s, r) => s + f(r), 0) / records.length : 0);
  return {
    seed: options.seed,
    discounted,
    undiscounted,
    steps: records.length,
    terminal,
    cancelled,
    records,
    trialsPerStep: m((r) => r.stats.trials),
    nodesPerStep: m((r) => r.stats.nodes),
    expandedPerStep: m((r) => r.stats.expanded),
    maxTrialDepth: m((r) => r.stats.maxTrialDepth),
    searchTimePerStep: m((r) => r.stats.searchTime),
    beliefResets: records.filter((r) => r.beliefReset).length,
  };
}
