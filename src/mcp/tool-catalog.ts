/**
 * The tools the server offers: name, title, description and schemas. The
 * implementations run on worker threads (tool-runners.ts); this catalogue is
 * all the protocol thread needs.
 */
import type { z } from 'zod';
import * as s from './schemas.js';

export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  /** Only offered when the server runs with test tools (for crash and limit tests). */
  debug?: boolean;
}

export const TOOLS: readonly ToolSpec[] = [
  {
    name: 'pddl_check',
    title: 'Check PDDL',
    description:
      'Parse and check a PDDL domain (and optionally a problem against it). Returns every diagnostic with line:col, code and hint. The answer is a tool error when there is any error diagnostic.',
    input: s.checkInput,
    output: s.checkOutput,
  },
  {
    name: 'pddl_plan',
    title: 'Plan with PDDL',
    description:
      'Find a plan for a PDDL domain and problem with a heuristic search (default lama-first: the first search of LAMA, h_FF and landmarks). Returns a validated plan with cost and search stats, or unsolvable / timeout / memout with stats, plus compatibility-policy warnings. Runs under a CPU-time limit; sends progress notifications when asked.',
    input: s.planInput,
    output: s.planOutput,
  },
  {
    name: 'pddl_validate',
    title: 'Validate a plan',
    description:
      'Replay a plan on a PDDL domain and problem with VAL semantics. Returns the verdict: valid with cost, or the first failing step with the unmet precondition literals in plain language, or the unmet goals, with hints on which actions achieve them. An invalid plan is a tool error. Departures from the standard that VAL refuses (e.g. ill-typed init facts) are invalid input, unless lenient is set: then they are accepted as pddl_plan accepts them, each a located warning in diagnostics.',
    input: s.validateInput,
    output: s.validateOutput,
  },
  {
    name: 'pddl_explain',
    title: 'Explain a PDDL model',
    description:
      'Render a PDDL domain (and optionally a problem) in plain language, action by action (parameters, preconditions, effects), so that a person or an agent can review the model. Give predicate descriptions for better wording.',
    input: s.explainInput,
    output: s.explainOutput,
  },
  {
    name: 'pddl_repair_hints',
    title: 'Suggest plan edits',
    description:
      "For an invalid plan: the validator's verdict and achiever hints, and a short sequence of concrete edits (insert an action that achieves an unmet precondition or goal, replace a step's arguments, delete a step), each checked by replaying the edited plan.",
    input: s.repairInput,
    output: s.repairOutput,
  },
  {
    name: 'household_verify',
    title: 'Verify a household plan',
    description:
      "Roll a plan forward on a GAVEL scene graph (rooms, objects, relations, robot): the first failing step and why, unmet goal literals, safety violations (containers left open, appliances left on) and travel distance. An invalid plan is a tool error.",
    input: s.householdInput,
    output: s.householdVerifyOutput,
  },
  {
    name: 'household_repair',
    title: 'Repair a household plan',
    description:
      'Repair a plan on a GAVEL scene graph with model-derived edits (approach, open the container, grasp first, drop impossible or redundant steps, restore what was left open or on). Returns the repaired plan, its verdict and the edit log; a tool error when the repaired plan is still invalid (the failure needs semantic reasoning).',
    input: s.householdRepairInput,
    output: s.householdRepairOutput,
  },
  {
    name: 'debug_crash',
    title: 'Test: misbehave inside a call',
    description: 'For tests of the server itself: throw, run out of memory, exit the worker, spin past the CPU limit, or sleep.',
    input: s.debugInput,
    output: s.debugOutput,
    debug: true,
  },
];
