/**
 * The `oracle` reference of GAVEL §V-C: ground-truth object locations and
 * the task's reference subplans, in the order that minimises Eq. 7 with
 * every object localized — the order `runOrdering(task, …, 'oracle')` of
 * the ordering simulation chooses. It is privileged by definition: it needs
 * the task itself in `methodOptions.task`, and makes no LLM call.
 *
 * The episode runner's view searches for an object the robot has not seen
 * before navigating to it. The oracle knows where each object is, so it
 * walks into that room first (which reveals what is in the open there);
 * that costs the in-room approach ½·√area once per such object, and no
 * room search.
 */
import { InputError } from '../../../core/errors.js';
import { runOrdering, type HouseholdTask, type RoomTypeModel } from '../../../envs/household/index.js';
import { sceneFromJson } from '../../../scenegraph/index.js';
import type { HouseholdMethod, HouseholdMethodContext } from '../method.js';
import { abandonTask } from '../execute.js';
import { taskRecords } from '../../../episode/index.js';

/** The oracle never consults beliefs: every uncertain object is localized at its true room. */
const NO_PRIOR: RoomTypeModel = { types: [], scores: () => ({}) };

function isTask(x: unknown): x is HouseholdTask {
  return typeof x === 'object' && x !== null && Array.isArray((x as HouseholdTask).subplans) && typeof (x as HouseholdTask).scene === 'object';
}

/** The oracle's errand order for a task (true rooms known, Eq. 7 minimised, interference-checked). */
export function oracleOrder(task: HouseholdTask): number[] {
  return runOrdering(task, NO_PRIOR, 'oracle').order;
}

async function runOracle(ctx: HouseholdMethodContext, options: Record<string, unknown>): Promise<void> {
  const task = options.task;
  if (!isTask(task)) throw new InputError('HOUSEHOLD_ORACLE', "the oracle needs the task itself: methodOptions.task (a HouseholdTask)");
  const truth = sceneFromJson(task.scene, task.id).initialState();
  const uncertain = new Set(task.uncertain);
  const seen = new Set<string>();
  const order = oracleOrder(task);
  const records = taskRecords(task.goals.map((goal, i) => ({ text: task.errands?.[i] ?? task.instruction, goal })));
  ctx.stats.tasks = records;
  ctx.event({ kind: 'order', message: `oracle order: ${order.map((x) => x + 1).join(' → ')}`, data: { order } });
  for (const i of order) {
    ctx.event({ kind: 'task', message: `task ${i + 1}`, data: { task: i } });
    ctx.env.setPlan(task.subplans[i], []);
    const r = records[i];
    r.outcome = 'completed';
    for (const step of task.subplans[i]) {
      const x = step.args[0];
      if (step.action === 'NavigateTo' && uncertain.has(x) && !seen.has(x)) {
        const room = truth.roomOf(x);
        if (room !== undefined) ctx.env.execute({ action: 'NavigateTo', args: [room] });
      }
      for (const a of step.args) seen.add(a);
      const fb = ctx.env.execute(step);
      r.executed.push(fb.step);
      if (!fb.ok) {
        ctx.warn(`oracle: ${fb.step} failed: ${fb.failure?.code}`);
        Object.assign(r, { outcome: 'step-failed', code: fb.failure?.code ?? 'UNKNOWN' });
        abandonTask(ctx, i, r.executed);
        break;
      }
    }
  }
}

export const oracleMethod: HouseholdMethod = {
  name: 'oracle',
  description: 'oracle: true object locations and the reference subplans in the Eq. 7-optimal order (needs methodOptions.task; no LLM)',
  run: (ctx, options) => runOracle(ctx, options),
};

