import { describe, expect, it } from 'vitest';
import { testScene, testSceneJson } from './fixtures.js';
import { sceneFromJson } from './scene-file.js';
import { verifyPlan } from './verify.js';
import type { PlanStep } from './types.js';

const P = (text: string): PlanStep[] =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      const m = /^(\w+)\(([^)]*)\)$/.exec(s) as RegExpExecArray;
      return { action: m[1], args: m[2].split(',').map((a) => a.trim()).filter((a) => a !== '') };
    });

const scene = testScene();
const run = (plan: string) => verifyPlan(scene, P(plan));
const failCode = (plan: string) => run(plan).failure?.code ?? null;

describe('NavigateTo', () => {
  it('moves the robot next to the object, into its room, and costs the room path', () => {
    const v = run('NavigateTo(counter)');
    expect(v.applicable).toBe(true);
    expect(v.final.robot).toEqual({ room: 'kitchen', near: 'counter', holding: null });
    expect(v.distance).toBeCloseTo(10);
  });
  it('inside the same room costs half the room side; re-navigating to the same object is free', () => {
    const v = run('NavigateTo(counter); NavigateTo(stove); NavigateTo(stove)');
    expect(v.distance).toBeCloseTo(10 + 2);
  });
  it('cannot target an object inside a closed container', () => {
    const v = run('NavigateTo(apple)');
    expect(v.failure).toMatchObject({ code: 'INSIDE_CLOSED', object: 'apple', container: 'fridge', stepIndex: 0 });
  });
  it('reports the outermost closed container of a nested object', () => {
    const json = testSceneJson();
    json.relations = [...(json.relations ?? []).filter((r) => r.a !== 'box'), { rel: 'object_inside', a: 'box', b: 'fridge' }];
    const nested = sceneFromJson({ ...json, objects: (json.objects ?? []).map((o) => (o.id === 'box' ? { ...o, room: undefined } : o)) });
    const v = verifyPlan(nested, P('NavigateTo(book)'));
    expect(v.failure).toMatchObject({ code: 'INSIDE_CLOSED', object: 'book', container: 'fridge' });
    const after = verifyPlan(nested, P('NavigateTo(fridge); Open(fridge); NavigateTo(book)'));
    expect(after.failure).toMatchObject({ code: 'INSIDE_CLOSED', object: 'book', container: 'box' });
  });
  it('an object resting on something inside a closed container is enclosed too', () => {
    const json = testSceneJson();
    json.relations = [...(json.relations ?? []).filter((r) => r.a !== 'plate'), { rel: 'object_inside', a: 'plate', b: 'fridge' }, { rel: 'on_top', a: 'shirt', b: 'plate' }];
    const s2 = sceneFromJson({ ...json, objects: (json.objects ?? []).map((o) => (o.id === 'shirt' ? { ...o, room: undefined } : o)) });
    expect(verifyPlan(s2, P('NavigateTo(shirt)')).failure).toMatchObject({ code: 'INSIDE_CLOSED', container: 'fridge' });
    expect(verifyPlan(s2, P('NavigateTo(fridge); Open(fridge); NavigateTo(shirt); Grasp(shirt)')).applicable).toBe(true);
  });
  it('may target a room (the robot is then near nothing)', () => {
    const v = run('NavigateTo(laundry)');
    expect(v.final.robot).toEqual({ room: 'laundry', near: null, holding: null });
    expect(v.distance).toBeCloseTo(9);
  });
  it('carries the held object along', () => {
    const v = run('NavigateTo(shirt); Grasp(shirt); NavigateTo(washer)');
    expect(v.final.roomOf('shirt')).toBe('laundry');
  });
  it('targeting the held object is a failure', () => {
    expect(failCode('NavigateTo(shirt); Grasp(shirt); NavigateTo(shirt)')).toBe('TARGET_HELD');
  });
});

describe('Grasp', () => {
  it('takes an object off its support and into the hand', () => {
    const v = run('NavigateTo(plate); Grasp(plate)');
    expect(v.applicable).toBe(true);
    expect(v.final.robot.holding).toBe('plate');
    expect(v.final.has('on_top', 'plate', 'counter')).toBe(false);
  });
  it('needs proximity', () => expect(failCode('NavigateTo(counter); Grasp(plate)')).toBe('NOT_NEAR'));
  it('needs a graspable object', () => expect(failCode('NavigateTo(counter); Grasp(counter)')).toBe('NOT_GRASPABLE'));
  it('needs an empty hand', () => expect(failCode('NavigateTo(plate); Grasp(plate); NavigateTo(pan); Grasp(pan)')).toBe('HAND_FULL'));
  it('fails on the object already held', () => expect(failCode('NavigateTo(plate); Grasp(plate); Grasp(plate)')).toBe('ALREADY_HOLDING'));
  it('needs the enclosing container open', () => {
    const v = run('NavigateTo(fridge); Grasp(apple)');
    expect(v.failure).toMatchObject({ code: 'INSIDE_CLOSED', container: 'fridge' });
    expect(run('NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple)').applicable).toBe(true);
  });
  it('cannot target a room', () => expect(failCode('Grasp(kitchen)')).toBe('TARGET_IS_ROOM'));
});

describe('Release', () => {
  it('drops the held object in the current room, next to what the robot is near', () => {
    const v = run('NavigateTo(shirt); Grasp(shirt); NavigateTo(table); Release(shirt)');
    expect(v.final.robot.holding).toBeNull();
    expect(v.final.roomOf('shirt')).toBe('living');
    expect(v.final.has('next_to', 'shirt', 'table')).toBe(true);
  });
  it('needs the object in hand', () => expect(failCode('Release(shirt)')).toBe('NOT_HOLDING'));
});

describe('PlaceOnTop and PlaceInside', () => {
  it('PlaceOnTop puts the held object on the surface and moves it to that room', () => {
    const v = run('NavigateTo(shirt); Grasp(shirt); NavigateTo(counter); PlaceOnTop(shirt, counter)');
    expect(v.applicable).toBe(true);
    expect(v.final.has('on_top', 'shirt', 'counter')).toBe(true);
    expect(v.final.roomOf('shirt')).toBe('kitchen');
    expect(v.final.robot.holding).toBeNull();
  });
  it('PlaceOnTop needs a surface, proximity and the object in hand', () => {
    expect(failCode('NavigateTo(shirt); Grasp(shirt); NavigateTo(lamp); PlaceOnTop(shirt, lamp)')).toBe('NOT_SURFACE');
    expect(failCode('NavigateTo(shirt); Grasp(shirt); PlaceOnTop(shirt, table)')).toBe('NOT_NEAR');
    expect(failCode('NavigateTo(table); PlaceOnTop(shirt, table)')).toBe('NOT_HOLDING');
    expect(failCode('NavigateTo(plate); Grasp(plate); PlaceOnTop(plate, plate)')).toBe('SAME_OBJECT');
  });
  it('PlaceInside needs a container, open if openable', () => {
    expect(failCode('NavigateTo(shirt); Grasp(shirt); NavigateTo(table); PlaceInside(shirt, table)')).toBe('NOT_CONTAINER');
    const v = run('NavigateTo(shirt); Grasp(shirt); NavigateTo(washer); PlaceInside(shirt, washer)');
    expect(v.failure).toMatchObject({ code: 'CONTAINER_CLOSED', container: 'washer', object: 'shirt' });
    const ok = run('NavigateTo(washer); Open(washer); NavigateTo(shirt); Grasp(shirt); NavigateTo(washer); PlaceInside(shirt, washer)');
    expect(ok.applicable).toBe(true);
    expect(ok.final.has('object_inside', 'shirt', 'washer')).toBe(true);
  });
  it('a non-openable container needs no opening', () => {
    expect(run('NavigateTo(plate); Grasp(plate); NavigateTo(sink); PlaceInside(plate, sink)').applicable).toBe(true);
  });
  it('moving a container moves its contents', () => {
    const v = run('NavigateTo(box); Grasp(box); NavigateTo(counter); PlaceOnTop(box, counter)');
    expect(v.final.roomOf('book')).toBe('kitchen');
    expect(v.final.has('object_inside', 'book', 'box')).toBe(true);
  });
});

describe('Open and Close', () => {
  it('toggle the open flag', () => {
    const v = run('NavigateTo(fridge); Open(fridge)');
    expect(v.final.flag('fridge', 'open')).toBe(true);
    expect(run('NavigateTo(fridge); Open(fridge); Close(fridge)').final.flag('fridge', 'open')).toBe(false);
  });
  it('reject non-openable, already open/closed, far away; a full hand is no obstacle (the GAVEL paper)', () => {
    expect(failCode('NavigateTo(table); Open(table)')).toBe('NOT_OPENABLE');
    expect(failCode('NavigateTo(fridge); Open(fridge); Open(fridge)')).toBe('ALREADY_OPEN');
    expect(failCode('NavigateTo(fridge); Close(fridge)')).toBe('ALREADY_CLOSED');
    expect(run('NavigateTo(plate); Grasp(plate); NavigateTo(fridge); Open(fridge); Close(fridge)').applicable).toBe(true);
    expect(run('NavigateTo(plate); Grasp(plate); NavigateTo(stove); ToggleOn(stove); ToggleOff(stove)').applicable).toBe(true);
    expect(failCode('Open(fridge)')).toBe('NOT_NEAR');
  });
});

describe('ToggleOn and ToggleOff with appliance effects', () => {
  it('food on a pan on a running stove becomes cooked; the pan does not', () => {
    const v = run(
      'NavigateTo(pan); Grasp(pan); NavigateTo(stove); PlaceOnTop(pan, stove); NavigateTo(fridge); Open(fridge); NavigateTo(egg); Grasp(egg); NavigateTo(pan); PlaceInside(egg, pan); NavigateTo(stove); ToggleOn(stove); ToggleOff(stove); NavigateTo(fridge); Close(fridge)',
    );
    expect(v.applicable).toBe(true);
    expect(v.final.flag('egg', 'cooked')).toBe(true);
    expect(v.final.flag('pan', 'cooked')).toBe(false);
    expect(v.trace[11].effects).toEqual(['cooked(egg)']);
  });
  it('food placed on a stove that is already on is cooked at once', () => {
    const v = run('NavigateTo(stove); ToggleOn(stove); NavigateTo(fridge); Open(fridge); NavigateTo(apple); Grasp(apple); NavigateTo(stove); PlaceOnTop(apple, stove)');
    expect(v.final.flag('apple', 'cooked')).toBe(true);
  });
  it('a dishwasher washes what is inside, only when closed', () => {
    expect(failCode('NavigateTo(dishwasher); Open(dishwasher); ToggleOn(dishwasher)')).toBe('APPLIANCE_OPEN');
    const v = run('NavigateTo(dishwasher); Open(dishwasher); NavigateTo(plate); Grasp(plate); NavigateTo(dishwasher); PlaceInside(plate, dishwasher); Close(dishwasher); ToggleOn(dishwasher)');
    expect(v.applicable).toBe(true);
    expect(v.final.flag('plate', 'washed')).toBe(true);
  });
  it('a washer washes and a dryer dries', () => {
    const v = run(
      'NavigateTo(washer); Open(washer); NavigateTo(shirt); Grasp(shirt); NavigateTo(washer); PlaceInside(shirt, washer); Close(washer); ToggleOn(washer); ToggleOff(washer); NavigateTo(dryer); Open(dryer); NavigateTo(washer); Open(washer); NavigateTo(shirt); Grasp(shirt); NavigateTo(dryer); PlaceInside(shirt, dryer); Close(dryer); ToggleOn(dryer)',
    );
    expect(v.applicable).toBe(true);
    expect(v.final.flag('shirt', 'washed')).toBe(true);
    expect(v.final.flag('shirt', 'dried')).toBe(true);
  });
  it('a running sink washes what is put in it', () => {
    const v = run('NavigateTo(sink); ToggleOn(sink); NavigateTo(plate); Grasp(plate); NavigateTo(sink); PlaceInside(plate, sink)');
    expect(v.final.flag('plate', 'washed')).toBe(true);
  });
  it('rejects non-toggleable, already on/off', () => {
    expect(failCode('NavigateTo(table); ToggleOn(table)')).toBe('NOT_TOGGLEABLE');
    expect(failCode('NavigateTo(lamp); ToggleOn(lamp); ToggleOn(lamp)')).toBe('ALREADY_ON');
    expect(failCode('NavigateTo(lamp); ToggleOff(lamp)')).toBe('ALREADY_OFF');
    expect(failCode('ToggleOn(lamp)')).toBe('NOT_NEAR');
  });
});
