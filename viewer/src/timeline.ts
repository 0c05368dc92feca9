/**
 * A strip with one cell per step (infeasible steps red, rewarded ones green,
 * the current one outlined); clicking a cell jumps to that step.
 */
import { h } from './dom.js';
import type { Frame } from './trace-model.js';

export interface Timeline {
  element: HTMLElement;
  select(frame: number): void;
}

export function timeline(frames: readonly Frame[], go: (frame: number) => void): Timeline {
  const cells = frames.map((f) => {
    const s = f.step;
    const kind = !s ? 'start' : !s.feasible ? 'infeasible' : s.reward > 0 ? 'gain' : 'cost';
    const title = s ? `step ${f.index}: ${s.action} (reward ${s.reward}${s.feasible ? '' : ', infeasible'})` : 'initial state';
    const cell = h('button', { type: 'button', class: `tick ${kind}`, title, 'data-testid': 'timeline-step', 'data-frame': f.index, 'aria-label': title });
    cell.addEventListener('click', () => go(f.index));
    return cell;
  });
  let current = 0;
  return {
    element: h('div', { class: 'timeline', role: 'group', 'aria-label': 'steps' }, ...cells),
    select(frame) {
      cells[current]?.classList.remove('current');
      cells[frame]?.classList.add('current');
      current = frame;
    },
  };
}
