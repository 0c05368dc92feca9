/** The true household state, as traces record it (a type with no dependencies, so the viewer can read it). */
/** The true state of the household, for traces: where the robot and each movable or flagged object are. */
export interface HouseholdSnapshot {
  robot: { room: string; near: string | null; holding: string | null };
  objects: Array<{ id: string; room: string; parent?: string; relation?: string; flags: string[] }>;
  /** Rooms searched so far. */
  searched?: string[];
}
