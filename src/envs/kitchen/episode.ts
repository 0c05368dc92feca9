/**
 * An evaluation episode in the real (hidden-state) kitchen, as in Tru-POMDP's
 * experiments (section 5.1): the agent sees only observations, each step is
 * scored with the evaluation reward, and the episode ends on success or at the
 * level's step limit. Wall time is the caller's to measure against
 * `EPISODE_WALL_TIME_MS` (the library never reads the clock).
 */
import { GroundplanError } from '../../core/errors.js';
import { applyAction, NONE, type InfeasibleReason, type KitchenAction } from './actions.js';
import { STEP_LIMITS, type EvaluationRewardParams, EVALUATION_REWARD } from './config.js';
import { goalSatisfied } from './goal.js';
import { observe, type KitchenObservation } from './observation.js';
import { evaluationReward } from './reward.js';
import type { KitchenState } from './state.js';
import type { KitchenTask } from './task.js';

export interface EpisodeStep {
  readonly action: KitchenAction;
  readonly feasible: boolean;
  readonly reason?: InfeasibleReason;
  readonly reward: number;
  readonly cost: number;
  readonly observation: KitchenObservation;
}

export type EpisodeStatus = 'running' | 'success' | 'step-limit';

export class KitchenEpisode {
  readonly task: KitchenTask;
  readonly stepLimit: number;
  private current: KitchenState;
  private readonly params: EvaluationRewardParams;
  private readonly history: EpisodeStep[] = [];
  private total = 0;

  constructor(task: KitchenTask, options: { stepLimit?: number; reward?: EvaluationRewardParams } = {}) {
    this.task = task;
    this.stepLimit = options.stepLimit ?? (task.level ? STEP_LIMITS[task.level] : STEP_LIMITS.hard);
    this.current = task.initial;
    this.params = options.reward ?? EVALUATION_REWARD;
  }

  /** What the agent may see now. */
  observation(): KitchenObservation {
    return observe(this.current);
  }

  /** The hidden true state (for oracles, logging and tests only). */
  trueState(): KitchenState {
    return this.current;
  }

  get status(): EpisodeStatus {
    if (goalSatisfied(this.current, this.task.goals)) return 'success';
    if (this.history.length >= this.stepLimit) return 'step-limit';
    return 'running';
  }

  get steps(): number {
    return this.history.length;
  }

  /** Cumulative evaluation reward so far. */
  get totalReward(): number {
    return this.total;
  }

  get trace(): readonly EpisodeStep[] {
    return this.history;
  }

  /** Execute one action; throws when the episode is already over. */
  step(action: KitchenAction): EpisodeStep {
    this.assertRunning();
    const r = applyAction(this.task.world, this.current, action);
    const reward = evaluationReward(this.task.world, this.current, action, r.state, this.task.goals, this.params);
    this.current = r.state;
    return this.record({
      action,
      feasible: r.feasible,
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
      reward,
      cost: r.cost,
      observation: observe(r.state),
    });
  }

  /**
   * An agent answer that names no executable action (unparseable, an unknown
   * area or object): an infeasible step that changes nothing, is counted, and
   * costs the infeasible penalty like any infeasible action (seed §5.1).
   */
  invalid(): EpisodeStep {
    this.assertRunning();
    return this.record({ action: NONE, feasible: false, reason: 'invalid-action', reward: this.params.infeasible, cost: 0, observation: observe(this.current) });
  }

  private assertRunning(): void {
    if (this.status !== 'running') throw new GroundplanError('KITCHEN_EPISODE', `episode is over (${this.status})`);
  }

  private record(step: EpisodeStep): EpisodeStep {
    this.total += step.reward;
    this.history.push(step);
    return step;
  }
}
