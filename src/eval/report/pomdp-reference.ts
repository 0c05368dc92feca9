/**
 * The C++ DESPOT reference (AdaCompNUS/despot @ 37a3e21, -O3) measured on this
 * machine on 2026-12-02 (see ../shared/anchors/pomdp/results.tsv; figures copied from there): one
 * process per episode, seeds as listed, default parameters (K=500, D=90,
 * γ=0.95, ξ=0.95, λ=0.01 for Tag, 0 for RockSample), CPU-time budget per move.
 */
export interface ReferenceRow {
  problem: string;
  timePerMove: number;
  runs: number;
  discMean: number;
  discSe: number;
  undiscMean: number;
  undiscSe: number;
  stepsMean: number;
  trialsPerStep: number;
  nodesPerStep: number;
  expandedPerStep: number;
  maxTrialDepth: number;
  searchCpuPerStep: number;
  seeds: string;
}

export const REFERENCE: ReferenceRow[] = [
  { problem: 'tag', timePerMove: 1, runs: 30, discMean: -5.41, discSe: 1.049, undiscMean: -5.833, undiscSe: 1.66, stepsMean: 16.83, trialsPerStep: 117.2, nodesPerStep: 7877, expandedPerStep: 1377, maxTrialDepth: 30.1, searchCpuPerStep: 0.936, seeds: '1-30' },
  { problem: 'tag', timePerMove: 0.1, runs: 30, discMean: -6.011, discSe: 0.971, undiscMean: -6.4, undiscSe: 1.501, stepsMean: 17.4, trialsPerStep: 16.3, nodesPerStep: 660, expandedPerStep: 111, maxTrialDepth: 16.9, searchCpuPerStep: 0.092, seeds: '1-30' },
  { problem: 'rocksample:7:8', timePerMove: 1, runs: 30, discMean: 21.17, discSe: 1.087, undiscMean: 48.0, undiscSe: 2.269, stepsMean: 30.4, trialsPerStep: 248.5, nodesPerStep: 59862, expandedPerStep: 2964, maxTrialDepth: 28.2, searchCpuPerStep: 0.866, seeds: '1-30' },
  { problem: 'rocksample:7:8', timePerMove: 0.1, runs: 30, discMean: 20.358, discSe: 0.983, undiscMean: 44.0, undiscSe: 2.176, stepsMean: 26.7, trialsPerStep: 27.1, nodesPerStep: 4797, expandedPerStep: 235, maxTrialDepth: 18.7, searchCpuPerStep: 0.094, seeds: '1-30' },
  { problem: 'rocksample:11:11', timePerMove: 1, runs: 12, discMean: 22.423, discSe: 1.782, undiscMean: 54.167, undiscSe: 3.786, stepsMean: 42.08, trialsPerStep: 162.0, nodesPerStep: 46569, expandedPerStep: 1769, maxTrialDepth: 26.0, searchCpuPerStep: 0.946, seeds: '1,101-111' },
  { problem: 'rocksample:11:11', timePerMove: 0.1, runs: 30, discMean: 23.351, discSe: 0.837, undiscMean: 54.0, undiscSe: 1.894, stepsMean: 37.93, trialsPerStep: 17.1, nodesPerStep: 3577, expandedPerStep: 135, maxTrialDepth: 15.8, searchCpuPerStep: 0.094, seeds: '1-30' },
  { problem: 'lasertag', timePerMove: 1, runs: 14, discMean: -8.034, discSe: 1.538, undiscMean: -11.214, undiscSe: 3.61, stepsMean: 22.21, trialsPerStep: 839.7, nodesPerStep: 12884, expandedPerStep: 1963, maxTrialDepth: 5.7, searchCpuPerStep: 0.901, seeds: '1,2,101-112' },
  { problem: 'lasertag', timePerMove: 0.1, runs: 30, discMean: -9.235, discSe: 1.063, undiscMean: -12.833, undiscSe: 2.001, stepsMean: 23.83, trialsPerStep: 1.0, nodesPerStep: 1938, expandedPerStep: 3, maxTrialDepth: 1.7, searchCpuPerStep: 0.14, seeds: '1-30' },
];

export function referenceFor(problem: string, timePerMove: number): ReferenceRow | undefined {
  return REFERENCE.find((r) => r.problem === problem && r.timePerMove === timePerMove);
}
