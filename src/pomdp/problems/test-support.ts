/**
 * The opponent of Tag and LaserTag as the DESPOT reference defines it
 * (examples/cpp_models/tag), written from that definition for the tests
 * (not exported from the index): from the robot's pre-move position, the x
 * part moves away w.p. 0.4 (both x directions 0.2 each when the columns are
 * equal), the y part likewise, and it stays w.p. 0.2; a blocked move stays.
 * Cells are numbered in reading order of the map's free cells.
 */
export interface Cell {
  x: number;
  y: number;
}

/** The free cells of a map (rows of `#` and `.`), in reading order. */
export function freeCells(rows: readonly string[], width = Infinity): Cell[] {
  const out: Cell[] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < Math.min(width, row.length); x++) if (row[x] !== '#') out.push({ x, y });
  });
  return out;
}

/** Next opponent cell index → probability. */
export function referenceOpponentMoves(cells: readonly Cell[], rob: Cell, opp: Cell): Map<number, number> {
  const index = (x: number, y: number): number => cells.findIndex((c) => c.x === x && c.y === y);
  const parts: [number, number, number][] = [];
  if (opp.x === rob.x) parts.push([1, 0, 0.2], [-1, 0, 0.2]);
  else parts.push([Math.sign(opp.x - rob.x), 0, 0.4]);
  if (opp.y === rob.y) parts.push([0, 1, 0.2], [0, -1, 0.2]);
  else parts.push([0, Math.sign(opp.y - rob.y), 0.4]);
  parts.push([0, 0, 0.2]);
  const out = new Map<number, number>();
  const here = index(opp.x, opp.y);
  for (const [dx, dy, p] of parts) {
    const to = index(opp.x + dx, opp.y + dy);
    const cell = to < 0 ? here : to;
    out.set(cell, (out.get(cell) ?? 0) + p);
  }
  return out;
}
