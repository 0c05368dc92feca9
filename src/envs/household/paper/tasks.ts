/**
 * Reader for the GAVEL paper's single-task benchmark (`tasks.json` of
 * `../shared/data/gavel-benchmark`, read at run time, never copied): a list
 * of tasks, each with an id, a BEHAVIOR scene, the instruction, the objects
 * spawned (`{name, relation: ON_TOP|INSIDE, target}`), optional `rooms`
 * (furniture category → room id), goal triples and a reference plan. Every
 * problem is reported with the task id and the field (`tasks.json: [3]
 * (Rs_int-04).spawn[1].relation: ...`).
 */
import { IssueList, IssuesError } from '../../../core/issues.js';
import { readJsonFile } from '../../../core/json-text.js';
import type { Goal, PaperStep } from '../../../scenegraph/index.js';
import { readPaperGoal, readPaperPlan } from './format.js';

export interface PaperSpawn {
  name: string;
  relation: 'on_top' | 'object_inside';
  target: string;
}

export interface PaperTask {
  id: string;
  scene: string;
  instruction: string;
  spawn: PaperSpawn[];
  /** Furniture category → the room its instance is in, where the task says. */
  rooms: Record<string, string>;
  goal: Goal;
  referencePlan: PaperStep[];
}

const SPAWN_RELATIONS: Record<string, PaperSpawn['relation']> = { ON_TOP: 'on_top', INSIDE: 'object_inside' };

/** Validates one parsed task; issues go to `issues` under `path`. */
function readTask(issues: IssueList, path: PropertyKey[], raw: unknown): PaperTask | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    issues.add(path, 'expected a task object with id, scene, task, spawn, goal, plan');
    return undefined;
  }
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'string' && r.id !== '' ? r.id : undefined;
  const at = (...p: PropertyKey[]): PropertyKey[] => [...path.slice(0, -1), `${String(path[path.length - 1])} (${id ?? 'no id'})`, ...p];
  const before = issues.size;
  if (!id) issues.add(at('id'), 'expected a non-empty string');
  const str = (k: string): string => {
    if (typeof r[k] === 'string' && r[k] !== '') return r[k];
    issues.add(at(k), 'expected a non-empty string');
    return '';
  };
  const scene = str('scene');
  const instruction = str('task');
  const spawn: PaperSpawn[] = [];
  if (!Array.isArray(r.spawn)) issues.add(at('spawn'), 'expected an array of {name, relation, target}');
  else {
    r.spawn.forEach((s, j) => {
      const o = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
      const rel = typeof o.relation === 'string' ? SPAWN_RELATIONS[o.relation.toUpperCase()] : undefined;
      if (typeof o.name !== 'string' || o.name === '') issues.add(at('spawn', j, 'name'), 'expected a non-empty string');
      if (!rel) issues.add(at('spawn', j, 'relation'), `expected ON_TOP or INSIDE, got ${JSON.stringify(o.relation)}`);
      if (typeof o.target !== 'string' || o.target === '') issues.add(at('spawn', j, 'target'), 'expected a non-empty string');
      if (typeof o.name === 'string' && rel && typeof o.target === 'string' && o.name !== '' && o.target !== '') spawn.push({ name: o.name, relation: rel, target: o.target });
    });
  }
  const rooms: Record<string, string> = {};
  if (r.rooms !== undefined) {
    if (typeof r.rooms !== 'object' || r.rooms === null || Array.isArray(r.rooms)) issues.add(at('rooms'), 'expected an object: furniture category → room id');
    else
      for (const [k, v] of Object.entries(r.rooms)) {
        if (typeof v === 'string' && v !== '') rooms[k] = v;
        else issues.add(at('rooms', k), 'expected a room id');
      }
  }
  const goal = readPaperGoal(issues, at('goal'), r.goal);
  const referencePlan = r.plan === undefined ? [] : readPaperPlan(issues, at('plan'), r.plan);
  return issues.size > before ? undefined : { id: id as string, scene, instruction, spawn, rooms, goal, referencePlan };
}

/** Validates the parsed benchmark (an array of tasks, ids unique). */
export function paperTasksFromJson(raw: unknown, file = 'tasks.json'): PaperTask[] {
  if (!Array.isArray(raw)) throw new IssuesError('PAPER_TASKS', file, [{ path: [], message: 'expected an array of tasks' }]);
  const issues = new IssueList();
  const out: PaperTask[] = [];
  const seen = new Set<string>();
  raw.forEach((t, i) => {
    const task = readTask(issues, [i], t);
    if (!task) return;
    if (seen.has(task.id)) issues.add([`${i} (${task.id})`, 'id'], 'duplicate task id');
    seen.add(task.id);
    out.push(task);
  });
  issues.throwIfAny('PAPER_TASKS', file);
  return out;
}

export function readPaperTasks(path: string): PaperTask[] {
  return paperTasksFromJson(readJsonFile(path, 'PAPER_TASKS'), path);
}
