/**
 * Named search and heuristic configurations for the CLI and the library:
 * `lama`, `lama-first`, `gbfs`, `lazy-gbfs`, `wastar:W`, `lazy-wastar:W`, `astar`, `anytime`, and
 * heuristics `ff`, `add`, `max`, `lmcut`, `lmcount` (landmark count), `goalcount`, `blind`.
 */
import { GroundplanError } from '../core/errors.js';
import type { CompiledTask, CostType } from './compiled-task.js';
import { blindHeuristic } from './heuristics/blind.js';
import { goalCountHeuristic } from './heuristics/goal-count.js';
import type { Heuristic } from './heuristics/heuristic.js';
import { landmarkCountHeuristic } from './heuristics/landmark-count.js';
import { lmCutHeuristic } from './heuristics/lm-cut.js';
import { addHeuristic, ffHeuristic, maxHeuristic } from './heuristics/relaxation.js';

export const HEURISTIC_NAMES = ['ff', 'add', 'max', 'lmcut', 'lmcount', 'goalcount', 'blind'] as const;
export type HeuristicName = (typeof HEURISTIC_NAMES)[number];

export const SEARCH_NAMES = ['lama', 'lama-first', 'gbfs', 'lazy-gbfs', 'wastar:W', 'lazy-wastar:W', 'astar', 'anytime'] as const;

export function isHeuristicName(name: string): name is HeuristicName {
  return (HEURISTIC_NAMES as readonly string[]).includes(name);
}

export function makeHeuristic(name: HeuristicName, task: CompiledTask, costType: CostType = 'normal'): Heuristic {
  switch (name) {
    case 'ff':
      return ffHeuristic(task, { costType });
    case 'add':
      return addHeuristic(task, { costType });
    case 'max':
      return maxHeuristic(task, { costType });
    case 'lmcut':
      return lmCutHeuristic(task, { costType });
    case 'lmcount':
      return landmarkCountHeuristic(task, { costType });
    case 'goalcount':
      return goalCountHeuristic(task);
    case 'blind':
      return blindHeuristic(task, costType);
  }
}

/** A parsed `--search` value. */
export type SearchSpec =
  | { kind: 'gbfs'; lazy: boolean }
  | { kind: 'wastar'; lazy: boolean; weight: number }
  | { kind: 'astar' }
  | { kind: 'anytime' }
  /** LAMA: lazy GBFS with h_FF and the landmark count (`first`: that search alone), then anytime weighted A*. */
  | { kind: 'lama'; first: boolean };

export function parseSearchSpec(text: string): SearchSpec {
  const t = text.trim().toLowerCase();
  if (t === 'gbfs' || t === 'eager-gbfs') return { kind: 'gbfs', lazy: false };
  if (t === 'lazy-gbfs' || t === 'lazy') return { kind: 'gbfs', lazy: true };
  if (t === 'astar') return { kind: 'astar' };
  if (t === 'anytime') return { kind: 'anytime' };
  if (t === 'lama') return { kind: 'lama', first: false };
  if (t === 'lama-first') return { kind: 'lama', first: true };
  const m = /^(lazy-)?wastar(?::([0-9]+(?:\.[0-9]+)?))?$/.exec(t);
  if (m) {
    const weight = m[2] === undefined ? 5 : Number(m[2]);
    if (!(weight >= 1)) throw new GroundplanError('PLANNER_BAD_CONFIG', `weight must be >= 1 in --search ${text}`);
    return { kind: 'wastar', lazy: m[1] !== undefined, weight };
  }
  throw new GroundplanError('PLANNER_BAD_CONFIG', `unknown search "${text}" (expected one of ${SEARCH_NAMES.join(', ')})`);
}

export function parseHeuristicName(text: string): HeuristicName {
  const t = text.trim().toLowerCase();
  const alias: Record<string, HeuristicName> = { hff: 'ff', hadd: 'add', hmax: 'max', 'lm-cut': 'lmcut', 'goal-count': 'goalcount', hlm: 'lmcount', 'lm-count': 'lmcount' };
  const name = alias[t] ?? t;
  if (!isHeuristicName(name)) {
    throw new GroundplanError('PLANNER_BAD_CONFIG', `unknown heuristic "${text}" (expected one of ${HEURISTIC_NAMES.join(', ')})`);
  }
  return name;
}
