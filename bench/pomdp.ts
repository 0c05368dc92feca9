/**
 * POMDP benchmark: DESPOT (and POMCP as a second reference point) on Tag,
 * RockSample(7,8) and RockSample(11,11) at 1 s and 0.1 s CPU time per move,
 * next to the C++ DESPOT reference measured on this machine.
 *
 *   npm run bench:pomdp -- [--quick] [--problems tag,rocksample:7:8] [--episodes 30]
 *                          [--times 1,0.1] [--solvers despot,pomcp] [--out bench/out/pomdp.jsonl]
 *                          [--report-only]
 *
 * Each finished episode is appended to the JSONL file at once; a rerun skips
 * (problem, solver, T, seed) rows already there, so the run is resumable.
 * Several processes may share one output file: each episode is claimed first
 * (an exclusive lock file holding the pid; locks of dead processes are taken
 * over), so parallel workers never run the same episode twice.
 * Budgets are process CPU seconds, so machine load does not change the
 * search effort per move (only the wall time).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Despot } from '../src/pomdp/despot.js';
import { Pomcp } from '../src/pomdp/pomcp.js';
import { runEpisode } from '../src/pomdp/episode.js';
import { makeProblem } from '../src/pomdp/problems/index.js';
import { pomdpTable, type PomdpRow } from '../src/eval/report/pomdp-tables.js';
import { arg, commandLine, flag, num } from './args.js';

commandLine({
  command: 'npm run bench:pomdp --',
  about: 'DESPOT and POMCP on Tag and RockSample at a CPU-time budget per move, beside the C++ DESPOT reference;\nrows appended to a JSONL file as episodes finish (a rerun resumes).',
  flags: [
    { name: 'quick', help: '3 episodes at 0.1 s per move' },
    { name: 'problems', value: 'a,b', help: 'tag, rocksample:7:8, rocksample:11:11, ... (default those three)' },
    { name: 'episodes', value: 'N', help: 'episodes per problem, solver and budget (default 30)' },
    { name: 'times', value: 'S,S', help: 'CPU seconds per move (default 1,0.1)' },
    { name: 'solvers', value: 'a,b', help: 'despot, pomcp (default both)' },
    { name: 'seed', value: 'S', help: 'first episode seed (default 1)' },
    { name: 'out', value: 'FILE', help: 'rows file (default bench/out/pomdp.jsonl)' },
    { name: 'report-only', help: 'print the tables from the rows already there; run nothing' },
  ],
});

type Row = PomdpRow;

const quick = flag('quick');
const problems = (arg('problems') ?? 'tag,rocksample:7:8,rocksample:11:11').split(',');
const episodes = num('episodes', quick ? 3 : 30);
const times = (arg('times') ?? (quick ? '0.1' : '1,0.1')).split(',').map(Number);
const solvers = (arg('solvers') ?? 'despot,pomcp').split(',');
const out = arg('out') ?? (quick ? 'bench/out/pomdp-quick.jsonl' : 'bench/out/pomdp.jsonl');
const firstSeed = num('seed', 1);

function load(): Row[] {
  if (!existsSync(out)) return [];
  return readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
}

function key(r: { problem: string; solver: string; timePerMove: number; seed: number }): string {
  return `${r.problem}|${r.solver}|${r.timePerMove}|${r.seed}`;
}

const claimDir = `${out}.claims`;

function claimPath(k: string): string {
  return `${claimDir}/${k.replace(/[^a-zA-Z0-9.-]/g, '_')}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Take the episode unless a live process holds it. */
function claim(k: string): boolean {
  mkdirSync(claimDir, { recursive: true });
  const p = claimPath(k);
  try {
    writeFileSync(p, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const holder = Number(readFileSync(p, 'utf8'));
    if (holder && alive(holder)) return false;
    rmSync(p, { force: true });
    try {
      writeFileSync(p, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  }
}

function release(k: string): void {
  rmSync(claimPath(k), { force: true });
}

function run(): void {
  mkdirSync(dirname(out), { recursive: true });
  const done = new Set(load().map(key));
  // order: all 1 s DESPOT rows first (the goal), then 0.1 s, then POMCP
  for (const solver of solvers) {
    for (const T of times) {
      for (const problem of problems) {
        const spec = makeProblem(problem);
        for (let seed = firstSeed; seed < firstSeed + episodes; seed++) {
          const k = key({ problem: spec.id, solver, timePerMove: T, seed });
          if (done.has(k)) continue;
          if (!claim(k)) continue;
          // another worker may have finished it meanwhile
          if (load().some((r) => key(r) === k)) {
            release(k);
            continue;
          }
          const w0 = performance.now();
          const c0 = process.cpuUsage();
          const model = spec.seeded ? makeProblem(problem, seed).model : spec.model;
          const r = runEpisode(
            model,
            (rng) =>
              solver === 'pomcp'
                ? new Pomcp(model, rng, { timePerMove: T })
                : new Despot(model, rng, { timePerMove: T, lambda: spec.lambda }),
            { seed },
          );
          const c = process.cpuUsage(c0);
          const row: Row = {
            problem: spec.id,
            solver,
            timePerMove: T,
            seed,
            discounted: r.discounted,
            undiscounted: r.undiscounted,
            steps: r.steps,
            trialsPerStep: r.trialsPerStep,
            nodesPerStep: r.nodesPerStep,
            expandedPerStep: r.expandedPerStep,
            maxTrialDepth: r.maxTrialDepth,
            searchTimePerStep: r.searchTimePerStep,
            beliefResets: r.beliefResets,
            wallSeconds: (performance.now() - w0) / 1000,
            cpuSeconds: (c.user + c.system) / 1e6,
            date: new Date().toISOString(),
          };
          appendFileSync(out, JSON.stringify(row) + '\n');
          release(k);
          console.log(
            `${spec.id} ${solver} T=${T} seed=${seed}: discounted ${r.discounted.toFixed(2)} undiscounted ${r.undiscounted} steps ${r.steps} trials/step ${r.trialsPerStep.toFixed(1)} (${row.wallSeconds.toFixed(0)} s wall, ${row.cpuSeconds.toFixed(0)} s CPU)`,
          );
        }
      }
    }
  }
}

function report(): void {
  const table = pomdpTable(load(), { problems, times, solvers });
  console.log(`\nPOMDP benchmark (${out}); reference = C++ DESPOT measured on this machine, 2026-12-02\n`);
  console.log(table ?? '(no rows yet)');
}

if (!flag('report-only')) run();
report();
