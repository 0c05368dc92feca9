/**
 * Single long-horizon household tasks from the EAI BEHAVIOR problems (100
 * PDDL problems with gold plans). Each problem's objects, `:init` and goal
 * become a scene graph in its BEHAVIOR home and a partial-graph goal; the gold
 * plan's actions become our primitives. Kept: problems whose goal and gold
 * plan use only what the nine primitives can express and whose translated
 * reference plan verifies in our executor (restoration steps — closing what
 * the gold plan opened, switching off what it left on — are added by the
 * repair's `restore` rule and counted). Every dropped problem has a reason.
 */
import type { Condition, Domain, Problem } from '../../pddl/ast.js';
import { parseDomain, parseProblem } from '../../pddl/index.js';
import { repairPlan, sceneFromJson, verifyPlan, type Goal, type GoalLiteral, type PlanStep, type SceneFile } from '../../scenegraph/index.js';
import { synsetAffordances } from './affordances.js';
import { activityInroom, categoryIsA, eaiDomainText, loadBehaviorData, loadEaiProblems, type BehaviorData, type EaiProblemFile } from './data.js';
import { buildHome, type Home } from './homes.js';
import { describeGoal } from './instruction.js';
import type { HouseholdTask } from './task.js';

/** EAI actions and the primitives they map to. */
export const EAI_ACTION_MAP: Record<string, string> = {
  navigate_to: 'NavigateTo',
  grasp: 'Grasp',
  release: 'Release',
  place_ontop: 'PlaceOnTop',
  place_inside: 'PlaceInside',
  open: 'Open',
  close: 'Close',
  toggle_on: 'ToggleOn',
  place_onfloor: 'Release',
  place_nextto: 'Release',
  place_nextto_ontop: 'PlaceOnTop',
};

const GOAL_RELATIONS: Record<string, 'object_inside' | 'on_top' | 'next_to'> = { inside: 'object_inside', ontop: 'on_top', nextto: 'next_to' };
const GOAL_FLAGS: Record<string, 'open' | 'toggled' | 'cooked'> = { open: 'open', toggled_on: 'toggled', cooked: 'cooked' };

export type EaiTranslation = { status: 'kept'; task: HouseholdTask } | { status: 'dropped'; key: string; reason: string };

/** `electric_refrigerator_n_01_1` → synset `electric_refrigerator.n.01`. */
export function eaiSynset(obj: string): string {
  const m = /^(.*)_n_(\d+)_\d+$/.exec(obj);
  return m ? `${m[1]}.n.${m[2]}` : obj;
}
const eaiCategory = (obj: string): string => obj.replace(/_n_\d+_\d+$/, '');
const bddlName = (obj: string): string => obj.replace(/_n_(\d+)_(\d+)$/, '.n.$1_$2');

interface Lit {
  pred: string;
  args: string[];
  neg: boolean;
}

/** Grounds a goal into disjunctive normal form over literals (at most `cap` terms). */
function dnf(c: Condition, objects: Map<string, string[]>, neg: boolean, env: Map<string, string>, cap: number): Lit[][] {
  const bind = (t: { kind: string; name: string }) => (t.kind === 'var' ? (env.get(t.name) ?? t.name) : t.name);
  const and = (parts: Lit[][][]): Lit[][] => {
    let acc: Lit[][] = [[]];
    for (const p of parts) {
      const next: Lit[][] = [];
      for (const a of acc) for (const b of p) if (next.length < cap) next.push([...a, ...b]);
      acc = next;
    }
    return acc;
  };
  const or = (parts: Lit[][][]): Lit[][] => parts.flat().slice(0, cap);
  const instances = (params: { name: string; types: string[] }[]): Map<string, string>[] => {
    let envs = [new Map(env)];
    for (const p of params) {
      const objs = p.types.flatMap((t) => (t === 'object' ? [...new Set([...objects.values()].flat())] : (objects.get(t) ?? [])));
      envs = envs.flatMap((e) => objs.map((o) => new Map(e).set(p.name, o)));
    }
    return envs;
  };
  switch (c.kind) {
    case 'atom':
      return [[{ pred: c.atom.predicate, args: c.atom.args.map(bind), neg }]];
    case 'not':
      return dnf(c.arg, objects, !neg, env, cap);
    case 'and':
      return neg ? or(c.args.map((a) => dnf(a, objects, true, env, cap))) : and(c.args.map((a) => dnf(a, objects, false, env, cap)));
    case 'or':
      return neg ? and(c.args.map((a) => dnf(a, objects, true, env, cap))) : or(c.args.map((a) => dnf(a, objects, false, env, cap)));
    case 'imply':
      return dnf({ kind: 'or', args: [{ kind: 'not', arg: c.left }, c.right] }, objects, neg, env, cap);
    case 'forall': {
      const parts = instances(c.params).map((e) => dnf(c.body, objects, neg, e, cap));
      return neg ? or(parts) : and(parts);
    }
    case 'exists': {
      const parts = instances(c.params).map((e) => dnf(c.body, objects, neg, e, cap));
      return neg ? and(parts) : or(parts);
    }
  }
}

let domainCache: Domain | undefined;

function roomForType(home: Home, data: BehaviorData, type: string, synset: string): string | undefined {
  const ofType = home.rooms.filter((r) => r.type === type).map((r) => r.id);
  if (ofType.length === 0) return undefined;
  return ofType.find((r) => Object.keys(home.furniture[r] ?? {}).some((cat) => categoryIsA(data, cat, synset))) ?? ofType[0];
}

function roomForCategory(home: Home, data: BehaviorData, synset: string): string | undefined {
  for (const r of home.rooms) if (Object.keys(home.furniture[r.id] ?? {}).some((cat) => categoryIsA(data, cat, synset))) return r.id;
  return undefined;
}

/** Translates one EAI problem; `dropped` names why it is outside our subset. */
export function translateEai(data: BehaviorData, p: EaiProblemFile, domain: Domain): EaiTranslation {
  const drop = (reason: string): EaiTranslation => ({ status: 'dropped', key: p.key, reason });
  const badAction = p.gold.map((s) => s.split(/\s+/)[0]).find((a) => !(a in EAI_ACTION_MAP));
  if (badAction) return drop(`action:${badAction}`);
  if (p.gold.length === 0) return drop('no-gold-plan');
  let prob: Problem;
  try {
    prob = parseProblem(p.text, domain, p.key);
  } catch (e) {
    return drop(`parse:${(e as Error).message.split('\n')[0]}`);
  }
  const home = buildHome(data, p.scene);
  const typeOf = new Map<string, string>();
  const byType = new Map<string, string[]>();
  for (const o of prob.objects) {
    const t = o.types[0] ?? 'object';
    typeOf.set(o.name, t);
    byType.set(t, [...(byType.get(t) ?? []), o.name]);
  }
  const isAgent = (o: string): boolean => typeOf.get(o) === 'agent' || o.startsWith('agent_n_');
  const isFloor = (o: string): boolean => o.startsWith('floor_n_');
  const inroom = activityInroom(data.dir, p.activity);

  // Rooms of floors and of objects the activity places in a room type.
  const explicitRoom = new Map<string, string>();
  const notes: string[] = [];
  for (const o of prob.objects.map((x) => x.name)) {
    if (isAgent(o)) continue;
    const t = inroom.get(bddlName(o));
    const r = t ? (roomForType(home, data, t, eaiSynset(o)) ?? roomForCategory(home, data, eaiSynset(o))) : undefined;
    if (r) explicitRoom.set(o, r);
  }
  for (const o of prob.objects.map((x) => x.name)) {
    if (isFloor(o) && !explicitRoom.has(o)) explicitRoom.set(o, home.start);
  }
  const init = prob.init.flatMap((e) => (e.kind === 'atom' ? [{ pred: e.atom.predicate, args: e.atom.args.map((a) => a.name) }] : []));

  const objects = prob.objects.map((x) => x.name).filter((o) => !isAgent(o) && !isFloor(o));
  const affordance = new Map(objects.map((o) => [o, synsetAffordances(data, eaiSynset(o))]));
  const add = (o: string, a: 'openable' | 'toggleable' | 'graspable' | 'container' | 'surface'): void => {
    affordance.get(o)?.affordances.add(a);
  };
  const relations: { rel: 'object_inside' | 'on_top' | 'under' | 'next_to'; a: string; b: string }[] = [];
  const flags = new Map<string, ('open' | 'toggled' | 'cooked')[]>();
  const supported = new Set<string>();
  const nextTo = new Map<string, string>();
  for (const { pred, args } of init) {
    const [a, b] = args;
    if (pred === 'inside' || pred === 'ontop' || pred === 'under') {
      if (isAgent(a)) continue;
      if (isFloor(b)) {
        explicitRoom.set(a, explicitRoom.get(b) as string);
        continue;
      }
      if (supported.has(a)) continue;
      supported.add(a);
      const rel = pred === 'inside' ? 'object_inside' : pred === 'ontop' ? 'on_top' : 'under';
      relations.push({ rel, a, b });
      if (rel === 'object_inside') add(b, 'container');
      if (rel === 'on_top') add(b, 'surface');
    } else if (pred === 'onfloor') {
      if (!isAgent(a)) explicitRoom.set(a, explicitRoom.get(b) ?? home.start);
    } else if (pred === 'nextto') {
      relations.push({ rel: 'next_to', a, b });
      nextTo.set(a, b);
    } else if (pred in GOAL_FLAGS) {
      const fl = GOAL_FLAGS[pred];
      flags.set(a, [...(flags.get(a) ?? []), fl]);
      if (fl === 'open') add(a, 'openable');
      if (fl === 'toggled') add(a, 'toggleable');
    }
  }
  // Usage in the gold plan and the goal also asserts affordances.
  for (const s of p.gold) {
    const [act, ...args] = s.split(/\s+/);
    if (act === 'grasp') add(args[0], 'graspable');
    if (act === 'open' || act === 'close') add(args[0], 'openable');
    if (act === 'toggle_on') add(args[0], 'toggleable');
    if (act === 'place_inside') add(args[1], 'container');
    if (act === 'place_ontop') add(args[1], 'surface');
    if (act === 'place_nextto_ontop') add(args[2], 'surface');
  }
  // Rooms for the objects that rest on nothing: by category in this home, next to their neighbour, else the hub.
  for (const o of objects) {
    if (supported.has(o) || explicitRoom.has(o)) continue;
    const r = roomForCategory(home, data, eaiSynset(o));
    if (r) explicitRoom.set(o, r);
  }
  for (const o of objects) {
    if (supported.has(o) || explicitRoom.has(o)) continue;
    const partner = nextTo.get(o);
    const r = partner ? explicitRoom.get(partner) : undefined;
    explicitRoom.set(o, r ?? home.start);
    if (!r) notes.push(`${o}: no room in the data, placed in ${home.start}`);
  }
  // Break support cycles the scene file would reject (none expected, but be safe).
  const agentFloor = init.find((f) => (f.pred === 'onfloor' || f.pred === 'ontop') && isAgent(f.args[0]) && isFloor(f.args[1]));
  const robotRoom = agentFloor ? (explicitRoom.get(agentFloor.args[1]) ?? home.start) : home.start;

  const sceneJson: SceneFile = {
    name: `${p.activity} in ${p.scene}`,
    rooms: home.rooms,
    connections: home.connections,
    objects: objects.map((o) => {
      const info = affordance.get(o) as { affordances: Set<'openable' | 'toggleable' | 'graspable' | 'container' | 'surface'>; appliance?: 'dishwasher' | 'sink' | 'washer' | 'dryer' | 'stove' | 'oven' | 'microwave' | 'other' };
      const fl = flags.get(o);
      let appliance = info.appliance;
      if (!appliance && info.affordances.has('toggleable')) appliance = 'other';
      return {
        id: o,
        category: eaiCategory(o),
        ...(supported.has(o) ? {} : { room: explicitRoom.get(o) }),
        affordances: [...info.affordances].sort(),
        ...(appliance ? { appliance } : {}),
        ...(fl ? { flags: fl } : {}),
      };
    }),
    relations,
    robot: { room: robotRoom },
  };

  // Goal: ground to DNF; keep expressible terms.
  const roomOfFloor = (f: string): string => explicitRoom.get(f) ?? home.start;
  const toLiteral = (l: Lit): GoalLiteral | string => {
    const [a, b] = l.args;
    const neg = l.neg ? { negated: true } : {};
    if (l.pred in GOAL_RELATIONS) return { kind: 'relation', rel: GOAL_RELATIONS[l.pred], a, b, ...neg };
    if (l.pred === 'onfloor') return { kind: 'room', object: a, room: roomOfFloor(b), ...neg };
    if (l.pred in GOAL_FLAGS) return { kind: 'flag', flag: GOAL_FLAGS[l.pred], object: a, ...neg };
    if (l.pred === 'holding') return { kind: 'holding', object: a, ...neg };
    return `goal:${l.pred}`;
  };
  const terms = dnf(prob.goal, byType, false, new Map(), 256);
  const candidates: Goal[] = [];
  let unsupported = '';
  for (const t of terms) {
    const lits = t.filter((l) => l.pred !== 'same_obj' && l.pred !== '=').map(toLiteral);
    const reflexive = lits.find((l) => typeof l !== 'string' && l.kind === 'relation' && l.a === l.b);
    const bad = reflexive ? 'goal:reflexive' : lits.find((l): l is string => typeof l === 'string');
    if (bad) {
      unsupported ||= bad;
      continue;
    }
    const uniq = new Map((lits as GoalLiteral[]).map((l) => [JSON.stringify(l), l]));
    candidates.push({ literals: [...uniq.values()] });
  }
  if (candidates.length === 0) return drop(unsupported || 'goal:empty');

  // Reference plan.
  const plan: PlanStep[] = [];
  for (const s of p.gold) {
    const [act, ...args] = s.split(/\s+/);
    const objArgs = args.filter((a) => !isAgent(a));
    if (act === 'navigate_to') {
      if (objArgs.length === 0) continue; // navigate_to the agent itself
      const t = objArgs[0];
      plan.push({ action: 'NavigateTo', args: [isFloor(t) ? roomOfFloor(t) : t] });
    } else if (act === 'place_nextto_ontop') {
      // (place_nextto_ontop x y z): x on top of z; the robot reaches y. Kept as PlaceOnTop(x, z) after approaching z.
      const [x, , z] = objArgs;
      const prev = plan[plan.length - 1];
      if (!prev || prev.action !== 'NavigateTo' || prev.args[0] !== z) plan.push({ action: 'NavigateTo', args: [z] });
      plan.push({ action: 'PlaceOnTop', args: [x, z] });
    } else if (act === 'place_onfloor' || act === 'place_nextto' || act === 'release') {
      plan.push({ action: 'Release', args: [objArgs[0]] });
    } else {
      plan.push({ action: EAI_ACTION_MAP[act], args: objArgs });
    }
  }
  let scene;
  try {
    scene = sceneFromJson(sceneJson, p.key);
  } catch (e) {
    return drop(`scene:${(e as Error).message}`);
  }
  // The first goal branch the translated gold plan achieves, as is or after model-derived repair
  // (the gold plans never close what they open, and some navigate to objects still hidden in a closed container).
  let lastFailure = '';
  for (const goal of candidates) {
    const v = verifyPlan(scene, plan, goal);
    if (v.valid) return { status: 'kept', task: makeTask(p, sceneJson, goal, plan, notes, candidates.length, []) };
    const r = repairPlan(scene, plan, goal);
    if (r.verdict.valid) return { status: 'kept', task: makeTask(p, sceneJson, goal, r.plan, notes, candidates.length, r.edits.map((e) => e.rule)) };
    const w = r.verdict;
    lastFailure ||= w.failure ? `plan:${w.failure.code}` : w.unmet.length > 0 ? 'plan:goal-unmet' : 'plan:unsafe';
  }
  return drop(lastFailure);
}

function makeTask(p: EaiProblemFile, scene: SceneFile, goal: Goal, plan: PlanStep[], notes: string[], branches: number, repairs: string[]): HouseholdTask {
  const title = p.activity.replace(/_/g, ' ');
  return {
    id: `eai/${p.key.replace(/_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d$/, '')}`,
    kind: 'single',
    instruction: `${title[0].toUpperCase()}${title.slice(1)}: ${describeGoal(goal)}`,
    scene,
    goals: [goal],
    goal,
    referencePlan: plan,
    subplans: [plan],
    uncertain: (scene.objects ?? []).filter((o) => o.affordances?.includes('graspable')).map((o) => o.id),
    source: { eai: p.key, activity: p.activity, scene: p.scene, goalBranches: branches, goldSteps: p.gold.length, referenceRepairs: repairs.join(',') },
    notes,
  };
}

export interface EaiSubset {
  tasks: HouseholdTask[];
  dropped: { key: string; reason: string }[];
  /** reason → count (`action:soak`, `goal:stained`, `plan:NOT_NEAR`, ...). */
  reasons: Record<string, number>;
}

/** All EAI problems translated; the kept subset and the reasons for the rest. */
export function eaiTasks(dataDir?: string): EaiSubset {
  const data = loadBehaviorData(dataDir);
  domainCache ??= parseDomain(eaiDomainText(data.dir), undefined);
  const tasks: HouseholdTask[] = [];
  const dropped: { key: string; reason: string }[] = [];
  const reasons: Record<string, number> = {};
  for (const p of loadEaiProblems(data.dir)) {
    const t = translateEai(data, p, domainCache);
    if (t.status === 'kept') tasks.push(t.task);
    else {
      dropped.push({ key: t.key, reason: t.reason });
      const k = t.reason.startsWith('scene:') || t.reason.startsWith('parse:') ? t.reason.split(':')[0] : t.reason;
      reasons[k] = (reasons[k] ?? 0) + 1;
    }
  }
  return { tasks, dropped, reasons };
}

