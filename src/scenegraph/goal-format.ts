/**
 * Partial-graph goals as text: one literal per line (or a JSON array of such
 * strings, or `{"literals": [...]}` objects), written `on_top(apple, table)`,
 * `object_inside(apple, fridge)`, `next_to(a, b)`, `under(a, b)`,
 * `room_inside(apple, kitchen)`, `washed(plate)`, `holding(cup)`, with an
 * optional `not ` prefix. Unknown predicates are rejected with their position.
 */
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { IssueList } from '../core/issues.js';
import { parseJsonText } from '../core/json-text.js';
import { FLAGS, OBJECT_RELATIONS, type Flag, type Goal, type GoalLiteral, type ObjectRelation } from './types.js';

const literalSchema: z.ZodType<GoalLiteral> = z.union([
  z.object({ kind: z.literal('relation'), rel: z.enum(OBJECT_RELATIONS), a: z.string(), b: z.string(), negated: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('room'), object: z.string(), room: z.string(), negated: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('flag'), flag: z.enum(FLAGS), object: z.string(), negated: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('holding'), object: z.string(), negated: z.boolean().optional() }).strict(),
]);

export const goalSchema = z.object({ literals: z.array(literalSchema) }).strict();

/** Parses `not on_top(a, b)` and friends; returns an error message instead of a literal when malformed. */
export function parseLiteral(text: string): GoalLiteral | string {
  let s = text.trim();
  let negated = false;
  const neg = /^(not\s+|!|¬)\s*/i.exec(s);
  if (neg) {
    negated = true;
    s = s.slice(neg[0].length);
  }
  const m = /^([A-Za-z_]+)\s*\(([^()]*)\)$/.exec(s);
  if (!m) return `expected pred(args), got '${text.trim()}'`;
  const pred = m[1].toLowerCase();
  const args = m[2].split(',').map((a) => a.trim()).filter((a) => a !== '');
  const n = negated ? { negated: true } : {};
  const alias: Record<string, string> = { inside: 'object_inside', ontop: 'on_top', nextto: 'next_to', toggled_on: 'toggled', in_room: 'room_inside', inroom: 'room_inside' };
  const p = alias[pred] ?? pred;
  const arity = (k: number): string | null => (args.length === k ? null : `${p} takes ${k} argument(s), got ${args.length}`);
  if ((OBJECT_RELATIONS as readonly string[]).includes(p)) return arity(2) ?? { kind: 'relation', rel: p as ObjectRelation, a: args[0], b: args[1], ...n };
  if (p === 'room_inside') return arity(2) ?? { kind: 'room', object: args[0], room: args[1], ...n };
  if ((FLAGS as readonly string[]).includes(p)) return arity(1) ?? { kind: 'flag', flag: p as Flag, object: args[0], ...n };
  if (p === 'holding') return arity(1) ?? { kind: 'holding', object: args[0], ...n };
  return `unknown goal predicate '${m[1]}' (known: ${[...OBJECT_RELATIONS, 'room_inside', ...FLAGS, 'holding'].join(', ')})`;
}

function fail(file: string | undefined, where: string, msg: string): never {
  throw new InputError('GOAL_FILE', `${file ? `${file}: ` : ''}${where}: ${msg}`);
}

/**
 * Goal from a parsed JSON value: `{literals: [...]}` or an array of literal
 * strings. Every issue is reported with its JSON path (under `at`, when the
 * goal sits inside a larger file).
 */
export function goalFromJson(raw: unknown, file?: string, at: readonly PropertyKey[] = []): Goal {
  const issues = new IssueList();
  if (Array.isArray(raw)) {
    const literals: GoalLiteral[] = [];
    raw.forEach((x, i) => {
      if (typeof x !== 'string') return issues.add([...at, i], 'expected a literal string such as "on_top(apple, table)"');
      const l = parseLiteral(x);
      if (typeof l === 'string') issues.add([...at, i], l);
      else literals.push(l);
    });
    issues.throwIfAny('GOAL_FILE', file);
    return { literals };
  }
  const r = goalSchema.safeParse(raw);
  if (!r.success) {
    issues.addAll(r.error.issues, at);
    issues.throwIfAny('GOAL_FILE', file);
  }
  return r.data as Goal;
}

/** Goal file text: JSON, or one literal per line (`#` comments). */
export function parseGoalText(text: string, file?: string): Goal {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    return goalFromJson(parseJsonText(t, file ?? '<goal>', 'GOAL_FILE'), file);
  }
  const literals: GoalLiteral[] = [];
  t.split(/\r?\n/).forEach((line, i) => {
    const s = line.replace(/#.*$/, '').trim();
    if (s === '') return;
    for (const part of s.split(/\s*(?:;|\band\b)\s*/)) {
      if (part === '') continue;
      const l = parseLiteral(part);
      if (typeof l === 'string') fail(file, `line ${i + 1}`, l);
      literals.push(l);
    }
  });
  return { literals };
}

/** Ids a goal names that the scene does not have (rooms for room literals, objects otherwise). */
export function unknownGoalIds(scene: { isObject(id: string): boolean; isRoom(id: string): boolean }, goal: Goal): string[] {
  const bad = new Set<string>();
  for (const l of goal.literals) {
    const objs = l.kind === 'relation' ? [l.a, l.b] : [l.object];
    for (const o of objs) if (!scene.isObject(o)) bad.add(o);
    if (l.kind === 'room' && !scene.isRoom(l.room)) bad.add(l.room);
  }
  return [...bad];
}
