/**
 * The `tru.policy` prompt: one request per domain for a JavaScript rollout
 * policy, in the spirit of Tru-POMDP appendix A.2 (role, objective, function
 * signature, the data it receives, requirements, final task), rewritten for
 * our plain-data JavaScript interface. It describes the kitchen
 * rearrangement domain in general and names no task instance.
 */
import type { ChatMessage } from '../../../llm/types.js';

export const POLICY_KIND = 'tru.policy';

/** What the synthetic model and caches see of the call. */
export interface PolicyPromptVars {
  domain: 'kitchen-rearrangement';
  interfaceVersion: 1;
  language: 'javascript';
}

export const POLICY_PROMPT_VARS: PolicyPromptVars = { domain: 'kitchen-rearrangement', interfaceVersion: 1, language: 'javascript' };

const SYSTEM = `You write small, fast, deterministic JavaScript functions that guide a household robot. Your code runs inside a locked-down sandbox: plain JavaScript only (no modules, no require, no process, no timers, no I/O), and each call must return in well under a millisecond.`;

const USER = `A robot rearranges objects in a kitchen. The kitchen has areas: surfaces and shelves (open), and cabinets, drawers and appliance inner spaces such as a fridge layer or an oven (closed until opened; their contents are hidden and cannot be picked while closed). The robot has one hand for objects. It can:
- OPEN an area that is closed (allowed with or without an object in the hand; the area stays open);
- PICK an object from an open area, when the hand is empty;
- PLACE the object in the hand into an open area.
Every action first moves the robot to the action's area; moving costs the navigation cost between areas, and each OPEN/PICK/PLACE costs 5 more. An infeasible action (opening an open area, picking from a closed area or with a full hand, placing into a closed area or with an empty hand, picking an object that is not in that area) achieves nothing and is heavily penalised. Each goal says that an object must end up in a target area; reaching a goal is rewarded and reaching all goals ends the task.

Your objective: write a JavaScript function

function nextAction(unreachedGoals, scene) { ... }

that returns the single next action the robot should take to work towards the goals. A planner calls it again after every action (thousands of times per second) to estimate how good a situation is, so it must be quick and must never loop forever.

The arguments (plain data; ids are array indices):
- unreachedGoals: an array of { object, area } — object id and target area id — for the goals not yet reached (already reached goals are not listed; the array may be empty).
- scene: {
    robotArea: number,        // area id the robot is in front of
    heldObject: number,       // object id in the robot's hand, or -1 when the hand is empty
    areas: Array<{ id: number, name: string, open: boolean, objects: number[] }>,  // areas[id]; objects lists the object ids in that area
    objects: Array<{ id: number, name: string, area: number }>,                    // objects[id]; area is -1 while the object is in the hand
    navCost: number[][]       // navCost[a][b]: navigation cost from area a to area b (0 on the diagonal)
  }
The scene is fully known (a hypothesis the planner is evaluating), including the contents of closed areas.

Return exactly one of these plain objects:
- { type: 'OPEN', area: <area id> }
- { type: 'PICK', area: <area id where the object is>, object: <object id> }
- { type: 'PLACE', area: <area id> }
- { type: 'NONE' }   // only when there is nothing useful to do, e.g. no unreached goals

Requirements:
1. Only return feasible actions: open a closed area before picking from it or placing into it; pick only with an empty hand; place only while holding something.
2. If the robot holds an object that is not needed for any unreached goal, put it down somewhere open so the hand is free again.
3. Prefer cheap trips (use navCost), but never cycle between actions (for example picking up and putting down the same object again and again).
4. Do not modify the arguments. Do not use randomness, dates or global state.

Final task: think about the logic briefly, check it against the requirements, then give the complete function in one \`\`\`javascript code block. The block must define function nextAction(unreachedGoals, scene) and may define helper functions; nothing else is needed.`;

export function policyMessages(): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: USER },
  ];
}

/** The repair turn after vetting failed: the problems, with concrete states. */
export function policyRepairMessage(problems: readonly string[]): string {
  return `Your nextAction function was tested in the sandbox on sample kitchen states and has problems:\n${problems.map((p) => `- ${p}`).join('\n')}\nFix them and reply with the complete corrected function in one \`\`\`javascript code block.`;
}

/** The policy code of an answer's code block: module syntax (`export`, `module.exports = …`) dropped. */
export function policySourceFromAnswer(code: string): string {
  return code
    .replace(/^\s*export\s+(default\s+)?/gm, '')
    .replace(/^\s*(module\.)?exports(\.\w+)?\s*=\s*[\w.]+\s*;?\s*$/gm, '');
}
