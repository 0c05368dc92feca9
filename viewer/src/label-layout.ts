/**
 * Where the household map's label blocks go (pure geometry, map units): each
 * room's block (its name and its objects) is tried at a few places in and
 * around its box, and a free one wins — free of the drawn lines (the
 * doors, which the robot's path follows, and the path itself), of the blocks
 * placed before it and of reserved spots (the robot's corner). Blocks are
 * placed largest first (the hardest to fit). Among free places, one inside
 * the room before one partly outside it, and one not covering other rooms;
 * when no place is free, the one with the fewest conflicts.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A drawn line from (x1, y1) to (x2, y2). */
export type Segment = readonly [number, number, number, number];

export interface LabelRequest {
  id: string;
  /** The block's size. */
  w: number;
  h: number;
  /** The box of the room it belongs to. */
  room: Rect;
}

export interface Obstacles {
  /** Lines a block must not cross (grown by `margin`). */
  segments: readonly Segment[];
  /** Spots a block must not cover. */
  reserved: readonly Rect[];
  /** Every room's box: covering another room is allowed, but worse. */
  rooms: readonly Rect[];
}

/** Gap kept between a block and a line, another block or its room's edge. */
const MARGIN = 0.12;

const grow = (r: Rect, m: number): Rect => ({ x: r.x - m, y: r.y - m, w: r.w + 2 * m, h: r.h + 2 * m });

export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Whether the segment passes through the rectangle (Liang–Barsky clipping). */
export function segmentHitsRect([x1, y1, x2, y2]: Segment, r: Rect): boolean {
  const dx = x2 - x1;
  const dy = y2 - y1;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, x1 - r.x],
    [dx, r.x + r.w - x1],
    [-dy, y1 - r.y],
    [dy, r.y + r.h - y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** The places tried for a block, best first: inside the room's corners and edges, then just outside it. */
function candidates(q: LabelRequest): Rect[] {
  const { room: b, w, h } = q;
  const p = MARGIN + 0.05;
  const xs = [b.x + p, b.x + b.w - p - w, b.x + (b.w - w) / 2, b.x + b.w + p, b.x - p - w];
  const ys = [b.y + p, b.y + b.h - p - h, b.y + (b.h - h) / 2, b.y - p - h, b.y + b.h + p];
  const out: Rect[] = [];
  for (const y of ys) for (const x of xs) out.push({ x, y, w, h });
  return out;
}

/** Positions (top-left corners) for every block. */
export function placeLabels(requests: readonly LabelRequest[], obstacles: Obstacles): Map<string, Rect> {
  const placed = new Map<string, Rect>();
  const order = [...requests].sort((a, b) => b.w * b.h - a.w * a.h || a.id.localeCompare(b.id));
  for (const q of order) {
    let best: Rect | undefined;
    let bestScore = Infinity;
    candidates(q).forEach((c, i) => {
      const g = grow(c, MARGIN);
      let conflicts = 0;
      for (const s of obstacles.segments) if (segmentHitsRect(s, g)) conflicts++;
      for (const r of obstacles.reserved) if (rectsOverlap(r, g)) conflicts++;
      for (const r of placed.values()) if (rectsOverlap(r, g)) conflicts++;
      let cover = 0;
      for (const r of obstacles.rooms) if (r !== q.room) cover += overlapArea(r, c);
      // a block inside its own room reads best; partly outside, the less the better
      const outside = c.w * c.h - overlapArea(c, q.room);
      const score = conflicts * 1000 + cover * 10 + outside * 2 + i * 0.01;
      if (score < bestScore) {
        bestScore = score;
        best = c;
      }
    });
    if (best) placed.set(q.id, best);
  }
  return placed;
}
