/**
 * Belief-aware multi-task execution (GAVEL Algorithm 1 lines 21–33, §IV-G):
 * build (h, A) from the expected search cost under the current beliefs,
 * take the cheapest ordering whose concatenated plans verify against the
 * union of the goals, execute its first task, let the observations update
 * the beliefs, and reorder the rest. Variants fix the order at the start
 * (full beliefs: `static`; beliefs collapsed to the most likely room: `map`)
 * or keep the listed order (`listed`, the baselines).
 *
 * What the graph learns during execution is used too: at each task boundary
 * the task's plan is re-verified on the current believed graph G_t, and a
 * step that fails in the true world (an object found inside a closed
 * container, say) is handled by model repair of the rest of the plan, then,
 * if the variant sends complaints and budget is left, by an LLM replan of
 * that task from the current state. A task that cannot be recovered is
 * abandoned (the object in the hand, if any, is put down) and execution goes
 * on with the remaining tasks, so every errand is attempted (the seed's
 * per-errand success). Each task's record in `ctx.stats.tasks` says how its
 * execution ended.
 */
import {
  chooseOrder,
  compareRank,
  costMatrices,
  formatStep,
  orderIsValid,
  repairPlan,
  verifyPlan,
  type PlanStep,
  type RepairEdit,
  type Scene,
} from '../../scenegraph/index.js';
import { stopIds, stopsFor } from '../../envs/household/index.js';
import type { HouseholdMethodContext } from './method.js';
import { planTasks, type PlanBudget, type PlanPolicy, type RoundReport, type TaskPlan } from './plan-round.js';
import type { TaskSpec } from './understand.js';

export type OrderPolicy = 'reorder' | 'static' | 'map' | 'listed';

export interface LoopPolicy extends PlanPolicy {
  order: OrderPolicy;
}

/** Most runtime recoveries (repair or replan) per task before the method gives up. */
export const MAX_RECOVERIES = 3;

export interface ExecuteOptions {
  instruction: string;
  tasks: readonly TaskSpec[];
  plans: TaskPlan[];
  policy: LoopPolicy;
  /** LLM budget for replanning during execution (the runtime replans; separate from the planning rounds). */
  budget: PlanBudget;
  onRound: (r: RoundReport) => void;
}

/** Cheapest valid ordering of `remaining` under the current beliefs (Eq. 7). */
export function orderTasks(ctx: HouseholdMethodContext, o: ExecuteOptions, remaining: readonly number[], collapse: boolean): { order: number[]; cost: number; rejected: number } {
  const env = ctx.env;
  const G = env.believed();
  const B = env.beliefs();
  const known = (id: string): boolean => G.isRoom(id) || G.isObject(id);
  const stops = remaining.map((i) => stopsFor(G, stopIds(o.plans[i].plan).filter(known), B, collapse));
  const { h, A } = costMatrices(env.costModel, env.robotRoom(), stops);
  const valid = o.policy.verify
    ? (ord: number[]) =>
        orderIsValid(
          (p, g) => verifyPlan(G, p, g),
          remaining.map((i) => o.plans[i].plan),
          remaining.map((i) => o.tasks[i].goal),
          ord,
        )
    : () => true;
  const r = chooseOrder(h, A, valid);
  return { order: r.order.map((k) => remaining[k]), cost: r.cost, rejected: r.rejected };
}

const shift = (edits: readonly RepairEdit[], by: number): RepairEdit[] => edits.map((e) => ({ ...e, stepIndex: e.stepIndex + by }));

/** Repairs (model-derived) and, failing that, replans (LLM) the rest of task `i` from the current state. */
async function recover(ctx: HouseholdMethodContext, o: ExecuteOptions, i: number, rest: PlanStep[], allowLlm: boolean, failure?: string): Promise<{ plan: PlanStep[]; edits: RepairEdit[]; valid: boolean } | undefined> {
  const G: Scene = ctx.env.believed();
  const goal = o.tasks[i].goal;
  let best: { plan: PlanStep[]; edits: RepairEdit[]; valid: boolean } | undefined;
  if (o.policy.repair) {
    const r = repairPlan(G, rest, goal);
    ctx.stats.repairs += r.edits.length;
    if (r.verdict.applicable) best = { plan: r.plan, edits: r.edits, valid: r.verdict.valid };
    if (r.edits.length > 0) ctx.event({ kind: 'replan', message: `task ${i + 1}: repaired the rest of the plan on G_t (${r.edits.map((e) => e.rule).join(', ')}): ${r.verdict.valid ? 'valid' : r.verdict.applicable ? 'applicable, goal or safety open' : 'still inapplicable'}` });
    if (best?.valid) return best;
  } else if (o.policy.verify) {
    const v = verifyPlan(G, rest, goal);
    if (v.valid) return { plan: rest, edits: [], valid: true };
  }
  if (allowLlm && o.policy.complaints !== 'none' && o.budget.left > 0) {
    ctx.event({ kind: 'replan', message: `task ${i + 1}: asking the LLM to replan it from the current state` });
    const [tp] = await planTasks({
      llm: ctx.llm,
      instruction: o.instruction,
      tasks: [o.tasks[i]],
      scene: G,
      beliefs: ctx.env.openBeliefs(),
      policy: o.policy,
      budget: o.budget,
      timeLeftMs: ctx.timeLeftMs,
      ...(ctx.meter ? { meter: ctx.meter } : {}),
      ...(failure ? { feedback: [{ task: 0, plan: rest.map(formatStep), problems: [failure] }] } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      onRound: (r) => o.onRound({ ...r, tasks: r.tasks.map((t) => ({ ...t, task: i })), feedback: r.feedback.map((f) => ({ ...f, task: i })) }),
    });
    ctx.stats.feedbackRounds = Math.max(0, o.budget.used - 1);
    ctx.stats.repairs += tp.edits.length;
    if (tp.verdict === undefined || tp.verdict.applicable) {
      const cand = { plan: tp.plan, edits: tp.edits, valid: tp.verdict?.valid ?? false };
      if (!best || cand.valid) best = cand;
    }
  }
  return best;
}

/** How executing one task ended: done, or the failure code of the step it could not recover from. */
type TaskEnd = { ok: true } | { ok: false; code: string };

/** Executes task `i`, appending each executed step to `executed`. */
async function runTask(ctx: HouseholdMethodContext, o: ExecuteOptions, i: number, executed: string[]): Promise<TaskEnd> {
  const env = ctx.env;
  let plan = o.plans[i].plan;
  let edits = o.plans[i].edits;
  // The LLM is asked again only when new observations broke a plan the graph had accepted,
  // not to extend the budget of a plan that never verified.
  let trusted = o.plans[i].verdict?.valid === true;
  // Task boundary: re-verify on G_t (observations may have changed what the plan needs).
  if (o.policy.verify) {
    const v = verifyPlan(env.believed(), plan, o.tasks[i].goal);
    if (!v.valid) {
      ctx.event({ kind: 'replan', message: `task ${i + 1}: its plan ${trusted ? 'no longer verifies' : 'does not verify'} on G_t (${v.failure ? `${v.failure.code} at ${formatStep(v.failure.step)}` : 'goal or safety'})` });
      const r = await recover(ctx, o, i, plan, trusted);
      if (r) {
        const cand = verifyPlan(env.believed(), r.plan, o.tasks[i].goal);
        if (compareRank(cand, v) > 0) [plan, edits, trusted] = [r.plan, r.edits, cand.valid];
      }
    }
  }
  env.setPlan(plan, edits);
  let k = 0;
  let recoveries = 0;
  while (k < plan.length) {
    const fb = env.execute(plan[k]);
    executed.push(fb.step);
    if (fb.ok) {
      k++;
      continue;
    }
    const failed: TaskEnd = { ok: false, code: fb.failure?.code ?? 'UNKNOWN' };
    ctx.event({ kind: 'replan', message: `task ${i + 1}: ${fb.step} failed in the world: ${fb.failure?.code}: ${fb.failure?.message}`, data: { step: fb.step, code: fb.failure?.code ?? null } });
    if (!o.policy.verify && !o.policy.repair) return failed;
    if (recoveries++ >= MAX_RECOVERIES) return failed;
    const r = await recover(ctx, o, i, plan.slice(k), trusted, `executing ${fb.step} failed: ${fb.failure?.code}: ${fb.failure?.message}`);
    if (!r) return failed;
    trusted = r.valid;
    plan = [...plan.slice(0, k), ...r.plan];
    edits = [...edits, ...shift(r.edits, k)];
    env.setPlan(plan, edits);
  }
  return { ok: true };
}

/**
 * Gives up task `i` after its failure: the object in the hand, if any, is put
 * down where the robot is, so the next task starts with a free hand.
 */
export function abandonTask(ctx: HouseholdMethodContext, i: number, executed: string[]): void {
  const held = ctx.env.believed().initialState().robot.holding;
  ctx.event({ kind: 'note', message: `task ${i + 1} failed; going on with the remaining tasks${held ? ` (putting down ${held} first)` : ''}` });
  if (held) executed.push(ctx.env.execute({ action: 'Release', args: [held] }).step);
}

/**
 * After a task, what the robot saw may break the remaining plans on G_t (an
 * object found inside a closed container): repair them before ordering, so
 * the interference check of the ordering sees executable plans.
 */
function refreshPlans(ctx: HouseholdMethodContext, o: ExecuteOptions, remaining: readonly number[]): void {
  if (!o.policy.repair) return;
  const G = ctx.env.believed();
  for (const i of remaining) {
    const v = verifyPlan(G, o.plans[i].plan, o.tasks[i].goal);
    if (v.valid) continue;
    const r = repairPlan(G, o.plans[i].plan, o.tasks[i].goal);
    if (compareRank(r.verdict, v) <= 0) continue;
    ctx.stats.repairs += r.edits.length;
    // The planning-time verdict stays unless the repair made the plan valid again: it tells runTask whether the graph had accepted the LLM's plan.
    o.plans[i] = { ...o.plans[i], plan: r.plan, ...(r.verdict.valid ? { verdict: r.verdict } : {}), edits: [...o.plans[i].edits, ...r.edits] };
    ctx.event({ kind: 'replan', message: `task ${i + 1}: repaired on G_t after new observations (${r.edits.map((e) => e.rule).join(', ')}): ${r.verdict.valid ? 'valid' : 'still invalid'}` });
  }
}

/** Orders and executes every task (Algorithm 1 lines 21–33); `completed` is false when some task failed. */
export async function executeTasks(ctx: HouseholdMethodContext, o: ExecuteOptions): Promise<{ order: number[]; completed: boolean }> {
  let remaining = o.tasks.map((_, i) => i);
  const done: number[] = [];
  let completed = true;
  let fixed: number[] | undefined;
  if (o.policy.order === 'static' || o.policy.order === 'map') {
    const r = orderTasks(ctx, o, remaining, o.policy.order === 'map');
    fixed = r.order;
    ctx.event({ kind: 'order', message: `order (fixed, ${o.policy.order === 'map' ? 'most likely rooms' : 'full beliefs'}): ${r.order.map((x) => x + 1).join(' → ')}  J = ${r.cost.toFixed(1)} m${r.rejected ? `, ${r.rejected} cheaper order(s) rejected by verification` : ''}`, data: { order: r.order, cost: r.cost, rejected: r.rejected } });
  }
  while (remaining.length > 0) {
    if (done.length > 0) refreshPlans(ctx, o, remaining);
    let order: number[];
    if (o.policy.order === 'reorder') {
      const r = orderTasks(ctx, o, remaining, false);
      order = r.order;
      ctx.event({ kind: 'order', message: `order of the ${remaining.length} remaining task(s): ${order.map((x) => x + 1).join(' → ')}  J = ${r.cost.toFixed(1)} m${r.rejected ? `, ${r.rejected} cheaper order(s) rejected by verification` : ''}`, data: { order, cost: r.cost, rejected: r.rejected } });
    } else if (fixed) order = fixed.filter((x) => remaining.includes(x));
    else order = remaining;
    const next = order[0];
    ctx.event({ kind: 'task', message: `task ${next + 1}: ${o.tasks[next].text}`, data: { task: next } });
    const record = ctx.stats.tasks?.[next];
    const executed = record?.executed ?? [];
    const end = await runTask(ctx, o, next, executed);
    done.push(next);
    remaining = remaining.filter((x) => x !== next);
    if (record) Object.assign(record, end.ok ? { outcome: 'completed' } : { outcome: 'step-failed', code: end.code });
    if (!end.ok) {
      completed = false;
      abandonTask(ctx, next, executed);
    }
  }
  return { order: done, completed };
}
