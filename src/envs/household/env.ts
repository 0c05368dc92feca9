/**
 * The household environment: the physical (hidden) scene graph G* that
 * executes primitives, plus room search. Searching a room costs walking there
 * (shortest path over the door graph) and sweeping it, s(r) = A_trav(r) /
 * w_cov with the seed's w_cov = 1.2 m, and reveals every object in the room
 * (a search looks into its containers). Acting in a room passively reveals
 * the objects there that are not inside a closed container.
 */
import { closedEnclosure, PRIMITIVES, resolveStep, settle, type Failure, type PlanStep, type Scene, type WorldState } from '../../scenegraph/index.js';

/** Effective sensor coverage width in metres (GAVEL §V-A). */
export const W_COV = 1.2;

export type StepOutcome = { ok: true; distance: number; effects: string[] } | { ok: false; failure: Failure };

export interface SearchOutcome {
  room: string;
  /** Travel to the room plus the sweep s(r). */
  cost: number;
  travel: number;
  sweep: number;
  /** Objects seen in the room. */
  seen: string[];
}

export class HouseholdEnv {
  readonly scene: Scene;
  readonly state: WorldState;
  readonly wcov: number;
  distance = 0;
  /** Every object the robot has seen so far. */
  readonly observed = new Set<string>();

  constructor(scene: Scene, opts: { wcov?: number } = {}) {
    this.scene = scene;
    this.state = scene.initialState();
    this.wcov = opts.wcov ?? W_COV;
  }

  /** Executes one primitive on the true state; a failed precondition changes nothing. */
  step(step: PlanStep): StepOutcome {
    const r = resolveStep(this.scene, step);
    if ('failure' in r) return { ok: false, failure: r.failure };
    const spec = PRIMITIVES[r.step.action];
    const ctx = { scene: this.scene, state: this.state };
    const bad = spec.check(ctx, r.step.args);
    if (bad) return { ok: false, failure: bad };
    const d = spec.apply(ctx, r.step.args);
    this.distance += d;
    const effects = settle(this.scene, this.state);
    for (const o of this.visible(this.state.robot.room)) this.observed.add(o);
    return { ok: true, distance: d, effects };
  }

  /** Objects in `room` that a sweep would see (not inside a closed container). */
  visible(room: string): string[] {
    const out: string[] = [];
    for (const id of this.scene.objects.keys()) {
      if (this.state.roomOf(id) === room && closedEnclosure({ scene: this.scene, state: this.state }, id) === undefined) out.push(id);
    }
    return out;
  }

  /** s(r) = A_trav(r) / w_cov. */
  sweepCost(room: string): number {
    return (this.scene.rooms.get(room)?.area ?? 0) / this.wcov;
  }

  /** Walks to `room` and sweeps it. */
  search(room: string): SearchOutcome {
    const travel = this.scene.roomDistance(this.state.robot.room, room);
    const sweep = this.sweepCost(room);
    this.state.robot.room = room;
    this.state.robot.near = null;
    if (this.state.robot.holding) this.state.setRoom(this.state.robot.holding, room);
    this.distance += travel + sweep;
    const seen = [...this.scene.objects.keys()].filter((id) => this.state.roomOf(id) === room);
    for (const o of seen) this.observed.add(o);
    return { room, cost: travel + sweep, travel, sweep, seen };
  }
}
