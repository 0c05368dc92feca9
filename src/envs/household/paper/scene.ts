/**
 * The scene graph of one task of the GAVEL paper's benchmark: the BEHAVIOR
 * home of the task's scene (rooms and doors of `homes.ts`: room-graph
 * distances, not the paper's floor plans), one node per furniture category
 * of the scene (id = the category, in the room the task names for it, else
 * the first room that has it), and the spawned objects in or on their
 * targets. Affordances follow BEHAVIOR's annotations as the paper reads them:
 * `openable` and `toggleable` from the synset properties, a container when
 * openable or fillable, every furniture piece a surface and fixed, every
 * spawned object graspable (and a surface or container only where the task
 * puts something on or in it); the appliance kind from the synset's hypernyms;
 * safety-critical (must be switched off) when BEHAVIOR marks it a heat
 * source, or it is a sink (water source), or it confers cooked/washed/dried.
 */
import { IssueList } from '../../../core/issues.js';
import { sceneFromJson, type Affordance, type Scene, type SceneFile } from '../../../scenegraph/index.js';
import { synsetAffordances } from '../affordances.js';
import type { BehaviorData } from '../data.js';
import { buildHome } from '../homes.js';
import type { PaperTask } from './tasks.js';

/** Scene-list entries that are structure, not furniture a plan acts on. */
const STRUCTURE = new Set(['floors', 'walls', 'ceilings']);
const SAFETY_KINDS = new Set(['sink', 'stove', 'oven', 'microwave', 'dishwasher', 'washer', 'dryer']);

type SceneObjectFile = NonNullable<SceneFile['objects']>[number];

function categoryNode(data: BehaviorData, id: string, room: string | undefined, fixed: boolean, asserted: ReadonlySet<string> = new Set()): SceneObjectFile {
  const synset = data.categorySynset.get(id);
  const props = synset ? (data.synsets.get(synset)?.props ?? {}) : {};
  const info = synset ? synsetAffordances(data, synset) : { affordances: new Set<Affordance>() };
  const aff = new Set<Affordance>();
  if (props.openable) aff.add('openable');
  if (props.toggleable || (info.appliance && info.appliance !== 'other')) aff.add('toggleable');
  if (props.openable || props.fillable || info.affordances.has('container') || asserted.has(`object_inside:${id}`)) aff.add('container');
  aff.add(fixed ? 'surface' : 'graspable');
  if (asserted.has(`on_top:${id}`)) aff.add('surface');
  const appliance = info.appliance;
  const safetyCritical = props.heatSource === true || (appliance !== undefined && SAFETY_KINDS.has(appliance));
  return { id, category: id, ...(room ? { room } : {}), affordances: [...aff].sort(), ...(appliance ? { appliance } : {}), safetyCritical };
}

/** The task's scene file; a bad room or target is an issue located at the task id and field. */
export function paperTaskSceneFile(data: BehaviorData, task: PaperTask, file = 'tasks.json'): SceneFile {
  const issues = new IssueList();
  const where = (...p: PropertyKey[]): PropertyKey[] => [`${task.id}`, ...p];
  if (!data.scenes[task.scene]) {
    issues.add(where('scene'), `unknown BEHAVIOR scene '${task.scene}'`);
    issues.throwIfAny('PAPER_TASKS', file);
  }
  const home = buildHome(data, task.scene);
  const roomIds = new Set(home.rooms.map((r) => r.id));
  for (const [cat, room] of Object.entries(task.rooms)) if (!roomIds.has(room)) issues.add(where('rooms', cat), `'${room}' is not a room of ${task.scene} (${[...roomIds].join(', ')})`);
  const spawned = new Set(task.spawn.map((s) => s.name));
  const furnitureRoom = new Map<string, string>();
  for (const r of home.rooms) for (const cat of Object.keys(home.furniture[r.id] ?? {})) if (!STRUCTURE.has(cat) && !furnitureRoom.has(cat)) furnitureRoom.set(cat, r.id);
  for (const [cat, room] of Object.entries(task.rooms)) if (roomIds.has(room)) furnitureRoom.set(cat, room);
  task.spawn.forEach((s, j) => {
    if (spawned.has(s.target) || furnitureRoom.has(s.target)) return;
    if (data.categorySynset.has(s.target)) furnitureRoom.set(s.target, home.start);
    else issues.add(where('spawn', j, 'target'), `'${s.target}' is neither furniture of ${task.scene} nor a spawned object`);
  });
  issues.throwIfAny('PAPER_TASKS', file);
  const objects: SceneObjectFile[] = [];
  for (const [cat, room] of [...furnitureRoom].sort()) if (!spawned.has(cat) && !roomIds.has(cat)) objects.push(categoryNode(data, cat, room, true));
  // What the task puts on or in a spawned object makes it a surface or a container (a tray, a bowl).
  const asserted = new Set([...task.spawn.map((s) => `${s.relation}:${s.target}`), ...task.goal.literals.flatMap((l) => (l.kind === 'relation' ? [`${l.rel}:${l.b}`] : []))]);
  for (const s of task.spawn) objects.push(categoryNode(data, s.name, undefined, false, asserted));
  const relations = task.spawn.map((s) => ({ rel: s.relation, a: s.name, b: s.target }));
  return { name: `${task.scene}/${task.id}`, rooms: home.rooms, connections: home.connections, objects, relations, robot: { room: home.start } };
}

/** The task's scene graph (`paperTaskSceneFile`, checked). */
export function paperTaskScene(data: BehaviorData, task: PaperTask, file = 'tasks.json'): Scene {
  return sceneFromJson(paperTaskSceneFile(data, task, file), `${file}: ${task.id}`);
}
