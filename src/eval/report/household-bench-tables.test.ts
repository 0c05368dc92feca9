import { describe, expect, it } from 'vitest';
import { orderingTable, repairTable, rsnTable } from './household-bench-tables.js';

const scores = (auc: number) => ({ queries: 10, auc, aucAllTypes: 0.9, brier: 0.2, top1Room: 0.5, top1Type: 0.6 });

describe('household bench tables', () => {
  it('rsn: both models rounded, the seed row read from data/seed-figures.json', () => {
    const lines = rsnTable(JSON.stringify({ scenes: 3, rsn: scores(0.75432), prior: scores(0.7) })).split('\n');
    expect(lines[0]).toBe('10 held-out queries (5 folds over 3 scenes, whole scenes held out).');
    expect(lines[4]).toBe('| softmax RSN | 0.754 | 0.900 | 0.200 | 50.0 % | 60.0 % |');
    // gavel.txt l. 340: AUC 0.904, Brier 0.057, 47 % top-1
    expect(lines[6]).toBe('| seed (bge-small + MLP, 832 queries) | AUC 0.904 |  | 0.057 | 47 % |  |');
  });

  it('repair: share repaired = repaired / broken, the set named once, a float-noise travel of 0 printed as 0.00', () => {
    const stats = [
      { mutation: 'drop-open', broken: 4, repaired: 3, meanEdits: 1, meanExtraDistance: -1e-16 },
      { mutation: 'semantic', broken: 0, repaired: 0, meanEdits: 0, meanExtraDistance: 0 },
    ];
    const lines = repairTable(JSON.stringify({ rows: [{ set: 'S', stats }] })).split('\n');
    expect(lines.slice(2)).toEqual(['| S | drop an Open | 4 | 75.0 % | 1.00 | 0.00 |', '|  | drop a placement/ToggleOn (semantic control) | 0 | - | 0.00 | 0.00 |']);
  });

  it('ordering: signed paired difference, goals met over the instructions, seed R² only for 4 and 5 errands', () => {
    const rows = [
      { variant: 'gavel', meanDistance: 10, se: 1, meanSearches: 2, success: 2, vsMap: -0.5, vsMapSe: 0.25 },
      { variant: 'gavel-map', meanDistance: 10.5, se: 1, meanSearches: 2, success: 1, vsMap: 0, vsMapSe: 0 },
    ];
    const r2 = [
      { errands: 2, n: 1, static: 0.3, oracle: 0.97 },
      { errands: 4, n: 1, static: 0.4, oracle: 0.98 },
    ];
    const text = orderingTable(JSON.stringify({ instructions: 2, rows, r2 }));
    expect(text).toContain('| gavel | 10.00 ± 1.00 | −0.50 ± 0.25 | 2.00 | 2/2 |');
    expect(text).toContain('| gavel-map | 10.50 ± 1.00 | 0 | 2.00 | 1/2 |');
    expect(text).toContain('| 2 | 1 | 0.30 | 0.97 |  |');
    expect(text).toContain('| 4 | 1 | 0.40 | 0.98 | 0.93 |');
  });

  it('a file that is not the command output is an error naming the file', () => {
    expect(() => rsnTable('{"rows": []}')).toThrow(/household-bench\/rsn\.json/);
    expect(() => orderingTable('{"rows": []}')).toThrow(/ordering\.json/);
  });
});
