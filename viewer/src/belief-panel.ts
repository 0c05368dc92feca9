/**
 * The agent's belief when it chose the step's action: top goal hypotheses and
 * hidden-location hypotheses with their weights as bars. Each bar shows the
 * change from the previous frame's weight for the same hypothesis.
 */
import type { TraceBelief } from '../../src/eval/types.js';
import { h, num, panel, pretty } from './dom.js';

function bar(weight: number, previous: number | undefined): HTMLElement {
  const pct = Math.max(0, Math.min(1, weight)) * 100;
  const delta = previous === undefined ? undefined : weight - previous;
  const trend = delta === undefined ? 'new' : delta > 1e-9 ? 'up' : delta < -1e-9 ? 'down' : 'same';
  return h(
    'div',
    { class: 'bar-cell' },
    h('div', { class: 'bar' }, h('div', { class: `fill ${trend}`, style: `width:${pct.toFixed(1)}%` })),
    h('span', { class: 'weight' }, weight.toFixed(3)),
    h('span', { class: `delta ${trend}` }, delta === undefined ? (previous === undefined ? 'new' : '') : delta === 0 ? '' : `${delta > 0 ? '+' : ''}${delta.toFixed(3)}`),
  );
}

export function beliefPanel(belief: TraceBelief | undefined, previous: TraceBelief | undefined): HTMLElement {
  if (!belief) return panel('Belief', 'belief', h('p', { class: 'muted' }, 'No belief recorded for this frame.'));
  const prevGoal = new Map((previous?.goals ?? []).map((g) => [g.goal, g.weight]));
  const goals = belief.goals.map((g, i) =>
    h(
      'div',
      { class: 'belief-row', 'data-testid': 'belief-goal', 'data-goal': g.goal, 'data-weight': String(g.weight) },
      h('span', { class: 'rank' }, `#${i + 1}`),
      h('span', { class: 'hyp', title: g.goal }, g.goal),
      bar(g.weight, previous ? (prevGoal.get(g.goal) ?? 0) : undefined),
    ),
  );
  const prevLoc = new Map((previous?.locations ?? []).map((l) => [`${l.object}\u0000${l.place}`, l.weight]));
  const locations = (belief.locations ?? []).map((l) =>
    h(
      'div',
      { class: 'belief-row', 'data-testid': 'belief-location', 'data-object': l.object, 'data-place': l.place, 'data-weight': String(l.weight) },
      h('span', { class: 'rank' }),
      h('span', { class: 'hyp', title: `${l.object} → ${l.place}` }, `${pretty(l.object)} → ${pretty(l.place)}`),
      bar(l.weight, previous ? (prevLoc.get(`${l.object}\u0000${l.place}`) ?? 0) : undefined),
    ),
  );
  const total = belief.goals.reduce((s, g) => s + g.weight, 0);
  return panel(
    'Belief',
    'belief',
    h('h3', {}, 'Goal hypotheses', goals.length ? h('span', { class: 'muted' }, ` (top ${belief.goals.length}, mass ${num(total, 3)})`) : null),
    goals.length ? h('div', { class: 'belief-list' }, ...goals) : h('p', { class: 'muted' }, 'none recorded'),
    h('h3', {}, 'Hidden-location hypotheses'),
    locations.length ? h('div', { class: 'belief-list' }, ...locations) : h('p', { class: 'muted' }, 'none recorded'),
  );
}
