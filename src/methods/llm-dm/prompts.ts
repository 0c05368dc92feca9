/**
 * Our prompts for LLM-DM's prompt calls, written in the spirit of the seed's
 * (Guan et al. 2023, §4.1 and appendix A.6-A.13): the domain description, the
 * action's description, the growing predicate list with descriptions, and a
 * worked example of the sectioned answer format.
 */
import type { ChatMessage } from '../../llm/types.js';
import { formatActionAnswer } from './answer-format.js';
import type { ActionSpec, DomainSpec } from './inputs.js';
import { predicateListText, type PredicateDef } from '../../pddl/described/predicates.js';

const EXAMPLE_DOMAIN =
  'Gripper is a domain where a robot with one gripper moves balls between rooms. The robot is in exactly one room at a time. There are two types of object: room and ball.';

const EXAMPLE_1 = formatActionAnswer({
  parameters: [
    { name: '?b', type: 'ball', description: 'the ball to pick up' },
    { name: '?r', type: 'room', description: 'the room where the robot and the ball are' },
  ],
  preconditions: '(and\n    (robot-in ?r)\n    (ball-in ?b ?r)\n    (gripper-free)\n)',
  effects: '(and\n    (not (ball-in ?b ?r))\n    (not (gripper-free))\n    (robot-carries ?b)\n)',
  newPredicates: [
    { name: 'robot-in', params: [{ name: '?r', type: 'room' }], description: 'true if the robot is in the room ?r' },
    { name: 'ball-in', params: [{ name: '?b', type: 'ball' }, { name: '?r', type: 'room' }], description: 'true if the ball ?b is in the room ?r' },
    { name: 'gripper-free', params: [], description: 'true if the gripper holds nothing' },
    { name: 'robot-carries', params: [{ name: '?b', type: 'ball' }], description: 'true if the gripper holds the ball ?b' },
  ],
});

const EXAMPLE_2 = formatActionAnswer({
  parameters: [
    { name: '?from', type: 'room', description: 'the room the robot leaves' },
    { name: '?to', type: 'room', description: 'the room the robot enters' },
  ],
  preconditions: '(and\n    (robot-in ?from)\n    (not (= ?from ?to))\n)',
  effects: '(and\n    (not (robot-in ?from))\n    (robot-in ?to)\n)',
  newPredicates: [],
});

export const ACTION_MODEL_SYSTEM = `You write the preconditions and effects of an AI agent's actions in PDDL, one action at a time.
Rules:
- List every condition separately: "the cup is washed and heated" is two conditions, (washed ?c) and (heated ?c).
- Use only the object types given in the domain information; declare every variable under "Parameters" with its type.
- Reuse the existing predicates whenever they fit. Two predicates can never share a name, even with different parameters, and a predicate cannot be named like an object type.
- Define each new predicate once, under "New Predicates", as "(name ?x - type ...): true if ...". Do not list existing predicates there.
- Use only the PDDL constructs the domain's requirements allow (and, not, and those listed); no other keywords.
Answer in exactly this format (sections "Parameters:", "Preconditions:", "Effects:", "New Predicates:"; PDDL inside \`\`\` fences).

Example domain: ${EXAMPLE_DOMAIN}

Example action: The robot picks up a ball in the room it is in. For example, the robot picks up ball_1 in room_a.
Existing predicates:
No predicate has been defined yet

${EXAMPLE_1}

Example action: The robot moves from one room to another. For example, the robot moves from room_a to room_b.
Existing predicates:
1. (robot-in ?r - room): true if the robot is in the room ?r
2. (ball-in ?b - ball ?r - room): true if the ball ?b is in the room ?r
3. (gripper-free): true if the gripper holds nothing
4. (robot-carries ?b - ball): true if the gripper holds the ball ?b

${EXAMPLE_2}`;

export function typesText(spec: Pick<DomainSpec, 'types'>): string {
  return spec.types.map((t) => (t.parent === 'object' ? t.name : `${t.name} (a kind of ${t.parent})`)).join(', ');
}

export interface ActionModelVars {
  domain: string;
  action: string;
  pass: number;
  predicates: PredicateDef[];
  /** True for a revision after a person's correction. */
  review?: boolean;
}

export function actionModelMessages(spec: DomainSpec, action: ActionSpec, predicates: readonly PredicateDef[]): ChatMessage[] {
  const extra = action.extraInfo.length > 0 ? `\n${action.extraInfo.join('\n')}` : '';
  const reqs = spec.requirements.map((r) => `:${r}`).join(' ');
  const user = `Domain information: ${spec.description}
Object types: ${typesText(spec)}.
PDDL requirements: ${reqs}.

Action: ${action.desc}${extra}

You can create and define new predicates, but you may also reuse the following predicates:
${predicateListText(predicates)}

Parameters:`;
  return [
    { role: 'system', content: ACTION_MODEL_SYSTEM },
    { role: 'user', content: user },
  ];
}
