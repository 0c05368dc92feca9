/**
 * A small fixed-seed run of the PDDL fuzzer (bench/fuzz-pddl.ts runs 2000 cases):
 * mutated IPC tasks never crash check, plan or validate, every error is located,
 * and single-parenthesis edits are reported in the block they were made in.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { sharedPath } from '../test/shared-data.js';
import { caseTexts, loadPddlFiles, loadTasks, mutate, parenCase, runCase, TOOLS, type FuzzTask } from './fuzz-pddl-cases.js';

describe('fuzz-pddl (fixed seed)', () => {
  let tasks: FuzzTask[] = [];

  it('loads a solved task per IPC domain', () => {
    tasks = loadTasks(sharedPath('data', 'ipc'));
    expect(tasks.length).toBe(20);
  });

  it('cases are deterministic in seed and index, and mutate the text', () => {
    expect(caseTexts(tasks, 7, 3)).toEqual(caseTexts(tasks, 7, 3));
    const c = caseTexts(tasks, 7, 3);
    const t = tasks.find((x) => x.name === c.task) as FuzzTask;
    expect(c.texts[c.target]).not.toBe(t[c.target]);
    expect(mutate('(a (b c))', 'deep-nesting', new Rng(1))).toMatch(/^\(a \(+/);
  });

  it('120 mutated cases: no crash, every error located, plan time bounded', () => {
    for (let i = 0; i < 120; i++) {
      const r = runCase(tasks, 1, i, 1000);
      for (const t of TOOLS) expect([r.verdicts[t], i, r.detail]).toEqual([expect.stringMatching(/^(accepted|rejected)$/), i, undefined]);
      expect(r.located).toBe(r.errors);
      expect(r.ms.plan).toBeLessThan(20_000);
    }
  });

  it('one parenthesis inserted or deleted is reported within the edited block (≥ 97% of 300 edits)', () => {
    const files = loadPddlFiles(sharedPath('data', 'ipc'));
    const rng = new Rng('paren-test');
    let edits = 0;
    let hits = 0;
    for (let i = 0; i < 300; i++) {
      const p = parenCase(rng.pick(files).text, rng);
      if (p.hit === undefined) continue;
      edits++;
      if (p.hit) hits++;
    }
    expect(edits).toBeGreaterThan(250);
    expect(hits / edits).toBeGreaterThanOrEqual(0.97);
  });
});
