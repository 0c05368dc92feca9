/**
 * Task understanding (GAVEL Algorithm 1 lines 2–7, §IV-B): decompose the
 * instruction into tasks, then extract per task the objects it involves and
 * its partial-graph goal. Extracted ids are checked against the scene: an
 * unknown id or a malformed literal gets the one repair turn of `ask`, and
 * whatever is still wrong after it is dropped with a warning, so no invented
 * id reaches verification through the goal.
 */
import { ask, type AskOptions, type LlmClient, type LlmRequest, type UsageMeter } from '../../llm/index.js';
import { formatLiteral, parseLiteral, unknownGoalIds, type Goal, type GoalLiteral, type Scene } from '../../scenegraph/index.js';
import {
  decomposeMessages,
  decomposeSchema,
  extractMessages,
  extractSchema,
  type CatalogEntry,
  type DecomposeVars,
  type ExtractAnswer,
  type ExtractVars,
} from './prompts.js';

/** One understood task: its instruction, goal g_i, objects O_i and the relations E_i it states about objects of unknown room. */
export interface TaskSpec {
  text: string;
  goal: Goal;
  objects: string[];
  /** `object_inside` / `on_top` / `under` / `room_inside` literals about uncertain objects (inserted into G_0). */
  stated?: GoalLiteral[];
}

/** A client that remembers which model turn (1, or 2 after a repair) it last answered. */
export function attemptTracking(llm: LlmClient): LlmClient & { last: number } {
  const c = {
    id: llm.id,
    last: 1,
    complete(request: LlmRequest) {
      c.last = request.attempt ?? 1;
      return llm.complete(request);
    },
  };
  return c;
}

/** `ask` options from an optional signal and meter (the meter counts answers that stay invalid). */
export function askOptions(signal?: AbortSignal, meter?: UsageMeter): AskOptions {
  return { ...(signal ? { signal } : {}), ...(meter ? { meter } : {}) };
}

export async function decompose(llm: LlmClient, instruction: string, signal?: AbortSignal, meter?: UsageMeter): Promise<string[]> {
  const vars: DecomposeVars = { instruction };
  const r = await ask(llm, { kind: 'gavel.decompose', vars, messages: decomposeMessages(vars), schema: decomposeSchema }, askOptions(signal, meter));
  return r.value.tasks.map((t) => t.trim()).filter((t) => t !== '');
}

/** The extractor's catalog: every object with its category and known room (null for uncertain ones). */
export function sceneCatalog(scene: Scene, uncertain: ReadonlySet<string>): CatalogEntry[] {
  const s = scene.initialState();
  return [...scene.objects.values()].map((o) => ({ id: o.id, category: o.category, room: uncertain.has(o.id) ? null : (s.roomOf(o.id) ?? null), affordances: [...o.affordances] }));
}

interface Checked {
  objects: string[];
  literals: GoalLiteral[];
  stated: GoalLiteral[];
  problems: string[];
}

function checkExtract(a: ExtractAnswer, scene: Scene, uncertain: ReadonlySet<string>): Checked {
  const problems: string[] = [];
  const objects: string[] = [];
  for (const [i, o] of a.objects.entries()) {
    if (scene.isObject(o)) objects.push(o);
    else problems.push(`objects[${i}]: '${o}' is not an object id of the scene`);
  }
  const literals: GoalLiteral[] = [];
  for (const [i, text] of a.goal.entries()) {
    const l = parseLiteral(text);
    if (typeof l === 'string') {
      problems.push(`goal[${i}]: ${l}`);
      continue;
    }
    const bad = unknownGoalIds(scene, { literals: [l] });
    if (bad.length > 0) problems.push(`goal[${i}] '${text}': unknown id${bad.length > 1 ? 's' : ''} ${bad.map((b) => `'${b}'`).join(', ')}`);
    else literals.push(l);
  }
  const stated: GoalLiteral[] = [];
  for (const [i, text] of a.relations.entries()) {
    const l = parseLiteral(text);
    if (typeof l === 'string') {
      problems.push(`relations[${i}]: ${l}`);
      continue;
    }
    if (l.negated || (l.kind !== 'room' && !(l.kind === 'relation' && l.rel !== 'next_to'))) {
      problems.push(`relations[${i}] '${text}': only object_inside, on_top, under or room_inside, not negated`);
      continue;
    }
    const bad = unknownGoalIds(scene, { literals: [l] });
    if (bad.length > 0) problems.push(`relations[${i}] '${text}': unknown id${bad.length > 1 ? 's' : ''} ${bad.map((b) => `'${b}'`).join(', ')}`);
    // Only the places of objects the robot does not know are inserted (what it knows stays as it is).
    else if (uncertain.has(l.kind === 'room' ? l.object : l.a)) stated.push(l);
  }
  return { objects: [...new Set(objects)], literals, stated, problems };
}

/** ExtractObjects + ParseGoal for one task. Problems left after the repair turn are returned as warnings. */
export async function extractTask(
  llm: LlmClient,
  vars: ExtractVars,
  scene: Scene,
  signal?: AbortSignal,
  meter?: UsageMeter,
): Promise<{ spec: TaskSpec; warnings: string[] }> {
  const tracked = attemptTracking(llm);
  const uncertain = new Set(vars.catalog.filter((c) => c.room === null).map((c) => c.id));
  const r = await ask(
    tracked,
    {
      kind: 'gavel.extract',
      vars,
      messages: extractMessages(vars),
      schema: extractSchema,
      // Problems get the repair turn; after it, the rest is dropped below.
      check: (a) => (tracked.last >= 2 ? [] : checkExtract(a, scene, uncertain).problems),
    },
    askOptions(signal, meter),
  );
  const c = checkExtract(r.value, scene, uncertain);
  const warnings = c.problems.map((p) => `task ${vars.index + 1} extraction: dropped ${p}`);
  if (c.literals.length === 0) warnings.push(`task ${vars.index + 1} extraction: no usable goal literal`);
  // Goal objects belong to the task even when the extractor forgot to list them.
  const objects = new Set(c.objects);
  for (const l of c.literals) for (const id of l.kind === 'relation' ? [l.a, l.b] : [l.object]) objects.add(id);
  return { spec: { text: vars.task, goal: { literals: c.literals }, objects: [...objects], ...(c.stated.length > 0 ? { stated: c.stated } : {}) }, warnings };
}

/** Decompose, then extract every task (the extract calls run concurrently). */
export async function understand(
  llm: LlmClient,
  instruction: string,
  scene: Scene,
  uncertain: readonly string[],
  signal?: AbortSignal,
  meter?: UsageMeter,
): Promise<{ tasks: TaskSpec[]; warnings: string[] }> {
  const texts = await decompose(llm, instruction, signal, meter);
  const catalog = sceneCatalog(scene, new Set(uncertain));
  const rooms = [...scene.rooms.values()].map((r) => ({ id: r.id, type: r.type }));
  const outs = await Promise.all(texts.map((task, index) => extractTask(llm, { instruction, task, index, catalog, rooms }, scene, signal, meter)));
  return { tasks: outs.map((o) => o.spec), warnings: outs.flatMap((o) => o.warnings) };
}

/** `on_top(a, b); washed(c)` for logs. */
export function goalText(goal: Goal): string {
  return goal.literals.map(formatLiteral).join('; ');
}
