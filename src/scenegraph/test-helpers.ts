/** Test helper: `'Grasp(a); PlaceOnTop(a, b)'` → plan steps. */
import { parseStep } from './plan-format.js';
import type { PlanStep } from './types.js';

export function P(text: string): PlanStep[] {
  return text
    .split(';')
    .map((s) => parseStep(s))
    .filter((s): s is PlanStep => s !== undefined);
}
