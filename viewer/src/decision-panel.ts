/**
 * What the agent did at a frame: the chosen action (infeasible ones marked),
 * its reward and the cumulative reward; and the belief-tree search behind it:
 * trials, nodes, depth, other recorded stats, and the root's action values
 * with the chosen action highlighted.
 */
import type { TraceStep } from '../../src/eval/types.js';
import { h, num, panel } from './dom.js';

export function actionPanel(step: TraceStep | undefined): HTMLElement {
  if (!step) {
    return panel('Action', 'action-panel', h('div', { class: 'action muted', 'data-testid': 'action', 'data-feasible': 'true' }, 'initial state — no action yet'));
  }
  const decidedBy = step.details?.decidedBy;
  return panel(
    'Action',
    'action-panel',
    h('div', { class: `action ${step.feasible ? '' : 'infeasible'}`, 'data-testid': 'action', 'data-feasible': step.feasible ? 'true' : 'false' }, step.action, step.feasible ? null : h('span', { class: 'badge badge-bad' }, 'infeasible')),
    h(
      'dl',
      { class: 'stats' },
      h('dt', {}, 'reward'),
      h('dd', { 'data-testid': 'reward', class: step.reward < 0 ? 'neg' : 'pos' }, num(step.reward)),
      h('dt', {}, 'total reward'),
      h('dd', { 'data-testid': 'total-reward' }, num(step.totalReward)),
      h('dt', {}, 'planning'),
      h('dd', {}, `${num(step.planningSeconds)} s`),
      typeof decidedBy === 'string' ? h('dt', {}, 'decided by') : null,
      typeof decidedBy === 'string' ? h('dd', {}, decidedBy) : null,
    ),
  );
}

/** Shown first, in this order, when recorded; every other number or string follows. */
const SHOWN_STATS = ['trials', 'nodes', 'depth', 'maxTrialDepth'];
const COLUMNS: ReadonlyArray<['lower' | 'upper' | 'value' | 'visits', number]> = [
  ['lower', 1],
  ['upper', 1],
  ['value', 1],
  ['visits', 0],
];

export function searchPanel(step: TraceStep | undefined): HTMLElement {
  const search = step?.search;
  if (!search) return panel('Search', 'search', h('p', { class: 'muted' }, step ? 'No search recorded for this step.' : '—'));
  const extra = Object.entries(search).filter(([k, v]) => !SHOWN_STATS.includes(k) && k !== 'rootActions' && (typeof v === 'number' || typeof v === 'string'));
  const stats = h(
    'dl',
    { class: 'stats' },
    ...SHOWN_STATS.filter((k) => typeof search[k] === 'number').flatMap((k) => [h('dt', {}, k), h('dd', { 'data-testid': `search-${k}` }, num(search[k] as number, 0))]),
    ...extra.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, typeof v === 'number' ? num(v, 3) : String(v))]),
  );
  const actions = search.rootActions ?? [];
  // Only the columns the method recorded (DESPOT: bounds; POMCP: value and visits).
  const columns = COLUMNS.filter(([key]) => actions.some((a) => a[key] !== undefined));
  const rows = actions.map((a) =>
    h(
      'tr',
      { 'data-testid': 'root-action', 'data-action': a.action, 'data-chosen': a.action === step.action ? 'true' : 'false', class: a.action === step.action ? 'chosen' : '' },
      h('td', {}, a.action),
      ...columns.map(([key, digits]) => h('td', { class: 'n' }, num(a[key], digits))),
    ),
  );
  return panel(
    'Search',
    'search',
    stats,
    actions.length
      ? h('table', { class: 'root-actions' }, h('thead', {}, h('tr', {}, h('th', {}, 'root action'), ...columns.map(([key]) => h('th', { class: 'n' }, key)))), h('tbody', {}, ...rows))
      : h('p', { class: 'muted' }, 'no root action values recorded'),
  );
}
