/**
 * Aggregate episode results the way the DESPOT reference tables do: mean ±
 * standard error (n−1) of discounted and undiscounted returns and steps, and
 * per-step search statistics averaged over every step of every episode.
 */
import { mean, standardError } from '../core/stats.js';

export interface EpisodeSummaryInput {
  discounted: number;
  undiscounted: number;
  steps: number;
  trialsPerStep: number;
  nodesPerStep: number;
  expandedPerStep: number;
  maxTrialDepth: number;
  searchTimePerStep: number;
}

export interface MeanSe {
  mean: number;
  se: number;
}

export interface EpisodeSummary {
  episodes: number;
  discounted: MeanSe;
  undiscounted: MeanSe;
  steps: MeanSe;
  /** Averages over all steps (episodes weighted by their length). */
  trialsPerStep: number;
  nodesPerStep: number;
  expandedPerStep: number;
  maxTrialDepth: number;
  searchTimePerStep: number;
}

export function summarizeEpisodes(rs: readonly EpisodeSummaryInput[]): EpisodeSummary {
  const ms = (xs: number[]): MeanSe => ({ mean: mean(xs), se: standardError(xs) });
  const totalSteps = rs.reduce((s, r) => s + r.steps, 0);
  const perStep = (f: (r: EpisodeSummaryInput) => number): number => (totalSteps > 0 ? rs.reduce((s, r) => s + f(r) * r.steps, 0) / totalSteps : 0);
  return {
    episodes: rs.length,
    discounted: ms(rs.map((r) => r.discounted)),
    undiscounted: ms(rs.map((r) => r.undiscounted)),
    steps: ms(rs.map((r) => r.steps)),
    trialsPerStep: perStep((r) => r.trialsPerStep),
    nodesPerStep: perStep((r) => r.nodesPerStep),
    expandedPerStep: perStep((r) => r.expandedPerStep),
    maxTrialDepth: perStep((r) => r.maxTrialDepth),
    searchTimePerStep: perStep((r) => r.searchTimePerStep),
  };
}
