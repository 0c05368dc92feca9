/**
 * The synthetic model's answer to `tru.policy`: a correct hand-written policy
 * (the built-in policy's JavaScript) in a prose-plus-code answer as a real
 * model would write it; with probability `policyBug` the first answer has one
 * of the bugs LLM-written code tends to have, all caught by vetting:
 * - `no-open`: picks from closed areas (infeasible actions);
 * - `throws`: reads a field that does not exist (TypeError);
 * - `garbage`: returns area names instead of ids;
 * - `loop`: an endless loop when the hand holds a non-goal object;
 * - `pingpong`: puts a picked goal object straight back (feasible, never finishes).
 * A repair turn (any call with an earlier assistant answer) gets the correct code.
 */
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../../../llm/synthetic-model.js';
import { BUILTIN_POLICY_SOURCE } from './builtin-source.js';
import { POLICY_KIND } from './prompt.js';

export const POLICY_BUGS = ['no-open', 'throws', 'garbage', 'loop', 'pingpong'] as const;
export type PolicyBug = (typeof POLICY_BUGS)[number];

function replaceOnce(src: string, from: string, to: string): string {
  if (!src.includes(from)) throw new Error(`synthetic policy bug: pattern not found: ${from}`);
  return src.replace(from, to);
}

/** The built-in policy source with one bug injected. */
export function buggyPolicySource(bug: PolicyBug): string {
  const src = BUILTIN_POLICY_SOURCE;
  switch (bug) {
    case 'no-open':
      return replaceOnce(src, 'const visible = scene.areas[obj.area].open;', 'const visible = true;');
    case 'throws':
      return replaceOnce(src, 'const obj = scene.objects[g.object];', 'const obj = scene.objectList[g.object];');
    case 'garbage':
      return replaceOnce(src, "return { type: 'PICK', area: pick.area, object: pick.id };", "return { type: 'PICK', area: scene.areas[pick.area].name, object: pick.name };");
    case 'loop':
      return replaceOnce(src, '    // Otherwise put it down on the nearest open area.\n', '    // Otherwise put it down on the nearest open area.\n    let k = 0;\n    while (k >= 0) k = (k + 1) % 7;\n');
    case 'pingpong':
      return replaceOnce(src, "        return { type: 'PLACE', area: g.area };", "        return { type: 'PLACE', area: scene.robotArea };");
  }
}

export function syntheticPolicyAnswer(source: string): string {
  return [
    'Plan: if the hand holds an object with an unreached goal, open its target area when needed and place it;',
    'if it holds anything else, put it down on the nearest open area; with an empty hand, pick the visible goal object',
    'with the cheapest robot -> object -> target trip, and when none is visible open the nearest closed area holding one.',
    'Every returned action is feasible in the state it was computed for, and there is no cycle.',
    '',
    '```javascript',
    source.trimEnd(),
    '```',
  ].join('\n');
}

export function policyGenerator(call: SyntheticCall, ctx: SyntheticContext): string {
  const isRepair = call.messages.some((m) => m.role === 'assistant');
  const p = Number(ctx.knobs.policyBug ?? 0);
  if (!isRepair && ctx.rng.chance(p)) return syntheticPolicyAnswer(buggyPolicySource(ctx.rng.pick(POLICY_BUGS)));
  return syntheticPolicyAnswer(BUILTIN_POLICY_SOURCE);
}

let registered = false;

/** Registers the `tru.policy` generator and the `policyBug` knob (idempotent). */
export function registerPolicySynthetic(): void {
  if (registered) return;
  registered = true;
  declareSyntheticKnobs('tru-pomdp/policy', {
    policyBug: { default: 0, min: 0, max: 1, description: 'probability that the first tru.policy answer has a bug vetting must catch' },
  });
  registerSyntheticGenerator(POLICY_KIND, policyGenerator);
}
