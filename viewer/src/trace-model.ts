/**
 * Reading a JSONL trace (src/eval/types.ts) into the frames the page steps
 * through. Frame 0 is the initial state; frame k ≥ 1 is step k: the action
 * chosen, the belief and search the agent had when choosing it, and the true
 * state after it. Pure: no DOM, so it is unit-tested in Node.
 */
import type {
  HouseholdSnapshot,
  KitchenSnapshot,
  TraceBelief,
  TraceEpisode,
  TraceResult,
  TraceStep,
} from '../../src/eval/types.js';

export type Snapshot = KitchenSnapshot | HouseholdSnapshot;

export interface Frame {
  /** 0 = before the first action. */
  index: number;
  step?: TraceStep;
  /** True state at this frame (the last known one when a step carries none). */
  state?: Snapshot;
  belief?: TraceBelief;
}

export interface TraceView {
  episode: TraceEpisode;
  frames: Frame[];
  result?: TraceResult;
}

export class TraceFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parse the trace text; throws `TraceFormatError` naming the offending line. */
export function readTrace(text: string): TraceView {
  let episode: TraceEpisode | undefined;
  let result: TraceResult | undefined;
  const steps: TraceStep[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    if (raw.trim() === '') return;
    let rec: unknown;
    try {
      rec = JSON.parse(raw);
    } catch (e) {
      throw new TraceFormatError(lineNo, `not JSON (${(e as Error).message})`);
    }
    if (!isObj(rec)) throw new TraceFormatError(lineNo, 'expected a JSON object');
    if (rec.type === 'episode') {
      if (episode) throw new TraceFormatError(lineNo, 'a second episode record');
      episode = rec as unknown as TraceEpisode;
    } else if (rec.type === 'step') {
      if (!episode) throw new TraceFormatError(lineNo, 'step before the episode record');
      if (typeof rec.action !== 'string') throw new TraceFormatError(lineNo, 'step without an action');
      steps.push(rec as unknown as TraceStep);
    } else if (rec.type === 'result') {
      result = rec as unknown as TraceResult;
    } else {
      throw new TraceFormatError(lineNo, `unknown record type ${JSON.stringify(rec.type)}`);
    }
  });
  if (!episode) throw new TraceFormatError(1, 'no episode record');
  const frames: Frame[] = [{ index: 0, ...(episode.initial ? { state: episode.initial } : {}) }];
  let state = episode.initial;
  steps.forEach((step, i) => {
    state = step.state ?? state;
    frames.push({ index: i + 1, step, ...(state ? { state } : {}), ...(step.belief ? { belief: step.belief } : {}) });
  });
  return result ? { episode, frames, result } : { episode, frames };
}

export function isKitchen(s: Snapshot | undefined): s is KitchenSnapshot {
  return s !== undefined && typeof (s as KitchenSnapshot).robot === 'string';
}

export function isHousehold(s: Snapshot | undefined): s is HouseholdSnapshot {
  return s !== undefined && isObj((s as HouseholdSnapshot).robot);
}

/** Where each object is in a kitchen snapshot: area name, or `hand`. */
export function kitchenPlacement(s: KitchenSnapshot): Map<string, string> {
  const where = new Map<string, string>();
  for (const a of s.areas) for (const o of a.objects) where.set(o, a.name);
  if (s.hand) where.set(s.hand, 'hand');
  return where;
}

/** The rooms the robot has been in up to and including frame `k`, consecutive repeats merged. */
export function householdPath(frames: readonly Frame[], k: number): string[] {
  const path: string[] = [];
  for (const f of frames.slice(0, k + 1)) {
    if (!isHousehold(f.state)) continue;
    const room = f.state.robot.room;
    if (path[path.length - 1] !== room) path.push(room);
  }
  return path;
}
