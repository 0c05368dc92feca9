/**
 * The object-state description format of the LLM-DM planning tasks:
 * `{"objects": {"plane_0": {"type": {"name": "plane"}, "state": ["plane_0 is at location location_1"]}}}`
 * (a whole `planning_tasks` entry, a `scene`, or the `objects` map alone).
 */
import { LlmDmInputError } from './errors.js';

export interface SceneObject {
  name: string;
  type: string;
  /** Plain-language facts about the object. */
  state: string[];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function readObjectsMap(m: Record<string, unknown>, where: string): SceneObject[] {
  return Object.entries(m).map(([name, v]) => {
    if (!isRecord(v)) throw new LlmDmInputError(`${where}: object '${name}' must be {"type": {"name": ...}, "state": [...]}`);
    const t = isRecord(v.type) ? v.type.name : v.type;
    if (typeof t !== 'string' || t === '') throw new LlmDmInputError(`${where}: object '${name}' has no type name (write "type": {"name": "TYPE"})`);
    const state = v.state ?? [];
    if (!Array.isArray(state) || state.some((s) => typeof s !== 'string')) throw new LlmDmInputError(`${where}: "state" of object '${name}' must be a list of sentences`);
    if (!/^[a-zA-Z][\w-]*$/.test(name)) throw new LlmDmInputError(`${where}: object name '${name}' is not a valid PDDL name`);
    return { name, type: t, state: state as string[] };
  });
}

/** Finds the objects map in any of the accepted shapes (the first scene of the first task for whole task files). */
export function readSceneObjects(json: unknown, where: string): SceneObject[] {
  let x: unknown = json;
  for (let depth = 0; depth < 4 && isRecord(x); depth++) {
    if (isRecord(x.objects)) return readObjectsMap(x.objects, where);
    const first = Object.values(x)[0];
    if (isRecord(first) && Object.values(first).every((v) => isRecord(v) && 'type' in v)) return readObjectsMap(x, where);
    x = first;
  }
  throw new LlmDmInputError(`${where}: no objects found; expected {"objects": {"NAME": {"type": {"name": "TYPE"}, "state": ["..."]}}}`);
}
