/**
 * The ordering machinery of GAVEL (§III-B, §IV-G) on the household tasks,
 * with reference subplans standing in for LLM plans: uncertain objects get
 * room beliefs from a room-type model trained on other scenes; the robot
 * orders the errands by J (Eq. 7), searches rooms in belief order for each
 * uncertain object it needs (a search localizes what it sees and rules the
 * room out for the rest), and executes the subplans in the true scene.
 * Variants as in the seed's Table II: `gavel` (full beliefs, reorder after
 * every errand), `gavel-static` (full beliefs, order fixed at the start),
 * `gavel-map` (each belief collapsed to its most likely room for ordering,
 * order fixed), `oracle` (true rooms known, no search). The benchmark that
 * compares them is src/eval/household/ordering-bench.ts.
 */
import {
  BeliefState,
  chooseOrder,
  costMatrices,
  costModel,
  initialBelief,
  localize,
  orderIsValid,
  sceneFromJson,
  searchOrder,
  verifyPlan,
  type CostModel,
  type PlanStep,
  type Scene,
  type Stop,
} from '../../scenegraph/index.js';
import { HouseholdEnv, type SearchOutcome } from './env.js';
import type { RoomTypeModel } from './rsn.js';
import type { HouseholdTask } from './task.js';

export const ORDERING_VARIANTS = ['gavel', 'gavel-static', 'gavel-map', 'oracle'] as const;
export type OrderingVariant = (typeof ORDERING_VARIANTS)[number];

/** One instruction's run of a variant (the caller knows which). */
export interface OrderingRun {
  /** Travel in the true scene, metres (walking + room sweeps). */
  distance: number;
  /** J of the first chosen ordering, as predicted at the start. */
  predicted: number;
  order: number[];
  searches: number;
  success: boolean;
}

/** The rooms/objects an errand's subplan visits, in order (consecutive repeats merged). */
export function stopIds(plan: readonly PlanStep[]): string[] {
  const out: string[] = [];
  for (const s of plan) if (s.action === 'NavigateTo' && out[out.length - 1] !== s.args[0]) out.push(s.args[0]);
  return out;
}

/** The stops of Eq. 7's rollouts: known rooms, localized objects, and beliefs (or, with `collapse`, the most likely room). */
export function stopsFor(scene: Scene, ids: readonly string[], beliefs: BeliefState, collapse: boolean): Stop[] {
  const init = scene.initialState();
  return ids.map((id): Stop => {
    const b = beliefs.get(id);
    if (!b) return { room: scene.isRoom(id) ? id : (init.roomOf(id) as string) };
    const known = beliefs.localized(id);
    if (known) return { room: known };
    return collapse ? { room: beliefs.mostLikely(id) as string } : { belief: b };
  });
}

/**
 * Before navigating to `target`: if it is an uncertain object not seen yet,
 * search rooms in belief order until it is seen (each search localizes what
 * it sees and rules the room out for the rest). Returns the searches made.
 */
export function searchUntilSeen(env: HouseholdEnv, beliefs: BeliefState, m: CostModel, target: string, onSearch?: (out: SearchOutcome) => void): number {
  let searches = 0;
  if (!beliefs.get(target) || beliefs.localized(target) || env.observed.has(target)) return 0;
  while (!env.observed.has(target)) {
    const b = beliefs.get(target);
    const room = b ? searchOrder(m, env.state.robot.room, b)[0] : undefined;
    if (room === undefined) break;
    const out = env.search(room);
    searches++;
    beliefs.observeRoom(room, out.seen.filter((o) => beliefs.get(o) !== undefined));
    onSearch?.(out);
  }
  return searches;
}

/** Whatever the robot has seen so far is localized. */
export function localizeObserved(env: HouseholdEnv, beliefs: BeliefState): void {
  for (const o of beliefs.objects()) if (env.observed.has(o) && !beliefs.localized(o)) beliefs.set(o, localize(env.state.roomOf(o) as string));
}

export function runOrdering(task: HouseholdTask, model: RoomTypeModel, variant: OrderingVariant, opts: { wcov?: number; eta?: number } = {}): OrderingRun {
  const scene = sceneFromJson(task.scene, task.id);
  const env = new HouseholdEnv(scene, opts);
  const m: CostModel = costModel(scene, opts);
  const truth = scene.initialState();
  const beliefs = new BeliefState();
  const start = env.state.robot.room;
  for (const o of task.uncertain) {
    const cat = scene.objects.get(o)?.category ?? o;
    beliefs.set(o, variant === 'oracle' ? localize(truth.roomOf(o) as string) : initialBelief(scene, model.scores(cat), start, 1e-3));
  }
  const stops = task.subplans.map(stopIds);
  const collapse = variant === 'gavel-map';
  const plan = (remaining: number[]): { order: number[]; cost: number } => {
    const { h, A } = costMatrices(m, env.state.robot.room, remaining.map((i) => stopsFor(scene, stops[i], beliefs, collapse)));
    const state = env.state.clone();
    const valid = (o: number[]) =>
      orderIsValid(
        (p, g) => verifyPlan(scene, p, g, state),
        remaining.map((i) => task.subplans[i]),
        remaining.map((i) => task.goals[i]),
        o,
      );
    const r = chooseOrder(h, A, valid);
    return { order: r.order.map((k) => remaining[k]), cost: r.cost };
  };
  let remaining = task.subplans.map((_, i) => i);
  const first = plan(remaining);
  const done: number[] = [];
  let order = first.order;
  let searches = 0;
  let success = true;
  while (remaining.length > 0) {
    if (variant === 'gavel' && done.length > 0) order = plan(remaining).order;
    const next = order.find((i) => remaining.includes(i)) as number;
    for (const step of task.subplans[next]) {
      const target = step.args[0];
      if (step.action === 'NavigateTo') searches += searchUntilSeen(env, beliefs, m, target);
      const r = env.step(step);
      if (!r.ok) {
        success = false;
        break;
      }
      localizeObserved(env, beliefs);
    }
    done.push(next);
    remaining = remaining.filter((i) => i !== next);
  }
  success &&= verifyPlan(scene, [], task.goal, env.state).unmet.length === 0;
  return { distance: env.distance, predicted: first.cost, order: done, searches, success };
}
