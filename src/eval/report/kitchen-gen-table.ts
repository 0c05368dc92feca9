/**
 * docs/kitchen.md's generator statistics, from the `--json` output of
 * `groundplan kitchen gen --kitchen all --level all --n 100 --seed 1`
 * committed in results/kitchen-gen/tasks.json: per level the range and mean of
 * the targets, objects, hidden target candidates, alternatives, oracle steps
 * (beside the step limit) and oracle cost, and how many tasks needed redraws.
 */
import { GroundplanError } from '../../core/errors.js';
import { parseJsonText } from '../../core/json-text.js';
import { mean } from '../../core/stats.js';
import { mdTable } from './doc-table.js';

interface GeneratedTaskStats {
  level: string;
  targets: number;
  objects: number;
  hiddenTargets: number;
  alternatives: number;
  oracleSteps: number;
  oracleCost: number;
  stepLimit: number;
  attempts: number;
}

const LEVELS = ['easy', 'medium', 'hard'];

/** `lo–hi (mean)`, or the single value when every task has the same. */
function spread(xs: readonly number[]): string {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? String(lo) : `${lo}–${hi} (${mean(xs).toFixed(1)})`;
}

export function kitchenGenTable(text: string): string {
  const tasks = parseJsonText(text, 'kitchen-gen/tasks.json', 'REPORT_ROWS') as GeneratedTaskStats[];
  if (!Array.isArray(tasks) || tasks.some((t) => typeof t.level !== 'string' || typeof t.oracleCost !== 'number')) {
    throw new GroundplanError('REPORT_ROWS', 'kitchen-gen: not the --json output of groundplan kitchen gen');
  }
  const body = LEVELS.flatMap((level) => {
    const ts = tasks.filter((t) => t.level === level);
    if (ts.length === 0) return [];
    const of = (k: keyof Omit<GeneratedTaskStats, 'level'>): number[] => ts.map((t) => t[k]);
    return [[level, spread(of('targets')), spread(of('objects')), spread(of('hiddenTargets')), spread(of('alternatives')), `${spread(of('oracleSteps'))}, limit ${spread(of('stepLimit'))}`, spread(of('oracleCost'))]];
  });
  const redrawn = tasks.filter((t) => t.attempts > 1).length;
  return [
    `${tasks.length.toLocaleString('en-US')} tasks; ${redrawn} needed more than one draw.`,
    '',
    mdTable(['level', 'targets', 'objects', 'target candidates hidden', 'alternatives', 'oracle steps, step limit', 'oracle cost'], body),
  ].join('\n');
}
