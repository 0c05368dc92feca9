/**
 * The errand-ordering benchmark (`groundplan household ordering-bench`): each
 * ordering variant of the GAVEL simulation (envs/household/ordering-sim.ts) on
 * the same multi-task instructions, mean travel ± SE, the paired difference to
 * `gavel-map`, and how well J predicted at the start explains the travel (R²).
 */
import { mean, standardError } from '../../core/stats.js';
import { ORDERING_VARIANTS, runOrdering, type HouseholdTask, type OrderingRun, type OrderingVariant, type RoomTypeModel } from '../../envs/household/index.js';

/** Squared Pearson correlation (the R² of a least-squares line). */
export function rSquared(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? (sxy * sxy) / (sxx * syy) : NaN;
}

export interface OrderingBenchRow {
  variant: OrderingVariant;
  meanDistance: number;
  /** Standard error of the mean distance. */
  se: number;
  meanSearches: number;
  success: number;
  /** Paired mean of (this variant − gavel-map) distance over the same instructions, and its standard error. */
  vsMap: number;
  vsMapSe: number;
}

export interface OrderingBench {
  instructions: number;
  rows: OrderingBenchRow[];
  /** R² between J predicted at the start and the travel realized, per number of errands, for `gavel-static` and `oracle`. */
  r2: { errands: number; n: number; static: number; oracle: number }[];
}

export function orderingBenchmark(tasks: readonly HouseholdTask[], model: RoomTypeModel, opts: { wcov?: number; eta?: number } = {}): OrderingBench {
  const runs = new Map<OrderingVariant, OrderingRun[]>(ORDERING_VARIANTS.map((v) => [v, []]));
  for (const t of tasks) for (const v of ORDERING_VARIANTS) (runs.get(v) as OrderingRun[]).push(runOrdering(t, model, v, opts));
  const rows = ORDERING_VARIANTS.map((variant) => {
    const rs = runs.get(variant) as OrderingRun[];
    const d = rs.map((r) => r.distance);
    const base = runs.get('gavel-map') as OrderingRun[];
    const diff = rs.map((r, i) => r.distance - base[i].distance);
    return { variant, meanDistance: mean(d), se: standardError(d), meanSearches: mean(rs.map((r) => r.searches)), success: rs.filter((r) => r.success).length, vsMap: mean(diff), vsMapSe: standardError(diff) };
  });
  const sizes = [...new Set(tasks.map((t) => t.goals.length))].sort();
  const r2 = sizes.map((errands) => {
    const idx = tasks.flatMap((t, i) => (t.goals.length === errands ? [i] : []));
    const fit = (v: OrderingVariant) => {
      const rs = runs.get(v) as OrderingRun[];
      return rSquared(
        idx.map((i) => rs[i].predicted),
        idx.map((i) => rs[i].distance),
      );
    };
    return { errands, n: idx.length, static: fit('gavel-static'), oracle: fit('oracle') };
  });
  return { instructions: tasks.length, rows, r2 };
}
