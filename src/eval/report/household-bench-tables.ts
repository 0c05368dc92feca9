/**
 * The GAVEL world-model benchmarks that run without an LLM (docs/gavel.md),
 * from the `--json` output of `groundplan household rsn`, `repair-bench` and
 * `ordering-bench` committed in results/household-bench/: the room-type
 * predictor's scene-held-out quality, how much model-derived repair fixes per
 * injected error, and the distance of each ordering variant with the cost
 * model's fit.
 */
import { GroundplanError } from '../../core/errors.js';
import { parseJsonText } from '../../core/json-text.js';
import type { OrderingBenchRow } from '../household/ordering-bench.js';
import type { RsnMetrics } from '../../envs/household/rsn.js';
import { mdTable as table } from './doc-table.js';
import { seedValue } from './seed-figures.js';

/** The committed `--json` output at `file` (relative to results/): a syntax error at file:line:col, the wrong shape named. */
function parse<T>(text: string, file: string, ok: (v: T) => boolean): T {
  const v = parseJsonText(text, file, 'REPORT_ROWS') as T;
  if (!ok(v)) throw new GroundplanError('REPORT_ROWS', `${file}: not the --json output of the command that writes it`);
  return v;
}

/** A signed difference with a real minus sign: `+2.18`, `−0.20`, `0`. */
const signed = (x: number, digits: number): string => (x === 0 ? '0' : `${x > 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`);
const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)} %`;

/** `household rsn --json`: the softmax RSN and the frequency prior, next to the seed's figures. */
export function rsnTable(text: string): string {
  const r = parse<{ rsn?: RsnMetrics; prior?: RsnMetrics; scenes?: number }>(text, 'household-bench/rsn.json', (v) => v.rsn !== undefined && v.prior !== undefined);
  const row = (label: string, s: RsnMetrics): string[] => [label, s.auc.toFixed(3), s.aucAllTypes.toFixed(3), s.brier.toFixed(3), pct(s.top1Room), pct(s.top1Type)];
  return [
    `${r.rsn!.queries} held-out queries (5 folds over ${r.scenes} scenes, whole scenes held out).`,
    '',
    table(
      ['model', 'AUC (types in the held-out scene)', 'AUC (all types)', 'Brier', 'top-1 room (Eq. 10)', 'top-1 type'],
      [
        row('softmax RSN', r.rsn!),
        row('frequency prior P(type \\| category)', r.prior!),
        ['seed (bge-small + MLP, 832 queries)', `AUC ${seedValue('gavel.rsn.auc')}`, '', String(seedValue('gavel.rsn.brier')), `${seedValue('gavel.rsn.top1')} %`, ''],
      ],
    ),
  ].join('\n');
}

const MUTATIONS: ReadonlyArray<[id: string, label: string]> = [
  ['drop-navigate', 'drop a NavigateTo'],
  ['drop-open', 'drop an Open'],
  ['drop-grasp', 'drop a Grasp'],
  ['drop-restore', 'drop a Close/ToggleOff'],
  ['room-target', 'insert an action on a room'],
  ['duplicate', 'duplicate an Open/ToggleOn/Grasp'],
  ['semantic', 'drop a placement/ToggleOn (semantic control)'],
];

interface RepairStat {
  mutation: string;
  broken: number;
  repaired: number;
  meanEdits: number;
  meanExtraDistance: number;
}

/** `household repair-bench --json`: per task set and injected error, broken plans, share repaired, edits, extra travel. */
export function repairTable(text: string): string {
  const r = parse<{ rows?: Array<{ set: string; stats: RepairStat[] }> }>(text, 'household-bench/repair.json', (v) => Array.isArray(v.rows));
  const body: string[][] = [];
  for (const set of r.rows!) {
    let first = true;
    for (const [id, label] of MUTATIONS) {
      const s = set.stats.find((x) => x.mutation === id);
      if (!s) continue;
      const extra = Math.abs(s.meanExtraDistance) < 0.005 ? 0 : s.meanExtraDistance;
      body.push([first ? set.set : '', label, String(s.broken), s.broken === 0 ? '-' : `${((100 * s.repaired) / s.broken).toFixed(1)} %`, s.meanEdits.toFixed(2), extra.toFixed(2)]);
      first = false;
    }
  }
  return table(['task set', 'error injected', 'broken', 'repaired', 'edits', '+travel (m)'], body);
}

/** `household ordering-bench --json`: distance per ordering variant, paired to gavel-map, and R² of J against realized travel. */
export function orderingTable(text: string): string {
  const r = parse<{ instructions?: number; rows?: OrderingBenchRow[]; r2?: Array<{ errands: number; n: number; static: number; oracle: number }> }>(
    text,
    'household-bench/ordering.json',
    (v) => Array.isArray(v.rows) && Array.isArray(v.r2),
  );
  const n = r.instructions ?? 0;
  const distances = table(
    ['variant', 'distance (m, mean ± se)', 'vs gavel-map, paired', 'room searches', 'goals met'],
    r.rows!.map((x) => [x.variant, `${x.meanDistance.toFixed(2)} ± ${x.se.toFixed(2)}`, x.vsMap === 0 ? '0' : `${signed(x.vsMap, 2)} ± ${x.vsMapSe.toFixed(2)}`, x.meanSearches.toFixed(2), `${x.success}/${n}`]),
  );
  const seedR2 = (errands: number): string => (errands === 4 ? String(seedValue('gavel.costmodel.r2.4')) : errands === 5 ? String(seedValue('gavel.costmodel.r2.5')) : '');
  const fit = table(
    ['errands', 'instructions', 'R² of J, gavel-static', 'R² of J, oracle', 'seed R²'],
    r.r2!.map((x) => [String(x.errands), String(x.n), x.static.toFixed(2), x.oracle.toFixed(2), seedR2(x.errands)]),
  );
  return [distances, '', 'Cost model fit (J predicted at the start against the realized travel):', '', fit].join('\n');
}
