/**
 * The POMDP benchmark's tables (bench/pomdp.ts rows, one episode per row;
 * committed in results/pomdp/rows.jsonl): per (problem, T, solver) the
 * discounted and undiscounted return ± SE and the search statistics beside the
 * C++ DESPOT reference (pomdp-reference.ts), and the README's short table.
 * Pure functions of the rows: the bench prints them, `groundplan report
 * --update-docs` puts them in the docs.
 */
import { summarizeEpisodes, type EpisodeSummaryInput } from '../../pomdp/summary.js';
import { referenceFor, type ReferenceRow } from './pomdp-reference.js';

/** One episode: the summary inputs plus where and how it ran. */
export interface PomdpRow extends EpisodeSummaryInput {
  problem: string;
  solver: string;
  timePerMove: number;
  seed: number;
  beliefResets: number;
  wallSeconds: number;
  cpuSeconds: number;
  date: string;
}

export const POMDP_PROBLEMS = ['tag', 'rocksample:7:8', 'rocksample:11:11'];
const PROBLEM_LABEL: Record<string, string> = { tag: 'Tag', 'rocksample:7:8': 'RockSample(7,8)', 'rocksample:11:11': 'RockSample(11,11)' };

export function parsePomdpRows(jsonl: string): PomdpRow[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as PomdpRow);
}

const rowKey = (r: PomdpRow): string => `${r.problem}|${r.solver}|${r.timePerMove}|${r.seed}`;

/** The rows of one (problem, T, solver), each episode once (the first row of a repeated key). */
function cellRows(rows: readonly PomdpRow[], problem: string, T: number, solver: string): PomdpRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => r.problem === problem && r.timePerMove === T && r.solver === solver && !seen.has(rowKey(r)) && Boolean(seen.add(rowKey(r))));
}

const interval = (ref: ReferenceRow): [number, number] => [ref.discMean - 1.96 * ref.discSe, ref.discMean + 1.96 * ref.discSe];
/** A mean against the reference's 95% interval: `NO` below it, `better` above, `yes` within. */
function withinInterval(mean: number, ref: ReferenceRow): string {
  const [lo, hi] = interval(ref);
  return mean < lo ? 'NO' : mean > hi ? 'better' : 'yes';
}
const refText = (ref: ReferenceRow): string => {
  const [lo, hi] = interval(ref);
  return `${ref.discMean.toFixed(2)} ± ${ref.discSe.toFixed(2)} [${lo.toFixed(2)}, ${hi.toFixed(2)}]`;
};

/** The full table: every (problem, T, solver) with rows, beside the reference. */
export function pomdpTable(rows: readonly PomdpRow[], opts: { problems?: readonly string[]; times?: readonly number[]; solvers?: readonly string[] } = {}): string | undefined {
  const problems = opts.problems ?? POMDP_PROBLEMS;
  const times = opts.times ?? [1, 0.1];
  const solvers = opts.solvers ?? ['despot', 'pomcp'];
  const lines = [
    '| problem | T (s CPU) | solver | n | discounted ± SE | undiscounted ± SE | steps | trials/step | nodes/step | max depth | search s/step | reference discounted ± SE (95% CI) | ref trials/step | within CI or better | trials ≥ ½ ref |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const problem of problems) {
    for (const T of times) {
      const ref = referenceFor(problem, T);
      for (const solver of solvers) {
        const g = cellRows(rows, problem, T, solver);
        if (g.length === 0) continue;
        const s = summarizeEpisodes(g);
        const within = ref ? withinInterval(s.discounted.mean, ref) : '–';
        const trialsOk = ref && solver === 'despot' ? (s.trialsPerStep >= ref.trialsPerStep / 2 ? 'yes' : 'NO') : '–';
        lines.push(
          `| ${problem} | ${T} | ${solver} | ${s.episodes} | ${s.discounted.mean.toFixed(2)} ± ${s.discounted.se.toFixed(2)} | ${s.undiscounted.mean.toFixed(2)} ± ${s.undiscounted.se.toFixed(2)} | ${s.steps.mean.toFixed(1)} | ${s.trialsPerStep.toFixed(1)} | ${s.nodesPerStep.toFixed(0)} | ${s.maxTrialDepth.toFixed(1)} | ${s.searchTimePerStep.toFixed(3)} | ${ref ? `${refText(ref)} (n=${ref.runs})` : '–'} | ${ref ? ref.trialsPerStep.toFixed(1) : '–'} | ${within} | ${trialsOk} |`,
        );
      }
    }
  }
  return lines.length > 2 ? lines.join('\n') : undefined;
}

/** The README's table: DESPOT per problem and T beside the C++ DESPOT, with trials per move. */
export function pomdpSummary(rows: readonly PomdpRow[]): string | undefined {
  const lines = ['| problem | T | groundplan DESPOT (discounted ± SE, n) | C++ DESPOT [95% interval] | trials/move ours vs C++ |', '|---|---|---|---|---|'];
  for (const T of [1, 0.1]) {
    for (const problem of POMDP_PROBLEMS) {
      const g = cellRows(rows, problem, T, 'despot');
      const ref = referenceFor(problem, T);
      if (g.length === 0 || !ref) continue;
      const s = summarizeEpisodes(g);
      lines.push(`| ${PROBLEM_LABEL[problem] ?? problem} | ${T} s | ${s.discounted.mean.toFixed(2)} ± ${s.discounted.se.toFixed(2)} (n=${s.episodes}) | ${refText(ref)} | ${s.trialsPerStep.toFixed(1)} vs ${ref.trialsPerStep.toFixed(1)} |`);
    }
  }
  return lines.length > 2 ? lines.join('\n') : undefined;
}

const seedRange = (rs: readonly PomdpRow[]): string => {
  const seeds = rs.map((r) => r.seed);
  return `${Math.min(...seeds)}–${Math.max(...seeds)}`;
};
const meanSeN = (rs: readonly PomdpRow[]): string => {
  const s = summarizeEpisodes(rs);
  return `${s.discounted.mean.toFixed(2)} ± ${s.discounted.se.toFixed(2)} (n=${s.episodes})`;
};

/**
 * A repeat with other seeds of the (problem, T, DESPOT) cells in `extra`: the
 * main run's seeds, the extra seeds and both pooled (a seed present in both
 * counts once), the pooled mean judged against the reference interval.
 */
export function pomdpExtraSeedsTable(main: readonly PomdpRow[], extra: readonly PomdpRow[]): string | undefined {
  const lines = ['| problem | T (s CPU) | seeds | discounted ± SE | extra seeds | discounted ± SE | pooled | reference [95% CI] | pooled within CI |', '|---|---|---|---|---|---|---|---|---|'];
  const cells = [...new Set(extra.filter((r) => r.solver === 'despot').map((r) => `${r.problem}|${r.timePerMove}`))];
  for (const cell of cells) {
    const [problem = '', t = ''] = cell.split('|');
    const T = Number(t);
    const ref = referenceFor(problem, T);
    const a = cellRows(main, problem, T, 'despot');
    const b = cellRows(extra, problem, T, 'despot');
    if (a.length === 0 || !ref) continue;
    const pooled = cellRows([...a, ...b], problem, T, 'despot');
    lines.push(`| ${problem} | ${T} | ${seedRange(a)} | ${meanSeN(a)} | ${seedRange(b)} | ${meanSeN(b)} | ${meanSeN(pooled)} | ${refText(ref)} | ${withinInterval(summarizeEpisodes(pooled).discounted.mean, ref)} |`);
  }
  return lines.length > 2 ? lines.join('\n') : undefined;
}
