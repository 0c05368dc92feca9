import { describe, expect, it } from 'vitest';
import { kitchenGenTable } from './kitchen-gen-table.js';

const task = (level: string, targets: number, oracleCost: number, attempts = 1) => ({ level, targets, objects: 12, hiddenTargets: 1, alternatives: 2, oracleSteps: 5, oracleCost, stepLimit: 25, attempts });

describe('kitchen generator table', () => {
  it('range and mean per level, a constant column as one value, levels in order, redraws counted', () => {
    const lines = kitchenGenTable(JSON.stringify([task('hard', 4, 50, 3), task('easy', 2, 28), task('hard', 8, 101)])).split('\n');
    expect(lines[0]).toBe('3 tasks; 1 needed more than one draw.');
    // hard: targets 4 and 8 → 4–8 (6.0); cost 50 and 101 → 50–101 (75.5)
    expect(lines.slice(4)).toEqual(['| easy | 2 | 12 | 1 | 2 | 5, limit 25 | 28 |', '| hard | 4–8 (6.0) | 12 | 1 | 2 | 5, limit 25 | 50–101 (75.5) |']);
  });

  it('rejects JSON that is not the command output', () => {
    expect(() => kitchenGenTable('{"rows": []}')).toThrow(/kitchen gen/);
  });
});
