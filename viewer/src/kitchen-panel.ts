/**
 * The kitchen at one frame: every area as a card (open or closed, the robot's
 * badge where it stands), its objects as chips (hidden ones — inside a closed
 * area, which the agent cannot see — dashed and dimmed), and the hand. Objects
 * that moved since the previous frame are highlighted.
 */
import type { Json, KitchenSnapshot } from '../../src/eval/types.js';
import { h, panel, pretty } from './dom.js';
import { kitchenPlacement } from './trace-model.js';

/** Area → furniture group from `world.areas` ({name, furniture}); empty when the trace has none. */
export function furnitureOf(world: { [k: string]: Json }): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of Array.isArray(world.areas) ? world.areas : []) {
    if (typeof a === 'object' && a !== null && !Array.isArray(a) && typeof a.name === 'string' && typeof a.furniture === 'string') out.set(a.name, a.furniture);
  }
  return out;
}

export function kitchenPanel(state: KitchenSnapshot, previous: KitchenSnapshot | undefined, world: { [k: string]: Json } = {}): HTMLElement {
  const before = previous ? kitchenPlacement(previous) : new Map<string, string>();
  const openedNow = new Set(previous ? state.areas.filter((a) => a.open && !previous.areas.find((p) => p.name === a.name)?.open).map((a) => a.name) : []);
  const chip = (o: string, area: string, hidden: boolean): HTMLElement => {
    const moved = previous !== undefined && before.get(o) !== area;
    const cls = ['chip', hidden ? 'hidden' : 'visible', moved ? 'moved' : ''].filter(Boolean).join(' ');
    return h('span', { class: cls, 'data-testid': `object-${o}`, 'data-area': area, 'data-hidden': hidden ? 'true' : 'false', title: hidden ? `${o} (hidden: the area is closed)` : o }, pretty(o));
  };
  const cards = new Map<string, HTMLElement>();
  state.areas.forEach((a) => {
    const here = state.robot === a.name;
    const cls = ['area', a.open ? 'open' : 'closed', here ? 'robot-here' : '', openedNow.has(a.name) ? 'changed' : ''].filter(Boolean).join(' ');
    cards.set(a.name, h(
      'div',
      { class: cls, 'data-testid': `area-${a.name}`, 'data-open': a.open ? 'true' : 'false' },
      h('div', { class: 'area-head' }, h('span', { class: 'area-name' }, pretty(a.name)), here ? h('span', { class: 'robot-badge', title: 'the robot stands here' }, 'robot') : null, h('span', { class: `badge ${a.open ? 'badge-open' : 'badge-closed'}` }, a.open ? 'open' : 'closed')),
      h('div', { class: 'chips' }, ...a.objects.map((o) => chip(o, a.name, !a.open))),
    ));
  });
  // Areas of one piece of furniture (the fridge's two layers, a cabinet and the counter on it) sit together.
  const furniture = furnitureOf(world);
  const groups = new Map<string, HTMLElement[]>();
  for (const a of state.areas) {
    const g = furniture.get(a.name) ?? '';
    groups.set(g, [...(groups.get(g) ?? []), cards.get(a.name) as HTMLElement]);
  }
  const body =
    furniture.size === 0
      ? h('div', { class: 'areas' }, ...cards.values())
      : h('div', { class: 'furniture-list' }, ...[...groups].map(([g, els]) => h('div', { class: 'furniture', style: `flex-grow:${els.length}` }, h('div', { class: 'furniture-name' }, g ? pretty(g) : 'other'), h('div', { class: 'furniture-areas' }, ...els))));
  const hand = h(
    'div',
    { class: 'hand', 'data-testid': 'hand', 'data-object': state.hand ?? '' },
    h('span', { class: 'label' }, 'hand'),
    state.hand ? chip(state.hand, 'hand', false) : h('span', { class: 'muted' }, 'empty'),
    h('span', { class: 'label' }, 'robot at'),
    h('strong', { 'data-testid': 'robot-location' }, pretty(state.robot)),
  );
  const legend = h('div', { class: 'legend' }, h('span', { class: 'chip visible' }, 'visible'), h('span', { class: 'chip hidden' }, 'hidden (closed area)'), h('span', { class: 'chip moved' }, 'moved this step'));
  return panel('Kitchen (true state)', 'world', hand, body, legend);
}
