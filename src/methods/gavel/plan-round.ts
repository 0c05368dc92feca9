/**
 * The planning loop of GAVEL (Algorithm 1, lines 9–20): ONE `gavel.plan`
 * call plans every task over the believed graph; each task plan is then
 * (depending on the variant) verified, repaired with the model-derived edits
 * of Algorithm 2, and what is still wrong goes back to the LLM as a
 * complaint, within the LLM budget T. Per task the best candidate by the
 * seed's rank rk(ω) over all rounds is kept. An answer naming an id that is
 * not in the scene is a verdict (UNKNOWN_OBJECT), never an exception.
 */
import { GroundplanError } from '../../core/errors.js';
import { ask, type LlmClient, type UsageMeter } from '../../llm/index.js';
import {
  compareRank,
  formatLiteral,
  formatStep,
  parseStep,
  renderScene,
  repairPlan,
  verifyPlan,
  type PlanStep,
  type RepairEdit,
  type RoomBelief,
  type Scene,
  type Verdict,
} from '../../scenegraph/index.js';
import { planMessages, planSchema, planSyntaxProblems, type PlanAnswer, type PlanFeedback, type PlanVars } from './prompts.js';
import { askOptions, attemptTracking, type TaskSpec } from './understand.js';

/** How a variant treats an LLM plan. */
export interface PlanPolicy {
  /** Verify plans on the graph before execution. */
  verify: boolean;
  /** Apply model-derived repair (Algorithm 2). */
  repair: boolean;
  /** What goes back to the LLM: nothing, the failures repair could not fix, or every verification failure (sayplan). */
  complaints: 'none' | 'unrepaired' | 'all';
}

/** The current plan of one task. */
export interface TaskPlan {
  /** The plan as the LLM wrote it (in the round that produced `plan`). */
  raw: PlanStep[];
  /** The plan to execute: `raw` after repair (or `raw` itself). */
  plan: PlanStep[];
  /** Verdict of `plan` on the believed graph when it was planned or last repaired to validity (undefined when the policy does not verify). */
  verdict?: Verdict;
  edits: RepairEdit[];
  /** Round (1-based plan call) that produced it. */
  round: number;
}

/** The LLM budget shared by the whole episode (plan calls, complaints included). */
export interface PlanBudget {
  /** Plan calls left. */
  left: number;
  /** Plan calls made. */
  used: number;
}

export interface RoundReport {
  round: number;
  complaint: boolean;
  /** Per task of this round's answer: `rawValid` as the LLM wrote it, `valid` after repair. */
  tasks: Array<{ task: number; rawValid: boolean; valid: boolean; failure?: string; unmet: string[]; unsafe: string[]; repairs: string[] }>;
  /** The complaint sent after this round (empty when none). */
  feedback: PlanFeedback[];
}

/** The steps of one answer's task, parsed; a step that does not parse is kept as an unknown primitive (a verdict). */
export function answerSteps(a: PlanAnswer, index: number, tasks: number): PlanStep[] {
  const byNumber = a.tasks.find((t) => typeof t.task === 'number' && t.task === index + 1);
  const entry = a.tasks.length === tasks ? a.tasks[index] : (byNumber ?? a.tasks[index]);
  if (!entry) return [];
  return entry.steps.map((s) => parseStep(s) ?? { action: s.trim(), args: [] }).filter((s) => s.action !== '');
}

/** The structured failure description of a verdict, as sent in a complaint. */
export function verdictProblems(v: Verdict): string[] {
  const out: string[] = [];
  if (v.failure) out.push(`step ${v.failure.stepIndex + 1} ${formatStep(v.failure.step)} fails: ${v.failure.code}: ${v.failure.message}`);
  else for (const l of v.unmet) out.push(`goal not reached at the end: ${formatLiteral(l)}`);
  for (const s of v.safety) out.push(`${s.object} is left ${s.kind === 'left_open' ? 'open' : 'switched on'} (opened/switched on at step ${s.since + 1})`);
  return out;
}

export interface PlanTasksOptions {
  llm: LlmClient;
  instruction: string;
  tasks: readonly TaskSpec[];
  /** The believed graph to verify on; its initial state is the robot's current believed state. */
  scene: Scene;
  /** Beliefs of unseen uncertain objects (rendered with their top rooms). */
  beliefs: ReadonlyMap<string, RoomBelief>;
  policy: PlanPolicy;
  budget: PlanBudget;
  /** Plans to improve on (e.g. from before a replan); kept when no new answer ranks higher. */
  previous?: readonly (TaskPlan | undefined)[];
  /** Milliseconds left in the episode; a plan call is not started when none is left (HOUSEHOLD_TIME). */
  timeLeftMs?: () => number;
  /** A complaint to send with the first call (e.g. a step that failed during execution). */
  feedback?: PlanFeedback[];
  signal?: AbortSignal;
  /** Counts answers that stay invalid after their repair turn. */
  meter?: UsageMeter;
  onRound?: (r: RoundReport) => void;
}

function judge(scene: Scene, raw: PlanStep[], t: TaskSpec, policy: PlanPolicy, round: number): TaskPlan {
  if (!policy.verify) return { raw, plan: raw, edits: [], round };
  if (!policy.repair) return { raw, plan: raw, verdict: verifyPlan(scene, raw, t.goal), edits: [], round };
  const r = repairPlan(scene, raw, t.goal);
  return { raw, plan: r.plan, verdict: r.verdict, edits: r.edits, round };
}

/** Runs plan rounds until every task plan is valid, complaints are off, or the budget is spent. */
export async function planTasks(o: PlanTasksOptions): Promise<TaskPlan[]> {
  const n = o.tasks.length;
  const best: (TaskPlan | undefined)[] = o.previous ? [...o.previous] : new Array<TaskPlan | undefined>(n).fill(undefined);
  const scene = renderScene(o.scene, { beliefs: o.beliefs });
  const taskVars = o.tasks.map((t) => ({ task: t.text, goal: t.goal.literals.map(formatLiteral), objects: t.objects }));
  let feedback: PlanFeedback[] | undefined = o.feedback;
  while (o.budget.left > 0) {
    if (o.timeLeftMs && o.timeLeftMs() <= 0) throw new GroundplanError('HOUSEHOLD_TIME', 'episode time limit exceeded before a plan call');
    o.budget.left--;
    o.budget.used++;
    const round = o.budget.used;
    const vars: PlanVars = { instruction: o.instruction, tasks: taskVars, scene, round, ...(feedback ? { feedback } : {}) };
    const tracked = attemptTracking(o.llm);
    const r = await ask(
      tracked,
      // Syntax problems get the repair turn; a step still malformed after it becomes an UNKNOWN_PRIMITIVE verdict.
      { kind: 'gavel.plan', vars, messages: planMessages(vars), schema: planSchema, check: (a) => (tracked.last >= 2 ? [] : planSyntaxProblems(a, n)) },
      askOptions(o.signal, o.meter),
    );
    const latest: TaskPlan[] = [];
    for (let i = 0; i < n; i++) {
      const cand = judge(o.scene, answerSteps(r.value, i, n), o.tasks[i], o.policy, round);
      latest.push(cand);
      const prev = best[i];
      // Keep the best candidate over the rounds (rk(ω)); without verification the latest answer is taken.
      if (!prev || !cand.verdict || !prev.verdict || compareRank(cand.verdict, prev.verdict) > 0) best[i] = cand;
    }
    const done = !o.policy.verify || best.every((b) => b?.verdict?.valid === true);
    // The complaint lists what is still wrong: after repair (gavel) or in the raw answer (sayplan).
    const next: PlanFeedback[] = [];
    if (!done && o.policy.complaints !== 'none') {
      for (let i = 0; i < n; i++) {
        const b = best[i] as TaskPlan;
        if (b.verdict?.valid) continue;
        const v = o.policy.complaints === 'all' ? verifyPlan(o.scene, latest[i].raw, o.tasks[i].goal) : (latest[i].verdict as Verdict);
        const problems = verdictProblems(v.valid ? (b.verdict as Verdict) : v);
        next.push({ task: i, plan: (o.policy.complaints === 'all' ? latest[i].raw : latest[i].plan).map(formatStep), problems });
      }
    }
    o.onRound?.({
      round,
      complaint: feedback !== undefined,
      tasks: latest.map((t, i) => ({
        task: i,
        rawValid: t.edits.length === 0 ? (t.verdict?.valid ?? false) : verifyPlan(o.scene, t.raw, o.tasks[i].goal).valid,
        valid: t.verdict?.valid ?? false,
        ...(t.verdict?.failure ? { failure: `${t.verdict.failure.code} at step ${t.verdict.failure.stepIndex + 1} ${formatStep(t.verdict.failure.step)}` } : {}),
        unmet: (t.verdict?.unmet ?? []).map(formatLiteral),
        unsafe: (t.verdict?.safety ?? []).map((s) => `${s.kind}:${s.object}`),
        repairs: t.edits.map((e) => e.rule),
      })),
      feedback: o.budget.left > 0 ? next : [],
    });
    if (done || next.length === 0) break;
    feedback = next;
  }
  return best.map((b) => b ?? { raw: [], plan: [], edits: [], round: 0 });
}
