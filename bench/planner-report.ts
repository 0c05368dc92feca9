/**
 * The planner bench's Markdown report: a header naming the command, the limit,
 * the configuration and the machine load, then the tables of
 * src/eval/report/planner-tables.ts (the same ones `groundplan report
 * --update-docs` puts in the docs from results/planner/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { adlTable, eaiTable, ipcTable, optimalTable, parseReferences, type PlannerRow, type References } from '../src/eval/report/planner-tables.js';

export type Row = PlannerRow;

const references = (path: string): References => parseReferences(existsSync(path) ? readFileSync(path, 'utf8') : '');
const stamp = (): string => new Date().toISOString().slice(0, 16).replace('T', ' ');
const load = (): string => loadavg().map((x) => x.toFixed(0)).join('/');

export function plannerReport(
  rows: Row[],
  refPath: string,
  meta: { timeout: number; argv: string[]; jobs?: number },
  /** Instances per IPC domain (from INDEX.tsv): domains not fully run are marked partial. */
  listed: Map<string, string[]> = new Map(),
): string {
  const config = [...new Set(rows.map((r) => r.config).filter(Boolean))].join(', ');
  const out = [
    `Generated ${stamp()} UTC by \`npm run bench:planner -- ${meta.argv.join(' ')}\`; limit ${meta.timeout} s CPU, 4 GB; planner config: ${config || '?'}.\n`,
    `Machine: 2 cores shared with other jobs (load average ${load()} at report time), so wall time is several times the CPU time; CPU time is what is compared.\n`,
  ];
  if (rows.some((r) => r.suite === 'ipc')) out.push('### IPC suite\n', ipcTable(rows, references(refPath), listed), '');
  if (rows.some((r) => r.suite === 'eai')) out.push('### EAI BEHAVIOR problems (domain `behavior.pddl`)\n', eaiTable(rows), '');
  if (rows.some((r) => r.suite === 'adl')) out.push('### ADL and derived-predicate domains (`shared/data/ipc-adl`)\n', adlTable(rows), '');
  return `${out.join('\n')}\n`;
}

export function optimalReport(rows: Row[], refPath: string, meta: { timeout: number; argv: string[] }): string {
  const out = [
    `Generated ${stamp()} UTC by \`npm run bench:planner -- ${meta.argv.join(' ')}\`; limit ${meta.timeout} s CPU, 4 GB; A* + LM-cut.\n`,
    `Machine load average ${load()} at report time; CPU time is what is compared.\n`,
    "### Optimal track (instances of the reference's fd-astar-lmcut rows)\n",
    optimalTable(rows, references(refPath)),
    '',
  ];
  return `${out.join('\n')}\n`;
}
