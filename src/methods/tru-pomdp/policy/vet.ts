/**
 * Vetting an LLM-written rollout policy before the planner trusts it: run it
 * in the sandbox on sample states (it must return a well-formed, feasible,
 * non-idle action on most of them and never throw) and follow it from each
 * task's start with the true dynamics for a few steps (it should finish the
 * goal and must not loop). Problems come back as sentences with a concrete
 * state, ready for the LLM repair turn.
 */
import { applyAction, formatAction, infeasibleReason, type KitchenAction } from '../../../envs/kitchen/actions.js';
import { alternativeSatisfied } from '../../../envs/kitchen/goal.js';
import { IN_HAND } from '../../../envs/kitchen/state.js';
import type { PolicySandbox } from './sandbox.js';
import type { SampleTask } from './samples.js';
import type { PolicyQuery } from './wire.js';

export interface VetOptions {
  /** Largest tolerated share of infeasible or idle (NONE with goals left) answers. Default 0.1. */
  maxFailureRate?: number;
  /** Smallest share of rollouts from the task starts that must reach their goal. Default 0.5. */
  minRolloutSuccess?: number;
  /** Examples per problem in the messages. Default 2. */
  examples?: number;
}

export interface VetReport {
  ok: boolean;
  problems: string[];
  samples: number;
  feasible: number;
  infeasible: number;
  idle: number;
  threw: number;
  garbage: number;
  rollouts: number;
  rolloutSuccesses: number;
  /** Time spent in the worker (ms), over all batches. */
  workerMs: number;
}

/** A state in words (names and ids), for messages to the LLM. */
export function describeQuery(q: PolicyQuery): string {
  const { world, state: s } = q;
  const areas = world.layout.areas;
  const obj = (o: number): string => `${world.objects[o]} (object ${o})`;
  const area = (a: number): string => `${areas[a]} (area ${a}, ${s.open[a] ? 'open' : 'closed'})`;
  const goals = q.goal.filter((g) => s.objectArea[g.object] !== g.area);
  const where = (o: number): string => (s.objectArea[o] === IN_HAND ? 'in the hand' : `in ${area(s.objectArea[o])}`);
  const goalText = goals.length === 0 ? 'none' : goals.map((g) => `${obj(g.object)} → ${area(g.area)}, now ${where(g.object)}`).join('; ');
  return `robot at ${areas[s.robot]} (area ${s.robot}), holding ${s.hand >= 0 ? obj(s.hand) : 'nothing'}; unreached goals: ${goalText}`;
}

function fail(report: VetReport, problem: string): VetReport {
  return { ...report, ok: false, problems: [...report.problems, problem] };
}

export async function vetPolicy(
  source: string,
  sandbox: PolicySandbox,
  queries: readonly PolicyQuery[],
  tasks: readonly SampleTask[],
  options: VetOptions = {},
): Promise<VetReport> {
  const maxFailure = options.maxFailureRate ?? 0.1;
  const minRollout = options.minRolloutSuccess ?? 0.5;
  const nEx = options.examples ?? 2;
  let report: VetReport = {
    ok: true, problems: [], samples: queries.length, feasible: 0, infeasible: 0, idle: 0, threw: 0, garbage: 0,
    rollouts: 0, rolloutSuccesses: 0, workerMs: 0,
  };
  const outcome = await sandbox.evaluate(source, queries);
  if (outcome.status === 'compile-error') return fail(report, `the code does not load: ${outcome.message}`);
  if (outcome.status === 'timeout') return fail(report, `nextAction did not return within ${outcome.timeoutMs} ms on a batch of ${queries.length} sample states (an endless loop, or far too slow for rollouts?)`);
  if (outcome.status === 'crashed') return fail(report, `running nextAction crashed the sandbox: ${outcome.message}`);
  report.workerMs += outcome.workerMs;
  report.threw = outcome.threw;
  report.garbage = outcome.garbage;
  const bad: string[] = [];
  const idle: string[] = [];
  outcome.actions.forEach((a, i) => {
    if (a === undefined) return;
    const q = queries[i];
    const reason = infeasibleReason(q.state, a);
    const goalsLeft = q.goal.some((g) => q.state.objectArea[g.object] !== g.area);
    if (reason !== undefined) {
      report.infeasible++;
      if (bad.length < nEx) bad.push(`in the state [${describeQuery(q)}] it returned ${formatAction(q.world, a)}, which is infeasible (${reason})`);
    } else if (a.type === 'none' && goalsLeft) {
      report.idle++;
      if (idle.length < nEx) idle.push(`in the state [${describeQuery(q)}] it returned NONE although goals remain`);
    } else report.feasible++;
  });
  const n = queries.length;
  if (outcome.threw + outcome.garbage > 0) {
    const ex = outcome.errors.slice(0, nEx).map((e) => `in the state [${describeQuery(queries[e.index])}]: ${e.message}`);
    report = fail(report, `nextAction threw or returned a malformed action on ${outcome.threw + outcome.garbage} of ${n} sample states, e.g. ${ex.join('; ')}`);
  }
  if (report.infeasible + report.idle > maxFailure * n) {
    report = fail(report, `${report.infeasible} of ${n} answers were infeasible and ${report.idle} were NONE with goals left (at most ${Math.floor(maxFailure * n)} tolerated), e.g. ${[...bad, ...idle].slice(0, nEx + 1).join('; ')}`);
  }
  if (!report.ok) return report;
  return rollouts(source, sandbox, tasks, report, minRollout);
}

/** Follows the policy from each task's start (lock-step, one batch per step). */
async function rollouts(source: string, sandbox: PolicySandbox, tasks: readonly SampleTask[], report: VetReport, minRollout: number): Promise<VetReport> {
  const live = tasks.map((t) => ({
    world: t.world,
    state: t.initial,
    goal: t.witness ? t.goals[t.witness.alternative] : t.goals[0],
    limit: 3 * (t.witness ? t.goals[t.witness.alternative] : t.goals[0]).length + 6,
    steps: 0,
    done: false,
    trace: [] as string[],
  }));
  let out = { ...report, rollouts: live.length };
  for (;;) {
    const active = live.filter((r) => !r.done && r.steps < r.limit);
    if (active.length === 0) break;
    const outcome = await sandbox.evaluate(source, active);
    if (outcome.status !== 'ok') return fail(out, `following nextAction from a task start failed: ${outcome.status}: ${'message' in outcome ? outcome.message : ''}`);
    out.workerMs += outcome.workerMs;
    active.forEach((r, i) => {
      const a: KitchenAction = outcome.actions[i] ?? { type: 'none' };
      r.trace.push(formatAction(r.world, a));
      r.state = applyAction(r.world, r.state, a).state;
      r.steps++;
      if (alternativeSatisfied(r.state, r.goal)) r.done = true;
      else if (a.type === 'none') r.steps = r.limit;
    });
  }
  out.rolloutSuccesses = live.filter((r) => r.done).length;
  if (out.rolloutSuccesses < minRollout * live.length) {
    const ex = live.find((r) => !r.done);
    const tail = ex ? ` e.g. with goals ${ex.goal.map((g) => `${ex.world.objects[g.object]} → ${ex.world.layout.areas[g.area]}`).join(', ')} it did ${ex.trace.slice(0, 12).join(', ')}${ex.trace.length > 12 ? ', …' : ''} without finishing` : '';
    out = fail(out, `following nextAction from ${live.length} task starts reached the goal only ${out.rolloutSuccesses} times (it loops or stalls);${tail}`);
  }
  return out;
}
