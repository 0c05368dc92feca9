import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../../test/shared-data.js';
import { seedFigures, seedValue } from './seed-figures.js';

describe('seed figures (data/seed-figures.json)', () => {
  it('each value is printed on the stated line of its seed text', () => {
    const figures = [...seedFigures().values()];
    expect(figures.length).toBeGreaterThan(0);
    for (const f of figures) {
      const line = readFileSync(sharedPath('seeds', f.seed), 'utf8').split('\n')[f.line - 1] ?? '';
      const printed = [String(f.value), f.value.toFixed(1), f.value.toFixed(2), f.value.toFixed(3)];
      expect({ id: f.id, found: printed.some((p) => line.includes(p)) }).toEqual({ id: f.id, found: true });
      if (f.se !== undefined) expect({ id: f.id, se: [f.se.toFixed(1), f.se.toFixed(2)].some((p) => line.includes(`\\pm ${p}`) || line.includes(`\\pm\\mathbf{${p}}`)) }).toEqual({ id: f.id, se: true });
    }
  });

  it('an unknown id is an error, not a blank cell', () => {
    expect(seedValue('gavel.table1.qwen3-8b.gavel.success')).toBe(91.8);
    expect(() => seedValue('gavel.table9.nothing')).toThrow(/no figure 'gavel\.table9\.nothing'/);
  });
});
