/**
 * The rollout policy the planner calls: synchronous and batched. Either the
 * built-in policy (`../rollout-policy.ts`, in the main thread) or an LLM-written policy
 * served by a `SyncPolicyRunner`; every fault of the latter degrades to the
 * built-in policy and leaves a warning value (the library never prints):
 * a call that throws or returns garbage uses the built-in action for that
 * state; a timeout or crash stops the worker and switches to the built-in
 * policy for good.
 */
import type { KitchenAction } from '../../../envs/kitchen/actions.js';
import type { GoalPair } from '../../../envs/kitchen/goal.js';
import type { KitchenState, KitchenWorld } from '../../../envs/kitchen/state.js';
import type { EventHandler } from '../../../core/events.js';
import { nearestTargetAction } from '../rollout-policy.js';
import { BUILTIN_POLICY_SOURCE } from './builtin-source.js';
import type { SyncPolicyRunner } from './sync-runner.js';
import { worldId, type PolicyQuery } from './wire.js';

export type PolicyWarningCode = 'policy-llm-error' | 'policy-rejected' | 'policy-runtime-error' | 'policy-stopped';

/** A warning for the user: the CLI prints `warning: <message>`. */
export interface PolicyWarning {
  readonly code: PolicyWarningCode;
  readonly message: string;
}

export interface PolicyStats {
  /** Policy calls answered. */
  calls: number;
  /** Calls answered from the memo of earlier answers (same world, state and unreached goals). */
  cacheHits: number;
  /** Batches sent to the sandbox. */
  batches: number;
  /** Calls answered by the built-in policy because the LLM policy failed. */
  fallbackCalls: number;
}

export interface BatchRolloutPolicy {
  /** Which policy is answering now ('builtin' after a fatal fault of an LLM policy). */
  readonly origin: 'llm' | 'builtin';
  /** The JavaScript source of the policy in use. */
  readonly source: string;
  /** One action per query (never throws for policy faults). */
  evaluate(queries: readonly PolicyQuery[]): KitchenAction[];
  /** One call. */
  nextAction(world: KitchenWorld, state: KitchenState, goal: readonly GoalPair[]): KitchenAction;
  /** Warnings so far (loading and runtime). */
  readonly warnings: readonly PolicyWarning[];
  readonly stats: Readonly<PolicyStats>;
  /** Stops the worker, if any. */
  close(): void;
}

/** The built-in policy's action for one query (`../rollout-policy.ts`). */
export function builtinAction(q: PolicyQuery): KitchenAction {
  return nearestTargetAction(q.world, q.state, q.goal);
}

export function builtinRolloutPolicy(warnings: PolicyWarning[] = []): BatchRolloutPolicy {
  const stats: PolicyStats = { calls: 0, cacheHits: 0, batches: 0, fallbackCalls: 0 };
  return {
    origin: 'builtin',
    source: BUILTIN_POLICY_SOURCE,
    warnings,
    stats,
    evaluate(queries) {
      stats.calls += queries.length;
      return queries.map(builtinAction);
    },
    nextAction(world, state, goal) {
      stats.calls++;
      return builtinAction({ world, state, goal });
    },
    close() {},
  };
}

export interface SandboxedPolicyOptions {
  /** Warnings already collected while loading. */
  warnings?: PolicyWarning[];
  /** Called once per new warning. */
  onWarning?: EventHandler<PolicyWarning>;
  /**
   * Answers remembered per (world, state, unreached goals); a full memo is cleared. The
   * policy is asked to be a pure function, and DESPOT's rollouts revisit the same states
   * many times, so most calls never reach the worker. Default 200,000; 0 disables.
   */
  cacheSize?: number;
}

let keyBuf = new Uint16Array(256);

/**
 * The memo key of a query — world, robot, hand, open areas (16 per char),
 * placements and unreached goals — packed one value per UTF-16 code unit
 * (exact: every value is below 65,536 after a small offset).
 */
export function queryKey(q: PolicyQuery): string {
  const s = q.state;
  const need = 6 + Math.ceil(s.open.length / 16) + s.objectArea.length + 2 * q.goal.length;
  if (keyBuf.length < need) keyBuf = new Uint16Array(need * 2);
  const b = keyBuf;
  const w = worldId(q.world);
  let n = 0;
  b[n++] = w & 0xffff;
  b[n++] = w >>> 16;
  b[n++] = s.robot + 1;
  b[n++] = s.hand + 2;
  for (let a = 0; a < s.open.length; a += 16) {
    let bits = 0;
    for (let j = 0; j < 16 && a + j < s.open.length; j++) if (s.open[a + j]) bits |= 1 << j;
    b[n++] = bits;
  }
  for (let o = 0; o < s.objectArea.length; o++) b[n++] = s.objectArea[o] + 4;
  b[n++] = 0xffff;
  for (const g of q.goal) {
    if (s.objectArea[g.object] === g.area) continue;
    b[n++] = g.object + 1;
    b[n++] = g.area + 1;
  }
  let k = '';
  for (let i = 0; i < n; i += 4096) k += String.fromCharCode.apply(null, b.subarray(i, Math.min(n, i + 4096)) as unknown as number[]);
  return k;
}

/** An LLM-written policy running in `runner`, degrading to the built-in policy on faults. */
export function sandboxedRolloutPolicy(runner: SyncPolicyRunner, options: SandboxedPolicyOptions = {}): BatchRolloutPolicy {
  const warnings = options.warnings ?? [];
  const stats: PolicyStats = { calls: 0, cacheHits: 0, batches: 0, fallbackCalls: 0 };
  let origin: 'llm' | 'builtin' = 'llm';
  let warnedRuntime = false;
  const cacheSize = options.cacheSize ?? 200_000;
  const cache = new Map<string, KitchenAction>();
  const warn = (w: PolicyWarning): void => {
    warnings.push(w);
    options.onWarning?.(w);
  };
  const evaluate = (queries: readonly PolicyQuery[]): KitchenAction[] => {
    stats.calls += queries.length;
    if (origin === 'builtin') {
      stats.fallbackCalls += queries.length;
      return queries.map(builtinAction);
    }
    const keys = cacheSize > 0 ? queries.map(queryKey) : undefined;
    const answers: Array<KitchenAction | undefined> = new Array<KitchenAction | undefined>(queries.length);
    let missing: number[] = [];
    if (keys) {
      keys.forEach((k, i) => {
        const hit = cache.get(k);
        if (hit !== undefined) answers[i] = hit;
        else missing.push(i);
      });
      stats.cacheHits += queries.length - missing.length;
      if (missing.length === 0) return answers as KitchenAction[];
    } else missing = queries.map((_, i) => i);
    const sent = missing.length === queries.length ? queries : missing.map((i) => queries[i]);
    stats.batches++;
    const outcome = runner.evaluate(sent);
    if (outcome.status !== 'ok') {
      origin = 'builtin';
      runner.close();
      warn({ code: 'policy-stopped', message: `LLM rollout policy stopped (${outcome.message}); using the built-in policy from now on` });
      stats.fallbackCalls += sent.length;
      for (const i of missing) answers[i] = builtinAction(queries[i]);
      return answers as KitchenAction[];
    }
    const failed = outcome.threw + outcome.garbage;
    if (failed > 0) {
      stats.fallbackCalls += failed;
      if (!warnedRuntime) {
        warnedRuntime = true;
        const first = outcome.errors[0];
        warn({ code: 'policy-runtime-error', message: `LLM rollout policy failed on ${failed} of ${sent.length} calls in a batch (${first ? first.message : 'malformed answer'}); the built-in policy answered those (further failures are counted in stats.fallbackCalls)` });
      }
    }
    if (keys && cache.size + missing.length > cacheSize) cache.clear();
    outcome.actions.forEach((a, j) => {
      const i = missing[j];
      answers[i] = a ?? builtinAction(queries[i]);
      if (keys && a !== undefined) cache.set(keys[i], a);
    });
    return answers as KitchenAction[];
  };
  return {
    get origin() {
      return origin;
    },
    get source() {
      return origin === 'llm' ? runner.source : BUILTIN_POLICY_SOURCE;
    },
    warnings,
    stats,
    evaluate,
    nextAction: (world, state, goal) => evaluate([{ world, state, goal }])[0],
    close: () => runner.close(),
  };
}

/** The per-particle function shape of the Tru-POMDP search, plus a batched entry point. */
export interface RolloutFunction {
  (unreachedGoals: readonly GoalPair[], scene: { readonly world: KitchenWorld; readonly state: KitchenState }): KitchenAction;
  /** All particles of a node in one sandbox round trip (≈5 µs per state instead of ≈70 µs per call). */
  readonly batch: (queries: readonly PolicyQuery[]) => KitchenAction[];
  readonly policy: BatchRolloutPolicy;
}

/**
 * `policy` as the per-particle function the Tru-POMDP search takes
 * (`(unreachedGoals, {world, state}) => KitchenAction`, see
 * `../rollout-policy.ts`). Each plain call is one worker round trip; callers
 * that evaluate many particles at once should use `.batch`.
 */
export function asRolloutFunction(policy: BatchRolloutPolicy): RolloutFunction {
  const fn = (goals: readonly GoalPair[], scene: { readonly world: KitchenWorld; readonly state: KitchenState }): KitchenAction =>
    policy.nextAction(scene.world, scene.state, goals);
  return Object.assign(fn, { batch: (queries: readonly PolicyQuery[]) => policy.evaluate(queries), policy });
}
