/**
 * Per-errand outcome of a household episode: which errands hold in the true
 * final state (the seed's per-errand, partial success) and, for each that
 * does not, its cause from `FAILURE_CAUSES`.
 *
 * The method reports what it did per understood task (`TaskRecord`: the
 * extracted goal, how the execution of its plan ended, the steps it
 * executed). The evaluation, which knows the errands' true goals, maps each
 * task to the errand its goal and wording are closest to and reads the cause
 * off that task: no task → decomposition; a wrong extracted goal →
 * extraction; a step that failed in the world → by its failure code; a plan
 * that ran to its end → undone (another task grasped its goal object),
 * wrong-object or unmet-goal. This runs outside the
 * method: the method never sees the true goals.
 */
import type { HouseholdTask } from '../envs/household/index.js';
import { formatLiteral, literalHolds, type GoalLiteral, type Scene, type WorldState } from '../scenegraph/index.js';
import type { FailureCause } from './failure-causes.js';

/** What the method did with one understood task. */
export interface TaskRecord {
  /** The task's instruction as decomposed. */
  text: string;
  /** Its extracted goal literals (goal-format syntax). */
  goal: string[];
  /** How the execution of its plan ended. */
  outcome: 'not-attempted' | 'completed' | 'step-failed';
  /** The failure code of the step that ended it (`step-failed`). */
  code?: string;
  /** The steps executed for it, as written, feasible or not. */
  executed: string[];
}

/** A new record per understood task, nothing executed yet. */
export function taskRecords(tasks: ReadonlyArray<{ text: string; goal: { literals: readonly GoalLiteral[] } }>): TaskRecord[] {
  return tasks.map((t) => ({ text: t.text, goal: t.goal.literals.map(formatLiteral), outcome: 'not-attempted', executed: [] }));
}

export interface ErrandOutcome {
  /** Every goal literal of the errand holds in the true final state. */
  met: boolean;
  /** Why not (absent when met). */
  cause?: FailureCause;
}

export interface EpisodeOutcomes {
  errands: ErrandOutcome[];
  /** One cause per failed errand in errand order; `unsafe` (or the episode's end) when every errand holds but the episode failed. */
  failures: FailureCause[];
}

const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? []);

function jaccard(a: Set<string>, b: Set<string>): number {
  const inter = [...a].filter((x) => b.has(x)).length;
  return inter / (a.size + b.size - inter || 1);
}

function literalIds(l: GoalLiteral): string[] {
  return l.kind === 'relation' ? [l.a, l.b] : l.kind === 'room' ? [l.object, l.room] : [l.object];
}

/** The ids named by goal-format literal texts (`on_top(a, b)` → a, b). */
function textIds(text: string): string[] {
  const m = /\(([^)]*)\)/.exec(text);
  return m ? m[1].split(',').map((s) => s.trim()).filter((s) => s !== '') : [];
}

/** Step failure code → cause. */
export function causeOfCode(code: string | undefined): FailureCause {
  if (code === 'UNKNOWN_OBJECT') return 'hallucinated-object';
  if (code === 'UNREACHABLE') return 'unreachable';
  return 'missing-precondition';
}

/** The errand each task stands for: the most shared goal literals, then the closest wording (-1: none). */
export function assignTasks(errandTexts: readonly string[], errandGoals: readonly string[][], tasks: readonly TaskRecord[]): number[] {
  return tasks.map((t) => {
    let best = -1;
    let score = 0;
    errandGoals.forEach((g, i) => {
      const shared = t.goal.filter((l) => g.includes(l)).length;
      const s = shared + 0.5 * jaccard(words(t.text), words(errandTexts[i] ?? ''));
      if (s > score) [best, score] = [i, s];
    });
    return best;
  });
}

export interface OutcomeInput {
  task: HouseholdTask;
  scene: Scene;
  final: WorldState;
  /** The method's records (absent when it made none, e.g. an LLM failure before understanding). */
  records?: readonly TaskRecord[];
  /** How the episode ended early, if it did. */
  ended?: 'time-limit' | 'llm-failed';
  /** Safety violations of the final state. */
  unsafe: readonly string[];
}

const graspedIn = (records: readonly TaskRecord[]): Set<string> => new Set(records.flatMap((r) => r.executed.flatMap((s) => /^Grasp\(\s*([^)\s]+)\s*\)$/.exec(s)?.[1] ?? [])));

function errandCause(i: number, input: OutcomeInput, mine: readonly TaskRecord[], others: readonly TaskRecord[]): FailureCause {
  const goal = input.task.goals[i].literals;
  const truth = goal.map(formatLiteral);
  const ids = new Set(goal.flatMap(literalIds));
  const attempted = mine.filter((r) => r.outcome !== 'not-attempted');
  if (input.ended && attempted.length === 0) return input.ended;
  if (mine.length === 0) return 'decomposition';
  const extracted = mine.flatMap((r) => r.goal);
  if (truth.some((l) => !extracted.includes(l)) || extracted.some((l) => textIds(l).some((x) => !ids.has(x)))) return 'extraction';
  const failed = mine.find((r) => r.outcome === 'step-failed');
  if (failed) return causeOfCode(failed.code);
  if (attempted.length === 0) return 'not-attempted';
  // Completed plans: did another task take a goal object away, or did they handle a lookalike instead of it?
  const grasped = graspedIn(attempted);
  const category = (x: string): string | undefined => input.scene.objects.get(x)?.category;
  const moved = goal.flatMap((l) => (l.kind === 'relation' && !l.negated ? [l.a] : l.kind === 'room' && !l.negated ? [l.object] : []));
  const byOthers = graspedIn(others);
  if (moved.some((o) => grasped.has(o) && byOthers.has(o))) return 'undone';
  for (const o of moved) {
    if (grasped.has(o)) continue;
    if ([...grasped].some((g) => g !== o && category(g) !== undefined && category(g) === category(o))) return 'wrong-object';
  }
  return 'unmet-goal';
}

/** Per-errand success and the failure causes of one finished episode. */
export function episodeOutcomes(input: OutcomeInput): EpisodeOutcomes {
  const { task } = input;
  const records = input.records ?? [];
  const errandTexts = task.errands ?? [task.instruction];
  const assigned = assignTasks(errandTexts, task.goals.map((g) => g.literals.map(formatLiteral)), records);
  const errands: ErrandOutcome[] = task.goals.map((g, i) => {
    if (g.literals.every((l) => literalHolds(input.final, l))) return { met: true };
    return { met: false, cause: errandCause(i, input, records.filter((_, j) => assigned[j] === i), records.filter((_, j) => assigned[j] !== i)) };
  });
  const failures = errands.flatMap((e) => (e.cause ? [e.cause] : []));
  if (failures.length === 0 && input.unsafe.length > 0) failures.push('unsafe');
  else if (failures.length === 0 && input.ended) failures.push(input.ended);
  return { errands, failures };
}
