/**
 * How much of what goes wrong in a plan the graph world model can fix by
 * itself: take verified reference plans, inject one error of a given kind
 * (the omissions and slips the seed attributes to LLM plans), run the
 * model-derived repair, and count how often the result is valid again and at
 * what extra travel. `semantic` errors (a dropped placement or switch-on) are
 * the control: no model-derived edit should recover the goal.
 */
import { Rng } from '../../core/rng.js';
import type { HouseholdTask } from '../../envs/household/index.js';
import { repairPlan, sceneFromJson, verifyPlan, type PlanStep } from '../../scenegraph/index.js';

export const MUTATIONS = ['drop-navigate', 'drop-open', 'drop-grasp', 'drop-restore', 'room-target', 'duplicate', 'semantic'] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface MutationStats {
  mutation: Mutation;
  /** Tasks where the mutation applied and broke the plan. */
  broken: number;
  repaired: number;
  meanEdits: number;
  /** Mean travel of the repaired plan minus the reference's, metres (repaired cases). */
  meanExtraDistance: number;
}

function mutate(plan: readonly PlanStep[], kind: Mutation, rng: Rng, rooms: string[]): PlanStep[] | undefined {
  const idx = (pred: (s: PlanStep) => boolean): number[] => plan.flatMap((s, i) => (pred(s) ? [i] : []));
  const drop = (cands: number[]): PlanStep[] | undefined => {
    if (cands.length === 0) return undefined;
    const i = cands[rng.int(cands.length)];
    return plan.filter((_, k) => k !== i);
  };
  switch (kind) {
    case 'drop-navigate':
      return drop(idx((s) => s.action === 'NavigateTo'));
    case 'drop-open':
      return drop(idx((s) => s.action === 'Open'));
    case 'drop-grasp':
      return drop(idx((s) => s.action === 'Grasp'));
    case 'drop-restore':
      return drop(idx((s) => s.action === 'Close' || s.action === 'ToggleOff'));
    case 'room-target': {
      const i = rng.int(plan.length + 1);
      const out = plan.slice();
      out.splice(i, 0, { action: rng.chance(0.5) ? 'Open' : 'Grasp', args: [rooms[rng.int(rooms.length)]] });
      return out;
    }
    case 'duplicate': {
      const c = idx((s) => s.action === 'Open' || s.action === 'ToggleOn' || s.action === 'Grasp');
      if (c.length === 0) return undefined;
      const i = c[rng.int(c.length)];
      const out = plan.slice();
      out.splice(i + 1, 0, plan[i]);
      return out;
    }
    case 'semantic':
      return drop(idx((s) => s.action === 'PlaceOnTop' || s.action === 'PlaceInside' || s.action === 'ToggleOn'));
  }
}

export function repairBenchmark(tasks: readonly HouseholdTask[], seed: number | string = 1): MutationStats[] {
  const rng = new Rng(seed);
  const stats = MUTATIONS.map((m) => ({ mutation: m, broken: 0, repaired: 0, edits: 0, extra: 0 }));
  for (const t of tasks) {
    const scene = sceneFromJson(t.scene, t.id);
    const ref = verifyPlan(scene, t.referencePlan, t.goal);
    const rooms = [...scene.rooms.keys()];
    for (const s of stats) {
      const plan = mutate(t.referencePlan, s.mutation, rng, rooms);
      if (!plan || verifyPlan(scene, plan, t.goal).valid) continue;
      s.broken++;
      const r = repairPlan(scene, plan, t.goal);
      if (r.verdict.valid) {
        s.repaired++;
        s.edits += r.edits.length;
        s.extra += r.verdict.distance - ref.distance;
      }
    }
  }
  return stats.map((s) => ({ mutation: s.mutation, broken: s.broken, repaired: s.repaired, meanEdits: s.repaired ? s.edits / s.repaired : 0, meanExtraDistance: s.repaired ? s.extra / s.repaired : 0 }));
}
