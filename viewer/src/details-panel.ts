/**
 * Everything else a step records (`details`: observations, belief-update
 * stats, LLM usage, a failure and its message...) and, for traces without a
 * state snapshot (PDDL, POMDP benchmarks), the episode's world description:
 * a definition list with readable keys, nested records as nested lists, lists
 * of records as tables, lists of values as comma-separated text; the record
 * as JSON only under a closed "raw" toggle.
 */
import type { Json } from '../../src/eval/types.js';
import { h, panel } from './dom.js';

type JsonRecord = { [key: string]: Json };

const isRecord = (v: Json): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `tohQueries` → `toh queries`, `search_for` → `search for`. */
export function keyLabel(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** A value that fits on a line: numbers to three decimals, yes / no, – for null. */
function scalarText(v: string | number | boolean | null): string {
  if (v === null) return '–';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000);
  return v;
}

function value(v: Json): HTMLElement {
  if (Array.isArray(v)) {
    if (v.length === 0) return h('span', { class: 'muted' }, 'none');
    if (v.every(isRecord)) return recordTable(v);
    if (v.every((x) => !Array.isArray(x) && !isRecord(x))) return h('span', {}, v.map((x) => scalarText(x as string | number | boolean | null)).join(', '));
    return h('ol', { class: 'values' }, ...v.map((x) => h('li', {}, value(x))));
  }
  if (isRecord(v)) return Object.keys(v).length === 0 ? h('span', { class: 'muted' }, 'none') : fields(v);
  return h('span', {}, scalarText(v));
}

/** One row per record, one column per key any of them has. */
function recordTable(rows: JsonRecord[]): HTMLElement {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return h(
    'table',
    { class: 'record-table' },
    h('thead', {}, h('tr', {}, ...keys.map((k) => h('th', {}, keyLabel(k))))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...keys.map((k) => h('td', { 'data-key': k }, k in r ? value(r[k]) : ''))))),
  );
}

function fields(record: JsonRecord): HTMLElement {
  return h('dl', { class: 'stats' }, ...Object.entries(record).flatMap(([k, v]) => [h('dt', {}, keyLabel(k)), h('dd', { 'data-key': k }, value(v))]));
}

export function recordPanel(title: string, testid: string, record: JsonRecord | undefined, skip: readonly string[] = []): HTMLElement | null {
  const entries = Object.entries(record ?? {}).filter(([k]) => !skip.includes(k));
  if (entries.length === 0) return null;
  const shown = Object.fromEntries(entries);
  return panel(title, testid, fields(shown), h('details', { class: 'raw', 'data-testid': `${testid}-raw` }, h('summary', {}, 'raw'), h('pre', {}, JSON.stringify(shown, null, 2))));
}
