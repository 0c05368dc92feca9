/**
 * Replaying a recorded run of the GAVEL paper's pipeline through our graph
 * machine (the paper's action semantics, `paper-machine.ts`) — no LLM is
 * called: per row our verdict on the raw `first_plan`, on that plan after our
 * model-derived repair (gavel-basic: one proposal, graph repair only, against
 * the predicted goal), and on the recorded `final_plan`, each judged against
 * the task's true goal; then agreement with the recorded verdicts (`plain`
 * and `sim_first.ok` on the first plan, `checked` and `simulated.ok` on the
 * final plan), every disagreement kept with its step and reason.
 */
import { InputError } from '../../../core/errors.js';
import { explainPaperVerdict, formatPaperStep, repairPaperPlan, runPaperPlan, type PaperStatus, type PaperVerdict, type Scene } from '../../../scenegraph/index.js';
import type { BehaviorData } from '../data.js';
import type { Recording } from './recording.js';
import { paperTaskScene } from './scene.js';
import type { PaperTask } from './tasks.js';

export interface ReplayVerdict {
  status: PaperStatus;
  /** 1-based failing step, when inapplicable. */
  step: number | null;
  reason: string;
  steps: number;
  distance: number;
}

export interface ReplayRow {
  id: string;
  first: ReplayVerdict;
  repaired: ReplayVerdict & { edits: string[] };
  final: ReplayVerdict;
  /** The recorded verdicts (their recorded reasons stay in the recording). */
  recorded: { plain: PaperStatus; checked: PaperStatus; simFirst: boolean; simulated: boolean };
}

export const AGREEMENT_COLUMNS = ['plain', 'sim_first', 'checked', 'simulated'] as const;
export type AgreementColumn = (typeof AGREEMENT_COLUMNS)[number];

export interface Disagreement {
  column: AgreementColumn;
  id: string;
  ours: string;
  /** The recorded verdict: a status, or `ok=true|false` for the executor columns. */
  recorded: string;
  /** The recording's own reason (shown, not written to --json). */
  recordedWhy: string;
}

export interface ReplayResult {
  model: string;
  rows: ReplayRow[];
  /** Rows whose verdict agrees, per recorded column. */
  agree: Record<AgreementColumn, number>;
  disagreements: Disagreement[];
}

function summarise(v: PaperVerdict, steps: number): ReplayVerdict {
  return { status: v.status, step: v.fault ? v.fault.step + 1 : null, reason: explainPaperVerdict(v), steps, distance: Math.round(v.distance * 100) / 100 };
}

/** Replays one task's recorded plans. */
export function replayRow(scene: Scene, task: PaperTask, row: Recording['rows'][number]): ReplayRow {
  const first = runPaperPlan(scene, row.firstPlan, task.goal);
  const rep = repairPaperPlan(scene, row.firstPlan, row.predictedGoal ?? task.goal);
  const repaired = runPaperPlan(scene, rep.plan, task.goal);
  const final = runPaperPlan(scene, row.finalPlan, task.goal);
  return {
    id: row.id,
    first: summarise(first, row.firstPlan.length),
    repaired: { ...summarise(repaired, rep.plan.length), edits: rep.edits.map((e) => `${e.rule}@${e.step + 1}: ${e.removed.length ? `-${e.removed.map(formatPaperStep).join(' ')}` : ''}${e.inserted.length ? `+${e.inserted.map(formatPaperStep).join(' ')}` : ''}`) },
    final: summarise(final, row.finalPlan.length),
    recorded: { plain: row.plain, checked: row.checked, simFirst: row.simFirst.ok, simulated: row.simulated.ok },
  };
}

/** Replays every row of a recording against the benchmark's tasks (scenes built once per task). */
export function replayRecording(data: BehaviorData, tasks: readonly PaperTask[], rec: Recording, tasksFile = 'tasks.json'): ReplayResult {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const missing = rec.rows.filter((r) => !byId.has(r.id)).map((r) => r.id);
  if (missing.length > 0) throw new InputError('RECORDING', `rows name task ids not in ${tasksFile}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`);
  const rows: ReplayRow[] = [];
  const agree: Record<AgreementColumn, number> = { plain: 0, sim_first: 0, checked: 0, simulated: 0 };
  const disagreements: Disagreement[] = [];
  for (const row of rec.rows) {
    const task = byId.get(row.id) as PaperTask;
    const r = replayRow(paperTaskScene(data, task, tasksFile), task, row);
    rows.push(r);
    const checks: [AgreementColumn, boolean, ReplayVerdict, string, string][] = [
      ['plain', r.first.status === row.plain, r.first, row.plain, row.plainWhy],
      ['sim_first', (r.first.status === 'ok') === row.simFirst.ok, r.first, `ok=${row.simFirst.ok}`, row.simFirst.why],
      ['checked', r.final.status === row.checked, r.final, row.checked, row.checkedWhy],
      ['simulated', (r.final.status === 'ok') === row.simulated.ok, r.final, `ok=${row.simulated.ok}`, row.simulated.why],
    ];
    for (const [column, ok, ours, recorded, recordedWhy] of checks) {
      if (ok) agree[column]++;
      else disagreements.push({ column, id: row.id, ours: ours.reason, recorded, recordedWhy });
    }
  }
  return { model: rec.model, rows, agree, disagreements };
}
