/**
 * Plan files for the scene graph: a JSON array of `{action, args}` (or of
 * step strings), or text with one step per line written `Grasp(apple_1)`,
 * `PlaceOnTop(apple_1, table_1)` or `grasp apple_1` (an optional `1.` prefix;
 * `#` and `;` start comments). Primitive names are checked by `verify`, not
 * here, so an unknown primitive becomes a verdict.
 */
import { InputError } from '../core/errors.js';
import type { PlanStep } from './types.js';

const callRe = /^([A-Za-z_][\w-]*)\s*\(([^()]*)\)$/;

/** Parses one step written as `Name(a, b)` or `name a b`. */
export function parseStep(text: string): PlanStep | undefined {
  const s = text.trim().replace(/^\d+[.):]\s*/, '');
  if (s === '') return undefined;
  const m = callRe.exec(s);
  if (m) {
    const args = m[2].trim() === '' ? [] : m[2].split(',').map((a) => a.trim());
    return { action: m[1], args };
  }
  const parts = s.replace(/^\(|\)$/g, '').trim().split(/\s+/);
  return { action: parts[0], args: parts.slice(1) };
}

function fail(file: string | undefined, where: string, msg: string): never {
  throw new InputError('PLAN_FILE', `${file ? `${file}: ` : ''}${where}: ${msg}`);
}

/** Parses a plan file's text (JSON or one step per line). */
export function parsePlanText(text: string, file?: string): PlanStep[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let raw: unknown;
    try {
      raw = JSON.parse(trimmed);
    } catch (e) {
      fail(file, '(root)', `not valid JSON: ${(e as Error).message}`);
    }
    const arr = Array.isArray(raw) ? raw : (raw as { plan?: unknown }).plan;
    if (!Array.isArray(arr)) fail(file, '(root)', 'expected an array of steps or {"plan": [...]}');
    return arr.map((x: unknown, i: number): PlanStep => {
      if (typeof x === 'string') {
        const st = parseStep(x);
        if (!st) fail(file, `[${i}]`, 'empty step');
        return st;
      }
      if (typeof x === 'object' && x !== null) {
        const o = x as { action?: unknown; args?: unknown };
        if (typeof o.action !== 'string' || o.action === '') fail(file, `[${i}].action`, 'expected a primitive name');
        if (o.args !== undefined && (!Array.isArray(o.args) || !o.args.every((a) => typeof a === 'string'))) fail(file, `[${i}].args`, 'expected an array of ids');
        return { action: o.action, args: (o.args as string[] | undefined) ?? [] };
      }
      return fail(file, `[${i}]`, 'expected a step string or {"action", "args"}');
    });
  }
  const out: PlanStep[] = [];
  for (const line of trimmed.split(/\r?\n/)) {
    const st = parseStep(line.replace(/[#;].*$/, ''));
    if (st) out.push(st);
  }
  return out;
}
