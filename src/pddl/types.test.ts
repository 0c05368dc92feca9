import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Domain, Problem } from './ast.js';
import { parseDomain } from './parse-domain.js';
import { parseProblem } from './parse-problem.js';
import { TypeHierarchy, objectTypes, objectsByType } from './types.js';

const domain: Domain = {
  name: 'd',
  requirements: [],
  types: [
    { name: 'truck', parents: ['vehicle'] },
    { name: 'plane', parents: ['vehicle'] },
    { name: 'vehicle', parents: ['object'] },
    { name: 'place', parents: ['object'] },
    { name: 'city', parents: ['object'] },
  ],
  constants: [{ name: 'hq', types: ['place'] }],
  predicates: [],
  functions: [],
  actions: [],
  derived: [],
};
const problem: Problem = {
  name: 'p',
  domain: 'd',
  requirements: [],
  objects: [
    { name: 't1', types: ['truck'] },
    { name: 'p1', types: ['plane'] },
    { name: 'x', types: ['place', 'city'] },
    { name: 'hq', types: ['place'] },
  ],
  init: [],
  goal: { kind: 'and', args: [] },
};

describe('TypeHierarchy', () => {
  it('computes reflexive transitive supertypes ending in object', () => {
    const h = new TypeHierarchy(domain);
    expect(h.supertypes('truck')).toEqual(['truck', 'vehicle', 'object']);
    expect(h.isSubtype('truck', 'vehicle')).toBe(true);
    expect(h.isSubtype('vehicle', 'truck')).toBe(false);
    expect(h.isSubtype('truck', 'object')).toBe(true);
    expect(h.isSubtype('truck', 'place')).toBe(false);
    expect(h.has('object')).toBe(true);
    expect(h.has('city')).toBe(true);
    expect(h.has('boat')).toBe(false);
    expect(h.compatible(['truck'], ['place', 'vehicle'])).toBe(true);
    expect(h.compatible(['truck'], ['place'])).toBe(false);
    expect(h.findCycle()).toBeUndefined();
  });
  it('finds cycles without looping', () => {
    const h = new TypeHierarchy({ ...domain, types: [{ name: 'a', parents: ['b'] }, { name: 'b', parents: ['a'] }] });
    expect(h.supertypes('a')).toEqual(['a', 'b', 'object']);
    expect(h.findCycle()).toEqual(['a', 'b', 'a']);
  });
});

describe('objectsByType', () => {
  it('lists constants first, subtypes included, either types in both, no duplicates', () => {
    const m = objectsByType(domain, problem);
    expect([...m.keys()]).toEqual(['object', 'truck', 'plane', 'vehicle', 'place', 'city']);
    expect(m.get('object')).toEqual(['hq', 't1', 'p1', 'x']);
    expect(m.get('vehicle')).toEqual(['t1', 'p1']);
    expect(m.get('place')).toEqual(['hq', 'x']);
    expect(m.get('city')).toEqual(['x']);
    expect(m.get('truck')).toEqual(['t1']);
  });
  it('maps each object to its declared types', () => {
    const m = objectTypes(domain, problem);
    expect(m.get('x')).toEqual(['place', 'city']);
    expect(m.get('hq')).toEqual(['place']);
  });
});

describe('objectsByType on IPC storage (a type declared with two parents)', () => {
  it('storeareas are areas and surfaces; crates are surfaces; depots are places', () => {
    const dir = path.resolve(process.cwd(), '../shared/data/ipc/storage');
    const d = parseDomain(readFileSync(path.join(dir, 'domain.pddl'), 'utf8'));
    const p = parseProblem(readFileSync(path.join(dir, 'p01.pddl'), 'utf8'), d);
    const h = new TypeHierarchy(d);
    expect(h.isSubtype('storearea', 'surface')).toBe(true);
    expect(h.isSubtype('area', 'surface')).toBe(true);
    expect(h.isSubtype('crate', 'place')).toBe(false);
    expect(h.isSubtype('depot', 'place')).toBe(true);
    const m = objectsByType(d, p);
    const types = objectTypes(d, p);
    for (const o of m.get('storearea') ?? []) expect(m.get('surface')).toContain(o);
    for (const o of m.get('crate') ?? []) expect(m.get('surface')).toContain(o);
    expect(m.get('object')?.length).toBe(types.size);
    expect((m.get('storearea') ?? []).length).toBeGreaterThan(0);
  });
});
