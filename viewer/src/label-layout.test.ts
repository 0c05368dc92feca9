/** The household map's label placement (label-layout.ts): the segment test against sampling, and where blocks go. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeLabels, rectsOverlap, segmentHitsRect, type Rect, type Segment } from './label-layout.js';

/** Dense sampling: whether any point of the segment lies inside the rectangle. */
function sampledHit([x1, y1, x2, y2]: Segment, r: Rect): boolean {
  for (let i = 0; i <= 2000; i++) {
    const x = x1 + ((x2 - x1) * i) / 2000;
    const y = y1 + ((y2 - y1) * i) / 2000;
    if (x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h) return true;
  }
  return false;
}

const coord = fc.double({ min: -10, max: 10, noNaN: true });
const rect = fc.record({ x: coord, y: coord, w: fc.double({ min: 0.5, max: 5, noNaN: true }), h: fc.double({ min: 0.5, max: 5, noNaN: true }) });

describe('label layout', () => {
  it('segmentHitsRect agrees with sampling the segment (away from grazing contacts)', () => {
    fc.assert(
      fc.property(fc.tuple(coord, coord, coord, coord), rect, (s, r) => {
        const inner = { x: r.x + 0.01, y: r.y + 0.01, w: r.w - 0.02, h: r.h - 0.02 };
        const outer = { x: r.x - 0.01, y: r.y - 0.01, w: r.w + 0.02, h: r.h + 0.02 };
        // a sampled hit on the shrunk box is a hit; a miss on the grown box is a miss
        if (sampledHit(s, inner)) expect(segmentHitsRect(s, r)).toBe(true);
        if (!sampledHit(s, outer)) expect(segmentHitsRect(s, r)).toBe(false);
      }),
    );
  });

  it('keeps a block inside its room, off the line through the room', () => {
    const room = { x: 0, y: 0, w: 4, h: 4 };
    // a door line from the centre straight up, and one to the right
    const segments: Segment[] = [
      [2, 2, 2, -6],
      [2, 2, 10, 2],
    ];
    const at = placeLabels([{ id: 'a', w: 1.5, h: 1, room }], { segments, reserved: [], rooms: [room] }).get('a')!;
    expect(at.x >= room.x && at.y >= room.y && at.x + at.w <= room.x + room.w && at.y + at.h <= room.y + room.h).toBe(true);
    for (const s of segments) expect(segmentHitsRect(s, at)).toBe(false);
  });

  it('places every block, at its own size, next to its room', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(coord, coord), { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(coord, coord, coord, coord), { maxLength: 4 }), (centres, segments) => {
        const rooms = centres.map(([x, y]) => ({ x: x * 3 - 1.5, y: y * 3 - 1.5, w: 3, h: 3 }));
        const requests = rooms.map((room, i) => ({ id: `r${i}`, w: 1.2, h: 0.6, room }));
        const placed = placeLabels(requests, { segments, reserved: [], rooms });
        expect(placed.size).toBe(requests.length);
        for (const q of requests) {
          const p = placed.get(q.id)!;
          expect([p.w, p.h]).toEqual([q.w, q.h]);
          // within a block's size of its room
          expect(rectsOverlap({ x: q.room.x - q.w - 0.5, y: q.room.y - q.h - 0.5, w: q.room.w + 2 * q.w + 1, h: q.room.h + 2 * q.h + 1 }, p)).toBe(true);
        }
      }),
    );
  });
});
