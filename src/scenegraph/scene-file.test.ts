import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { testSceneJson } from './fixtures.js';
import { parseScene, sceneFromJson, sceneToJson, type SceneFile } from './scene-file.js';

const reject = (mutate: (j: SceneFile) => void): string => {
  const j = structuredClone(testSceneJson());
  mutate(j);
  try {
    sceneFromJson(j, 'home.json');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('expected the scene to be rejected');
};

describe('scene file', () => {
  it('loads rooms, distances from centres and object rooms through supports', () => {
    const s = sceneFromJson(testSceneJson());
    expect(s.roomDistance('kitchen', 'living')).toBeCloseTo(10);
    expect(s.roomDistance('kitchen', 'laundry')).toBeCloseTo(9);
    const st = s.initialState();
    expect(st.roomOf('apple')).toBe('kitchen');
    expect(st.roomOf('book')).toBe('living');
    expect(st.has('object_inside', 'apple', 'fridge')).toBe(true);
  });
  it('rejects a dangling room edge naming the field path', () => {
    expect(reject((j) => j.connections?.push({ a: 'kitchen', b: 'garage' }))).toBe("home.json: connections[3].b: unknown room 'garage'");
  });
  it('rejects unknown ids everywhere with the field path', () => {
    expect(reject((j) => ((j.objects ?? [])[0].room = 'attic'))).toBe("home.json: objects[0].room: unknown room 'attic'");
    expect(reject((j) => j.relations?.push({ rel: 'on_top', a: 'ghost', b: 'table' }))).toBe("home.json: relations[5].a: unknown object 'ghost'");
    expect(reject((j) => j.relations?.push({ rel: 'on_top', a: 'shirt', b: 'kitchen' }))).toBe("home.json: relations[5].b: 'kitchen' is a room, not an object");
    expect(reject((j) => (j.robot = { room: 'living', holding: 'ghost' }))).toBe("home.json: robot.holding: unknown object 'ghost'");
    expect(reject((j) => (j.robot = { room: 'nowhere' }))).toBe("home.json: robot.room: unknown room 'nowhere'");
  });
  it('rejects schema errors with the field path', () => {
    expect(reject((j) => ((j.rooms[1] as { area: number }).area = -3))).toMatch(/^home\.json: rooms\[1\]\.area: /);
    expect(reject((j) => ((j.objects ?? [])[2].affordances = ['flyable' as 'openable']))).toMatch(/^home\.json: objects\[2\]\.affordances\[0\]: /);
    expect(reject((j) => (j.relations ?? []).push({ rel: 'inside' as 'on_top', a: 'shirt', b: 'box' }))).toMatch(/^home\.json: relations\[5\]\.rel: /);
  });
  it('rejects an object with no room, a duplicate id, an open non-openable', () => {
    expect(reject((j) => (j.objects ?? []).push({ id: 'cup', category: 'cup' }))).toBe("home.json: objects[16].room: object 'cup' has no room and rests in/on nothing");
    expect(reject((j) => (j.objects ?? []).push({ id: 'apple', category: 'apple', room: 'kitchen' }))).toBe("home.json: objects[16].id: duplicate id 'apple'");
    expect(reject((j) => ((j.objects ?? [])[1].flags = ['open']))).toBe("home.json: objects[1].flags: 'counter' is open but not openable");
  });
  it('reports invalid JSON at line:col', () => {
    expect(() => parseScene('{"rooms": [', 'x.json')).toThrow(/^x\.json:1:12: invalid JSON/);
  });
  it('reports every planted error, each with its path: three schema errors, then three reference errors', () => {
    const schema = reject((j) => {
      (j.rooms[1] as { area: number }).area = -3;
      (j.objects ?? [])[2].affordances = ['flyable' as 'openable'];
      (j.robot as { room: unknown }).room = 7;
    });
    expect(schema.split('; ').map((m) => m.replace(/^home\.json: /, '').split(':')[0])).toEqual(['rooms[1].area', 'objects[2].affordances[0]', 'robot.room']);
    const refs = reject((j) => {
      j.connections?.push({ a: 'kitchen', b: 'garage' });
      (j.objects ?? [])[0].room = 'attic';
      j.robot = { room: 'nowhere' };
    });
    expect(refs).toBe("home.json: connections[3].b: unknown room 'garage'; objects[0].room: unknown room 'attic'; robot.room: unknown room 'nowhere'");
  });
  it('round-trips through sceneToJson', () => {
    const s = sceneFromJson(testSceneJson());
    const back = sceneFromJson(JSON.parse(JSON.stringify(sceneToJson(s))));
    expect(back.initialState().fingerprint()).toBe(s.initialState().fingerprint());
    expect(back.roomDistance('living', 'laundry')).toBeCloseTo(s.roomDistance('living', 'laundry'));
  });
});
