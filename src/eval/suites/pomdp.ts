/**
 * `pomdp:tiger`, `pomdp:tag`, `pomdp:rocksample`: the DESPOT reference
 * problems (Ye et al. 2017) solved online by `despot` or `pomcp`. A task is an
 * episode index; the episode's random streams come from (problem, index,
 * seed). The search budget is a number of trials (DESPOT) or simulations
 * (POMCP) per step, with a generous wall-clock cap, so an episode is
 * deterministic per seed on any machine.
 *
 * Success: Tag — the target was tagged; RockSample — the rover exited;
 * Tiger (never terminal) — positive total reward over the steps.
 * Config: `trials` (DESPOT: default 100, Tiger 50; POMCP: 1000 simulations), `maxSteps` (Tiger 20, else 90),
 * `minParticles` (default 500).
 */
import { GroundplanError } from '../../core/errors.js';
import { hashString } from '../../core/rng.js';
import { Despot } from '../../pomdp/despot.js';
import { runEpisode as runPomdpEpisode } from '../../pomdp/episode.js';
import { Pomcp } from '../../pomdp/pomcp.js';
import { makeProblem } from '../../pomdp/problems/index.js';
import { configNumber } from '../../episode/index.js';
import type { Suite, SuiteTask, TraceStep } from '../types.js';

interface PomdpSuiteDef {
  name: string;
  problem: string;
  description: string;
  tasks: number;
  trials: number;
  maxSteps: number;
  success: (r: { terminal: boolean; undiscounted: number }) => boolean;
}

const DEFS: PomdpSuiteDef[] = [
  { name: 'pomdp:tiger', problem: 'tiger', description: 'Tiger (listen or open a door), 20 steps', tasks: 20, trials: 50, maxSteps: 20, success: (r) => r.undiscounted > 0 },
  { name: 'pomdp:tag', problem: 'tag', description: 'Tag (catch the evading target), up to 90 steps', tasks: 10, trials: 100, maxSteps: 90, success: (r) => r.terminal },
  { name: 'pomdp:rocksample', problem: 'rocksample:7:8', description: 'RockSample(7,8), up to 90 steps', tasks: 10, trials: 100, maxSteps: 90, success: (r) => r.terminal },
];

export const POMDP_METHODS = ['despot', 'pomcp'] as const;
/** POMCP's default simulations per step (a simulation is far cheaper than a DESPOT trial). */
export const POMCP_SIMULATIONS = 1000;
/** Wall seconds per step after which the search stops regardless of the trial budget. */
const CAP_SECONDS = 60;

function taskIndex(id: string): number {
  const m = /^ep-(\d+)$/.exec(id);
  if (!m) throw new GroundplanError('EVAL_SPEC', `spec.task: expected ep-N, got '${id}'`);
  return Number(m[1]);
}

function rootActions(stats: object, name: (a: number) => string): Array<{ action: string; lower: number; upper: number }> | undefined {
  const ra = (stats as { rootActions?: unknown }).rootActions;
  if (!Array.isArray(ra)) return undefined;
  return (ra as Array<{ action: number; lower: number; upper: number }>)
    .map((q) => ({ action: name(q.action), lower: Math.round(q.lower * 1000) / 1000, upper: Math.round(q.upper * 1000) / 1000 }))
    .sort((x, y) => y.lower - x.lower);
}

function pomdpSuite(def: PomdpSuiteDef): Suite {
  return {
    name: def.name,
    description: def.description,
    env: 'pomdp',
    llm: false,
    methods: POMDP_METHODS,
    defaultMethods: POMDP_METHODS,
    defaultConfig: (method) => ({ trials: method === 'pomcp' ? POMCP_SIMULATIONS : def.trials }),
    tasks(options): SuiteTask[] {
      const n = options.n ?? def.tasks;
      return Array.from({ length: n }, (_, i) => ({ id: `ep-${i}`, level: def.problem }));
    },
    async run(spec, ctx) {
      const index = taskIndex(spec.task);
      const trials = configNumber(spec.config, 'trials', spec.method === 'pomcp' ? POMCP_SIMULATIONS : def.trials, 1, true);
      const maxSteps = configNumber(spec.config, 'maxSteps', def.maxSteps, 1, true);
      const minParticles = configNumber(spec.config, 'minParticles', 500, 1, true);
      const seed = hashString(`${def.problem}|${index}|${spec.seed}`);
      const p = makeProblem(def.problem, seed);
      const model = p.model;
      const actionName = (a: number): string => model.actionName?.(a) ?? `a${a}`;
      ctx.trace({
        type: 'episode',
        spec,
        env: 'pomdp',
        instruction: def.description,
        world: { problem: p.id, numActions: model.numActions, discount: model.discount, actions: Array.from({ length: model.numActions }, (_, a) => actionName(a)) },
      });
      let total = 0;
      const r = runPomdpEpisode(
        model,
        (rng) =>
          spec.method === 'pomcp'
            ? new Pomcp(model, rng, { timePerMove: CAP_SECONDS, clock: 'wall', maxSimulations: trials, ...(ctx.signal ? { signal: ctx.signal } : {}) })
            : new Despot(model, rng, { timePerMove: CAP_SECONDS, clock: 'wall', maxTrials: trials, lambda: p.lambda, ...(ctx.signal ? { signal: ctx.signal } : {}) }),
        { seed, maxSteps, minParticles, ...(ctx.signal ? { signal: ctx.signal } : {}) },
        (e) => {
          const rec = e.record;
          total += rec.reward;
          const ra = rootActions(rec.stats, actionName);
          const step: TraceStep = {
            type: 'step',
            step: rec.t + 1,
            action: actionName(rec.action),
            feasible: true,
            reward: rec.reward,
            totalReward: total,
            planningSeconds: Math.round(rec.stats.searchTime * 1000) / 1000,
            search: { trials: rec.stats.trials, nodes: rec.stats.nodes, depth: rec.stats.maxTrialDepth, ...(ra ? { rootActions: ra } : {}) },
            details: { observation: model.observationName?.(rec.observation) ?? rec.observation, terminal: rec.terminal, beliefReset: rec.beliefReset },
          };
          ctx.trace(step);
        },
      );
      const planning = r.records.reduce((s, x) => s + x.stats.searchTime, 0);
      return {
        success: def.success(r),
        reward: r.undiscounted,
        steps: r.steps,
        planningSeconds: planning,
        llm: { calls: 0, inputTokens: 0, outputTokens: 0 },
        metrics: { discounted: r.discounted, trialsPerStep: r.trialsPerStep, nodesPerStep: r.nodesPerStep, beliefResets: r.beliefResets },
        modelDescription: 'none (no LLM)',
        warnings: [],
      };
    },
  };
}

export const pomdpSuites: Suite[] = DEFS.map(pomdpSuite);
