/**
 * The JSON shapes the GAVEL paper's benchmark files share: a plan is a list of
 * `[ACTION, arg]` pairs (`["RELEASE"]` or `["RELEASE", null]` without one), a
 * goal a list of triples `[relation, a, b]` or `[state, x, true|false]`.
 * Readers add every problem to an `IssueList` under its JSON path.
 */
import type { IssueList } from '../../../core/issues.js';
import type { Goal, GoalLiteral, PaperStep } from '../../../scenegraph/index.js';

const RELATION_WORDS: Record<string, 'on_top' | 'object_inside'> = { on_top: 'on_top', ontop: 'on_top', object_inside: 'object_inside', inside: 'object_inside' };
const STATE_WORDS = ['cooked', 'washed', 'dried', 'toggled', 'open'] as const;

export function readPaperPlan(issues: IssueList, path: PropertyKey[], v: unknown): PaperStep[] {
  if (!Array.isArray(v)) {
    issues.add(path, 'expected a plan: an array of [ACTION, argument] pairs');
    return [];
  }
  const out: PaperStep[] = [];
  v.forEach((s, i) => {
    if (!Array.isArray(s) || s.length < 1 || s.length > 2 || typeof s[0] !== 'string' || s[0] === '' || (s.length === 2 && s[1] !== null && typeof s[1] !== 'string')) {
      issues.add([...path, i], 'expected [ACTION] or [ACTION, argument] with a string action and a string or null argument');
      return;
    }
    out.push({ action: s[0], arg: s.length === 2 ? (s[1] as string | null) : null });
  });
  return out;
}

export function readPaperGoal(issues: IssueList, path: PropertyKey[], v: unknown): Goal {
  if (!Array.isArray(v)) {
    issues.add(path, 'expected a goal: an array of [relation, a, b] or [state, x, true|false] triples');
    return { literals: [] };
  }
  const literals: GoalLiteral[] = [];
  v.forEach((t, i) => {
    const at = [...path, i];
    if (!Array.isArray(t) || t.length !== 3 || typeof t[0] !== 'string' || typeof t[1] !== 'string' || t[1] === '') {
      issues.add(at, 'expected a triple [relation, a, b] or [state, x, true|false]');
      return;
    }
    const word = t[0].toLowerCase();
    const rel = RELATION_WORDS[word];
    if (rel) {
      if (typeof t[2] !== 'string' || t[2] === '') issues.add([...at, 2], `expected the object ${t[0]} relates '${t[1]}' to`);
      else literals.push({ kind: 'relation', rel, a: t[1], b: t[2] });
      return;
    }
    const flag = STATE_WORDS.find((s) => s === word);
    if (!flag) {
      issues.add([...at, 0], `unknown goal term '${t[0]}' (expected on_top, object_inside, ${STATE_WORDS.join(', ')})`);
      return;
    }
    if (typeof t[2] !== 'boolean') issues.add([...at, 2], `expected true or false for ${t[0]}(${t[1]})`);
    else literals.push({ kind: 'flag', flag, object: t[1], ...(t[2] ? {} : { negated: true }) });
  });
  return { literals };
}
