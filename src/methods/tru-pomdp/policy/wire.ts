/**
 * Encoding of policy queries for the sandbox worker (see `worker-source.ts`
 * for the wire format) and decoding of its numeric answers.
 */
import { createHash } from 'node:crypto';
import type { KitchenAction } from '../../../envs/kitchen/actions.js';
import type { GoalPair } from '../../../envs/kitchen/goal.js';
import type { KitchenState, KitchenWorld } from '../../../envs/kitchen/state.js';
import { navCost } from '../../../envs/kitchen/layout.js';
import { ACTION_CODE } from './types.js';

/** One policy call: the (hypothesized) state and the goal alternative being pursued; met pairs are dropped. */
export interface PolicyQuery {
  readonly world: KitchenWorld;
  readonly state: KitchenState;
  readonly goal: readonly GoalPair[];
}

/** What the worker is told about a world, once. */
export interface WorldDescriptor {
  id: number;
  areaNames: string[];
  objectNames: string[];
  nav: number[][];
}

const navCache = new WeakMap<KitchenWorld['layout'], number[][]>();

/** The navigation-cost matrix of a layout as nested arrays (the policy's `scene.navCost`; cached per layout). */
export function navMatrix(world: KitchenWorld): number[][] {
  const cached = navCache.get(world.layout);
  if (cached) return cached;
  const n = world.layout.areas.length;
  const m: number[][] = [];
  for (let a = 0; a < n; a++) {
    const row: number[] = [];
    for (let b = 0; b < n; b++) row.push(navCost(world.layout, a, b));
    m.push(row);
  }
  navCache.set(world.layout, m);
  return m;
}

const worldIds = new WeakMap<KitchenWorld, number>();
let nextWorldId = 1;

export function worldId(world: KitchenWorld): number {
  let id = worldIds.get(world);
  if (id === undefined) {
    id = nextWorldId++;
    worldIds.set(world, id);
  }
  return id;
}

export function describeWorld(world: KitchenWorld): WorldDescriptor {
  return { id: worldId(world), areaNames: [...world.layout.areas], objectNames: [...world.objects], nav: navMatrix(world) };
}

/** A content key for a policy source (the worker caches compiled policies by it). */
export function sourceKey(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 24);
}

/** Upper bound of the encoded size of `queries` (Int32 slots). */
export function encodedSize(queries: readonly PolicyQuery[]): number {
  let size = 0;
  for (const q of queries) size += 4 + 2 * q.goal.length + q.state.objectArea.length + q.state.open.length;
  return size;
}

/** True when some query's world is not in `known`. */
export function hasNewWorld(queries: readonly PolicyQuery[], known: ReadonlySet<number>): boolean {
  for (const q of queries) if (!known.has(worldId(q.world))) return true;
  return false;
}

/**
 * Encodes queries; `known` lists world ids the receiver already has (updated in place).
 * With `target`, writes at `target[offset…]` (it must hold `encodedSize(queries)` slots).
 */
export function encodeQueries(
  queries: readonly PolicyQuery[],
  known?: Set<number>,
  target?: Int32Array,
  offset = 0,
): { buf: Int32Array; count: number; worlds: WorldDescriptor[] } {
  const size = encodedSize(queries);
  const worlds: WorldDescriptor[] = [];
  const sent = new Set<number>();
  for (const q of queries) {
    const id = worldId(q.world);
    if (!sent.has(id) && !(known?.has(id) ?? false)) {
      sent.add(id);
      worlds.push(describeWorld(q.world));
    }
  }
  for (const id of sent) known?.add(id);
  const buf = target ?? new Int32Array(size);
  let p = target ? offset : 0;
  const start = p;
  for (const q of queries) {
    const s = q.state;
    buf[p] = worldId(q.world);
    buf[p + 1] = s.robot;
    buf[p + 2] = s.hand;
    const countAt = p + 3;
    p += 4;
    let n = 0;
    for (const g of q.goal) {
      if (s.objectArea[g.object] === g.area) continue;
      buf[p] = g.area;
      buf[p + 1] = g.object;
      p += 2;
      n++;
    }
    buf[countAt] = n;
    for (let o = 0; o < s.objectArea.length; o++) buf[p + o] = s.objectArea[o];
    p += s.objectArea.length;
    for (let a = 0; a < s.open.length; a++) buf[p + a] = s.open[a];
    p += s.open.length;
  }
  return { buf: target ? buf.subarray(start, p) : p === size ? buf : buf.subarray(0, p), count: queries.length, worlds };
}

/** Decodes answer `i` (undefined when the policy threw or returned garbage); answers start at `offset`. */
export function decodeAction(actions: Int32Array, i: number, offset = 0): KitchenAction | undefined {
  const code = actions[offset + i * 3];
  const area = actions[offset + i * 3 + 1];
  switch (code) {
    case ACTION_CODE.NONE:
      return { type: 'none' };
    case ACTION_CODE.OPEN:
      return { type: 'open', area };
    case ACTION_CODE.PICK:
      return { type: 'pick', area, object: actions[offset + i * 3 + 2] };
    case ACTION_CODE.PLACE:
      return { type: 'place', area };
    default:
      return undefined;
  }
}

/** The reply of the worker to an `eval` message. */
export type WorkerReply =
  | { ok: true; actions: Int32Array; errors: Array<{ index: number; message: string }>; threw: number; garbage: number; ms: number }
  | { ok: false; phase: 'compile' | 'run' | 'protocol'; message: string };

/** The outcome of one batch in a sandbox. */
export type BatchOutcome =
  | {
      status: 'ok';
      /** Per query: the action, or undefined when the policy threw or returned garbage. */
      actions: Array<KitchenAction | undefined>;
      errors: Array<{ index: number; message: string }>;
      threw: number;
      garbage: number;
      /** Time spent inside the worker. */
      workerMs: number;
    }
  | { status: 'compile-error'; message: string }
  | { status: 'timeout'; timeoutMs: number; message: string }
  | { status: 'crashed'; message: string };

export function outcomeFromReply(reply: WorkerReply, count: number): BatchOutcome {
  if (!reply.ok) {
    return reply.phase === 'compile' ? { status: 'compile-error', message: reply.message } : { status: 'crashed', message: reply.message };
  }
  const actions: Array<KitchenAction | undefined> = [];
  for (let i = 0; i < count; i++) actions.push(decodeAction(reply.actions, i));
  return { status: 'ok', actions, errors: reply.errors, threw: reply.threw, garbage: reply.garbage, workerMs: reply.ms };
}
