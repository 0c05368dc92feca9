import { describe, expect, it } from 'vitest';
import { testScene } from '../../scenegraph/fixtures.js';
import { HouseholdEnv, W_COV } from './env.js';

describe('HouseholdEnv', () => {
  it('searching a room costs travel plus area / w_cov and reveals everything in it, containers included', () => {
    const env = new HouseholdEnv(testScene());
    const out = env.search('kitchen');
    expect(out.travel).toBeCloseTo(10);
    expect(out.sweep).toBeCloseTo(16 / W_COV);
    expect(out.seen).toContain('counter');
    expect(out.seen).toContain('pan');
    expect(out.seen).toContain('apple');
    expect(env.visible('kitchen')).not.toContain('apple');
  });
  it('executes primitives on the true state; opening the fridge reveals its contents', () => {
    const env = new HouseholdEnv(testScene());
    expect(env.step({ action: 'NavigateTo', args: ['fridge'] }).ok).toBe(true);
    expect(env.observed.has('apple')).toBe(false);
    expect(env.step({ action: 'Open', args: ['fridge'] }).ok).toBe(true);
    expect(env.observed.has('apple')).toBe(true);
    const bad = env.step({ action: 'Grasp', args: ['apple'] });
    expect(bad).toMatchObject({ ok: false, failure: { code: 'NOT_NEAR' } });
    expect(env.distance).toBeCloseTo(10);
  });
});
