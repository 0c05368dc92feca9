/**
 * The flags of the kitchen benchmark (bench/kitchen.ts), shared with
 * bench/kitchen-baselines.ts, which runs the same driver with other defaults.
 */
import type { FlagSpec } from './args.js';

export const KITCHEN_FLAGS: readonly FlagSpec[] = [
  { name: 'quick', help: 'one kitchen, easy, 2 tasks, 20 trials per move (a smoke run)' },
  { name: 'kitchens', value: 'a,b', help: 'kitchens (default all five)' },
  { name: 'levels', value: 'a,b', help: 'easy, medium, hard (default all)' },
  { name: 'n', value: 'N', help: 'tasks per kitchen and level (default 6)' },
  { name: 'variants', value: 'a,b', help: 'Tru-POMDP variants: full, no-belief, no-hbu, no-toh, no-lrp, no-bts (default all)' },
  { name: 'baselines', value: 'a,b', help: 'react, reflexion, react-star, reflexion-star, llm-mcts (default all)' },
  { name: 'methods', value: 'a,b', help: 'any kitchen suite methods instead of the variants and baselines' },
  { name: 'models', value: 'a,b', help: 'synthetic, prior (default both)' },
  { name: 'prior-levels', value: 'a,b', help: 'levels run with the prior model (default easy)' },
  { name: 'synthetic', value: 'k=v,...', help: 'synthetic LLM knobs' },
  { name: 'time-per-move', value: 'S', help: 'search CPU seconds per move (default 1)' },
  { name: 'max-trials', value: 'N', help: 'DESPOT trials (LLM-MCTS simulations) per move instead of a time budget' },
  { name: 'trials', value: 'N', help: 'alias of --max-trials' },
  { name: 'seed', value: 'S', help: 'episode seed (default 1)' },
  { name: 'task-seed', value: 'S', help: 'task generator seed (default 1)' },
  { name: 'workers', value: 'N', help: 'worker threads (default 2)' },
  { name: 'out', value: 'DIR', help: 'result store (default bench/out/kitchen)' },
  { name: 'report-only', help: 'print the tables from the rows already there; run nothing' },
];
