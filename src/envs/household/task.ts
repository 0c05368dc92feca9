/**
 * A household task: an instruction, the scene it happens in (a scene file),
 * a partial-graph goal per errand and their union, and a reference plan that
 * verifies in the scene-graph executor.
 */
import type { Goal, PlanStep, SceneFile } from '../../scenegraph/index.js';

export interface HouseholdTask {
  id: string;
  /** `single`: one long-horizon EAI task; `multi`: 2–5 independent errands. */
  kind: 'single' | 'multi';
  instruction: string;
  scene: SceneFile;
  /** One goal per errand (one for single tasks). */
  goals: Goal[];
  /** The union of `goals`. */
  goal: Goal;
  /** The concatenation of `subplans`. */
  referencePlan: PlanStep[];
  /** One reference subplan per errand, executable in the listed order. */
  subplans: PlanStep[][];
  /**
   * Objects whose room the robot does not know at the start (the small,
   * graspable objects; the room layout and the furniture are known, §III-A).
   */
  uncertain: string[];
  /** Errand instructions for multi-task instructions. */
  errands?: string[];
  source: Record<string, string | number>;
  notes: string[];
}
