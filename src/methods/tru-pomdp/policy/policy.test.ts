import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createScriptedModel } from '../../../llm/scripted-model.js';
import { createSyntheticModel } from '../../../llm/synthetic-model.js';
import { applyAction, infeasibleReason, type KitchenAction } from '../../../envs/kitchen/actions.js';
import { alternativeSatisfied } from '../../../envs/kitchen/goal.js';
import { loadLayout } from '../../../envs/kitchen/layout.js';
import { EMPTY_HAND, IN_HAND, makeWorld, type KitchenState } from '../../../envs/kitchen/state.js';
import { ABSENT } from '../agent-world.js';
import {
  BUILTIN_POLICY_SOURCE,
  POLICY_BUGS,
  PolicySandbox,
  SyncPolicyRunner,
  builtinAction,
  buggyPolicySource,
  loadLlmPolicy,
  registerPolicySynthetic,
  sampleQueries,
  sampleTasks,
  sandboxedRolloutPolicy,
  vetPolicy,
  type PolicyQuery,
} from './index.js';
import { sandboxWorkerFile } from './worker-source.js';

registerPolicySynthetic();

const tasks = sampleTasks({ kitchens: ['one_wall', 'galley'] });
const queries = sampleQueries(tasks);
const limits = { timeoutMs: 400, maxMemoryMb: 48 };
const fence = (code: string): string => `Here is the policy.\n\`\`\`javascript\n${code}\n\`\`\``;

/**
 * Scenes in the one_wall kitchen whose answer follows from the policy's rule
 * and the layout's costs, worked out by hand. Costs from Prep_Surface:
 * Human_Hand, Dishware_Cabinet 0; Snack_Pantry_Cabinet, Coffee_Tea_Surface 2;
 * Pantry_Shelf, Spice_Shelf 13; Fridge_Cooler_Layer 16.
 */
const oneWall = loadLayout('one_wall');
const handWorld = makeWorld(oneWall, ['milk_1', 'apple_2', 'cup_3']);
const area = (name: string): number => oneWall.areaIndex.get(name) as number;
function scene(where: [milk: string, apple: string, cup: string], opts: { robot?: string; hand?: number; open?: string[] } = {}): KitchenState {
  const objectArea = Int16Array.from(where.map((w) => (w === 'absent' ? ABSENT : w === 'hand' ? IN_HAND : area(w))));
  const open = oneWall.initiallyOpen.slice();
  for (const a of opts.open ?? []) open[area(a)] = 1;
  return { robot: area(opts.robot ?? 'Prep_Surface'), hand: opts.hand ?? EMPTY_HAND, objectArea, open };
}
const milkToHand = { object: 0, area: area('Human_Hand') };
const appleToHand = { object: 1, area: area('Human_Hand') };
const milkToFridge = { object: 0, area: area('Fridge_Cooler_Layer') };
const HAND_WORKED: Array<[string, PolicyQuery, KitchenAction]> = [
  ['every pair met: NONE', { world: handWorld, state: scene(['Human_Hand', 'Prep_Surface', 'Prep_Surface']), goal: [milkToHand] }, { type: 'none' }],
  ['holding a target whose area is closed: OPEN it', { world: handWorld, state: scene(['hand', 'Prep_Surface', 'Prep_Surface'], { hand: 0 }), goal: [milkToFridge] }, { type: 'open', area: area('Fridge_Cooler_Layer') }],
  ['holding a target whose area is open: PLACE it there', { world: handWorld, state: scene(['hand', 'Prep_Surface', 'Prep_Surface'], { hand: 0, open: ['Fridge_Cooler_Layer'] }), goal: [milkToFridge] }, { type: 'place', area: area('Fridge_Cooler_Layer') }],
  ['holding a non-target: PLACE it where the robot stands (cost 0)', { world: handWorld, state: scene(['Spice_Shelf', 'Prep_Surface', 'hand'], { hand: 2, robot: 'Appliance_Surface' }), goal: [milkToHand] }, { type: 'place', area: area('Appliance_Surface') }],
  ['two visible targets: PICK the cheaper trip (apple 2 + 2, not milk 13 + 13), though milk comes first', { world: handWorld, state: scene(['Spice_Shelf', 'Coffee_Tea_Surface', 'Prep_Surface']), goal: [milkToHand, appleToHand] }, { type: 'pick', area: area('Coffee_Tea_Surface'), object: 1 }],
  ['a visible target beats a nearer hidden one', { world: handWorld, state: scene(['Dishware_Cabinet', 'Pantry_Shelf', 'Prep_Surface']), goal: [milkToHand, appleToHand] }, { type: 'pick', area: area('Pantry_Shelf'), object: 1 }],
  ['no visible target: OPEN the nearest closed area holding one', { world: handWorld, state: scene(['Fridge_Cooler_Layer', 'Snack_Pantry_Cabinet', 'Prep_Surface']), goal: [milkToHand, appleToHand] }, { type: 'open', area: area('Snack_Pantry_Cabinet') }],
  ['the only target is not in the scene: NONE', { world: handWorld, state: scene(['absent', 'Prep_Surface', 'Prep_Surface']), goal: [milkToHand] }, { type: 'none' }],
];

/** Any state of a task's world: objects in any area or absent, at most one held, any open flags; any goal over its objects. */
const queryArb = fc.nat(tasks.length - 1).chain((t) => {
  const world = tasks[t].world;
  const nA = world.layout.areas.length;
  const nO = world.objects.length;
  return fc
    .record({
      robot: fc.integer({ min: 0, max: nA - 1 }),
      // a few areas get many objects, so that equal trip costs (ties) are common
      areas: fc.array(fc.oneof(fc.integer({ min: 0, max: nA - 1 }), fc.integer({ min: 0, max: 5 }), fc.constant(ABSENT)), { minLength: nO, maxLength: nO }),
      hand: fc.oneof(fc.constant(EMPTY_HAND), fc.integer({ min: 0, max: nO - 1 })),
      open: fc.array(fc.boolean(), { minLength: nA, maxLength: nA }),
      goal: fc.uniqueArray(fc.record({ object: fc.integer({ min: 0, max: nO - 1 }), area: fc.integer({ min: 0, max: nA - 1 }) }), { maxLength: 5, selector: (g) => g.object }),
    })
    .map((r): PolicyQuery => {
      const objectArea = Int16Array.from(r.areas);
      if (r.hand >= 0) objectArea[r.hand] = IN_HAND;
      return { world, state: { robot: r.robot, hand: r.hand, objectArea, open: Uint8Array.from(r.open.map((b) => (b ? 1 : 0))) }, goal: r.goal };
    });
});

let sandbox: PolicySandbox;
beforeAll(() => {
  sandbox = new PolicySandbox(limits);
});
afterAll(async () => {
  await sandbox.close();
});

describe('sandbox', () => {
  it('policy code sees no process, require, fetch, timers or host globals', async () => {
    const seen = await sandbox.probe('[typeof process, typeof require, typeof fetch, typeof setTimeout, typeof globalThis.process, typeof Buffer, typeof WebAssembly].join()');
    expect(seen).toBe('undefined,undefined,undefined,undefined,undefined,undefined,undefined');
  });

  it('probe starts its time limit after the worker is warm (a 1.5 s start-up, a 300 ms limit)', async () => {
    // The sandbox worker behind a wrapper that blocks its start-up, as a busy machine does.
    const dir = mkdtempSync(join(tmpdir(), 'groundplan-slow-worker-'));
    const file = join(dir, 'slow-worker.mjs');
    const real = pathToFileURL(sandboxWorkerFile()).href;
    writeFileSync(file, `export { default } from ${JSON.stringify(real)};\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);\n`);
    const slow = new PolicySandbox({ timeoutMs: 300 }, { workerFile: file });
    try {
      expect(await slow.probe('typeof process')).toBe('undefined');
    } finally {
      await slow.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the JavaScript built-in policy in the sandbox returns the same actions as the TypeScript one', async () => {
    const out = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, queries);
    expect(out.status).toBe('ok');
    if (out.status !== 'ok') return;
    expect(queries.length).toBeGreaterThan(50);
    expect(out.actions).toEqual(queries.map(builtinAction));
  });

  it('chooses the TypeScript policy\'s action on random states, targets hidden, held or absent (fast-check, batches in the sandbox)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(queryArb, { minLength: 1, maxLength: 40 }), async (qs) => {
        const out = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, qs, 5000);
        expect(out.status === 'ok' && out.actions).toEqual(qs.map(builtinAction));
      }),
      { numRuns: 40, seed: 42 },
    );
  });

  it.each(HAND_WORKED)('hand-worked scene, TypeScript and sandbox: %s', async (_name, q, expected) => {
    expect(builtinAction(q)).toEqual(expected);
    const out = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, [q]);
    expect(out.status === 'ok' && out.actions).toEqual([expected]);
  });

  it('stops an endless loop at the time limit, and the next batch runs in a fresh worker', async () => {
    const out = await sandbox.evaluate('function nextAction() { for (;;) {} }', queries.slice(0, 3));
    expect(out.status).toBe('timeout');
    const again = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, queries.slice(0, 3));
    expect(again.status).toBe('ok');
  });

  it('stops a policy that exhausts the memory limit', async () => {
    const out = await sandbox.evaluate('function nextAction() { const a = []; for (;;) a.push(new Array(1e5).fill(1)); }', queries.slice(0, 1), 20000);
    expect(out.status).toBe('crashed');
    expect(out.status === 'crashed' && out.message).toMatch(/memory/);
  });
});

describe('vetting', () => {
  it('accepts the built-in policy: feasible everywhere, every rollout reaches its goal', async () => {
    const r = await vetPolicy(BUILTIN_POLICY_SOURCE, sandbox, queries, tasks);
    expect(r.problems).toEqual([]);
    expect(r.infeasible + r.idle + r.threw + r.garbage).toBe(0);
    expect(r.rolloutSuccesses).toBe(r.rollouts);
  });

  it.each([...POLICY_BUGS])('rejects the synthetic %s bug with a concrete state', async (bug) => {
    const r = await vetPolicy(buggyPolicySource(bug), sandbox, queries, tasks);
    expect(r.ok).toBe(false);
    expect(r.problems.join(' ')).toMatch(bug === 'loop' ? /endless loop/ : /robot at|goals/);
  });
});

describe('loadLlmPolicy', () => {
  it('falls back when the code loops forever (time limit), with the reason in the warning', async () => {
    const loop = fence('function nextAction(goals, scene) { while (true) {} }');
    const client = createScriptedModel({ byKind: { 'tru.policy': [loop, loop] } });
    const r = await loadLlmPolicy(client, { limits, sampleTasks: tasks });
    expect(r.policy.origin).toBe('builtin');
    expect(r.warnings.map((w) => w.code)).toEqual(['policy-rejected']);
    expect(r.warnings[0].message).toMatch(/did not return within 400 ms/);
    expect(client.requests).toHaveLength(2);
    expect(client.requests[1].messages.at(-1)?.content).toMatch(/endless loop/);
    expect(r.policy.evaluate(queries.slice(0, 5))).toEqual(queries.slice(0, 5).map(builtinAction));
  });

  it.each([
    ['process', 'function nextAction(goals, scene) { process.exit(3); }'],
    ['require', "function nextAction(goals, scene) { require('fs').writeFileSync('/tmp/x', 'y'); return { type: 'NONE' }; }"],
    ['globalThis.process', 'function nextAction(goals, scene) { return globalThis.process.env; }'],
  ])('falls back when the code touches %s', async (_name, code) => {
    const client = createScriptedModel({ byKind: { 'tru.policy': fence(code) } });
    const r = await loadLlmPolicy(client, { limits, sampleTasks: tasks });
    expect(r.policy.origin).toBe('builtin');
    expect(r.warnings[0].code).toBe('policy-rejected');
    expect(r.warnings[0].message).toMatch(/threw .* on \d+ of \d+ sample states/);
  });

  it('falls back on a syntax error and says so', async () => {
    const client = createScriptedModel({ byKind: { 'tru.policy': fence('function nextAction(goals, scene) { return { type: ; }') } });
    const r = await loadLlmPolicy(client, { limits, sampleTasks: tasks, repairs: 0 });
    expect(r.policy.origin).toBe('builtin');
    expect(r.warnings[0].message).toMatch(/does not load: SyntaxError/);
  });

  it('falls back when the answer has no code at all', async () => {
    const client = createScriptedModel({ byKind: { 'tru.policy': 'I cannot write code.' } });
    const r = await loadLlmPolicy(client, { limits, sampleTasks: tasks });
    expect(r.policy.origin).toBe('builtin');
    expect(r.warnings[0].code).toBe('policy-llm-error');
  });

  it('accepts the synthetic model answer and serves it synchronously: hand-worked answers, feasible actions, goals reached', async () => {
    const client = createSyntheticModel({ seed: 3 });
    const r = await loadLlmPolicy(client, { limits, sampleTasks: tasks });
    try {
      expect(r.warnings).toEqual([]);
      expect(r.policy.origin).toBe('llm');
      expect(r.attempts).toBe(1);
      // what the served policy must do, independent of its code: the hand-worked answers ...
      expect(r.policy.evaluate(HAND_WORKED.map(([, q]) => q))).toEqual(HAND_WORKED.map(([, , a]) => a));
      // ... a feasible action on every sample state with a goal left (NONE only when none is) ...
      const answers = r.policy.evaluate(queries);
      queries.forEach((q, i) => {
        const left = q.goal.some((g) => q.state.objectArea[g.object] !== g.area);
        expect(answers[i].type === 'none' ? !left : infeasibleReason(q.state, answers[i]) === undefined).toBe(true);
      });
      // ... and, followed with the kitchen's dynamics from each task's start, it reaches the goal within the step limit
      for (const t of tasks) {
        let s = t.initial;
        for (let k = 0; k < 35 && !alternativeSatisfied(s, t.goals[0]); k++) s = applyAction(t.world, s, r.policy.nextAction(t.world, s, t.goals[0])).state;
        expect(alternativeSatisfied(s, t.goals[0])).toBe(true);
      }
      expect(r.policy.stats.batches).toBeGreaterThan(0); // the sandbox answered ...
      expect(r.policy.stats.fallbackCalls).toBe(0); // ... not the built-in fallback
    } finally {
      r.policy.close();
    }
  });

  it('repairs a buggy first answer (policyBug=1) through one repair turn with the failures', async () => {
    const client = createSyntheticModel({ seed: 5, knobs: 'policyBug=1' });
    const r = await loadLlmPolicy(client, { limits: { ...limits, timeoutMs: 300 }, sampleTasks: tasks });
    try {
      expect(r.vetting).toHaveLength(2);
      expect(r.vetting[0].ok).toBe(false);
      expect(r.policy.origin).toBe('llm');
      expect(r.attempts).toBe(2);
    } finally {
      r.policy.close();
    }
  });
});

describe('runtime faults of an accepted policy', () => {
  it('a loop on an unseen kind of state stops the worker and switches to the built-in policy with a warning', () => {
    const src = "function nextAction(goals, scene) { if (scene.robotArea === 0 && scene.heldObject === 0) { for (;;) {} } return { type: 'NONE' }; }";
    const started = SyncPolicyRunner.start(src, limits);
    expect(started.status).toBe('ok');
    if (started.status !== 'ok') return;
    const policy = sandboxedRolloutPolicy(started.runner);
    const base = queries[0];
    const fine = { ...base, state: { ...base.state, robot: 1 } };
    expect(policy.evaluate([fine])[0]).toEqual({ type: 'none' });
    const objectArea = base.state.objectArea.slice();
    objectArea[0] = -1;
    const trap = { ...base, state: { ...base.state, robot: 0, hand: 0, objectArea } };
    expect(policy.evaluate([trap])).toEqual([builtinAction(trap)]);
    expect(policy.origin).toBe('builtin');
    expect(policy.warnings.map((w) => w.code)).toEqual(['policy-stopped']);
    expect(policy.evaluate([fine])).toEqual([builtinAction(fine)]);
    expect(policy.stats.fallbackCalls).toBe(2);
  });

  it('the fast path grows its shared buffers and agrees with the message path on many states', () => {
    const started = SyncPolicyRunner.start(BUILTIN_POLICY_SOURCE, limits);
    if (started.status !== 'ok') throw new Error(started.message);
    const runner = started.runner;
    try {
      const first = runner.evaluate(queries.slice(0, 2));
      expect(first.status).toBe('ok');
      const many = Array.from({ length: 2000 }, (_, i) => queries[i % queries.length]);
      const out = runner.evaluate(many);
      expect(out.status === 'ok' && out.actions).toEqual(many.map(builtinAction));
      const small = runner.evaluate(queries.slice(5, 7));
      expect(small.status === 'ok' && small.actions).toEqual(queries.slice(5, 7).map(builtinAction));
    } finally {
      runner.close();
    }
  });

  it('a throw on one state uses the built-in action for that state only', () => {
    const src = "function nextAction(goals, scene) { if (scene.robotArea === 2) throw new Error('boom'); return { type: 'NONE' }; }";
    const started = SyncPolicyRunner.start(src, limits);
    if (started.status !== 'ok') throw new Error(started.message);
    const policy = sandboxedRolloutPolicy(started.runner);
    try {
      const a = { ...queries[0], state: { ...queries[0].state, robot: 2 } };
      const b = { ...queries[0], state: { ...queries[0].state, robot: 3 } };
      expect(policy.evaluate([a, b])).toEqual([builtinAction(a), { type: 'none' }]);
      expect(policy.origin).toBe('llm');
      expect(policy.warnings[0].message).toMatch(/boom/);
      // again, now through the shared-buffer fast path (the world is known): same answers, one warning
      const c = { ...queries[0], state: { ...queries[0].state, robot: 4 } };
      expect(policy.evaluate([c, a, b])).toEqual([{ type: 'none' }, builtinAction(a), { type: 'none' }]);
      expect(policy.stats.fallbackCalls).toBe(2);
      expect(policy.warnings).toHaveLength(1);
    } finally {
      policy.close();
    }
  });
});

describe('adapter for the Tru-POMDP search', () => {
  it('asRolloutFunction answers per particle and in batches like the built-in policy', async () => {
    const { asRolloutFunction, builtinRolloutPolicy } = await import('./index.js');
    const { unreachedGoals } = await import('../rollout-policy.js');
    const fn = asRolloutFunction(builtinRolloutPolicy());
    const q = queries.slice(0, 20);
    expect(q.map((x) => fn(unreachedGoals(x.state, x.goal), x))).toEqual(q.map(builtinAction));
    expect(fn.batch(q)).toEqual(q.map(builtinAction));
    expect(fn(HAND_WORKED[4][1].goal, HAND_WORKED[4][1])).toEqual(HAND_WORKED[4][2]);
  });
});

describe('answer styles', () => {
  it('accepts arrow functions, export and module.exports styles', async () => {
    const { policySourceFromAnswer } = await import('./index.js');
    const body = BUILTIN_POLICY_SOURCE.replace('function nextAction(unreachedGoals, scene) {', '(unreachedGoals, scene) => {');
    for (const code of [`export const nextAction = ${body};`, `const nextAction = ${body};\nmodule.exports = nextAction;`, `export default ${BUILTIN_POLICY_SOURCE}`]) {
      const out = await sandbox.evaluate(policySourceFromAnswer(code), queries.slice(0, 10));
      expect(out.status === 'ok' && out.actions).toEqual(queries.slice(0, 10).map(builtinAction));
    }
  });
});

describe('memo of answers', () => {
  it('answers repeated states from the memo without a worker round trip, and identically', () => {
    const started = SyncPolicyRunner.start(BUILTIN_POLICY_SOURCE, limits);
    if (started.status !== 'ok') throw new Error(started.message);
    const policy = sandboxedRolloutPolicy(started.runner);
    try {
      const q = queries.slice(0, 30);
      const first = policy.evaluate(q);
      expect(policy.stats.batches).toBe(1);
      const again = policy.evaluate([...q.slice(10), ...q.slice(0, 10)]);
      expect(again).toEqual([...first.slice(10), ...first.slice(0, 10)]);
      expect(policy.stats.batches).toBe(1);
      expect(policy.stats.cacheHits).toBe(30);
      // a different goal is a different key
      const other = { ...q[0], goal: q[0].goal.slice(0, 1) };
      policy.evaluate([other]);
      expect(policy.stats.batches).toBe(2);
    } finally {
      policy.close();
    }
  });
});

describe('memo key', () => {
  it('two queries get the same key exactly when world, state and unreached goals agree (property)', async () => {
    const { queryKey } = await import('./index.js');
    const naive = (q: PolicyQuery): string =>
      [q.world.layout.name, q.world.objects.join(), q.state.robot, q.state.hand, [...q.state.open].join(''), [...q.state.objectArea].join(), q.goal.filter((g) => q.state.objectArea[g.object] !== g.area).map((g) => `${g.object}>${g.area}`).join()].join('|');
    fc.assert(
      fc.property(fc.nat(queries.length - 1), fc.nat(queries.length - 1), fc.nat(40), fc.nat(3), (i, j, mutateArea, which) => {
        const a = queries[i];
        let b = queries[j];
        if (which === 1) {
          const objectArea = b.state.objectArea.slice();
          objectArea[0] = mutateArea % b.world.layout.areas.length;
          b = { ...b, state: { ...b.state, objectArea } };
        } else if (which === 2) b = { ...b, state: { ...b.state, robot: mutateArea % b.world.layout.areas.length } };
        return (queryKey(a) === queryKey(b)) === (a.world === b.world && naive(a) === naive(b));
      }),
      { numRuns: 300 },
    );
  });
});
