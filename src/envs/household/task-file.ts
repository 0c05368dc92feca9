/**
 * Household task files, as `groundplan household tasks --out DIR` writes
 * them: the task with its scene file inline, goals as `{literals: [...]}`,
 * plans as step strings. Reading checks every field and names the JSON path
 * of every problem (`t.json: subplans[1][3]: ...; uncertain[0]: ...`).
 */
import { IssueList, IssuesError } from '../../core/issues.js';
import { readJsonFile } from '../../core/json-text.js';
import { formatStep, goalFromJson, parsePlanText, sceneFromJson, type Goal, type PlanStep, type SceneFile } from '../../scenegraph/index.js';
import type { HouseholdTask } from './task.js';

/** The JSON form of a task (what `household tasks --out` writes). */
export function householdTaskToJson(t: HouseholdTask): Record<string, unknown> {
  return { id: t.id, kind: t.kind, instruction: t.instruction, errands: t.errands, uncertain: t.uncertain, goal: t.goal, goals: t.goals, referencePlan: t.referencePlan.map(formatStep), subplans: t.subplans.map((p) => p.map(formatStep)), source: t.source, notes: t.notes, scene: t.scene };
}

/**
 * Validates a parsed task file. Every issue is collected with its JSON path
 * (the inline scene, goals and plans included) and reported together.
 */
export function householdTaskFromJson(raw: unknown, file = 'task'): HouseholdTask {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new IssuesError('TASK_FILE', file, [{ path: [], message: 'expected a task object with id, instruction, scene, goals, subplans' }]);
  const r = raw as Record<string, unknown>;
  const issues = new IssueList();
  const str = (path: PropertyKey[], v: unknown): string => {
    if (typeof v === 'string' && v !== '') return v;
    issues.add(path, 'expected a non-empty string');
    return '';
  };
  const plan = (path: PropertyKey[], v: unknown): PlanStep[] => {
    if (!Array.isArray(v)) {
      issues.add(path, 'expected an array of steps');
      return [];
    }
    return issues.within(path, () => parsePlanText(JSON.stringify(v))) ?? [];
  };
  const id = str(['id'], r.id);
  const instruction = str(['instruction'], r.instruction);
  let kind: HouseholdTask['kind'] = 'single';
  if (r.kind === 'single' || r.kind === 'multi') kind = r.kind;
  else issues.add(['kind'], "expected 'single' or 'multi'");
  const scene = issues.within(['scene'], () => sceneFromJson(r.scene));
  let goals: Goal[] = [];
  if (!Array.isArray(r.goals) || r.goals.length === 0) issues.add(['goals'], 'expected a non-empty array of goals');
  else goals = r.goals.map((g, i) => issues.within(['goals', i], () => goalFromJson(g)) ?? { literals: [] });
  const goal = r.goal === undefined ? { literals: goals.flatMap((g) => g.literals) } : (issues.within(['goal'], () => goalFromJson(r.goal)) ?? { literals: [] });
  if (scene) {
    for (const [i, g] of goals.entries()) {
      for (const [j, l] of g.literals.entries()) {
        for (const o of l.kind === 'relation' ? [l.a, l.b] : [l.object]) if (!scene.isObject(o)) issues.add(['goals', i, 'literals', j], `unknown object '${o}'`);
      }
    }
  }
  let subplans: PlanStep[][] = [];
  if (!Array.isArray(r.subplans)) issues.add(['subplans'], 'expected one plan per goal');
  else {
    subplans = r.subplans.map((p, i) => plan(['subplans', i], p));
    if (subplans.length !== goals.length && goals.length > 0) issues.add(['subplans'], `expected ${goals.length} subplan(s) (one per goal), got ${subplans.length}`);
  }
  const referencePlan = r.referencePlan === undefined ? subplans.flat() : plan(['referencePlan'], r.referencePlan);
  let uncertain: string[] = [];
  if (!Array.isArray(r.uncertain)) issues.add(['uncertain'], 'expected an array of object ids');
  else {
    uncertain = r.uncertain.map((o, i) => {
      const s = str(['uncertain', i], o);
      if (s !== '' && scene && !scene.isObject(s)) issues.add(['uncertain', i], `unknown object '${s}'`);
      return s;
    });
  }
  let errands: string[] | undefined;
  if (r.errands !== undefined) {
    if (!Array.isArray(r.errands)) issues.add(['errands'], 'expected an array of strings');
    else errands = r.errands.map((e, i) => str(['errands', i], e));
  }
  issues.throwIfAny('TASK_FILE', file);
  const source: Record<string, string | number> = {};
  if (typeof r.source === 'object' && r.source !== null) for (const [k, v] of Object.entries(r.source)) if (typeof v === 'string' || typeof v === 'number') source[k] = v;
  const notes = Array.isArray(r.notes) ? r.notes.filter((n): n is string => typeof n === 'string') : [];
  return { id, kind, instruction, scene: r.scene as SceneFile, goals, goal, referencePlan, subplans, uncertain, ...(errands ? { errands } : {}), source, notes };
}

/** Reads and validates a task file. */
export function readHouseholdTask(path: string): HouseholdTask {
  return householdTaskFromJson(readJsonFile(path, 'TASK_FILE'), path);
}
