import { describe, expect, it } from 'vitest';
import { HouseholdEnv } from './env.js';
import { testScene } from '../../scenegraph/fixtures.js';
import { BeliefState, initialBelief, parseLiteral, type GoalLiteral } from '../../scenegraph/index.js';
import { createHouseholdView } from './view.js';

function setup() {
  const scene = testScene();
  const env = new HouseholdEnv(scene);
  const beliefs = new BeliefState();
  beliefs.set('apple', initialBelief(scene, {}, 'living'));
  const view = createHouseholdView({ instruction: 'x', uncertain: ['apple'], env, beliefs });
  return { view, env };
}
const lit = (t: string) => parseLiteral(t) as GoalLiteral;

describe('household view', () => {
  it('hides where an unseen object really is: G_t has it on the floor of its most likely room', () => {
    const { view } = setup();
    const s = view.believed().initialState();
    expect(s.has('object_inside', 'apple', 'fridge')).toBe(false);
    expect(view.openBeliefs().has('apple')).toBe(true);
  });

  it('a stated relation places the object in G_t until its room is searched without seeing it', () => {
    const { view } = setup();
    expect(view.assume(lit('on_top(table, counter)'))).toBe(false); // the table is known
    expect(view.assume(lit('on_top(apple, washer)'))).toBe(true);
    const s = view.believed().initialState();
    expect(s.has('on_top', 'apple', 'washer')).toBe(true);
    expect(s.roomOf('apple')).toBe('laundry');
    expect(view.openBeliefs().has('apple')).toBe(false);
    expect(view.beliefs().mostLikely('apple')).toBe('laundry');
    // The statement is wrong: the search goes to the laundry first, then finds the apple in the kitchen fridge.
    const fb = view.execute({ action: 'NavigateTo', args: ['apple'] });
    expect(fb.searches[0].room).toBe('laundry');
    expect(fb.searches.at(-1)?.room).toBe('kitchen');
    expect(fb.ok).toBe(false);
    expect(fb.failure?.code).toBe('INSIDE_CLOSED');
    const after = view.believed().initialState();
    expect(after.has('on_top', 'apple', 'washer')).toBe(false);
    expect(after.has('object_inside', 'apple', 'fridge')).toBe(true);
    expect(view.beliefs().localized('apple')).toBe('kitchen');
  });
});
