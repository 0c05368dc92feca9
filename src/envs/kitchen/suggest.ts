/** "Did you mean …?" suggestions for unknown names. */
import { editDistance } from '../../core/edit-distance.js';

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
