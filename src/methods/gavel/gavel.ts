/**
 * GAVEL (Algorithm 1) and the compared methods of the seed's §V-C as one
 * loop with switches: task understanding (decompose, extract), one plan
 * call for all tasks, verification / model repair / complaints within the
 * LLM budget T, then belief-aware ordering and execution.
 *
 * | method       | verify | repair | to the LLM              | order                          |
 * |--------------|--------|--------|-------------------------|--------------------------------|
 * | gavel        | yes    | yes    | unrepaired failures     | Eq. 7 on full beliefs, reorder after each task |
 * | gavel-basic  | yes    | yes    | nothing (one plan call) | as gavel                       |
 * | gavel-static | yes    | yes    | unrepaired failures     | Eq. 7 on full beliefs, fixed at the start |
 * | gavel-map    | yes    | yes    | unrepaired failures     | Eq. 7 on most likely rooms, fixed at the start |
 * | sayplan      | yes    | no     | every failure           | as listed                      |
 * | llm-only     | no     | no     | nothing (one plan call) | as listed                      |
 */
import { formatLiteral, formatStep } from '../../scenegraph/index.js';
import { executeTasks, type LoopPolicy } from './execute.js';
import type { HouseholdMethod, HouseholdMethodContext } from './method.js';
import { planTasks, type PlanBudget, type RoundReport } from './plan-round.js';
import { goalText, understand } from './understand.js';
import { taskRecords } from '../../episode/index.js';

export const GAVEL_VARIANTS: Record<string, { description: string; policy: LoopPolicy }> = {
  gavel: { description: 'GAVEL: verify + model repair, complaints for unrepaired failures (T calls), belief-aware reordering after each task', policy: { verify: true, repair: true, complaints: 'unrepaired', order: 'reorder' } },
  'gavel-basic': { description: 'GAVEL with one LLM plan call and model repair only (no complaints)', policy: { verify: true, repair: true, complaints: 'none', order: 'reorder' } },
  'gavel-static': { description: 'GAVEL with the order fixed at the start (full beliefs)', policy: { verify: true, repair: true, complaints: 'unrepaired', order: 'static' } },
  'gavel-map': { description: 'GAVEL with each belief collapsed to its most likely room and the order fixed at the start', policy: { verify: true, repair: true, complaints: 'unrepaired', order: 'map' } },
  sayplan: { description: 'SayPlan-style: verification failures back to the LLM (T calls), no model repair, listed order', policy: { verify: true, repair: false, complaints: 'all', order: 'listed' } },
  'llm-only': { description: 'one LLM plan, executed as given (no verification)', policy: { verify: false, repair: false, complaints: 'none', order: 'listed' } },
};

function roundMessage(r: RoundReport): string {
  const lines = [`LLM round ${r.round}${r.complaint ? ' (after complaint)' : ''}:`];
  for (const t of r.tasks) {
    const verdict = t.valid ? 'VALID' : t.failure ? t.failure : t.unmet.length ? `UNMET ${t.unmet.join('; ')}` : t.unsafe.length ? `UNSAFE ${t.unsafe.join(', ')}` : 'not verified';
    lines.push(`  task ${t.task + 1}: ${verdict}${t.repairs.length ? `  repairs: ${t.repairs.join(', ')}` : ''}`);
  }
  for (const f of r.feedback) lines.push(`  complaint task ${f.task + 1}: ${f.problems.join(' | ')}`);
  return lines.join('\n');
}

async function runGavel(ctx: HouseholdMethodContext, policy: LoopPolicy): Promise<void> {
  const env = ctx.env;
  const u = await understand(ctx.llm, env.instruction, env.believed(), env.uncertain, ctx.signal, ctx.meter);
  ctx.stats.tasks = taskRecords(u.tasks);
  for (const w of u.warnings) ctx.warn(w);
  ctx.event({ kind: 'decompose', message: `${u.tasks.length} task(s): ${u.tasks.map((t, i) => `${i + 1}. ${t.text}`).join('  ')}`, data: { tasks: u.tasks.map((t) => t.text) } });
  u.tasks.forEach((t, i) => ctx.event({ kind: 'extract', message: `task ${i + 1} goal: ${goalText(t.goal) || '(none)'}; objects: ${t.objects.join(', ')}`, data: { task: i, goal: goalText(t.goal), objects: t.objects } }));
  for (const w of u.warnings) ctx.event({ kind: 'note', message: `warning: ${w}` });
  // O^qry: the extracted objects of unknown room get the room-type prior (the others stay uninformed).
  const query = env.query(u.tasks.flatMap((t) => t.objects));
  ctx.event({ kind: 'extract', message: `query objects (room prior): ${query.join(', ') || '(none)'}`, data: { query } });
  // Insert(G_0, E_i): relations the instruction states about unseen objects.
  u.tasks.forEach((t, i) => {
    for (const l of t.stated ?? []) {
      const ok = env.assume(l);
      ctx.event({ kind: 'extract', message: `task ${i + 1} states ${formatLiteral(l)}${ok ? ': inserted into G_0' : ': ignored (object already seen, or not an unseen object)'}` });
    }
  });
  const G0 = env.believed();
  const budget: PlanBudget = { left: policy.complaints === 'none' ? 1 : Math.max(1, ctx.maxFeedback), used: 0 };
  let first: RoundReport | undefined;
  const onRound = (r: RoundReport): void => {
    first ??= r;
    ctx.event({ kind: 'round', message: roundMessage(r), data: { round: r.round, complaint: r.complaint, tasks: r.tasks.map((t) => ({ task: t.task, valid: t.valid, failure: t.failure ?? null, unmet: t.unmet, unsafe: t.unsafe, repairs: t.repairs })), feedback: r.feedback.map((f) => ({ task: f.task, problems: f.problems })) } });
  };
  const plans = await planTasks({ llm: ctx.llm, instruction: env.instruction, tasks: u.tasks, scene: G0, beliefs: env.openBeliefs(), policy, budget, timeLeftMs: ctx.timeLeftMs, ...(ctx.meter ? { meter: ctx.meter } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}), onRound });
  ctx.stats.feedbackRounds = Math.max(0, budget.used - 1);
  if (policy.verify && first) {
    const f = first;
    ctx.stats.stages = { tasks: plans.length, validRaw: f.tasks.filter((t) => t.rawValid).length, validAfterRepair: f.tasks.filter((t) => t.valid).length, validAfterFeedback: plans.filter((p) => p.verdict?.valid).length };
  }
  ctx.stats.repairs += plans.reduce((n, p) => n + p.edits.length, 0);
  plans.forEach((p, i) => {
    if (p.verdict && !p.verdict.valid) ctx.warn(`task ${i + 1}: executing an unverified plan (best after ${budget.used} call(s)): ${p.verdict.failure ? `${p.verdict.failure.code} at ${formatStep(p.verdict.failure.step)}` : 'goal or safety open'}`);
  });
  // Replanning after a step fails in the world (new observations) gets its own budget of T calls.
  const runtime: PlanBudget = { left: policy.complaints === 'none' ? 0 : Math.max(1, ctx.maxFeedback), used: budget.used };
  await executeTasks(ctx, { instruction: env.instruction, tasks: u.tasks, plans, policy, budget: runtime, onRound });
  ctx.stats.feedbackRounds = Math.max(0, runtime.used - 1);
}

export function gavelMethod(name: string): HouseholdMethod {
  const v = GAVEL_VARIANTS[name];
  return { name, description: v.description, run: (ctx) => runGavel(ctx, v.policy) };
}

