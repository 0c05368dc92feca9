import { describe, expect, it } from 'vitest';
import { generateTasks, KITCHEN_NAMES, TASK_CONTEXTS, TASK_THEMES, type KitchenLevel } from '../src/envs/kitchen/index.js';
import { paraphrases, priorTasks } from './prior.js';

const LEVELS: KitchenLevel[] = ['easy', 'medium', 'hard'];

describe('the prior benchmark task sets', () => {
  it('the paraphrase set covers every kitchen and level twice, on tasks the generator still makes', () => {
    const para = paraphrases();
    expect(para.size).toBe(30);
    for (const kitchen of KITCHEN_NAMES)
      for (const level of LEVELS) {
        const generated = generateTasks({ kitchen, level, n: 2, seed: 1001 });
        generated.forEach((t, i) => expect(para.get(`${kitchen}-${level}-1001-${i}`)?.template).toBe(t.description));
      }
  });

  it('no paraphrase reuses a generator template or context sentence', () => {
    const fragments = [...TASK_THEMES.flatMap((t) => t.instructions.map((s) => s.replace('{context}', '').trim())), ...TASK_CONTEXTS].map((s) => s.toLowerCase().replace(/[.?!]+$/, ''));
    for (const p of paraphrases().values()) {
      const text = p.paraphrase.toLowerCase();
      expect({ task: p.task, reused: fragments.filter((f) => text.includes(f)) }).toEqual({ task: p.task, reused: [] });
    }
  });

  it('the paraphrase set is the unseen set\'s first two tasks with the paraphrase as the instruction', () => {
    const para = priorTasks('paraphrase', 'medium', KITCHEN_NAMES, 10);
    const unseen = priorTasks('unseen', 'medium', KITCHEN_NAMES, 2);
    expect(para.map((t) => t.id)).toEqual(unseen.map((t) => t.id));
    para.forEach((t, i) => {
      expect(t.task.description).toBe(paraphrases().get(t.id)?.paraphrase);
      expect(t.task.goals).toEqual(unseen[i].task.goals);
      expect(t.task.initial).toEqual(unseen[i].task.initial);
    });
    // the tuned set is task seed 1, the seed of the kitchen benchmark
    expect(priorTasks('tuned', 'easy', ['galley'], 1)[0].id).toBe('galley-easy-1-0');
  });
});
