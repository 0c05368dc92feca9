/**
 * The GAVEL household tables of README.md and docs/gavel.md
 * (results/household, results/household-paper): Table I and Table II in the seed's shape beside the
 * seed's figures, the distances on the matched set, failed errands by cause.
 */
import { formatStat, stat } from '../summary.js';
import type { ResultRow } from '../types.js';
import { episodes, mdTable as table, meanOf, ofMethod, successes, suiteRows, type DocTable } from './doc-table.js';
import { seedValue } from './seed-figures.js';

/** The methods of the multi-task tables (Table II's rows), in the seed's order. */
const MULTI_METHODS = ['llm-only', 'sayplan', 'epog', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];

/** GAVEL's plan calls in an episode. */
const planCalls = (r: ResultRow): number => r.llm.byKind?.['gavel.plan']?.calls ?? 0;

/** A table over the multi-task suite's rows (results/household); none when the suite has no rows. */
function multiTable(id: string, render: (rows: readonly ResultRow[]) => string | undefined): DocTable {
  return {
    id,
    sources: ['household'],
    render([all]) {
      const rows = suiteRows(all, 'household:multi');
      return rows.length === 0 ? undefined : render(rows);
    },
  };
}

/** Table I's shape (success, plan calls, the seed's Qwen3-8B column) on a single-task suite; `paper` adds the stand-in and the distance. */
function tableI(id: string, source: string, suite: string, paper: boolean): DocTable {
  return {
    id,
    sources: [source],
    render([all]) {
      const rows = suiteRows(all, suite);
      if (rows.length === 0) return undefined;
      const methods = ['llm-only', 'sayplan', 'gavel-basic', 'gavel'];
      const body = methods.map((m) => {
        const rs = ofMethod(rows, m);
        const cells = [m, formatStat(stat(successes(rs)), 1, 100), meanOf(rs.map(planCalls), 2)];
        if (paper) cells.push(meanOf(rs.map((r) => Number(r.metrics.distance ?? 0)), 1));
        return [...cells, seedValue(`gavel.table1.qwen3-8b.${m}.success`).toFixed(1)];
      });
      if (!paper) return table([`Table I shape (single tasks, n = ${episodes(rows)})`, 'success %', 'plan calls', 'seed (Qwen3-8B) success %'], body);
      return [
        `${rows[0].modelDescription ?? 'synthetic LLM'}; ${episodes(rows)} episodes (tasks × seeds). Distances are room-graph distances over our synthetic floor plans, not the paper's metres.`,
        '',
        table([`Table I shape on the paper's tasks (n = ${episodes(rows)})`, 'success %', 'plan calls', 'distance (room graph)', 'paper (Qwen3-8B) success %'], body),
      ].join('\n');
    },
  };
}

const householdSingle = tableI('household-single', 'household', 'household:single', false);
const householdPaper = tableI('household-paper', 'household-paper', 'household:paper', true);

const householdMulti = multiTable('household-multi', (rows) => {
  const body = MULTI_METHODS.map((m) => {
    const rs = ofMethod(rows, m);
    const perErrand = rs.map((r) => r.metrics.errandSuccess ?? (r.success ? 1 : 0));
    return [m, formatStat(stat(successes(rs)), 1, 100), formatStat(stat(perErrand), 1, 100), meanOf(rs.map((r) => r.metrics.distance ?? 0), 1), seedValue(`gavel.table2.${m}.success`).toFixed(1)];
  });
  return table([`Table II shape (multi-task, n = ${episodes(rows)})`, 'success %', 'per-errand success %', 'distance m', 'seed success %'], body);
});

/**
 * Table II's distances in detail: all episodes, the matched set (the
 * episodes — task and seed — that sayplan, the three gavel variants and the
 * oracle all completed, as the seed compares distance on matched sets), the
 * paired difference to gavel-map on that set, room searches and plan calls,
 * beside the seed's distance.
 */
const householdDistances = multiTable('household-distances', (rows) => {
  const matchedBy = ['sayplan', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
  const ep = (r: ResultRow): string => `${r.spec.task}|${r.spec.seed}`;
  const completed = matchedBy.map((m) => new Set(ofMethod(rows, m).filter((r) => r.success).map(ep)));
  const matched = new Set([...completed[0]].filter((k) => completed.every((c) => c.has(k))));
  const dist = (r: ResultRow): number => r.metrics.distance ?? 0;
  const mapDist = new Map(ofMethod(rows, 'gavel-map').filter((r) => matched.has(ep(r))).map((r) => [ep(r), dist(r)]));
  const body = MULTI_METHODS.map((m) => {
    const rs = ofMethod(rows, m);
    const inMatched = matchedBy.includes(m) ? rs.filter((r) => matched.has(ep(r))) : [];
    const paired = m === 'gavel-map' ? '0' : inMatched.length > 0 ? formatStat(stat(inMatched.map((r) => dist(r) - (mapDist.get(ep(r)) ?? 0))), 2) : '-';
    return [
      m,
      formatStat(stat(rs.map(dist)), 2),
      inMatched.length > 0 ? formatStat(stat(inMatched.map(dist)), 2) : '-',
      paired,
      meanOf(rs.map((r) => r.metrics.searches ?? 0), 1),
      meanOf(rs.map(planCalls), 1),
      seedValue(`gavel.table2.${m}.distance`).toFixed(2),
    ];
  });
  return [
    `Matched: the ${matched.size} of ${episodes(rows)} episodes that ${matchedBy.join(', ')} all completed; "vs gavel-map" is the paired difference on that set (m, mean ± SE).`,
    '',
    table(['method', 'distance m (all)', 'distance m (matched)', 'vs gavel-map (paired)', 'searches', 'plan calls', 'seed distance m'], body),
  ].join('\n');
});

/** Failed errands by cause (the seed's Fig. 3 kind), per multi-task method: counts over all episodes. */
const householdFailures = multiTable('household-failures', (rows) => {
  const methods = [...new Set(rows.map((r) => r.spec.method))].sort();
  const count = (rs: readonly ResultRow[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const r of rs) for (const c of r.failures ?? []) m.set(c, (m.get(c) ?? 0) + 1);
    return m;
  };
  const causes = [...count(rows).keys()].sort();
  if (causes.length === 0) return undefined;
  const body = methods.map((m) => {
    const rs = ofMethod(rows, m);
    const c = count(rs);
    const errands = rs.reduce((a, r) => a + (r.metrics.errands ?? 0), 0);
    return [m, String(errands), ...causes.map((k) => String(c.get(k) ?? 0))];
  });
  return table(['failed errands by cause (multi-task)', 'errands', ...causes], body);
});

/** The household doc tables, in docs order. */
export const householdDocTables: readonly DocTable[] = [householdSingle, householdPaper, householdMulti, householdDistances, householdFailures];
