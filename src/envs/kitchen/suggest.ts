/** "Did you mean …?" suggestions for unknown names. */

export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const sub = prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j] + 1, cur[j - 1] + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[n];
}

/**
 * The closest candidate to `name`, or undefined when nothing is close.
 * Case-insensitive; a candidate that contains the name (or is contained in it)
 * wins over edit distance.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const q = name.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const l = c.toLowerCase();
    let score: number;
    if (l === q) score = 0;
    else if (q.length >= 3 && (l.includes(q) || q.includes(l))) score = 0.5 + Math.abs(l.length - q.length) / 100;
    else {
      const d = editDistance(q, l);
      if (d > Math.max(2, Math.floor(Math.max(q.length, l.length) / 3))) continue;
      score = 1 + d;
    }
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** ` (did you mean 'X'?)` or the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const c = closestName(name, candidates);
  return c === undefined ? '' : ` (did you mean '${c}'?)`;
}
