/** A tiny element builder: `h('div', { class: 'x', 'data-testid': 'y' }, child, 'text')`. */
export type Child = Node | string | number | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
}

/** A titled card; the body replaces the previous one on every render. */
export function panel(title: string, testid: string, ...body: Child[]): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': testid }, h('h2', {}, title), ...body);
}

/** Fixed-precision number without trailing noise: 0.5 → "0.50", 12 → "12". */
export function num(v: number | undefined, digits = 2): string {
  if (v === undefined || !Number.isFinite(v)) return '–';
  return Number.isInteger(v) ? String(v) : v.toFixed(digits);
}

/** Names with underscores read better with spaces, and may wrap. */
export const pretty = (name: string): string => name.replace(/_/g, ' ');
