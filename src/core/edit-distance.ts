/**
 * Levenshtein distance (insertions, deletions and substitutions of one
 * character each cost 1), for "did you mean" hints everywhere. With `cap`,
 * the search stops as soon as the distance must exceed it and returns
 * `cap + 1`.
 */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
      if (row[j] < best) best = row[j];
    }
    if (best > cap) return cap + 1;
  }
  return Math.min(row[b.length], cap + 1);
}
