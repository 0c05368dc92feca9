import { describe, expect, it } from 'vitest';
import { testScene } from './fixtures.js';
import { renderScene } from './render.js';

describe('renderScene', () => {
  const scene = testScene();
  it('lists rooms with doors, objects with relations, and the robot', () => {
    const text = renderScene(scene);
    expect(text).toContain('- corridor (corridor, 6 m²) doors: kitchen, living, laundry');
    expect(text).toContain('  - apple [apple; graspable] inside fridge');
    expect(text).toContain('  - stove [stove; switchable, surface; stove]');
    expect(text).toContain('Robot: in living, hand empty.');
  });
  it('hides uncertain objects from rooms and shows their beliefs instead', () => {
    const text = renderScene(scene, { beliefs: new Map([['shirt', new Map([['laundry', 0.7], ['living', 0.2], ['kitchen', 0.1]])]]) });
    expect(text).not.toContain('  - shirt');
    expect(text).toContain('- shirt [shirt]: laundry 70%, living 20%, kitchen 10%');
  });
});
