/**
 * Household: the verified plan being executed. Steps a repair inserted are
 * marked with the repair's rule; steps it removed are shown struck through at
 * the place they were removed from; the step matching the current action is
 * highlighted.
 */
import type { TraceStep } from '../../src/eval/types.js';
import { h, panel } from './dom.js';

type Plan = NonNullable<TraceStep['plan']>;

interface PlanLine {
  text: string;
  kind: 'kept' | 'inserted' | 'removed';
  rule?: string;
  reason?: string;
}

/** How many steps before frame `k` ran the same action under the same plan (consecutive frames only). */
export function planOccurrence(steps: ReadonlyArray<TraceStep | undefined>, k: number): number {
  const step = steps[k];
  if (!step?.plan) return 0;
  const key = JSON.stringify(step.plan.steps);
  let n = 0;
  for (let j = k - 1; j >= 0; j--) {
    const s = steps[j];
    if (!s?.plan || JSON.stringify(s.plan.steps) !== key) break;
    if (s.action === step.action) n++;
  }
  return n;
}

/** The plan's steps interleaved with removed ones; `inserted` marks come from the repairs. */
export function planLines(plan: Plan): PlanLine[] {
  const lines: PlanLine[] = plan.steps.map((text) => ({ text, kind: 'kept' }));
  // Mark insertions first (indices refer to the repaired plan), then splice in removals from the back.
  for (const r of plan.repairs) {
    r.inserted.forEach((text, j) => {
      const i = lines.findIndex((l, k) => k >= r.stepIndex + j && l.kind === 'kept' && l.text === text);
      const at = i >= 0 ? i : lines.findIndex((l) => l.kind === 'kept' && l.text === text);
      if (at >= 0) lines[at] = { text, kind: 'inserted', rule: r.rule, reason: r.reason };
    });
  }
  const removals = plan.repairs.flatMap((r) => r.removed.map((text) => ({ at: r.stepIndex, line: { text, kind: 'removed' as const, rule: r.rule, reason: r.reason } })));
  removals.sort((a, b) => b.at - a.at);
  for (const { at, line } of removals) lines.splice(Math.min(Math.max(at, 0), lines.length), 0, line);
  return lines;
}

/**
 * `occurrence`: how many earlier steps under this same plan executed the same
 * action text, so the second `NavigateTo(fridge_0)` marks the second such plan step.
 */
export function planPanel(step: TraceStep | undefined, occurrence = 0): HTMLElement | null {
  const plan = step?.plan;
  if (!plan) return null;
  const current = step.action;
  let seen = 0;
  let marked = false;
  let number = 0;
  const items = planLines(plan).map((l) => {
    const isCurrent = !marked && l.kind !== 'removed' && l.text === current && seen++ === occurrence;
    if (isCurrent) marked = true;
    if (l.kind !== 'removed') number++;
    return h(
      'li',
      { value: l.kind === 'removed' ? undefined : number, class: [l.kind, isCurrent ? 'current' : ''].filter(Boolean).join(' '), 'data-testid': 'plan-step', 'data-kind': l.kind, 'data-rule': l.rule ?? '', title: l.reason ?? '' },
      h('span', { class: 'plan-text' }, l.text),
      l.rule ? h('span', { class: `badge ${l.kind === 'removed' ? 'badge-bad' : 'badge-fix'}` }, `${l.kind} · ${l.rule}`) : null,
    );
  });
  return panel(
    'Verified plan',
    'plan',
    h('p', { class: 'muted' }, `${plan.steps.length} steps, ${plan.repairs.length} repair${plan.repairs.length === 1 ? '' : 's'}`),
    h('ol', { class: 'plan' }, ...items),
  );
}
