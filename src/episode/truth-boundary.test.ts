/**
 * The hidden truth stays behind the views (issue 16 point 1). Each test runs
 * a probe method through the episode runner on a task and on the same task
 * with its hidden truth scrambled — the true rooms and containers of the
 * uncertain objects (kitchen: the areas of the objects in closed areas) and
 * the accepted goal set — and deep-compares everything the probe can reach
 * before it acts: every field and read-only call of its view (and, in the
 * household, the beliefs after the room-type prior of its query objects),
 * its options, the other context fields and the first numbers of its random
 * stream. Only
 * an entry that reads the truth (the oracle) and the synthetic stand-in's
 * truth may differ.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, generateTasks, type KitchenTask } from '../envs/kitchen/index.js';
import type { HouseholdTask } from '../envs/household/index.js';
import { testHouseholdTask } from '../methods/gavel/test-task.js';
import { registerPriorModel } from '../methods/tru-pomdp/prior-model.js';
import { MethodRegistry, type Catalogue } from './catalogue.js';
import { runHouseholdSpec, type HouseholdMethod } from './household.js';
import { runKitchenSpec, type KitchenMethod } from './kitchen.js';
import type { MethodContext } from './method.js';
import type { EpisodeSpec } from './schema.js';

/** Mutating members of the views: called by methods to act, never read here (`query` is called below). */
const ACTS = new Set(['step', 'invalid', 'execute', 'setPlan', 'assume', 'query']);

/** Every value the method can read: fields, getters and zero-argument calls of the view; the rest of the context. */
function reachable(ctx: MethodContext<object> & Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown> {
  const env = ctx.env as Record<string, unknown>;
  const view: Record<string, unknown> = {};
  for (const key of Object.keys(env).sort()) {
    if (ACTS.has(key)) continue;
    const v = env[key];
    view[key] = typeof v === 'function' ? (v as () => unknown).call(env) : v;
  }
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(ctx).sort()) {
    if (['env', 'llm', 'meter', 'rng', 'signal'].includes(key)) continue;
    const v = ctx[key];
    rest[key] = typeof v === 'function' ? typeof v : v;
  }
  // household: the room-type prior the query objects get (O^qry), and the view after it
  const query = env.query as ((ids: readonly string[]) => string[]) | undefined;
  const afterQuery = query ? { queried: query.call(env, env.uncertain as string[]), beliefs: (env.beliefs as () => unknown).call(env), believed: (env.believed as () => unknown).call(env) } : undefined;
  return { view, rest, options, rng: [ctx.rng.next(), ctx.rng.next(), ctx.rng.next()], llm: ctx.llm.id, afterQuery };
}

function probe<M>(seen: unknown[]): M {
  return { name: 'probe', description: 'records what it can reach', run: async (ctx: MethodContext<object> & Record<string, unknown>, options: Record<string, unknown>) => void seen.push(reachable(ctx, options)) } as unknown as M;
}

function probeCatalogue<M, T>(seen: unknown[], truth: unknown[]): Catalogue<M, T> {
  return {
    family: 'probe',
    entries: [
      { name: 'probe', method: probe<M>(seen), description: 'a non-synthetic method', options: (c) => ({ ...c }) },
      { name: 'oracle-probe', method: probe<M>(seen), description: 'a method that reads the truth', readsTruth: true },
    ],
    truth: (task) => {
      truth.push(task);
      return task;
    },
    installSynthetic: () => {},
  };
}

// the specs name the offline prior (it never sees the truth); the probe catalogues register nothing
registerPriorModel();

const spec = (suite: string, task: string, method: string): EpisodeSpec => ({ suite, task, level: '', method, model: 'prior', seed: 3, config: { budget: 1 } });

// ---------------------------------------------------------------------------
// Household: the scene graph's uncertain objects and the goals.

/** The test task with the plate and the shirt elsewhere (other rooms, other containers) and another goal set. */
function scrambledHousehold(): HouseholdTask {
  const t = testHouseholdTask();
  const relations = (t.scene.relations ?? []).filter((r) => r.a !== 'plate' && r.a !== 'shirt');
  relations.push({ rel: 'object_inside', a: 'plate', b: 'box' }, { rel: 'object_inside', a: 'shirt', b: 'dryer' });
  const objects = (t.scene.objects ?? []).map((o) => (o.id === 'shirt' ? { ...o, room: 'laundry' } : o.id === 'plate' ? { ...o, room: 'living' } : o));
  const goal = { literals: [{ kind: 'relation' as const, rel: 'on_top' as const, a: 'book', b: 'counter' }] };
  return { ...t, scene: { ...t.scene, objects, relations }, goals: [goal], goal, subplans: [[]], referencePlan: [] };
}

async function householdProbe(task: HouseholdTask, method: string): Promise<{ seen: unknown; truth: unknown }> {
  const seen: unknown[] = [];
  const truth: unknown[] = [];
  const registry = new MethodRegistry<HouseholdMethod, HouseholdTask>([probeCatalogue(seen, truth)]);
  // a room-type model that puts the plate in the kitchen and the shirt in the laundry
  const rsn = { types: ['kitchen', 'utility_room'], scores: (cat: string): Record<string, number> => (cat === 'shirt' ? { utility_room: 1 } : { kitchen: 1 }) };
  await runHouseholdSpec({ spec: spec('household:multi', task.id, method), task, registry, maxFeedback: 2, rsn });
  return { seen: seen[0], truth: truth[0] };
}

describe('the household view hides the truth', () => {
  it('the scramble moves the uncertain objects and changes the goals (the truth really differs)', () => {
    const a = testHouseholdTask();
    const b = scrambledHousehold();
    expect(b.scene.relations).not.toEqual(a.scene.relations);
    expect(b.goal).not.toEqual(a.goal);
  });

  it('a method reaches the same view, options and context with the truth scrambled', async () => {
    const a = await householdProbe(testHouseholdTask(), 'probe');
    const b = await householdProbe(scrambledHousehold(), 'probe');
    expect(Object.keys((a.seen as { view: object }).view)).toEqual(expect.arrayContaining(['believed', 'beliefs', 'costModel', 'instruction', 'openBeliefs', 'robotRoom', 'uncertain']));
    expect((a.seen as { afterQuery: { queried: string[] } }).afterQuery.queried).toEqual(['plate', 'shirt']);
    expect(b.seen).toEqual(a.seen);
    // the synthetic stand-in's truth is the task itself, so it differs
    expect(b.truth).not.toEqual(a.truth);
  });

  it('only the oracle, which reads the truth, sees the difference', async () => {
    const a = await householdProbe(testHouseholdTask(), 'oracle-probe');
    const b = await householdProbe(scrambledHousehold(), 'oracle-probe');
    expect((b.seen as { view: unknown }).view).toEqual((a.seen as { view: unknown }).view);
    expect((b.seen as { options: unknown }).options).not.toEqual((a.seen as { options: unknown }).options);
  });
});

// ---------------------------------------------------------------------------
// Kitchen: the objects in closed areas and the goal set.

function kitchenTaskPair(): [KitchenTask, KitchenTask] {
  const task = generateTasks({ kitchen: 'one_wall', level: 'medium', n: 1, seed: 5 })[0];
  const closed = task.world.layout.areas.map((_, a) => a).filter((a) => task.initial.open[a] === 0);
  const s = cloneState(task.initial);
  let moved = 0;
  task.world.objects.forEach((_, o) => {
    const a = s.objectArea[o];
    if (a >= 0 && task.initial.open[a] === 0) {
      s.objectArea[o] = closed[(closed.indexOf(a) + 1) % closed.length];
      moved++;
    }
  });
  expect(moved).toBeGreaterThan(0);
  const goals = task.goals.map((alt) => alt.map((p) => ({ ...p, area: closed[(closed.indexOf(p.area) + 2 + closed.length) % closed.length] })));
  return [task, { ...task, initial: s, goals }];
}

async function kitchenProbe(task: KitchenTask, method: string): Promise<{ seen: unknown; truth: unknown }> {
  const seen: unknown[] = [];
  const truth: unknown[] = [];
  const registry = new MethodRegistry<KitchenMethod, KitchenTask>([probeCatalogue(seen, truth)]);
  await runKitchenSpec({ spec: spec('kitchen:medium', 'one_wall-medium-5-0', method), task, registry });
  return { seen: seen[0], truth: truth[0] };
}

describe('the kitchen view hides the truth', () => {
  it('a method reaches the same view, options and context with the hidden placements and the goal set scrambled', async () => {
    const [task, scrambled] = kitchenTaskPair();
    expect(scrambled.initial.objectArea).not.toEqual(task.initial.objectArea);
    expect(scrambled.goals).not.toEqual(task.goals);
    const a = await kitchenProbe(task, 'probe');
    const b = await kitchenProbe(scrambled, 'probe');
    expect(Object.keys((a.seen as { view: object }).view)).toEqual(expect.arrayContaining(['instruction', 'layout', 'observation', 'stepLimit', 'steps', 'status']));
    expect(b.seen).toEqual(a.seen);
    expect(b.truth).not.toEqual(a.truth);
  });

  it('only the oracle entry sees the difference', async () => {
    const [task, scrambled] = kitchenTaskPair();
    const a = await kitchenProbe(task, 'oracle-probe');
    const b = await kitchenProbe(scrambled, 'oracle-probe');
    expect((b.seen as { view: unknown }).view).toEqual((a.seen as { view: unknown }).view);
    expect((b.seen as { options: unknown }).options).not.toEqual((a.seen as { options: unknown }).options);
  });
});
