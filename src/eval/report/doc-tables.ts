/**
 * The tables of README.md and docs/*.md that are computed from committed
 * result rows (`results/`, see results/README.md). Each has an id — the
 * marker `<!-- report:ID -->` … `<!-- /report -->` in the docs — the result
 * stores and files it reads (relative to the results folder) and a renderer
 * from them to Markdown (`DocTable`, doc-table.ts). Numbers of the seed papers
 * come from data/seed-figures.json.
 */
import { formatStat, stat } from '../summary.js';
import type { ResultRow } from '../types.js';
import { budget, mdTable as table, ofMethod, successes, suiteRows, type DocTable } from './doc-table.js';
import { householdDocTables } from './household-doc-tables.js';
import { gavelReplayTables } from './gavel-replay-tables.js';
import { orderingTable, repairTable, rsnTable } from './household-bench-tables.js';
import { kitchenDocTables } from './kitchen-doc-tables.js';
import { kitchenGenTable } from './kitchen-gen-table.js';
import { annotationTables, llmdmSummary, ownModelTable, parseLlmdmRows, replayTables, syntheticTables, type LlmdmRow } from './llmdm-tables.js';
import { adlTable, eaiTable, ipcSummary, ipcTable, optimalTable, parsePlannerRows, parseReferences } from './planner-tables.js';
import { parsePomdpRows, pomdpExtraSeedsTable, pomdpSummary, pomdpTable } from './pomdp-tables.js';

export type { DocTable } from './doc-table.js';

/** A classical planner table from a planner row file and the reference runs (results/planner/). */
function plannerTable(id: string, file: string, render: (rows: ReturnType<typeof parsePlannerRows>, refs: ReturnType<typeof parseReferences>) => string): DocTable {
  return {
    id,
    sources: [],
    files: [`planner/${file}`, 'planner/reference.tsv'],
    render(_stores, [rows, refs]) {
      const parsed = parsePlannerRows(rows);
      return parsed.length === 0 ? undefined : render(parsed, parseReferences(refs));
    },
  };
}

const plannerTables: DocTable[] = [
  plannerTable('planner-ipc-summary', 'ipc.jsonl', ipcSummary),
  plannerTable('planner-ipc', 'ipc.jsonl', (rows, refs) => ipcTable(rows, refs)),
  plannerTable('planner-astar-lmcut', 'astar-lmcut.jsonl', optimalTable),
  plannerTable('planner-eai', 'eai.jsonl', eaiTable),
  plannerTable('planner-adl', 'adl.jsonl', adlTable),
];

/** An LLM-DM table from the bench's rows (results/llmdm/rows.jsonl). */
function llmdmTable(id: string, render: (rows: LlmdmRow[]) => string | undefined): DocTable {
  return { id, sources: [], files: ['llmdm/rows.jsonl'], render: (_stores, [rows]) => render(parseLlmdmRows(rows)) };
}

const llmdmTables: DocTable[] = [
  llmdmTable('llmdm-summary', llmdmSummary),
  llmdmTable('llmdm-annotations', annotationTables),
  llmdmTable('llmdm-own-model', ownModelTable),
  llmdmTable('llmdm-replay', replayTables),
  llmdmTable('llmdm-synthetic', syntheticTables),
];

const pomdpTables: DocTable[] = [
  { id: 'pomdp-summary', sources: [], files: ['pomdp/rows.jsonl'], render: (_stores, [rows]) => pomdpSummary(parsePomdpRows(rows)) },
  { id: 'pomdp', sources: [], files: ['pomdp/rows.jsonl'], render: (_stores, [rows]) => pomdpTable(parsePomdpRows(rows)) },
  { id: 'pomdp-extra', sources: [], files: ['pomdp/rows.jsonl', 'pomdp/extra-seeds.jsonl'], render: (_stores, [rows, extra]) => pomdpExtraSeedsTable(parsePomdpRows(rows), parsePomdpRows(extra)) },
];

/**
 * docs/eval.md's POMDP example (`groundplan bench pomdp:tiger`): per solver and
 * its trial budget, success %, undiscounted reward and planning seconds per episode.
 */
export function evalTigerTable(all: readonly ResultRow[]): string | undefined {
  const rows = suiteRows(all, 'pomdp:tiger');
  if (rows.length === 0) return undefined;
  const unit = (method: string): string => (method === 'pomcp' ? 'simulations' : 'trials');
  const body = [...new Set(rows.map((r) => r.spec.method))].sort().map((method) => {
    const rs = ofMethod(rows, method);
    return [
      `${method} (${budget(rs)} ${unit(method)}/step)`,
      String(rs.length),
      formatStat(stat(successes(rs)), 0, 100),
      formatStat(stat(rs.map((r) => r.reward)), 1),
      formatStat(stat(rs.map((r) => r.planningSeconds)), 2),
    ];
  });
  return table(['method', 'n', 'success %', 'reward (undiscounted, 20 steps)', 'planning s / episode'], body);
}

const evalTiger: DocTable = { id: 'eval-tiger', sources: ['eval-tiger'], render: ([all]) => evalTigerTable(all) };

/** The world-model benchmarks without an LLM (docs/gavel.md), from the commands' --json output. */
const householdBenchTables: DocTable[] = [
  { id: 'household-rsn', sources: [], files: ['household-bench/rsn.json'], render: (_stores, [text]) => rsnTable(text) },
  { id: 'household-repair', sources: [], files: ['household-bench/repair.json'], render: (_stores, [text]) => repairTable(text) },
  { id: 'household-ordering', sources: [], files: ['household-bench/ordering.json'], render: (_stores, [text]) => orderingTable(text) },
];

const kitchenGen: DocTable = { id: 'kitchen-gen', sources: [], files: ['kitchen-gen/tasks.json'], render: (_stores, [text]) => kitchenGenTable(text) };

/** Every report-generated doc table, by marker id. */
export const DOC_TABLES: readonly DocTable[] = [...kitchenDocTables, kitchenGen, ...householdDocTables, ...householdBenchTables, ...gavelReplayTables, evalTiger, ...plannerTables, ...llmdmTables, ...pomdpTables];

export function docTable(id: string): DocTable | undefined {
  return DOC_TABLES.find((t) => t.id === id);
}
