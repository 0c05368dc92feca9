import { describe, expect, it } from 'vitest';
import { CompiledTask } from '../compiled-task.js';
import { blocksTask, gripperTask } from '../fixtures.js';
import { buildStrips } from '../strips-builder.js';
import { blindHeuristic } from './blind.js';
import { goalCountHeuristic } from './goal-count.js';
import { lmCutHeuristic } from './lm-cut.js';
import { addHeuristic, ffHeuristic, maxHeuristic } from './relaxation.js';

// p --o1(1)--> q ; p --o2(2)--> r ; q,r --o3(1)--> g ; q --o4(3)--> s ; goal {g, s}; h* = 7.
const diamond = buildStrips({
  init: ['p'],
  goal: ['g', 's'],
  operators: [
    { name: 'o1', pre: ['p'], add: ['q'], cost: 1 },
    { name: 'o2', pre: ['p'], add: ['r'], cost: 2 },
    { name: 'o3', pre: ['q', 'r'], add: ['g'], cost: 1 },
    { name: 'o4', pre: ['q'], add: ['s'], cost: 3 },
  ],
});

describe('heuristic values on a hand-computed task', () => {
  const t = new CompiledTask(diamond);
  const s0 = t.initState;
  it('h_max = 4 (s needs q (1) then o4 (3))', () => {
    expect(maxHeuristic(t).evaluate(s0)).toBe(4);
  });
  it('h_add = 8 (g: 1+2+1, s: 1+3)', () => {
    expect(addHeuristic(t).evaluate(s0)).toBe(8);
  });
  it('h_FF = 7 (relaxed plan o1,o2,o3,o4, each counted once) with preferred o1, o2', () => {
    const pref: number[] = [];
    expect(ffHeuristic(t).evaluate(s0, pref)).toBe(7);
    expect(pref.sort()).toEqual([0, 1]);
  });
  it('h_FF with unit costs = 4', () => {
    expect(ffHeuristic(t, { costType: 'one' }).evaluate(s0)).toBe(4);
  });
  it('LM-cut = 7 = h* (cuts {o4}:3, {o3}:1, {o2}:2, {o1}:1)', () => {
    expect(lmCutHeuristic(t).evaluate(s0)).toBe(7);
  });
  it('goal count = 2, blind = 1 (cheapest op)', () => {
    expect(goalCountHeuristic(t).evaluate(s0)).toBe(2);
    expect(blindHeuristic(t).evaluate(s0)).toBe(1);
  });
  it('all are 0 on a goal state and Infinity (except blind/goalcount) on dead ends', () => {
    const goal = new Uint32Array(t.words);
    for (const f of [0, 1, 2, 3, 4]) goal[f >>> 5] |= 1 << f;
    for (const h of [maxHeuristic(t), addHeuristic(t), ffHeuristic(t), lmCutHeuristic(t), goalCountHeuristic(t), blindHeuristic(t)]) expect(h.evaluate(goal)).toBe(0);
    const dead = new Uint32Array(t.words); // nothing true: p missing
    for (const h of [maxHeuristic(t), addHeuristic(t), ffHeuristic(t), lmCutHeuristic(t)]) expect(h.evaluate(dead)).toBe(Infinity);
  });
});

describe('negative goals and preconditions in the relaxation', () => {
  // Goal: (not dirty) and clean-tool. `wipe` deletes dirty but needs (not wet); `dry` deletes wet.
  const task = buildStrips({
    init: ['dirty', 'wet'],
    goal: ['have-tool'],
    goalNeg: ['dirty'],
    operators: [
      { name: '(take)', add: ['have-tool'] },
      { name: '(dry)', pre: ['have-tool'], del: ['wet'] },
      { name: '(wipe)', pre: ['have-tool'], preNeg: ['wet'], del: ['dirty'] },
    ],
  });
  const t = new CompiledTask(task);
  it('a false negative goal is visible: h_FF = 3 (take, dry, wipe), h_max = 3, LM-cut = 3', () => {
    expect(ffHeuristic(t).evaluate(t.initState)).toBe(3);
    expect(maxHeuristic(t).evaluate(t.initState)).toBe(3);
    expect(lmCutHeuristic(t).evaluate(t.initState)).toBe(3);
    expect(goalCountHeuristic(t).evaluate(t.initState)).toBe(2);
  });
  it('h_FF is 1 when only the negative goal is left and wet is already false (wipe is preferred)', () => {
    const s = new Uint32Array(t.words);
    s[0] = 1 << task.facts.indexOf('dirty') | 1 << task.facts.indexOf('have-tool');
    const pref: number[] = [];
    expect(ffHeuristic(t).evaluate(s, pref)).toBe(1);
    expect(pref).toEqual([2]);
  });
});

describe('heuristic values on gripper and blocksworld', () => {
  it('gripper, 4 balls: h_max 2, goal count 4, LM-cut between h_max and h* = 11', () => {
    const t = new CompiledTask(gripperTask(4));
    expect(maxHeuristic(t).evaluate(t.initState)).toBe(2);
    expect(goalCountHeuristic(t).evaluate(t.initState)).toBe(4);
    const lm = lmCutHeuristic(t).evaluate(t.initState);
    // Every ball needs a pick and a drop (8 disjoint landmarks), and the robot must move once.
    expect(lm).toBeGreaterThanOrEqual(8);
    expect(lm).toBeLessThanOrEqual(11);
  });
  it('blocks: reversing a 3-tower a,b,c: h* = 6; LM-cut admissible; FF 6', () => {
    const t = new CompiledTask(blocksTask([['a', 'b', 'c']], [['c', 'b', 'a']]));
    const lm = lmCutHeuristic(t).evaluate(t.initState);
    expect(lm).toBeGreaterThanOrEqual(maxHeuristic(t).evaluate(t.initState));
    expect(lm).toBeLessThanOrEqual(6);
    expect(ffHeuristic(t).evaluate(t.initState)).toBeGreaterThan(0);
  });
});
