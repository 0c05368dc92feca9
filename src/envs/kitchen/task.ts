/**
 * Kitchen task files in the Tru-POMDP schema:
 * `{placement:[{area, placed_object}], robot:{name, location, object_in_hand},
 *   task:{description|instruction, goal_set:[[{target_area, placed_object}]]}}`
 * plus optional `kitchen` and `level` fields (the authors' files name neither:
 * the caller then passes the kitchen). Validated with zod, then checked against
 * the kitchen; a rejection names the file and every JSON field path that is
 * wrong (all schema issues, then all cross-checks against the kitchen).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import { IssueList, IssuesError } from '../../core/issues.js';
import { parseJsonText } from '../../core/json-text.js';
import type { KitchenLevel } from './config.js';
import type { GoalAlternative, GoalPair, GoalSet } from './goal.js';
import { KITCHEN_NAMES, isKitchenName, loadLayout, type KitchenName } from './layout.js';
import { EMPTY_HAND, IN_HAND, makeWorld, type KitchenState, type KitchenWorld } from './state.js';
import { didYouMean } from './suggest.js';

const placementSchema = z.object({ area: z.string().min(1), placed_object: z.string().min(1) });
const goalPairSchema = z.object({ target_area: z.string().min(1), placed_object: z.string().min(1) });

export const taskFileSchema = z.object({
  kitchen: z.string().optional(),
  level: z.enum(['easy', 'medium', 'hard']).optional(),
  placement: z.array(placementSchema),
  robot: z.object({
    name: z.string().default('robot'),
    location: z.string().min(1),
    object_in_hand: z.string().default(''),
  }),
  task: z
    .object({
      description: z.string().optional(),
      instruction: z.string().optional(),
      goal_set: z.array(z.array(goalPairSchema).min(1)).min(1),
    })
    .refine((t) => t.description !== undefined || t.instruction !== undefined, {
      message: "needs a 'description' (or 'instruction') string",
    }),
});

/** The JSON shape of a task file (what `taskToJson` writes). */
export interface KitchenTaskFile {
  kitchen?: string;
  level?: KitchenLevel;
  placement: Array<{ area: string; placed_object: string }>;
  robot: { name: string; location: string; object_in_hand: string };
  task: { description: string; goal_set: Array<Array<{ target_area: string; placed_object: string }>> };
}

/** A validated task bound to its kitchen. */
export interface KitchenTask {
  readonly kitchen: KitchenName;
  readonly level?: KitchenLevel;
  readonly description: string;
  readonly robotName: string;
  readonly world: KitchenWorld;
  readonly initial: KitchenState;
  readonly goals: GoalSet;
  readonly file?: string;
}

export interface ParseTaskOptions {
  /** Kitchen to use when the file has no `kitchen` field (must match when it has one). */
  kitchen?: string;
  /** Shown in error messages. */
  file?: string;
}

/** Validate a parsed JSON value as a task. Throws an `IssuesError` naming the file and every field path that is wrong. */
export function parseTask(raw: unknown, options: ParseTaskOptions = {}): KitchenTask {
  const where = options.file ?? '<task>';
  const parsed = taskFileSchema.safeParse(raw);
  if (!parsed.success) throw new IssuesError('KITCHEN_TASK', where, parsed.error.issues);
  const t = parsed.data;
  const issues = new IssueList();

  let kitchenName: string | undefined;
  if (t.kitchen !== undefined) {
    if (!isKitchenName(t.kitchen)) issues.add(['kitchen'], `unknown kitchen '${t.kitchen}'${didYouMean(t.kitchen, KITCHEN_NAMES)} (known: ${KITCHEN_NAMES.join(', ')})`);
    else if (options.kitchen !== undefined && options.kitchen !== t.kitchen) issues.add(['kitchen'], `file says kitchen '${t.kitchen}' but '${options.kitchen}' was requested`);
    else kitchenName = t.kitchen;
  } else if (options.kitchen === undefined) issues.add(['kitchen'], `the file names no kitchen: pass one (${KITCHEN_NAMES.join(', ')})`);
  else if (!isKitchenName(options.kitchen)) issues.add(['kitchen'], `unknown kitchen '${options.kitchen}'${didYouMean(options.kitchen, KITCHEN_NAMES)}`);
  else kitchenName = options.kitchen;
  // without a kitchen nothing else can be checked
  issues.throwIfAny('KITCHEN_TASK', where);
  const kitchen = kitchenName as KitchenName;
  const layout = loadLayout(kitchen);
  /** The area's index, or -1 (with an issue) when the kitchen has no such area. */
  const areaOf = (name: string, path: PropertyKey[]): number => {
    const i = layout.areaIndex.get(name);
    if (i !== undefined) return i;
    issues.add(path, `unknown area '${name}' in kitchen ${kitchen}${didYouMean(name, layout.areas)}`);
    return -1;
  };

  const objects: string[] = [];
  const firstAt = new Map<string, string>();
  const areas: number[] = [];
  t.placement.forEach((p, i) => {
    const area = areaOf(p.area, ['placement', i, 'area']);
    const prev = firstAt.get(p.placed_object);
    if (prev !== undefined) {
      issues.add(['placement', i, 'placed_object'], `object '${p.placed_object}' is placed twice (also at ${prev})`);
      return;
    }
    firstAt.set(p.placed_object, `placement[${i}]`);
    objects.push(p.placed_object);
    areas.push(area);
  });
  const robot = areaOf(t.robot.location, ['robot', 'location']);
  let hand = EMPTY_HAND;
  if (t.robot.object_in_hand !== '') {
    const prev = firstAt.get(t.robot.object_in_hand);
    if (prev !== undefined) issues.add(['robot', 'object_in_hand'], `object '${t.robot.object_in_hand}' is both in the hand and at ${prev}`);
    else {
      hand = objects.length;
      objects.push(t.robot.object_in_hand);
      areas.push(IN_HAND);
    }
  }
  const world = makeWorld(layout, objects);

  const goals: GoalAlternative[] = t.task.goal_set.map((alt, i) => {
    const seen = new Map<number, number>();
    const pairs: GoalPair[] = [];
    alt.forEach((g, j) => {
      const path = ['task', 'goal_set', i, j];
      const object = world.objectIndex.get(g.placed_object);
      if (object === undefined) issues.add([...path, 'placed_object'], `unknown object '${g.placed_object}' (not in placement or hand)${didYouMean(g.placed_object, objects)}`);
      const area = areaOf(g.target_area, [...path, 'target_area']);
      if (object === undefined || area < 0) return;
      const prevArea = seen.get(object);
      if (prevArea !== undefined && prevArea !== area) {
        issues.add([...path, 'placed_object'], `object '${g.placed_object}' has two target areas in one goal ('${layout.areas[prevArea]}' and '${g.target_area}')`);
      }
      if (prevArea === undefined) {
        seen.set(object, area);
        pairs.push({ object, area });
      }
    });
    return pairs;
  });
  issues.throwIfAny('KITCHEN_TASK', where);

  const initial: KitchenState = {
    robot,
    hand,
    objectArea: Int16Array.from(areas),
    open: layout.initiallyOpen.slice(),
  };
  const level = t.level;
  return {
    kitchen,
    ...(level !== undefined ? { level } : {}),
    description: t.task.description ?? t.task.instruction ?? '',
    robotName: t.robot.name,
    world,
    initial,
    goals,
    ...(options.file !== undefined ? { file: options.file } : {}),
  };
}

/** Read, parse and validate a task file. */
export function loadTask(file: string, options: { kitchen?: string } = {}): KitchenTask {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError('KITCHEN_TASK', `${file}: cannot read task file: ${(err as Error).message}`, undefined, { cause: err });
  }
  const raw = parseJsonText(text, file, 'KITCHEN_TASK');
  return parseTask(raw, { ...options, file });
}

/** Serialise a task back to the file schema (with `kitchen` and, if known, `level`). */
export function taskToJson(task: {
  kitchen: string;
  level?: KitchenLevel;
  description: string;
  robotName: string;
  world: KitchenWorld;
  initial: KitchenState;
  goals: GoalSet;
}): KitchenTaskFile {
  const { world, initial } = task;
  const areas = world.layout.areas;
  const placement: KitchenTaskFile['placement'] = [];
  for (let o = 0; o < world.objects.length; o++) {
    const a = initial.objectArea[o];
    if (a >= 0) placement.push({ area: areas[a], placed_object: world.objects[o] });
  }
  return {
    kitchen: task.kitchen,
    ...(task.level !== undefined ? { level: task.level } : {}),
    placement,
    robot: {
      name: task.robotName,
      location: areas[initial.robot],
      object_in_hand: initial.hand >= 0 ? world.objects[initial.hand] : '',
    },
    task: {
      description: task.description,
      goal_set: task.goals.map((alt) => alt.map((p) => ({ target_area: areas[p.area], placed_object: world.objects[p.object] }))),
    },
  };
}

