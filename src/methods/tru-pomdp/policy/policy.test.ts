import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createScriptedModel } from '../../../llm/scripted-model.js';
import { createSyntheticModel } from '../../../llm/synthetic-model.js';
import { applyAction, feasibleActions } from '../../../envs/kitchen/actions.js';
import { Rng } from '../../../core/rng.js';
import {
  BUILTIN_POLICY_SOURCE,
  POLICY_BUGS,
  PolicySandbox,
  SyncPolicyRunner,
  builtinAction,
  buggyPolicySource,
  loadLlmPolicy,
  sampleQueries,
  sampleTasks,
  sandboxedRolloutPolicy,
  vetPolicy,
  type PolicyQuery,
} from './index.js';

const tasks = sampleTasks({ kitchens: ['one_wall', 'galley'] });
const queries = sampleQueries(tasks);
const limits = { timeoutMs: 400, maxMemoryMb: 48 };
const fence = (code: string): string => `Here is the policy.\n\`\`\`javascript\n${code}\n\`\`\``;

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

  it('the JavaScript built-in policy in the sandbox returns the same actions as the TypeScript one', async () => {
    const out = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, queries);
    expect(out.status).toBe('ok');
    if (out.status !== 'ok') return;
    expect(queries.length).toBeGreaterThan(50);
    expect(out.actions).toEqual(queries.map(builtinAction));
  });

  it('agrees with the TypeScript policy on random reachable states (property)', async () => {
    const states = fc.sample(fc.tuple(fc.nat(tasks.length - 1), fc.integer({ min: 1, max: 1e9 }), fc.nat(12)), { seed: 42, numRuns: 60 });
    const qs: PolicyQuery[] = states.map(([t, seed, len]) => {
      const task = tasks[t];
      const rng = new Rng(seed);
      let s = task.initial;
      for (let k = 0; k < len; k++) {
        const acts = feasibleActions(task.world, s);
        s = applyAction(task.world, s, acts[rng.int(acts.length)]).state;
      }
      return { world: task.world, state: s, goal: task.goals[rng.int(task.goals.length)] };
    });
    const out = await sandbox.evaluate(BUILTIN_POLICY_SOURCE, qs);
    expect(out.status === 'ok' && out.actions).toEqual(qs.map(builtinAction));
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

  it('accepts the synthetic model answer and serves it synchronously, matching the built-in policy', async () => {
    const client = createSyntheticModel({ seed: 3 });
    const r = await loadLlmPolicy(client, { limits, sampleTasks: tasks });
    try {
      expect(r.warnings).toEqual([]);
      expect(r.policy.origin).toBe('llm');
      expect(r.attempts).toBe(1);
      expect(r.policy.evaluate(queries)).toEqual(queries.map(builtinAction));
      expect(r.policy.stats.fallbackCalls).toBe(0);
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
    const { nearestTargetPolicy, unreachedGoals } = await import('../rollout-policy.js');
    const fn = asRolloutFunction(builtinRolloutPolicy());
    const q = queries.slice(0, 20);
    expect(q.map((x) => fn(unreachedGoals(x.state, x.goal), x))).toEqual(q.map(builtinAction));
    expect(fn.batch(q)).toEqual(q.map(builtinAction));
    // the agent's own nearest-target policy is an independent implementation: it agrees on most states
    const same = q.filter((x) => JSON.stringify(nearestTargetPolicy(unreachedGoals(x.state, x.goal), x)) === JSON.stringify(builtinAction(x))).length;
    expect(same).toBeGreaterThan(q.length / 2);
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
