/**
 * Household task files, as `groundplan household tasks --out DIR` writes
 * them: the task with its scene file inline, goals as `{literals: [...]}`,
 * plans as step strings. Reading checks every field and names the JSON path
 * of the first problem (`t.json: subplans[1][3]: ...`).
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../../core/errors.js';
import { formatStep, goalFromJson, parsePlanText, sceneFromJson, type PlanStep, type SceneFile } from '../../scenegraph/index.js';
import type { HouseholdTask } from './task.js';

function fail(file: string, where: string, msg: string): never {
  throw new InputError('TASK_FILE', `${file}: ${where}: ${msg}`);
}

/** The JSON form of a task (what `household tasks --out` writes). */
export function householdTaskToJson(t: HouseholdTask): Record<string, unknown> {
  return { id: t.id, kind: t.kind, instruction: t.instruction, errands: t.errands, uncertain: t.uncertain, goal: t.goal, goals: t.goals, referencePlan: t.referencePlan.map(formatStep), subplans: t.subplans.map((p) => p.map(formatStep)), source: t.source, notes: t.notes, scene: t.scene };
}

const str = (file: string, where: string, v: unknown): string => (typeof v === 'string' && v !== '' ? v : fail(file, where, 'expected a non-empty string'));

function plan(file: string, where: string, v: unknown): PlanStep[] {
  if (!Array.isArray(v)) fail(file, where, 'expected an array of steps');
  return parsePlanText(JSON.stringify(v), `${file}#${where}`);
}

/** Validates a parsed task file. */
export function householdTaskFromJson(raw: unknown, file = 'task'): HouseholdTask {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(file, '(root)', 'expected a task object with id, instruction, scene, goals, subplans');
  const r = raw as Record<string, unknown>;
  const id = str(file, 'id', r.id);
  const instruction = str(file, 'instruction', r.instruction);
  const kind = r.kind === 'single' || r.kind === 'multi' ? r.kind : fail(file, 'kind', "expected 'single' or 'multi'");
  const scene = sceneFromJson(r.scene, `${file}#scene`);
  if (!Array.isArray(r.goals) || r.goals.length === 0) fail(file, 'goals', 'expected a non-empty array of goals');
  const goals = r.goals.map((g, i) => goalFromJson(g, file, `goals[${i}]`));
  const goal = r.goal === undefined ? { literals: goals.flatMap((g) => g.literals) } : goalFromJson(r.goal, file, 'goal');
  for (const [i, g] of goals.entries()) {
    for (const [j, l] of g.literals.entries()) {
      for (const o of l.kind === 'relation' ? [l.a, l.b] : [l.object]) if (!scene.isObject(o)) fail(file, `goals[${i}].literals[${j}]`, `unknown object '${o}'`);
    }
  }
  if (!Array.isArray(r.subplans)) fail(file, 'subplans', 'expected one plan per goal');
  const subplans = r.subplans.map((p, i) => plan(file, `subplans[${i}]`, p));
  if (subplans.length !== goals.length) fail(file, 'subplans', `expected ${goals.length} subplan(s) (one per goal), got ${subplans.length}`);
  const referencePlan = r.referencePlan === undefined ? subplans.flat() : plan(file, 'referencePlan', r.referencePlan);
  if (!Array.isArray(r.uncertain)) fail(file, 'uncertain', 'expected an array of object ids');
  const uncertain = r.uncertain.map((o, i) => {
    const s = str(file, `uncertain[${i}]`, o);
    if (!scene.isObject(s)) fail(file, `uncertain[${i}]`, `unknown object '${s}'`);
    return s;
  });
  let errands: string[] | undefined;
  if (r.errands !== undefined) {
    if (!Array.isArray(r.errands)) fail(file, 'errands', 'expected an array of strings');
    errands = r.errands.map((e, i) => str(file, `errands[${i}]`, e));
  }
  const source: Record<string, string | number> = {};
  if (typeof r.source === 'object' && r.source !== null) for (const [k, v] of Object.entries(r.source)) if (typeof v === 'string' || typeof v === 'number') source[k] = v;
  const notes = Array.isArray(r.notes) ? r.notes.filter((n): n is string => typeof n === 'string') : [];
  return { id, kind, instruction, scene: r.scene as SceneFile, goals, goal, referencePlan, subplans, uncertain, ...(errands ? { errands } : {}), source, notes };
}

/** Reads and validates a task file. */
export function readHouseholdTask(path: string): HouseholdTask {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError('TASK_FILE', `${path}: cannot read: ${(e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError('TASK_FILE', `${path}: not valid JSON: ${(e as Error).message}`);
  }
  return householdTaskFromJson(raw, path);
}
