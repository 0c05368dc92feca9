/**
 * The LLM request kinds of GAVEL (our own wording, in the spirit of the
 * seed's Algorithm 1 and §IV-B/§IV-D):
 *
 * - `gavel.decompose`: the instruction → a list of task instructions;
 * - `gavel.extract`: one task → the objects involved (scene ids) and its goal
 *   as partial-graph literals in the `goal-format` syntax;
 * - `gavel.plan`: ONE call planning every task over the believed graph
 *   (rendered with `renderScene`), answered as
 *   `{tasks: [{task, steps: ["NavigateTo(apple)", ...]}]}`. The complaint is
 *   the same kind with `feedback`: the plans and the failures that model
 *   repair could not fix (or, for sayplan, every verification failure).
 *
 * Each kind has its vars type (what offline models answer from), a zod
 * schema and a prompt renderer. `HouseholdTruth` is the synthetic model's
 * hidden truth for a household task.
 */
import { z } from 'zod';
import type { HouseholdTask } from '../../envs/household/index.js';
import type { ChatMessage } from '../../llm/index.js';
import { formatLiteral, formatStep, sceneFromJson } from '../../scenegraph/index.js';
import { supportOf } from '../../envs/household/index.js';

// ---------------------------------------------------------------------------
// Hidden truth (for the synthetic model only; the method never sees it).

export interface HouseholdTruth {
  kind: 'household';
  id: string;
  instruction: string;
  /** The errands' instructions in their listed order (`[instruction]` for a single task). */
  errands: string[];
  /** Goal literals per errand, in the `goal-format` syntax (`on_top(apple_0, table_1)`). */
  goals: string[][];
  /** Reference subplan per errand (`NavigateTo(apple_0)`, ...), executable in the listed order. */
  subplans: string[][];
  /** Where each uncertain object really is at the start. */
  uncertain: Array<{ object: string; category: string; room: string; parent?: string; relation?: string }>;
}

/** The hidden truth of a household task. */
export function householdTruth(task: HouseholdTask): HouseholdTruth {
  const scene = sceneFromJson(task.scene, task.id);
  const s = scene.initialState();
  return {
    kind: 'household',
    id: task.id,
    instruction: task.instruction,
    errands: task.errands ?? [task.instruction],
    goals: task.goals.map((g) => g.literals.map(formatLiteral)),
    subplans: task.subplans.map((p) => p.map(formatStep)),
    uncertain: task.uncertain.map((o) => ({ object: o, category: scene.objects.get(o)?.category ?? o, room: s.roomOf(o) ?? '', ...supportOf(s, o) })),
  };
}

// ---------------------------------------------------------------------------
// Vars

export interface DecomposeVars {
  instruction: string;
}

/** One entry of the scene catalog shown to the extractor. */
export interface CatalogEntry {
  id: string;
  category: string;
  /** Known room, or null for an object whose room is uncertain. */
  room: string | null;
  affordances: string[];
}

export interface ExtractVars {
  instruction: string;
  /** The task to extract (one of the decomposed tasks). */
  task: string;
  /** Its index in the decomposition (0-based). */
  index: number;
  catalog: CatalogEntry[];
  rooms: Array<{ id: string; type: string }>;
}

export interface PlanTaskVars {
  task: string;
  /** Goal literals (goal-format syntax) as extracted. */
  goal: string[];
  objects: string[];
}

/** A complaint entry: the (repaired) plan of one task and what is still wrong with it. */
export interface PlanFeedback {
  /** Index into `tasks`. */
  task: number;
  plan: string[];
  problems: string[];
}

export interface PlanVars {
  instruction: string;
  tasks: PlanTaskVars[];
  /** The believed graph G_t with beliefs, as `renderScene` writes it. */
  scene: string;
  /** 1 for the first plan call, then 2, 3, ... for complaint rounds. */
  round: number;
  /** Present on complaint rounds. */
  feedback?: PlanFeedback[];
}

// ---------------------------------------------------------------------------
// Schemas

export const decomposeSchema = z.object({ tasks: z.array(z.string().min(1)).min(1) });
export type DecomposeAnswer = z.infer<typeof decomposeSchema>;

export const extractSchema = z.object({ objects: z.array(z.string().min(1)), goal: z.array(z.string().min(1)).min(1), relations: z.array(z.string().min(1)).default([]) });
export type ExtractAnswer = z.infer<typeof extractSchema>;

export const planSchema = z.object({ tasks: z.array(z.object({ task: z.union([z.string(), z.number()]), steps: z.array(z.string()) })).min(1) });
export type PlanAnswer = z.infer<typeof planSchema>;

// ---------------------------------------------------------------------------
// Prompts

const ROBOT = 'You plan for a mobile manipulator robot in a multi-room home. The room layout and the furniture are known; small objects may be in a room the robot has not seen yet.';

/** The nine primitives with their preconditions and effects (§IV-E), as shown to the planner. */
export const ACTION_DEFINITIONS = [
  'NavigateTo(x): go to object or room x and be near it. x must not be in the hand or inside a closed container. If x has not been seen, the robot searches rooms for it first.',
  'Grasp(o): pick up o. o graspable, hand empty, robot near o, o not inside a closed container.',
  'Release(o): put the held o on the floor where the robot is.',
  'PlaceOnTop(o, d): put the held o on surface d. Robot near d.',
  'PlaceInside(o, d): put the held o inside container d. Robot near d; d open if it opens.',
  'Open(x) / Close(x): open or close x. x openable, robot near x (the hand may hold something).',
  'ToggleOn(x) / ToggleOff(x): switch x on or off. x switchable, robot near x (the hand may hold something); an appliance with a door must be closed to run.',
  'Appliances act while switched on: a dishwasher or washer washes what is inside, a sink washes what is in or on it, a dryer dries what is inside, a stove cooks what is on it, an oven or microwave cooks what is inside.',
  'Safety: close everything you open and switch off every stove, oven, microwave and sink you switch on, unless the task asks otherwise.',
].join('\n');

export const GOAL_SYNTAX =
  'Goal literals, one per string: on_top(a, b), object_inside(a, b), next_to(a, b), under(a, b), room_inside(a, room), open(x), toggled(x), cooked(x), washed(x), dried(x), holding(x); prefix with "not " to negate. Use scene ids.';

export function decomposeMessages(v: DecomposeVars): ChatMessage[] {
  return [
    { role: 'system', content: `${ROBOT}\nSplit a household instruction into independent tasks, one per errand, each a short imperative sentence that keeps the object and destination names. Keep the order of the instruction. Answer with JSON only: {"tasks": ["...", "..."]}.` },
    { role: 'user', content: `Instruction: ${v.instruction}` },
  ];
}

export function extractMessages(v: ExtractVars): ChatMessage[] {
  const rooms = v.rooms.map((r) => `${r.id} (${r.type})`).join(', ');
  const catalog = v.catalog.map((c) => `- ${c.id} [${c.category}] ${c.room ? `in ${c.room}` : 'room unknown'}${c.affordances.length ? `; ${c.affordances.join(', ')}` : ''}`).join('\n');
  return [
    {
      role: 'system',
      content: `${ROBOT}\nFor one task, list the scene objects it involves (their ids, exactly as in the catalog), the goal: what must hold when the task is done, as a partial scene graph, and the relations the task states about where an object of unknown room is now (e.g. "get the potato from the fridge" states object_inside(potato, fridge); leave it empty when nothing is stated).\n${GOAL_SYNTAX}\nAnswer with JSON only: {"objects": ["id", ...], "goal": ["on_top(id, id)", ...], "relations": ["object_inside(id, id)", ...]}.`,
    },
    { role: 'user', content: `Whole instruction: ${v.instruction}\nTask ${v.index + 1}: ${v.task}\nRooms: ${rooms}\nObjects:\n${catalog}` },
  ];
}

export function planMessages(v: PlanVars): ChatMessage[] {
  const tasks = v.tasks.map((t, i) => `${i + 1}. ${t.task}\n   goal: ${t.goal.join('; ') || '(none)'}\n   objects: ${t.objects.join(', ') || '(none)'}`).join('\n');
  const msgs: ChatMessage[] = [
    {
      role: 'system',
      content: `${ROBOT}\nWrite one action sequence per task using only these primitives, with scene ids as arguments:\n${ACTION_DEFINITIONS}\nEach task's plan must work on its own from the scene as shown: tasks are checked one by one and may be executed in any order. Objects not yet seen are shown with room beliefs only; one may turn out to be inside a closed container, and the robot then adapts its plan. Answer with JSON only: {"tasks": [{"task": 1, "steps": ["NavigateTo(id)", "Grasp(id)", ...]}, ...]} with one entry per task, in task order.`,
    },
    { role: 'user', content: `Instruction: ${v.instruction}\nTasks:\n${tasks}\n\nScene (believed):\n${v.scene}` },
  ];
  if (v.feedback && v.feedback.length > 0) {
    const fb = v.feedback.map((f) => `Task ${f.task + 1}: ${v.tasks[f.task]?.task ?? ''}\n  plan: ${f.plan.join(', ') || '(empty)'}\n  problems:\n${f.problems.map((p) => `  - ${p}`).join('\n')}`).join('\n');
    msgs.push({
      role: 'user',
      content: `Attempt ${v.round - 1} was checked on the scene graph and these plans still fail:\n${fb}\nReply with corrected plans for ALL tasks in the same JSON format (repeat the plans that had no problems).`,
    });
  }
  return msgs;
}

/** Problems with the step syntax of a plan answer (`Name(arg, ...)`), for the repair turn. */
export function planSyntaxProblems(a: PlanAnswer, tasks: number): string[] {
  const out: string[] = [];
  if (a.tasks.length !== tasks) out.push(`expected ${tasks} task plan(s), got ${a.tasks.length}`);
  a.tasks.forEach((t, i) =>
    t.steps.forEach((s, j) => {
      if (!/^\s*[A-Za-z_]\w*\s*\([^()]*\)\s*$/.test(s)) out.push(`tasks[${i}].steps[${j}]: '${s}' is not written Name(arg, ...)`);
    }),
  );
  return out;
}
