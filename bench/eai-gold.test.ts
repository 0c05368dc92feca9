import { describe, expect, it } from 'vitest';
import { validateEaiGold } from './eai-gold.js';

describe('EAI BEHAVIOR gold plans', () => {
  it('validates 99 of 100; the one failure is a data error in its problem file', () => {
    const rows = validateEaiGold();
    expect(rows.length).toBe(100);
    expect(rows.reduce((s, r) => s + r.steps, 0)).toBe(1588);
    const failing = rows.filter((r) => r.verdict !== 'valid');
    expect(rows.length - failing.length).toBe(99);
    expect(failing.map((r) => [r.problem, r.verdict])).toEqual([['cleaning_floors_0_Merom_0_int_1_2021-06-23_16-12-28', 'input-error']]);
    // The problem's :init uses an object its :objects does not declare.
    expect(failing[0].detail).toMatch(/:4:114: object 'cleansing_agent_n_01_1' in \(onfloor cleansing_agent_n_01_1 floor_n_01_1\) in \(:init \.\.\.\) is not declared/);
  });
});
