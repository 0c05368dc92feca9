/**
 * Landmarks (Richter, Helmert & Westphal, AAAI 2008): facts and disjunctions
 * of facts true at some point of every plan, with greedy-necessary and
 * reasonable orders; used by the landmark-count heuristic.
 */
export { LandmarkGraph, factHolds, type Landmark, type LandmarkOrder, type OrderKind } from './graph.js';
export { rhwLandmarks, type RhwOptions } from './rhw.js';
