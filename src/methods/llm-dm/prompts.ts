/**
 * Our prompts for LLM-DM's prompt calls, written in the spirit of the seed's
 * (Guan et al. 2023, §4.1 and appendix A.6-A.13): the domain description, the
 * action's description, the growing predicate list with descriptions, and a
 * worked example of the sectioned answer format.
 */
import type { ChatMessage } from '../../llm/types.js';
import { formatActionAnswer, parseParamLine } from './answer-format.js';
import type { ActionSpec, DomainSpec } from './inputs.js';
import type { ActionParam } from '../../pddl/described/model.js';
import { parsePredicateLine, predicateListText, type PredicateDef } from '../../pddl/described/predicates.js';

const EXAMPLE_DOMAIN =
  'Gripper is a domain where a robot with one gripper moves balls between rooms. The robot is in exactly one room at a time. There are two types of object: room and ball.';

/**
 * A worked example of the answer format, its lines written as the answer shows them
 * (`?b - ball: ...`, `(robot-in ?r - room): ...`); each example's "Existing predicates"
 * are the ones the examples before it defined.
 */
interface WorkedExample {
  action: string;
  parameters: string[];
  preconditions: string;
  effects: string;
  newPredicates: string[];
}

const GRIPPER_EXAMPLES: WorkedExample[] = [
  {
    action: 'The robot picks up a ball in the room it is in. For example, the robot picks up ball_1 in room_a.',
    parameters: ['?b - ball: the ball to pick up', '?r - room: the room where the robot and the ball are'],
    preconditions: '(and\n    (robot-in ?r)\n    (ball-in ?b ?r)\n    (gripper-free)\n)',
    effects: '(and\n    (not (ball-in ?b ?r))\n    (not (gripper-free))\n    (robot-carries ?b)\n)',
    newPredicates: [
      '(robot-in ?r - room): true if the robot is in the room ?r',
      '(ball-in ?b - ball ?r - room): true if the ball ?b is in the room ?r',
      '(gripper-free): true if the gripper holds nothing',
      '(robot-carries ?b - ball): true if the gripper holds the ball ?b',
    ],
  },
  {
    action: 'The robot moves from one room to another. For example, the robot moves from room_a to room_b.',
    parameters: ['?from - room: the room the robot leaves', '?to - room: the room the robot enters'],
    preconditions: '(and\n    (robot-in ?from)\n    (not (= ?from ?to))\n)',
    effects: '(and\n    (not (robot-in ?from))\n    (robot-in ?to)\n)',
    newPredicates: [],
  },
];

function exampleParam(line: string): ActionParam {
  const p = parseParamLine(line);
  if (p?.type === undefined) throw new Error(`worked example: the parameter line '${line}' is not '?name - type: description'`);
  return { name: p.name, type: p.type, description: p.description };
}

function examplePredicate(line: string): PredicateDef {
  const r = parsePredicateLine(line);
  if (!r.ok) throw new Error(`worked example: the predicate '${line}' is malformed: ${r.reason}`);
  return r.def;
}

/** The worked examples as the system prompt shows them, each with the predicates defined before it. */
function workedExamplesText(examples: readonly WorkedExample[]): string {
  const existing: PredicateDef[] = [];
  return examples
    .map((e) => {
      const newPredicates = e.newPredicates.map(examplePredicate);
      const answer = formatActionAnswer({ parameters: e.parameters.map(exampleParam), preconditions: e.preconditions, effects: e.effects, newPredicates });
      const text = `Example action: ${e.action}\nExisting predicates:\n${predicateListText(existing)}\n\n${answer}`;
      existing.push(...newPredicates);
      return text;
    })
    .join('\n\n');
}

export const ACTION_MODEL_SYSTEM = `You write the preconditions and effects of an AI agent's actions in PDDL, one action at a time.
Rules:
- List every condition separately: "the cup is washed and heated" is two conditions, (washed ?c) and (heated ?c).
- Use only the object types given in the domain information; declare every variable under "Parameters" with its type.
- Reuse the existing predicates whenever they fit. Two predicates can never share a name, even with different parameters, and a predicate cannot be named like an object type.
- Define each new predicate once, under "New Predicates", as "(name ?x - type ...): true if ...". Do not list existing predicates there.
- Use only the PDDL constructs the domain's requirements allow (and, not, and those listed); no other keywords.
Answer in exactly this format (sections "Parameters:", "Preconditions:", "Effects:", "New Predicates:"; PDDL inside \`\`\` fences).

Example domain: ${EXAMPLE_DOMAIN}

${workedExamplesText(GRIPPER_EXAMPLES)}`;

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
