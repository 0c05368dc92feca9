/**
 * The paper's 100 tasks as household tasks of our own benchmark, so that our
 * GAVEL methods (with the synthetic stand-in) run on the same tasks as the
 * recordings. The reference plan is translated from the paper's action
 * language into our primitives (the held object becomes the first argument of
 * PlaceOnTop/PlaceInside/Release), then made valid under our semantics by our
 * own repair (the extra NavigateTo before a Close after a grasp, the drop of
 * a re-opening, ...); a task whose reference plan does not verify even after
 * repair is dropped with its reason. The uncertain objects are the spawned
 * ones (the furniture's rooms are known).
 */
import { formatLiteral, formatPaperStep, repairPlan, resolveName, sceneFromJson, verifyPlan, type PaperStep, type PlanStep, type Scene } from '../../../scenegraph/index.js';
import type { BehaviorData } from '../data.js';
import type { HouseholdTask } from '../task.js';
import { paperTaskSceneFile } from './scene.js';
import type { PaperTask } from './tasks.js';

const SAME: Record<string, string> = { NAVIGATE_TO: 'NavigateTo', GRASP: 'Grasp', OPEN: 'Open', CLOSE: 'Close', TOGGLE_ON: 'ToggleOn', TOGGLE_OFF: 'ToggleOff' };
const HELD: Record<string, string> = { PLACE_ON_TOP: 'PlaceOnTop', PLACE_INSIDE: 'PlaceInside' };

/** Our primitives for a paper plan; throws with the step when a step cannot be translated. */
export function translatePaperPlan(scene: Scene, plan: readonly PaperStep[]): PlanStep[] {
  let held: string | null = null;
  return plan.map((s, i) => {
    const ref = s.arg === null ? undefined : resolveName(scene, s.arg);
    const x = ref?.kind === 'object' ? ref.id : undefined;
    const bad = (why: string): never => {
      throw new Error(`step ${i + 1} ${formatPaperStep(s)}: ${why}`);
    };
    if (s.action === 'RELEASE') {
      const h = held ?? bad('nothing is held');
      held = null;
      return { action: 'Release', args: [h] };
    }
    if (x === undefined) return bad('no object of the scene');
    if (SAME[s.action]) {
      if (s.action === 'GRASP') held = x;
      return { action: SAME[s.action], args: [x] };
    }
    if (HELD[s.action]) {
      const h = held ?? bad('nothing is held');
      held = null;
      return { action: HELD[s.action], args: [h, x] };
    }
    return bad('unknown action');
  });
}

export interface PaperHouseholdTasks {
  tasks: HouseholdTask[];
  dropped: { id: string; reason: string }[];
}

export function paperHouseholdTasks(data: BehaviorData, paper: readonly PaperTask[]): PaperHouseholdTasks {
  const tasks: HouseholdTask[] = [];
  const dropped: PaperHouseholdTasks['dropped'] = [];
  for (const t of paper) {
    const sceneFile = paperTaskSceneFile(data, t);
    const scene = sceneFromJson(sceneFile, t.id);
    let plan: PlanStep[];
    try {
      plan = translatePaperPlan(scene, t.referencePlan);
    } catch (e) {
      dropped.push({ id: t.id, reason: `reference plan: ${(e as Error).message}` });
      continue;
    }
    let repairs: string[] = [];
    if (!verifyPlan(scene, plan, t.goal).valid) {
      const r = repairPlan(scene, plan, t.goal);
      if (!r.verdict.valid) {
        const f = r.verdict.failure;
        dropped.push({ id: t.id, reason: `reference plan invalid under our semantics: ${f ? `step ${f.stepIndex + 1} ${f.code}` : r.verdict.unmet.length > 0 ? `goal unmet: ${r.verdict.unmet.map(formatLiteral).join(', ')}` : 'unsafe'}` });
        continue;
      }
      plan = r.plan;
      repairs = r.edits.map((e) => e.rule);
    }
    tasks.push({
      id: `paper/${t.id}`,
      kind: 'single',
      instruction: t.instruction,
      scene: sceneFile,
      goals: [t.goal],
      goal: t.goal,
      referencePlan: plan,
      subplans: [plan],
      uncertain: t.spawn.map((s) => s.name),
      source: { paper: t.id, scene: t.scene, referenceSteps: t.referencePlan.length, referenceRepairs: repairs.join(',') },
      notes: [],
    });
  }
  return { tasks, dropped };
}
