/**
 * Anytime planning as LAMA 2011 does it (Richter & Westphal, JAIR 2010;
 * Richter, Westphal & Helmert, IPC 2011): first a fast plan with lazy greedy
 * best-first search on unit costs (heuristics on unit costs, preferred
 * operators); then lazy weighted A* with decreasing weights
 * (5, 3, 2, 1) with the heuristics on costs+1 and real costs for g, every path
 * pruned at the best cost found. The last weight repeats; an exhaustive pruned
 * search proves the best plan optimal. `lama` runs it with h_FF and the
 * landmark count; `anytime` with h_FF alone. Returns the best plan and every
 * improvement. Fast Downward's `lama` alias runs a second greedy search (the
 * heuristics on costs+1) before weighted A* on tasks with non-unit costs; it
 * is left out: pruned at the first plan's cost it searched the whole budget
 * without an improvement on elevators p17, where weighted A* (w = 5) improves
 * the plan (451 -> 380) within a second.
 */
import { BudgetClock } from '../core/budget.js';
import type { CompiledTask } from './compiled-task.js';
import { makeHeuristic, type HeuristicName } from './registry.js';
import { bestFirstSearch, type BestFirstConfig, type SearchOptions, type SearchSpace } from './search/best-first.js';
import { emptyStats, type SearchResult, type SearchStats } from './search/result.js';

export interface Improvement {
  cost: number;
  length: number;
  elapsedMs: number;
  config: string;
}

export type AnytimeResult = SearchResult & { improvements: Improvement[]; optimal: boolean };

export interface AnytimeOptions extends SearchOptions {
  /** Heuristics, each with its own open list (default: h_FF alone). */
  heuristics?: HeuristicName[];
  weights?: number[];
  /** Preferred operators (default true). */
  preferred?: boolean;
}

function addStats(total: SearchStats, s: SearchStats): void {
  total.expansions += s.expansions;
  total.evaluations += s.evaluations;
  total.generated += s.generated;
  total.reopened += s.reopened;
  total.deadEnds += s.deadEnds;
  total.states = Math.max(total.states, s.states);
  if (Number.isNaN(total.initialH)) total.initialH = s.initialH;
}

export function anytimeSearch(space: SearchSpace, options: AnytimeOptions = {}): AnytimeResult {
  const task: CompiledTask = space.task;
  const clock = new BudgetClock(options, options.now);
  const names = options.heuristics ?? ['ff'];
  const weights = options.weights ?? [5, 3, 2, 1];
  const preferred = options.preferred ?? true;
  const total = emptyStats();
  const improvements: Improvement[] = [];
  let best: { plan: number[]; cost: number } | undefined;
  let optimal = false;
  let lastStop: SearchResult['status'] | undefined;
  let memoutReason: string | undefined;
  const hUnit = names.map((n) => makeHeuristic(n, task, 'one'));
  const hPlus = task.unitCost ? hUnit : names.map((n) => makeHeuristic(n, task, 'plusone'));
  const label = (base: string): string => `${base}(${names.join(',')}${preferred ? ',pref' : ''})`;
  const configs: { name: string; config: BestFirstConfig }[] = [
    { name: label('lazy-gbfs'), config: { lazy: true, weightG: 0, weightH: 1, heuristics: hUnit, preferred, boost: 1000, reopen: false, costType: 'one' } },
  ];
  for (const w of weights) {
    configs.push({ name: label(`lazy-wastar:${w}`), config: { lazy: true, weightG: 1, weightH: w, heuristics: hPlus, preferred, boost: 1000, reopen: true, costType: 'normal' } });
  }
  let i = 0;
  for (;;) {
    const remaining = clock.remainingMs();
    if (remaining <= 0 || options.signal?.aborted) break;
    const entry = configs[Math.min(i, configs.length - 1)];
    const config: BestFirstConfig = { ...entry.config, costBound: best ? best.cost : undefined };
    const r = bestFirstSearch(space, config, {
      ...options,
      timeoutMs: Number.isFinite(remaining) ? remaining : undefined,
      maxExpansions: options.maxExpansions === undefined ? undefined : Math.max(0, options.maxExpansions - total.expansions),
    });
    addStats(total, r.stats);
    lastStop = r.status;
    if (r.status === 'memout') memoutReason = r.reason;
    if (r.status === 'solved') {
      if (!best || r.cost < best.cost) {
        best = { plan: r.plan, cost: r.cost };
        const imp = { cost: r.cost, length: r.plan.length, elapsedMs: clock.elapsedMs(), config: entry.name };
        improvements.push(imp);
        options.onEvent?.({ kind: 'plan', ...imp });
      }
      if (r.cost === 0) {
        optimal = true;
        break;
      }
    } else if (r.status === 'unsolvable') {
      // A complete search found nothing: without a bound no plan exists;
      // with the bound, no plan is cheaper than the best one.
      if (best) optimal = true;
      break;
    } else break;
    i++;
  }
  total.searchMs = clock.elapsedMs();
  if (best) {
    total.planLength = best.plan.length;
    return { status: 'solved', plan: best.plan, cost: best.cost, stats: total, improvements, optimal };
  }
  if (lastStop === 'unsolvable') return { status: 'unsolvable', proven: true, stats: total, improvements, optimal: false };
  if (lastStop === 'memout') return { status: 'memout', stats: total, reason: memoutReason, improvements, optimal: false };
  return { status: lastStop === 'cancelled' ? 'cancelled' : 'timeout', stats: total, improvements, optimal: false };
}
