/**
 * The trace viewer page: loads `./trace.jsonl` (or `?trace=URL`), then steps
 * through the episode with buttons, a slider and the arrow keys (Home/End jump).
 * The frame number is kept in the URL hash (`#3`) so a view can be linked.
 */
import './style.css';
import type { Json } from '../../src/eval/types.js';
import { beliefPanel } from './belief-panel.js';
import { actionPanel, searchPanel } from './decision-panel.js';
import { recordPanel } from './details-panel.js';
import { h, num } from './dom.js';
import { householdPanel } from './household-panel.js';
import { kitchenPanel } from './kitchen-panel.js';
import { planOccurrence, planPanel } from './plan-panel.js';
import { timeline } from './timeline.js';
import { householdPath, isHousehold, isKitchen, readTrace, type TraceView } from './trace-model.js';

const app = document.getElementById('app') as HTMLElement;

function specLine(view: TraceView): string {
  const s = view.episode.spec;
  const cfg = Object.entries(s.config ?? {})
    .map(([k, v]: [string, Json]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
  return `${view.episode.env} · ${s.suite} · task ${s.task} · ${s.level} · method ${s.method} · model ${s.model} · seed ${s.seed}${cfg ? ` · ${cfg}` : ''}`;
}

function resultLine(view: TraceView): HTMLElement {
  const r = view.result?.row;
  if (!r) return h('span', { class: 'badge badge-bad', 'data-testid': 'result' }, 'no result record (run killed?)');
  const text = r.status === 'error' ? `error: ${r.error ?? ''}` : `${r.success ? 'success' : 'failure'} in ${r.steps} steps · reward ${num(r.reward)} · planning ${num(r.planningSeconds)} s · LLM ${r.llm.calls} calls`;
  return h('span', { class: `badge ${r.success ? 'badge-open' : 'badge-bad'}`, 'data-testid': 'result' }, text);
}

function mount(view: TraceView, source: string): void {
  const last = view.frames.length - 1;
  const btn = (label: string, testid: string, title: string): HTMLButtonElement => h('button', { type: 'button', 'data-testid': testid, title }, label);
  const first = btn('|◀', 'btn-first', 'first (Home)');
  const prev = btn('◀', 'btn-prev', 'previous (←)');
  const next = btn('▶', 'btn-next', 'next (→)');
  const end = btn('▶|', 'btn-last', 'last (End)');
  const play = btn('play', 'btn-play', 'play / pause (space)');
  const slider = h('input', { type: 'range', min: 0, max: last, value: 0, 'data-testid': 'step-slider', 'aria-label': 'step' });
  const label = h('span', { class: 'step-label', 'data-testid': 'step-label' });
  const strip = timeline(view.frames, (to) => go(to));
  const body = h('main', { class: 'grid' });
  const worldCol = h('div', { class: 'col-world' });
  const sideCol = h('div', { class: 'col-side' });
  body.append(worldCol, sideCol);
  app.replaceChildren(
    h('header', {}, h('h1', {}, 'groundplan trace'), h('p', { class: 'instruction', 'data-testid': 'instruction' }, view.episode.instruction), h('p', { class: 'spec muted' }, specLine(view), ' · ', h('code', {}, source)), resultLine(view)),
    h('nav', { class: 'controls' }, h('div', { class: 'controls-row' }, first, prev, slider, next, end, play, label), strip.element),
    body,
  );

  const stepList = view.frames.map((f) => f.step);
  let k = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const render = (): void => {
    const f = view.frames[k];
    const before = k > 0 ? view.frames[k - 1] : undefined;
    label.textContent = k === 0 ? `initial state (${last} steps)` : `step ${k} / ${last}`;
    label.dataset.frame = String(k);
    slider.value = String(k);
    first.disabled = prev.disabled = k === 0;
    next.disabled = end.disabled = k === last;
    let world: HTMLElement;
    if (isKitchen(f.state)) world = kitchenPanel(f.state, isKitchen(before?.state) ? before.state : undefined, view.episode.world);
    else if (isHousehold(f.state)) world = householdPanel(view.episode.world, f.state, householdPath(view.frames, k));
    else world = recordPanel(`World (${view.episode.env}; no state snapshots in this trace)`, 'world', view.episode.world) ?? h('section', { class: 'panel', 'data-testid': 'world' }, h('h2', {}, 'World'), h('p', { class: 'muted' }, 'No state recorded in this trace.'));
    const present = (p: HTMLElement | null): p is HTMLElement => p !== null;
    worldCol.replaceChildren(world, ...[planPanel(f.step, planOccurrence(stepList, k))].filter(present));
    sideCol.replaceChildren(actionPanel(f.step), beliefPanel(f.belief, before?.belief), searchPanel(f.step), ...[recordPanel('Step details', 'details', f.step?.details, ['decidedBy'])].filter(present));
    strip.select(k);
    if (location.hash !== `#${k}`) history.replaceState(null, '', `#${k}`);
  };
  const go = (to: number): void => {
    k = Math.max(0, Math.min(last, to));
    render();
  };
  const stop = (): void => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    play.textContent = 'play';
  };
  first.addEventListener('click', () => go(0));
  prev.addEventListener('click', () => go(k - 1));
  next.addEventListener('click', () => go(k + 1));
  end.addEventListener('click', () => go(last));
  slider.addEventListener('input', () => go(Number(slider.value)));
  play.addEventListener('click', () => {
    if (timer !== undefined) return stop();
    if (k === last) go(0);
    play.textContent = 'pause';
    timer = setInterval(() => (k >= last ? stop() : go(k + 1)), 900);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    const moves: Record<string, number> = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]);
    } else if (e.key === ' ') {
      e.preventDefault();
      play.click();
    }
  });
  const fromHash = Number(location.hash.slice(1));
  go(Number.isInteger(fromHash) ? fromHash : 0);
  app.dataset.ready = 'true';
}

function fail(message: string): void {
  app.replaceChildren(h('div', { class: 'panel error', 'data-testid': 'load-error' }, h('h2', {}, 'Cannot show this trace'), h('pre', {}, message)));
  app.dataset.ready = 'error';
}

async function main(): Promise<void> {
  const source = new URLSearchParams(location.search).get('trace') ?? './trace.jsonl';
  let text: string;
  try {
    const res = await fetch(source, { cache: 'no-store' });
    if (!res.ok) return fail(`${source}: HTTP ${res.status} ${res.statusText}`);
    text = await res.text();
  } catch (e) {
    return fail(`${source}: ${(e as Error).message}`);
  }
  try {
    mount(readTrace(text), source);
  } catch (e) {
    fail(`${source}: ${(e as Error).message}`);
  }
}

void main();
