/**
 * What a household method is allowed to see and do (GAVEL §III-A): the
 * instruction, the known layer (rooms, doors, furniture), the ids and
 * categories of the objects whose room is uncertain with a belief over their
 * rooms, and the believed graph G_t built from those. Execution happens in
 * the true world `HouseholdEnv`; navigating to an unseen uncertain object
 * first searches rooms in belief order until it is seen (the executor's
 * exploration), and every observation updates the beliefs (Υ). The true
 * rooms of unseen objects and the task's goals never cross this boundary:
 * even the cost model is built from the known layer and the beliefs (the
 * believed graph at the start), not from the true scene. `householdSnapshot`
 * (the true state, for traces) is for the harness, never handed to a method.
 */
import type { HouseholdEnv, SearchOutcome } from './env.js';
import type { HouseholdSnapshot } from './snapshot.js';
import { localizeObserved, searchUntilSeen } from './ordering-sim.js';
import {
  believedScene,
  costModel,
  ruleOut,
  formatStep,
  type BeliefState,
  type CostModel,
  type Failure,
  type PlanStep,
  type RepairEdit,
  type RoomBelief,
  Scene,
  type GoalLiteral,
  type WorldState,
} from '../../scenegraph/index.js';

/** What one `execute` call did in the true world. */
export interface ExecFeedback {
  /** The step as written (`Grasp(apple)`). */
  step: string;
  ok: boolean;
  /** Why the step failed (the precondition that did not hold in the true world). */
  failure?: Failure;
  /** Rooms searched before the step (to find an unseen uncertain object). */
  searches: SearchOutcome[];
  /** Travel of this call, searches included (metres). */
  distance: number;
  /** Semantic effects of running appliances after the step. */
  effects: string[];
}

/** The method's view of one household episode. */
export interface HouseholdEnvView {
  readonly instruction: string;
  /** Objects whose room is not known at the start (their ids and categories are known). */
  readonly uncertain: readonly string[];
  /** The cost model over the known layout (D, s(r), η), built from the believed graph at the start. */
  readonly costModel: CostModel;
  /**
   * The believed graph G_t: the known layer and everything observed so far as
   * it is; each unseen uncertain object on the floor of its most likely room.
   * Its `initialState()` is the current believed state.
   */
  believed(): Scene;
  /** A copy of the current beliefs B_t. */
  beliefs(): BeliefState;
  /** Beliefs of the uncertain objects not localized yet (what `renderScene` hides and lists). */
  openBeliefs(): Map<string, RoomBelief>;
  /**
   * The query objects O^qry (§IV-B: the objects the extraction found in the
   * instruction): each one that is uncertain and not seen yet gets the
   * room-type prior of Eq. 10 (rooms already searched ruled out); the other
   * uncertain objects keep the uninformed belief (uniform over the reachable
   * rooms). Returns the ids that got the prior.
   */
  query(ids: readonly string[]): string[];
  robotRoom(): string;
  /** Primitive steps executed so far (feasible or not). */
  readonly steps: number;
  /** Executes one primitive in the true world (searching first when it navigates to an unseen object). */
  execute(step: PlanStep): ExecFeedback;
  /** The verified plan being executed and its repair log, recorded with the following trace steps. */
  setPlan(plan: readonly PlanStep[], repairs: readonly RepairEdit[]): void;
  /**
   * Inserts a relation the instruction states about an unseen uncertain object
   * (E_i of §IV-B: "the potato from the fridge"): G_t shows it there until the
   * object is seen, and STATED_WEIGHT of its room belief moves to that room.
   * False (ignored) for a known or already seen object or an unusable literal.
   */
  assume(fact: GoalLiteral): boolean;
}

/** Belief mass put on the room of a stated relation (the rest keeps the prior's shape, in case the statement is wrong). */
export const STATED_WEIGHT = 0.9;


export type { HouseholdSnapshot };

/** The top room hypotheses of each uncertain object (object → room, marginal weight). */
export type LocationSummary = Array<{ object: string; place: string; weight: number }>;

/** One executed primitive or room search, as the harness records it (true state after it, beliefs, the plan being run). */
export interface HouseholdViewStep {
  action: string;
  feasible: boolean;
  state: HouseholdSnapshot;
  locations: LocationSummary;
  plan?: { steps: string[]; repairs: Array<{ rule: string; stepIndex: number; inserted: string[]; removed: string[]; reason: string }> };
  details: { [key: string]: number | string | string[] };
}

export interface ViewOptions {
  instruction: string;
  uncertain: readonly string[];
  env: HouseholdEnv;
  beliefs: BeliefState;
  /** Cost model parameters (the layout comes from the believed graph). */
  wcov?: number;
  eta?: number;
  /** Runs each `execute` (the episode clock: checks the time budget, books the time as execution). */
  exec?: <T>(step: () => T) => T;
  onStep?: (step: HouseholdViewStep) => void;
  /** The room-type prior of an uncertain object (Eq. 10), given to the objects named by `query`; without it `query` changes nothing. */
  prior?: (id: string) => RoomBelief;
}

/** What an object rests in, on or under (`{parent, relation}`), or nothing when it is on the floor. */
export function supportOf(s: WorldState, id: string): { parent: string; relation: string } | Record<string, never> {
  for (const rel of ['object_inside', 'on_top', 'under'] as const) {
    const [p] = s.targets(rel, id);
    if (p !== undefined) return { parent: p, relation: rel };
  }
  return {};
}

/** The true state as a trace snapshot: the robot, and the movable objects and those with flags. */
export function householdSnapshot(env: HouseholdEnv, searched: readonly string[]): HouseholdSnapshot {
  const s = env.state;
  const objects: HouseholdSnapshot['objects'] = [];
  for (const o of env.scene.objects.values()) {
    const flags = s.flagsOf(o.id);
    if (!o.affordances.includes('graspable') && flags.length === 0) continue;
    const entry: HouseholdSnapshot['objects'][number] = { id: o.id, room: s.roomOf(o.id) ?? '', flags: [...flags], ...supportOf(s, o.id) };
    if (s.robot.holding === o.id) {
      entry.parent = 'robot';
      entry.relation = 'holding';
    }
    objects.push(entry);
  }
  return { robot: { ...s.robot }, objects, searched: [...searched] };
}

/** The top room hypotheses of each uncertain object (for traces). */
export function beliefSummary(beliefs: BeliefState, top = 3): LocationSummary {
  const locations: LocationSummary = [];
  for (const o of beliefs.objects()) {
    const b = beliefs.get(o);
    if (!b) continue;
    for (const [r, p] of [...b].sort((x, y) => y[1] - x[1]).slice(0, top)) locations.push({ object: o, place: r, weight: p });
  }
  return locations;
}

/** Builds the view over a true-world environment. */
export function createHouseholdView(o: ViewOptions): HouseholdEnvView & { searched: string[]; searches: number } {
  const { env, beliefs } = o;
  const exec = o.exec ?? ((step) => step());
  // The layout part of the believed graph at the start: rooms, doors, furniture; no true placement.
  const model = costModel(believedScene(env.scene, beliefs, env.state), { ...(o.wcov !== undefined ? { wcov: o.wcov } : {}), ...(o.eta !== undefined ? { eta: o.eta } : {}) });
  let plan: HouseholdViewStep['plan'];
  let steps = 0;
  const stated = new Map<string, { fact: GoalLiteral; room: string }>();
  const unseen = (x: string): boolean => beliefs.get(x) !== undefined && beliefs.localized(x) === undefined && !env.observed.has(x) && env.state.robot.holding !== x;
  // A stated place holds until the object is seen or its room is searched without seeing it.
  const holds = (x: string): boolean => {
    const st = stated.get(x);
    return st !== undefined && unseen(x) && (beliefs.get(x)?.has(st.room) ?? false);
  };
  const searched: string[] = [];
  const record = (action: string, feasible: boolean, details: HouseholdViewStep['details']): void => {
    o.onStep?.({ action, feasible, state: householdSnapshot(env, searched), locations: beliefSummary(beliefs), ...(plan ? { plan } : {}), details: { distance: env.distance, ...details } });
  };
  const view = {
    instruction: o.instruction,
    uncertain: o.uncertain,
    costModel: model,
    searched,
    searches: 0,
    get steps() {
      return steps;
    },
    believed(): Scene {
      const G = believedScene(env.scene, beliefs, env.state);
      const live = [...stated].filter(([x]) => holds(x));
      if (live.length === 0) return G;
      const s = G.initialState();
      for (const [x, { fact: l }] of live) {
        for (const rel of ['object_inside', 'on_top', 'under'] as const) for (const b of s.targets(rel, x)) s.remove(rel, x, b);
        if (l.kind === 'relation') {
          s.add(l.rel, x, l.b);
          s.setRoom(x, s.roomOf(l.b) as string);
        } else if (l.kind === 'room') s.setRoom(x, l.room);
      }
      return new Scene(G.name, [...G.rooms.values()], [...G.connections], [...G.objects.values()], s);
    },
    assume(l: GoalLiteral): boolean {
      const x = l.kind === 'relation' ? l.a : l.kind === 'room' ? l.object : undefined;
      if (x === undefined || l.negated || !unseen(x) || (l.kind === 'relation' && l.rel === 'next_to')) return false;
      const room = l.kind === 'relation' ? env.state.roomOf(l.b) : l.kind === 'room' ? l.room : undefined;
      const prior = beliefs.get(x);
      if (room === undefined || !env.scene.isRoom(room) || !prior || (l.kind === 'relation' && (beliefs.get(l.b) !== undefined || !env.scene.isObject(l.b)))) return false;
      // A room already searched without seeing the object contradicts the statement.
      if (!prior.has(room) && searched.includes(room)) return false;
      const mixed = new Map<string, number>();
      for (const [r, p] of prior) mixed.set(r, (1 - STATED_WEIGHT) * p);
      mixed.set(room, (mixed.get(room) ?? 0) + STATED_WEIGHT);
      beliefs.set(x, mixed);
      stated.set(x, { fact: l, room });
      return true;
    },
    beliefs: () => beliefs.clone(),
    openBeliefs(): Map<string, RoomBelief> {
      const out = new Map<string, RoomBelief>();
      for (const x of beliefs.objects()) {
        const b = beliefs.get(x);
        // Objects placed by a stated relation are shown in place (deterministic in G_t).
        if (b && beliefs.localized(x) === undefined && env.state.robot.holding !== x && !holds(x)) out.set(x, new Map(b));
      }
      return out;
    },
    query(ids: readonly string[]): string[] {
      const out: string[] = [];
      for (const x of new Set(ids)) {
        if (!o.prior || !unseen(x) || stated.has(x)) continue;
        let b = o.prior(x);
        for (const r of searched) b = ruleOut(b, r);
        if (b.size === 0) continue;
        beliefs.set(x, b);
        out.push(x);
      }
      return out;
    },
    robotRoom: () => env.state.robot.room,
    setPlan(p: readonly PlanStep[], repairs: readonly RepairEdit[]): void {
      plan = {
        steps: p.map(formatStep),
        repairs: repairs.map((e) => ({ rule: e.rule, stepIndex: e.stepIndex, inserted: e.inserted.map(formatStep), removed: e.removed.map(formatStep), reason: e.reason })),
      };
    },
    execute: (step: PlanStep): ExecFeedback => exec(() => run(step)),
  };
  const run = (step: PlanStep): ExecFeedback => {
    const before = env.distance;
    const outs: SearchOutcome[] = [];
    if (step.action === 'NavigateTo' && step.args.length === 1) {
      view.searches += searchUntilSeen(env, beliefs, model, step.args[0], (out) => {
        outs.push(out);
        searched.push(out.room);
        localizeObserved(env, beliefs);
        record(`Search(${out.room})`, true, { searchFor: step.args[0], seen: out.seen.filter((x) => beliefs.get(x) !== undefined), cost: out.cost });
      });
    }
    steps++;
    const r = env.step(step);
    if (r.ok) localizeObserved(env, beliefs);
    const text = formatStep(step);
    record(text, r.ok, r.ok ? { effects: r.effects } : { failure: r.failure.code, message: r.failure.message });
    return r.ok
      ? { step: text, ok: true, searches: outs, distance: env.distance - before, effects: r.effects }
      : { step: text, ok: false, failure: r.failure, searches: outs, distance: env.distance - before, effects: [] };
  };
  return view;
}
