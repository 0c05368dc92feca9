import { readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KITCHEN_NAMES, areaKind, loadLayout, navCost, parseLayout } from './layout.js';
import { packageDataPath } from '../../core/package-data.js';

interface Derived {
  areas: Array<{ area: string; pose: string; furniture: string; is_open: boolean }>;
  dist_matrix_area_order: string[];
  dist_matrix: number[][];
  max_dist: number;
  num_areas: number;
  num_open: number;
}

const derivedPath = new URL('../../../../shared/data/kitchens/derived_layouts_with_distances.json', import.meta.url);
const derived = JSON.parse(readFileSync(derivedPath, 'utf8')) as Record<string, Derived>;

describe('kitchen layouts', () => {
  it('ships the five layouts and a licence notice in the package data folder', () => {
    for (const k of KITCHEN_NAMES) expect(existsSync(packageDataPath('kitchens', `${k}.json`))).toBe(true);
    expect(readFileSync(packageDataPath('kitchens', 'NOTICE.md'), 'utf8')).toMatch(/RoboticSJTU\/tru_pomdp[\s\S]*MIT License/);
  });

  for (const k of KITCHEN_NAMES) {
    it(`${k}: areas, open flags and all-pairs navigation costs match the reference`, () => {
      const ref = derived[`kitchen_${k}.json`];
      const layout = loadLayout(k);
      expect(layout.areas.length).toBe(ref.num_areas);
      expect([...layout.initiallyOpen].filter((x) => x === 1).length).toBe(ref.num_open);
      for (const a of ref.areas) {
        const i = layout.areaIndex.get(a.area);
        expect(i, a.area).toBeDefined();
        expect(layout.poses[layout.areaPose[i!]]).toBe(a.pose);
        expect(layout.areaFurniture[i!]).toBe(a.furniture);
        expect(layout.initiallyOpen[i!] === 1).toBe(a.is_open);
      }
      const order = ref.dist_matrix_area_order;
      let checked = 0;
      for (let r = 0; r < order.length; r++) {
        for (let c = 0; c < order.length; c++) {
          const d = navCost(layout, layout.areaIndex.get(order[r])!, layout.areaIndex.get(order[c])!);
          if (d !== ref.dist_matrix[r][c]) expect.fail(`${k}: ${order[r]} → ${order[c]}: ${d} ≠ ${ref.dist_matrix[r][c]}`);
          checked++;
        }
      }
      expect(checked).toBe(ref.num_areas ** 2);
      expect(layout.maxDist).toBe(ref.max_dist);
    });
  }

  it('areas under the same pose cost 0 and distances are symmetric', () => {
    const layout = loadLayout('galley');
    const n = layout.areas.length;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        expect(navCost(layout, i, j)).toBe(navCost(layout, j, i));
        if (layout.areaPose[i] === layout.areaPose[j]) expect(navCost(layout, i, j)).toBe(0);
        else expect(navCost(layout, i, j)).toBeGreaterThan(0);
      }
    }
  });

  it('routes through waypoint poses that hold no areas', () => {
    const layout = parseLayout(
      {
        room: { a_front: { g: { A: { is_open: true, objects: [] } } }, b_front: { g: { B: { is_open: false, objects: [] } } } },
        edges: [
          { link: ['a_front', 'waypoint'], cost: 2 },
          { link: ['waypoint', 'b_front'], cost: 3 },
          { link: ['a_front', 'b_front'], cost: 9 },
        ],
      },
      'tiny',
    );
    expect(navCost(layout, 0, 1)).toBe(5);
    expect(layout.poses).toContain('waypoint');
  });

  it('rejects a duplicate area name and an unknown kitchen', () => {
    expect(() =>
      parseLayout({ room: { p: { g: { A: { is_open: true } } }, q: { h: { A: { is_open: false } } } }, edges: [] }, 'dup'),
    ).toThrow(/room\.q\.h\.A: duplicate area name 'A'/);
    expect(() => loadLayout('galey')).toThrow(/unknown kitchen 'galey'/);
  });

  it('reports every planted error with its path', () => {
    const raw = { room: { p: { g: { A: { is_open: 'yes' } } } }, edges: [{ link: ['p'], cost: 1 }, { link: ['p', 'q'], cost: -2 }] };
    expect(() => parseLayout(raw, 'bad', 'bad.json')).toThrow(/^bad\.json: room\.p\.g\.A\.is_open: [^;]+; edges\[0\]\.link(\[1\])?: [^;]+; edges\[1\]\.cost: [^;]+$/);
  });

  it('classifies every area by name, and exactly surfaces, shelves and Human_Hand start open', () => {
    expect(areaKind('Fridge_Cooler_Layer')).toBe('inner_space');
    expect(areaKind('Snack_Pantry_Cabinet')).toBe('cabinet');
    expect(areaKind('Human_Hand')).toBe('human_hand');
    for (const k of KITCHEN_NAMES) {
      const layout = loadLayout(k);
      layout.areas.forEach((a, i) => {
        const kind = areaKind(a);
        expect(kind, `${k}/${a}`).not.toBe('other');
        const open = layout.initiallyOpen[i] === 1;
        expect(open, `${k}/${a}`).toBe(kind === 'surface' || kind === 'shelf' || kind === 'human_hand');
      });
    }
  });
});
