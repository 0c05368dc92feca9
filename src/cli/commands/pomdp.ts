/**
 * `groundplan pomdp run PROBLEM`: run online POMDP planning episodes (DESPOT
 * or POMCP) on a reference problem and report mean discounted/undiscounted
 * return ± SE (n−1), steps and search effort per step. `--json` prints one
 * JSON object last.
 */
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { InputError } from '../../core/errors.js';
import { Despot } from '../../pomdp/despot.js';
import { Pomcp } from '../../pomdp/pomcp.js';
import { runEpisode, type EpisodeResult } from '../../pomdp/episode.js';
import { makeProblem, PROBLEM_IDS } from '../../pomdp/problems/index.js';
import { summarizeEpisodes } from '../../pomdp/summary.js';
import type { Planner } from '../../pomdp/planner.js';
import type { ClockKind } from '../../pomdp/clock.js';
import type { Rng } from '../../core/rng.js';
import { canRedraw } from '../terminal.js';

interface RunOptions {
  solver: string;
  timePerMove: string;
  episodes: string;
  seed: string;
  maxSteps: string;
  K: string;
  depth: string;
  lambda?: string;
  xi: string;
  clock: string;
  trials?: string;
  json?: boolean;
  progress?: boolean;
}

function num(name: string, v: string, opts: { int?: boolean; min?: number } = {}): number {
  const x = Number(v);
  if (!Number.isFinite(x) || (opts.int && !Number.isInteger(x)) || (opts.min !== undefined && x < opts.min)) {
    throw new InputError('CLI_OPTION', `--${name}: expected ${opts.int ? 'an integer' : 'a number'}${opts.min !== undefined ? ` ≥ ${opts.min}` : ''}, got '${v}'`);
  }
  return x;
}

export function register(program: Command): void {
  const pomdp = program.command('pomdp').description('online POMDP planning: DESPOT and POMCP on reference problems');
  pomdp
    .command('run')
    .description(`run episodes on a problem (${PROBLEM_IDS.join(' | ')})`)
    .argument('<problem>', 'tiger | tag | lasertag | rocksample:7:8 | rocksample:11:11')
    .option('--solver <name>', 'despot | pomcp', 'despot')
    .option('--time-per-move <s>', 'search seconds per move (see --clock)', '1')
    .option('--clock <kind>', 'cpu (process CPU time, like the reference) | wall', 'cpu')
    .option('--trials <n>', 'also stop after n trials (DESPOT) / simulations (POMCP) per move')
    .option('--episodes <n>', 'number of episodes (seeds S..S+n-1)', '1')
    .option('--seed <s>', 'first episode seed', '1')
    .option('--max-steps <n>', 'max steps per episode', '90')
    .option('--K <n>', 'DESPOT scenarios', '500')
    .option('--depth <n>', 'search depth', '90')
    .option('--lambda <x>', "DESPOT regularization λ (default: the reference main's value: tag 0.01, else 0)")
    .option('--xi <x>', 'DESPOT target gap fraction ξ', '0.95')
    .option('--json', 'print one JSON summary object last')
    .option('--no-progress', 'no progress bar')
    .action((problem: string, o: RunOptions) => {
      const spec = makeProblem(problem);
      const solver = o.solver.toLowerCase();
      if (solver !== 'despot' && solver !== 'pomcp') throw new InputError('CLI_OPTION', `--solver: expected despot or pomcp, got '${o.solver}'`);
      if (o.clock !== 'cpu' && o.clock !== 'wall') throw new InputError('CLI_OPTION', `--clock: expected cpu or wall, got '${o.clock}'`);
      const clock = o.clock as ClockKind;
      const timePerMove = num('time-per-move', o.timePerMove);
      const episodes = num('episodes', o.episodes, { int: true, min: 1 });
      const seed0 = num('seed', o.seed, { int: true });
      const maxSteps = num('max-steps', o.maxSteps, { int: true, min: 1 });
      const K = num('K', o.K, { int: true, min: 1 });
      const depth = num('depth', o.depth, { int: true, min: 1 });
      const lambda = o.lambda === undefined ? spec.lambda : num('lambda', o.lambda, { min: 0 });
      const xi = num('xi', o.xi, { min: 0 });
      const trials = o.trials === undefined ? undefined : num('trials', o.trials, { int: true, min: 1 });
      let model = spec.model;
      const makePlanner = (rng: Rng): Planner<number> =>
        solver === 'despot'
          ? new Despot(model, rng, { numScenarios: K, depth, lambda, xi, timePerMove, clock, maxTrials: trials })
          : new Pomcp(model, rng, { timePerMove, clock, depth, maxSimulations: trials });
      const bar =
        o.progress !== false && canRedraw(process.stderr)
          ? new cliProgress.SingleBar({ format: 'episode {ep}/{eps} step {step} |{bar}| {value}/{total} steps', stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic)
          : undefined;
      const results: EpisodeResult[] = [];
      const out = (line: string): void => {
        if (bar) bar.stop();
        process.stdout.write(line + '\n');
      };
      if (!o.json || !bar) process.stdout.write(`# ${spec.id} solver=${solver} T=${timePerMove}s (${clock}) K=${K} depth=${depth} λ=${lambda} ξ=${xi} episodes=${episodes}\n`);
      for (let e = 0; e < episodes; e++) {
        const seed = seed0 + e;
        if (spec.seeded) model = makeProblem(problem, seed).model;
        bar?.start(maxSteps, 0, { ep: e + 1, eps: episodes, step: 0 });
        const r = runEpisode(model, makePlanner, { seed, maxSteps }, (ev) => bar?.update(ev.record.t + 1, { ep: e + 1, eps: episodes, step: ev.record.t + 1 }));
        results.push(r);
        out(
          `episode ${e + 1} seed=${seed} discounted=${r.discounted.toFixed(3)} undiscounted=${r.undiscounted.toFixed(1)} steps=${r.steps}` +
            ` trials/step=${r.trialsPerStep.toFixed(1)} nodes/step=${r.nodesPerStep.toFixed(0)} search/step=${r.searchTimePerStep.toFixed(3)}s` +
            (r.beliefResets ? ` belief-resets=${r.beliefResets}` : ''),
        );
      }
      const s = summarizeEpisodes(results);
      const pm = (m: { mean: number; se: number }, d = 2): string => `${m.mean.toFixed(d)} ± ${m.se.toFixed(d)}`;
      process.stdout.write(
        `mean discounted ${pm(s.discounted)}  undiscounted ${pm(s.undiscounted)}  steps ${pm(s.steps, 1)}  trials/step ${s.trialsPerStep.toFixed(1)}  (n=${s.episodes}, ± SE)\n`,
      );
      if (o.json) {
        process.stdout.write(
          JSON.stringify({
            problem: spec.id,
            solver,
            episodes: s.episodes,
            discounted: s.discounted,
            undiscounted: s.undiscounted,
            steps: s.steps,
            trialsPerStep: s.trialsPerStep,
            nodesPerStep: s.nodesPerStep,
            searchTimePerStep: s.searchTimePerStep,
            timePerMove,
            clock,
            K,
            depth,
            lambda,
            xi,
            seeds: results.map((r) => r.seed),
          }) + '\n',
        );
      }
    });
}
