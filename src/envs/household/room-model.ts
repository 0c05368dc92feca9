/**
 * The room-type model that household episodes use for their initial beliefs:
 * trained on the BEHAVIOR scenes that are not test homes (the homes of the EAI
 * and multi-task instructions), so no test home's placements leak into it.
 */
import type { BehaviorData } from './data.js';
import { EAI_HOMES } from './errands.js';
import { frequencyPrior, scenePlacements, trainRsn, type RoomTypeModel } from './rsn.js';

/** Kinds of room prior: the softmax RSN, the frequency prior, or none (uniform beliefs). */
export const ROOM_MODEL_KINDS = ['softmax', 'prior', 'uniform'] as const;
export type RoomModelKind = (typeof ROOM_MODEL_KINDS)[number];

export function isRoomModelKind(kind: string): kind is RoomModelKind {
  return (ROOM_MODEL_KINDS as readonly string[]).includes(kind);
}

/** The model of `kind` trained on the non-test scenes (uniform beliefs need no model). */
export function homeRoomModel(data: BehaviorData, kind: Exclude<RoomModelKind, 'uniform'>): RoomTypeModel {
  const train = scenePlacements(data).filter((p) => !EAI_HOMES.includes(p.scene));
  return kind === 'softmax' ? trainRsn(data, train) : frequencyPrior(train);
}
