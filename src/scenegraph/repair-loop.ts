/**
 * The loop of GAVEL's Algorithm 2, independent of the action language: verify
 * the plan, keep the best candidate by rk(ω), stop when the plan is valid,
 * when no model-derived edit exists, when an edit revisits a plan already
 * considered (the visited set S), or after `maxEdits` edits. `repair.ts`
 * (our primitives) and `paper-repair.ts` (the paper's) supply the edits.
 */
export type RepairStop = 'valid' | 'no-edit' | 'repeated' | 'budget';

export interface RepairLoopSpec<S, V, E> {
  verify(plan: S[]): V;
  valid(v: V): boolean;
  /** Positive when `a` ranks above `b`. */
  compare(a: V, b: V): number;
  propose(plan: S[], v: V): { plan: S[]; edit: E } | null;
  key(plan: readonly S[]): string;
  maxEdits: number;
}

export interface RepairLoopResult<S, V, E> {
  plan: S[];
  verdict: V;
  edits: E[];
  stop: RepairStop;
  /** Plans considered (the input included). */
  candidates: number;
}

export function repairLoop<S, V, E>(input: readonly S[], spec: RepairLoopSpec<S, V, E>): RepairLoopResult<S, V, E> {
  let cur = input.slice();
  let curEdits: E[] = [];
  let v = spec.verify(cur);
  let best = { plan: cur, verdict: v, edits: curEdits };
  const seen = new Set([spec.key(cur)]);
  let stop: RepairStop = 'budget';
  for (let n = 0; ; n++) {
    if (spec.compare(v, best.verdict) > 0) best = { plan: cur, verdict: v, edits: curEdits };
    if (spec.valid(v)) return { plan: cur, verdict: v, edits: curEdits, stop: 'valid', candidates: seen.size };
    if (n >= spec.maxEdits) break;
    const e = spec.propose(cur, v);
    if (!e) {
      stop = 'no-edit';
      break;
    }
    const k = spec.key(e.plan);
    if (seen.has(k)) {
      stop = 'repeated';
      break;
    }
    seen.add(k);
    cur = e.plan;
    curEdits = [...curEdits, e.edit];
    v = spec.verify(cur);
  }
  return { ...best, stop, candidates: seen.size };
}
