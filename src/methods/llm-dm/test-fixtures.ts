/** A small gripper domain used by the LLM-DM tests (not exported from index). */
import type { ActionParam } from '../../pddl/described/model.js';
import { formatActionAnswer } from './answer-format.js';
import type { DomainSpec } from './inputs.js';
import type { DomainModel } from '../../pddl/described/model.js';
import type { PredicateDef } from '../../pddl/described/predicates.js';

export const SPEC: DomainSpec = {
  name: 'gripper',
  description: 'A robot with one gripper moves balls between rooms.',
  types: [
    { name: 'room', parent: 'object' },
    { name: 'ball', parent: 'object' },
  ],
  requirements: ['typing', 'negative-preconditions', 'disjunctive-preconditions', 'conditional-effects', 'equality'],
  actions: [
    { name: 'Pick up a ball', desc: 'The robot picks up a ball in its room.', extraInfo: [] },
    { name: 'Move to a room', desc: 'The robot moves from one room to another.', extraInfo: [] },
  ],
};

export const PREDICATES: PredicateDef[] = [
  { name: 'robot-in', params: [{ name: '?r', type: 'room' }], description: 'true if the robot is in the room ?r' },
  { name: 'ball-in', params: [{ name: '?b', type: 'ball' }, { name: '?r', type: 'room' }], description: 'true if the ball ?b is in the room ?r' },
  { name: 'gripper-free', params: [], description: 'true if the gripper holds nothing' },
  { name: 'carries', params: [{ name: '?b', type: 'ball' }], description: 'true if the gripper holds the ball ?b' },
];

export const PICK_PARAMS: ActionParam[] = [
  { name: '?b', type: 'ball', description: 'the ball' },
  { name: '?r', type: 'room', description: 'the room' },
];
export const PICK_PRE = '(and (robot-in ?r) (ball-in ?b ?r) (gripper-free))';
export const PICK_EFF = '(and (not (ball-in ?b ?r)) (not (gripper-free)) (carries ?b))';
export const MOVE_PARAMS: ActionParam[] = [
  { name: '?from', type: 'room', description: 'from' },
  { name: '?to', type: 'room', description: 'to' },
];
export const MOVE_PRE = '(and (robot-in ?from) (not (= ?from ?to)))';
export const MOVE_EFF = '(and (not (robot-in ?from)) (robot-in ?to))';

export const GOLD: DomainModel = {
  name: 'gripper',
  types: SPEC.types,
  requirements: SPEC.requirements,
  predicates: PREDICATES,
  actions: [
    { name: 'Pick up a ball', pddlName: 'pick-up-ball', parameters: PICK_PARAMS, preconditions: PICK_PRE, effects: PICK_EFF },
    { name: 'Move to a room', pddlName: 'move-to-room', parameters: MOVE_PARAMS, preconditions: MOVE_PRE, effects: MOVE_EFF },
  ],
};

/** A pick-up answer text with optional replacements. */
export function pickAnswer(o: { params?: ActionParam[]; pre?: string; eff?: string; newPredicates?: PredicateDef[] } = {}): string {
  return formatActionAnswer({ parameters: o.params ?? PICK_PARAMS, preconditions: o.pre ?? PICK_PRE, effects: o.eff ?? PICK_EFF, newPredicates: o.newPredicates ?? PREDICATES });
}
