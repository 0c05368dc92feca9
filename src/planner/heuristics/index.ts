/**
 * Heuristics for the planner: h_add and h_max (Bonet & Geffner, "Planning as
 * heuristic search", AIJ 2001), h_FF (Hoffmann & Nebel, "The FF planning
 * system", JAIR 2001), LM-cut (Helmert & Domshlak, ICAPS 2009), the landmark
 * count (Richter & Westphal, JAIR 2010), goal count
 * and blind. Each is a `Heuristic`: h(state) with Infinity for dead ends and
 * optional preferred operators.
 */
export type { Heuristic } from './heuristic.js';
export { ffHeuristic, addHeuristic, maxHeuristic, RelaxedExploration, type RelaxationOptions } from './relaxation.js';
export { lmCutHeuristic } from './lm-cut.js';
export { landmarkCountHeuristic, landmarkGraphOf, type LandmarkCountOptions } from './landmark-count.js';
export { goalCountHeuristic } from './goal-count.js';
export { blindHeuristic } from './blind.js';
export { RelaxedTask, type RelaxedTaskOptions } from '../delete-relaxation/relaxed-task.js';
export { MinHeap, BucketQueue } from './min-heap.js';
