import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSpecs } from '../plan.js';
import { runEpisode } from '../runner.js';
import { ResultStore } from '../store.js';
import { kitchenTraceStep } from '../../episode/index.js';
import { KITCHEN_REGISTRY } from '../../methods/index.js';
import { parseKitchenTaskId, suite, suiteNames } from './index.js';
import { readFileSync } from 'node:fs';
import type { TraceRecord } from '../types.js';

describe('suite registry', () => {
  it('lists the suites and rejects unknown names with the known ones', () => {
    expect(suiteNames()).toEqual(expect.arrayContaining(['kitchen:easy', 'kitchen:medium', 'kitchen:hard', 'pomdp:tiger', 'pomdp:tag', 'pomdp:rocksample', 'ipc']));
    expect(() => suite('nope')).toThrow(/unknown suite 'nope' \(known: kitchen:easy/);
  });

  it('kitchen suites: every method of the kitchen catalogues, the Tru-POMDP ablations included; tasks go through the five kitchens in turn', () => {
    const s = suite('kitchen:medium');
    expect(s.methods).toEqual(KITCHEN_REGISTRY.names());
    expect(s.methods).toEqual(expect.arrayContaining(['tru-pomdp', 'react', 'llm-mcts', 'tru-pomdp/no-belief', 'tru-pomdp/no-bts']));
    expect(s.tasks({ n: 7, taskSeed: 7 }).map((t) => t.id)).toEqual([
      'one_wall-medium-7-0',
      'galley-medium-7-0',
      'one_wall_large-medium-7-0',
      'l_shaped-medium-7-0',
      'l_shaped_large-medium-7-0',
      'one_wall-medium-7-1',
      'galley-medium-7-1',
    ]);
    expect(parseKitchenTaskId('galley-hard-3-12')).toEqual({ kitchen: 'galley', level: 'hard', taskSeed: 3, index: 12 });
    expect(() => parseKitchenTaskId('kitchen-5')).toThrow(/spec.task: expected KITCHEN-LEVEL-SEED-INDEX/);
  });

  it('planSpecs: seeds × tasks × methods, defaults then overrides, synthetic knobs only for LLM suites', () => {
    const specs = planSpecs(suite('kitchen:easy'), { methods: ['react', 'tru-pomdp'], seeds: [1, 2], n: 2, model: 'synthetic', trials: 7, synthetic: { goalRecall: 0.5 } });
    expect(specs).toHaveLength(8);
    expect(specs[0]).toMatchObject({ suite: 'kitchen:easy', task: 'one_wall-easy-1-0', method: 'react', seed: 1, config: { synthetic: { goalRecall: 0.5 } } });
    expect(specs[1].config).toEqual({ trials: 7, synthetic: { goalRecall: 0.5 } });
    const tiger = planSpecs(suite('pomdp:tiger'), { seeds: [1], model: 'synthetic', synthetic: { goalRecall: 0.5 }, set: { maxSteps: 5 } });
    expect(tiger).toHaveLength(40);
    expect(tiger[0]).toMatchObject({ model: 'none', method: 'despot', config: { trials: 50, maxSteps: 5 } });
    expect(tiger[1]).toMatchObject({ method: 'pomcp', config: { trials: 1000, maxSteps: 5 } });
  });

  it('maps kitchen step records onto trace steps (belief goals and locations, search, state)', () => {
    const step = kitchenTraceStep({
      step: 3,
      action: 'OPEN(Cab)',
      feasible: true,
      reward: -5,
      totalReward: -12,
      planningSeconds: 0.2,
      state: { robot: 'Cab', hand: null, areas: [{ name: 'Cab', open: true, objects: ['cup_1'] }] },
      details: {
        belief: [{ goal: 'cup→Shelf', weight: 0.75, particles: 9 }],
        locations: [{ object: 'cup_1', place: 'Cab', weight: 0.6 }],
        search: { trials: 40, nodes: 100, rootActions: [{ action: 'OPEN(Cab)', lower: 1, upper: 2 }] },
        decidedBy: 'despot',
        skipped: undefined,
      },
    });
    expect(step.belief).toEqual({ goals: [{ goal: 'cup→Shelf', weight: 0.75 }], locations: [{ object: 'cup_1', place: 'Cab', weight: 0.6 }] });
    expect(step.search?.rootActions?.[0]).toEqual({ action: 'OPEN(Cab)', lower: 1, upper: 2 });
    expect(step.details).toEqual({ decidedBy: 'despot' });
    expect(step.state).toMatchObject({ robot: 'Cab' });
  });

  // Needs ../shared/data/ipc: without it `tasks` fails naming the missing index (never a skip).
  it('ipc: a gripper instance solved by gbfs-ff is a valid plan', async () => {
    const s = suite('ipc');
    const tasks = s.tasks({ n: 1 });
    expect(tasks[0]).toEqual({ id: 'gripper/prob01', level: 'gripper' });
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-ipc-')));
    const row = await runEpisode({ suite: 'ipc', task: 'gripper/prob01', level: 'gripper', method: 'gbfs-ff', model: 'none', seed: 1, config: { timeout: 30 } }, { store });
    expect(row).toMatchObject({ status: 'done', success: true });
    expect(row.metrics.planLength).toBe(row.steps);
    expect(row.metrics.cost).toBeGreaterThan(0);
    const missing = await runEpisode({ suite: 'ipc', task: 'gripper/prob99', level: 'gripper', method: 'gbfs-ff', model: 'none', seed: 1, config: {} }, { store });
    expect(missing.error).toContain("no IPC instance 'gripper/prob99'");
  });

  it('a kitchen episode with a bad task id is an error row, not a crash', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-kit-')));
    const row = await runEpisode({ suite: 'kitchen:easy', task: 'mars-easy-1-0', level: 'easy', method: 'react', model: 'synthetic', seed: 1, config: {} }, { store });
    expect(row.status).toBe('error');
    expect(row.error).toContain('spec.task');
  });

  it('a kitchen episode is deterministic per spec (same row twice), and its trace carries state, belief and search', async () => {
    const store = new ResultStore(mkdtempSync(join(tmpdir(), 'gp-kit-')));
    const spec = { suite: 'kitchen:easy', task: 'one_wall-easy-4-0', level: 'easy', method: 'tru-pomdp', model: 'synthetic', seed: 3, config: { trials: 5, synthetic: { goalRecall: 0.8 } } };
    const a = await runEpisode(spec, { store });
    const b = await runEpisode(spec, { store });
    expect(a.status).toBe('done');
    expect(a.modelDescription).toContain('goalRecall=0.8');
    for (const f of ['success', 'reward', 'steps', 'llm', 'metrics'] as const) expect(b[f]).toEqual(a[f]);
    const lines = readFileSync(store.tracePath(a.key), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceRecord);
    const steps = lines.filter((l) => l.type === 'step');
    expect(steps.length).toBe(a.metrics.executedSteps);
    const first = steps[0];
    expect(first.type === 'step' && first.state && 'areas' in first.state && first.state.areas.length).toBeGreaterThan(0);
    expect(first.type === 'step' && first.belief?.goals.length).toBeGreaterThan(0);
    expect(first.type === 'step' && first.search?.rootActions?.length).toBeGreaterThan(0);
    const opening = lines[0];
    expect(opening.type === 'episode' && opening.initial && 'areas' in opening.initial).toBe(true);
  }, 30_000);
});
