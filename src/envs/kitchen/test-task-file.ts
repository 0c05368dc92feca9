/**
 * Test helper: a kitchen task file written compactly — placements and goals
 * as `object: area` records — in the file shape `parseTask` reads (the
 * instruction under the authors' key `instruction`, or ours, `description`).
 */
import type { KitchenLevel } from './config.js';

export interface TaskFileSketch {
  kitchen?: string;
  level?: KitchenLevel;
  /** Where each object starts: `object: area`, in placement order. */
  placed: Record<string, string>;
  robotAt: string;
  /** `{ instruction: text }` (the authors' files) or `{ description: text }` (ours). */
  text: { instruction: string } | { description: string };
  /** The goal set's alternatives, each `object: target area`. */
  goals: Array<Record<string, string>>;
}

export function taskFile(s: TaskFileSketch): Record<string, unknown> {
  return {
    ...(s.kitchen !== undefined ? { kitchen: s.kitchen } : {}),
    ...(s.level !== undefined ? { level: s.level } : {}),
    placement: Object.entries(s.placed).map(([placed_object, area]) => ({ area, placed_object })),
    robot: { name: 'Fetch', location: s.robotAt, object_in_hand: '' },
    task: { ...s.text, goal_set: s.goals.map((alt) => Object.entries(alt).map(([placed_object, target_area]) => ({ target_area, placed_object }))) },
  };
}
