/**
 * Plan files for the scene graph: a JSON array of `{action, args}` (or of
 * step strings), or text with one step per line written `Grasp(apple_1)`,
 * `PlaceOnTop(apple_1, table_1)` or `grasp apple_1` (an optional `1.` prefix;
 * `#` and `;` start comments). Primitive names are checked by `verify`, not
 * here, so an unknown primitive becomes a verdict.
 */
import { IssueList } from '../core/issues.js';
import { parseJsonText } from '../core/json-text.js';
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

/** Parses a plan file's text (JSON or one step per line). */
export function parsePlanText(text: string, file?: string): PlanStep[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const raw = parseJsonText(trimmed, file ?? '<plan>', 'PLAN_FILE');
    const arr = Array.isArray(raw) ? raw : (raw as { plan?: unknown } | null)?.plan;
    const issues = new IssueList();
    if (!Array.isArray(arr)) issues.add([], 'expected an array of steps or {"plan": [...]}');
    const at = Array.isArray(raw) ? [] : ['plan'];
    const steps: PlanStep[] = [];
    (Array.isArray(arr) ? arr : []).forEach((x: unknown, i: number) => {
      if (typeof x === 'string') {
        const st = parseStep(x);
        if (!st) issues.add([...at, i], 'empty step');
        else steps.push(st);
        return;
      }
      if (typeof x === 'object' && x !== null) {
        const o = x as { action?: unknown; args?: unknown };
        const action = typeof o.action === 'string' && o.action !== '' ? o.action : undefined;
        if (action === undefined) issues.add([...at, i, 'action'], 'expected a primitive name');
        const argsOk = o.args === undefined || (Array.isArray(o.args) && o.args.every((a) => typeof a === 'string'));
        if (!argsOk) issues.add([...at, i, 'args'], 'expected an array of ids');
        if (action !== undefined && argsOk) steps.push({ action, args: (o.args as string[] | undefined) ?? [] });
        return;
      }
      issues.add([...at, i], 'expected a step string or {"action", "args"}');
    });
    issues.throwIfAny('PLAN_FILE', file);
    return steps;
  }
  const out: PlanStep[] = [];
  for (const line of trimmed.split(/\r?\n/)) {
    const st = parseStep(line.replace(/[#;].*$/, ''));
    if (st) out.push(st);
  }
  return out;
}
