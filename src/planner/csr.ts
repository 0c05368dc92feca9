/** Compressed sparse rows: lists of integer lists as flat typed arrays. */

/** Flattens lists of integer lists into (offsets, values). */
export function csr(lists: readonly (readonly number[])[]): { start: Int32Array; data: Int32Array } {
  const start = new Int32Array(lists.length + 1);
  let total = 0;
  for (let i = 0; i < lists.length; i++) {
    start[i] = total;
    total += lists[i].length;
  }
  start[lists.length] = total;
  const data = new Int32Array(total);
  let k = 0;
  for (const list of lists) for (const v of list) data[k++] = v;
  return { start, data };
}
