/**
 * Everything else a step records (`details`: observations, belief-update
 * stats, LLM usage...) and, for traces without a state snapshot (PDDL, POMDP
 * benchmarks), the episode's world description.
 */
import type { Json } from '../../src/eval/types.js';
import { h, panel } from './dom.js';

function value(v: Json): HTMLElement {
  if (v !== null && typeof v === 'object') {
    const text = JSON.stringify(v, null, 1);
    return text.length <= 80 ? h('code', {}, JSON.stringify(v)) : h('details', {}, h('summary', {}, Array.isArray(v) ? `${v.length} items` : `${Object.keys(v).length} fields`), h('pre', {}, text));
  }
  return h('span', {}, typeof v === 'number' && !Number.isInteger(v) ? String(Math.round(v * 1000) / 1000) : String(v));
}

export function recordPanel(title: string, testid: string, record: { [key: string]: Json } | undefined, skip: readonly string[] = []): HTMLElement | null {
  const entries = Object.entries(record ?? {}).filter(([k]) => !skip.includes(k));
  if (entries.length === 0) return null;
  return panel(title, testid, h('dl', { class: 'stats' }, ...entries.flatMap(([k, v]) => [h('dt', {}, k), h('dd', { 'data-key': k }, value(v))])));
}
