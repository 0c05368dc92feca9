/** The goal-count heuristic: the number of goal facts (positive or negative) not yet satisfied. */
import type { CompiledTask } from '../compiled-task.js';
import type { Heuristic } from './heuristic.js';

export function goalCountHeuristic(task: CompiledTask): Heuristic {
  const gp = task.goalPosMask;
  const gn = task.goalNegMask;
  const W = task.words;
  return {
    name: 'goalcount',
    admissible: false,
    providesPreferred: false,
    evaluate(state, preferred) {
      if (preferred) preferred.length = 0;
      let n = 0;
      for (let w = 0; w < W; w++) {
        n += popcount(gp[w] & ~state[w]);
        n += popcount(gn[w] & state[w]);
      }
      return n;
    },
  };
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
