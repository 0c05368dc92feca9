/** The blind heuristic: 0 on goal states, else the cheapest operator cost (admissible). */
import type { CompiledTask, CostType } from '../compiled-task.js';
import type { Heuristic } from './heuristic.js';

export function blindHeuristic(task: CompiledTask, costType: CostType = 'normal'): Heuristic {
  let minCost = Infinity;
  for (let op = 0; op < task.numOps; op++) minCost = Math.min(minCost, task.adjustedCost(op, costType));
  if (!Number.isFinite(minCost)) minCost = 0;
  return {
    name: 'blind',
    admissible: true,
    providesPreferred: false,
    evaluate(state, preferred) {
      if (preferred) preferred.length = 0;
      return task.isGoal(state) ? 0 : minCost;
    },
  };
}
