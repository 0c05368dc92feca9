/**
 * Reader for a recorded run of the GAVEL paper's pipeline on its benchmark
 * (`exp1-*.json`: `{model, complete, rows}`), kept to the fields a replay
 * needs: per row the task id, the LLM's `first_plan` and `final_plan`, the
 * predicted goal, and the paper's verdicts (`plain` on the first plan,
 * `checked` on the final one, the executor's `sim_first.ok` and
 * `simulated.ok`). Problems are located by row, task id and field.
 */
import { IssueList, IssuesError } from '../../../core/issues.js';
import { readJsonFile } from '../../../core/json-text.js';
import type { Goal, PaperStatus, PaperStep } from '../../../scenegraph/index.js';
import { readPaperGoal, readPaperPlan } from './format.js';

export const PAPER_STATUSES: readonly PaperStatus[] = ['ok', 'planning', 'goal', 'safety'];

export interface RecordedSim {
  ok: boolean;
  why: string;
}

export interface RecordedRow {
  id: string;
  plain: PaperStatus;
  plainWhy: string;
  checked: PaperStatus;
  checkedWhy: string;
  simFirst: RecordedSim;
  simulated: RecordedSim;
  /** The goal the pipeline predicted (null when it predicted none). */
  predictedGoal: Goal | null;
  firstPlan: PaperStep[];
  finalPlan: PaperStep[];
  attempts: number | null;
  mended: string[];
}

export interface Recording {
  model: string;
  complete: boolean;
  rows: RecordedRow[];
}

function readRow(issues: IssueList, i: number, raw: unknown): RecordedRow | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    issues.add(['rows', i], 'expected a row object');
    return undefined;
  }
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'string' && r.id !== '' ? r.id : undefined;
  const at = (...p: PropertyKey[]): PropertyKey[] => ['rows', i, ...(id ? [`(${id})`] : []), ...p];
  const before = issues.size;
  if (!id) issues.add(at('id'), 'expected a non-empty task id');
  const status = (k: string): PaperStatus => {
    const v = r[k];
    if (typeof v === 'string' && (PAPER_STATUSES as readonly string[]).includes(v)) return v as PaperStatus;
    issues.add(at(k), `expected one of ${PAPER_STATUSES.join(', ')}, got ${JSON.stringify(v)}`);
    return 'planning';
  };
  const why = (k: string): string => (typeof r[k] === 'string' ? r[k] : '');
  const sim = (k: string): RecordedSim => {
    const v = r[k] as Record<string, unknown> | null | undefined;
    if (typeof v !== 'object' || v === null || typeof v.ok !== 'boolean') {
      issues.add(at(k, 'ok'), 'expected the executor verdict {ok: true|false, ...}');
      return { ok: false, why: '' };
    }
    return { ok: v.ok, why: typeof v.why === 'string' ? v.why : '' };
  };
  const plan = (k: string): PaperStep[] => (r[k] === null ? [] : readPaperPlan(issues, at(k), r[k]));
  const row: RecordedRow = {
    id: id ?? '',
    plain: status('plain'),
    plainWhy: why('plain_why'),
    checked: status('checked'),
    checkedWhy: why('checked_why'),
    simFirst: sim('sim_first'),
    simulated: sim('simulated'),
    predictedGoal: r.predicted_goal === null || r.predicted_goal === undefined ? null : readPaperGoal(issues, at('predicted_goal'), r.predicted_goal),
    firstPlan: plan('first_plan'),
    finalPlan: plan('final_plan'),
    attempts: typeof r.attempts === 'number' ? r.attempts : null,
    mended: Array.isArray(r.mended) ? r.mended.filter((m): m is string => typeof m === 'string') : [],
  };
  return issues.size > before ? undefined : row;
}

export function recordingFromJson(raw: unknown, file = 'recording.json'): Recording {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new IssuesError('RECORDING', file, [{ path: [], message: 'expected {model, complete, rows: [...]}' }]);
  const r = raw as Record<string, unknown>;
  const issues = new IssueList();
  if (typeof r.model !== 'string') issues.add(['model'], 'expected the model name');
  const rows: RecordedRow[] = [];
  if (!Array.isArray(r.rows)) issues.add(['rows'], 'expected an array of rows');
  else {
    const seen = new Set<string>();
    r.rows.forEach((x, i) => {
      const row = readRow(issues, i, x);
      if (!row) return;
      if (seen.has(row.id)) issues.add(['rows', i, `(${row.id})`, 'id'], 'duplicate task id');
      seen.add(row.id);
      rows.push(row);
    });
  }
  issues.throwIfAny('RECORDING', file);
  return { model: r.model as string, complete: r.complete === true, rows };
}

export function readRecording(path: string): Recording {
  return recordingFromJson(readJsonFile(path, 'RECORDING'), path);
}
