/**
 * The EPoG-style baseline of GAVEL §V-C: the LLM is used only for task
 * understanding (decomposition and goal extraction, shared with every
 * method); each task's plan is derived from the graph edits between the
 * believed graph G_t and the goal graph (`graphEditPlan`), the tasks are
 * ordered once by expected travel over the believed graph (predicted
 * objects at their most likely room, as in EPoG's belief graph), and when a
 * step fails in the world the rest of the task is derived again from the
 * updated G_t — graph-based situated replanning, never a repair rule and
 * never an LLM call; after EPOG_MAX_REPLANS the task is abandoned and the
 * next one runs. Goals that need a semantic state (cooked, washed,
 * dried) have no graph edit, so those tasks cannot succeed.
 */
import { formatLiteral } from '../../../scenegraph/index.js';
import { abandonTask, orderTasks, type ExecuteOptions } from '../execute.js';
import { taskRecords } from '../../../episode/index.js';
import type { HouseholdMethod, HouseholdMethodContext } from '../method.js';
import { understand } from '../understand.js';
import { graphEditPlan } from './graph-edit.js';

/** Re-derivations of one task's plan after a failed step before giving up. */
export const EPOG_MAX_REPLANS = 3;

async function runEpog(ctx: HouseholdMethodContext): Promise<void> {
  const env = ctx.env;
  const G0 = env.believed();
  const u = await understand(ctx.llm, env.instruction, G0, env.uncertain, ctx.signal);
  // the extracted objects of unknown room get the room-type prior (O^qry)
  env.query(u.tasks.flatMap((t) => t.objects));
  const records = taskRecords(u.tasks);
  ctx.stats.tasks = records;
  for (const w of u.warnings) ctx.warn(w);
  ctx.event({ kind: 'decompose', message: `${u.tasks.length} task(s): ${u.tasks.map((t, i) => `${i + 1}. ${t.text}`).join('  ')}`, data: { tasks: u.tasks.map((t) => t.text) } });
  const G1 = env.believed();
  const plans = u.tasks.map((t) => graphEditPlan(G1, t.goal, G1.initialState()));
  plans.forEach((p, i) => {
    if (p.unreachable.length > 0) ctx.warn(`task ${i + 1}: no graph edit achieves ${p.unreachable.map(formatLiteral).join('; ')}`);
  });
  const o: ExecuteOptions = {
    instruction: env.instruction,
    tasks: u.tasks,
    plans: plans.map((p) => ({ raw: p.plan, plan: p.plan, edits: [], round: 1 })),
    policy: { verify: false, repair: false, complaints: 'none', order: 'map' },
    budget: { left: 0, used: 1 },
    onRound: () => undefined,
  };
  const { order, cost } = orderTasks(ctx, o, u.tasks.map((_, i) => i), true);
  ctx.event({ kind: 'order', message: `order by travel: ${order.map((x) => x + 1).join(' → ')}  J = ${cost.toFixed(1)} m`, data: { order, cost } });
  for (const i of order) {
    ctx.event({ kind: 'task', message: `task ${i + 1}: ${u.tasks[i].text}`, data: { task: i } });
    let replans = 0;
    const r = records[i];
    // derive from the current G_t (earlier tasks and observations changed it)
    let plan = graphEditPlan(env.believed(), u.tasks[i].goal).plan;
    env.setPlan(plan, []);
    r.outcome = 'completed';
    for (let k = 0; k < plan.length; ) {
      const fb = env.execute(plan[k]);
      r.executed.push(fb.step);
      if (fb.ok) {
        k++;
        continue;
      }
      ctx.event({ kind: 'replan', message: `task ${i + 1}: ${fb.step} failed in the world: ${fb.failure?.code}; deriving the edits again from G_t`, data: { step: fb.step, code: fb.failure?.code ?? null } });
      if (replans++ >= EPOG_MAX_REPLANS) {
        Object.assign(r, { outcome: 'step-failed', code: fb.failure?.code ?? 'UNKNOWN' });
        abandonTask(ctx, i, r.executed);
        break;
      }
      plan = graphEditPlan(env.believed(), u.tasks[i].goal).plan;
      env.setPlan(plan, []);
      k = 0;
    }
  }
}

export const epogMethod: HouseholdMethod = {
  name: 'epog',
  description: 'EPoG-style: plans from graph edits between the believed and goal graphs (LLM for goal extraction only), ordered by travel; no semantic states',
  run: (ctx) => runEpog(ctx),
};

