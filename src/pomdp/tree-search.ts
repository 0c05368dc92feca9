/**
 * What the two online tree searches (DESPOT, POMCP) share: the search budget
 * options with their defaults, and the state a search keeps over one move —
 * the model, the seeded stream, the real history the simulations extend, the
 * deepest node reached — with the actions tried at a node.
 */
import type { Rng } from '../core/rng.js';
import type { PomdpModel } from './model.js';
import { range } from './model.js';
import { History } from './history.js';
import type { Clock } from './clock.js';
import type { ParticleBelief } from './belief.js';
import type { PlanStep, Planner } from './planner.js';

/** The budget options of both searches. */
export interface SearchBudgetOptions {
  /** Seconds per move on `clock` (default 1). DESPOT: ≤ 0 plays a uniformly random action. */
  timePerMove?: number;
  /** 'cpu' = process CPU time like the reference's clock() (default), 'wall', or a function returning seconds. */
  clock?: Clock;
  /** Search depth D (default 90): DESPOT's random stream length, POMCP's simulation depth. */
  depth?: number;
  /** Cancels the search between trials; the best action so far is returned. */
  signal?: AbortSignal;
}

export abstract class TreeSearch<S, O extends SearchBudgetOptions> implements Planner<S> {
  abstract readonly name: string;
  readonly timePerMove: number;
  readonly depth: number;
  protected readonly clock: Clock;
  protected readonly allActions: number[];
  /** The real history, extended and truncated by the simulation under way. */
  protected history = new History();
  /** The deepest node reached in this move's search. */
  protected maxDepth = 0;

  constructor(
    readonly model: PomdpModel<S>,
    protected readonly rng: Rng,
    readonly options: O,
  ) {
    this.timePerMove = options.timePerMove ?? 1;
    this.clock = options.clock ?? 'cpu';
    this.depth = options.depth ?? 90;
    this.allActions = range(model.numActions);
  }

  abstract plan(belief: ParticleBelief<S>, history: History): PlanStep;

  /** The actions tried in `states` after the current history: the model's choice, else all. */
  protected actionsAt(states: readonly S[]): readonly number[] {
    return this.model.actions ? this.model.actions(states, this.history) : this.allActions;
  }
}
