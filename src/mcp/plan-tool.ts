/**
 * `pddl_plan`: a validated plan with cost and stats, or unsolvable / timeout /
 * memout with stats, plus the compatibility-policy warnings. The search runs
 * on the call's thread-CPU clock with the call's remaining CPU time, so it
 * stops itself with `timeout` at the limit; its progress events become MCP
 * progress notifications.
 */
import type { z } from 'zod';
import type { PddlDiagnostic } from '../pddl/errors.js';
import { planPddl } from '../pipeline/plan-pddl.js';
import type { SearchEvent } from '../planner/search/result.js';
import type { CallContext, ToolOutput } from './call-protocol.js';
import { diagnosticLines, fromPddl, type Diagnostic } from './diagnostics.js';
import { invalidInputLines } from './pddl-input.js';
import { output } from './pddl-tools.js';
import type { planInput, planOutput } from './schemas.js';

type PlanOut = z.infer<typeof planOutput>;

function progressLine(e: SearchEvent): string {
  if (e.kind === 'plan') return `plan found: cost ${e.cost}, length ${e.length} (${e.config})`;
  return `search: ${e.expansions} expanded, ${e.states} states, best h ${e.bestH}, ${Math.round(e.expansionsPerSec)} expansions/s`;
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/** The pipeline names the inputs `domain` and `problem`; option errors have no span. */
function located(d: PddlDiagnostic): Diagnostic {
  const file = d.span?.file;
  if (file === 'domain' || file === 'problem') return fromPddl(d, file);
  const option = /heuristic/i.test(d.message) ? 'heuristic' : 'search';
  return { ...fromPddl(d, 'input'), ...(d.code === 'option' ? { path: option } : {}) };
}

export function pddlPlan(args: z.infer<typeof planInput>, ctx: CallContext): ToolOutput {
  ctx.progress('parsing', 'parsing, checking and grounding the domain and problem');
  const maxBytes = args.memoryMb !== undefined ? Math.min(args.memoryMb * 1024 * 1024, ctx.limits.maxBytes) : ctx.limits.maxBytes;
  // The budget is the call's CPU time on this thread, parsing and grounding included.
  const r = planPddl({ text: args.domain, file: 'domain' }, { text: args.problem, file: 'problem' }, {
    ...(args.search !== undefined ? { search: args.search } : {}),
    ...(args.heuristic !== undefined ? { heuristic: args.heuristic } : {}),
    ...(args.strict !== undefined ? { strict: args.strict } : {}),
    timeoutMs: ctx.limits.cpuMs,
    now: () => ctx.cpuMs(),
    startedAt: 0,
    maxBytes,
    onEvent: (e) => ctx.progress('searching', progressLine(e)),
  });
  const cpuMs = round(ctx.cpuMs());
  if (r.status === 'input-error') {
    const diagnostics = [...r.errors, ...r.warnings].map(located);
    const out: PlanOut = { status: 'invalid-input', cpuMs, diagnostics };
    return output(out, true, invalidInputLines(diagnostics));
  }
  const diagnostics = r.warnings.map(located);
  const s = r.stats;
  const stats = { expansions: s.expansions, evaluations: s.evaluations, generated: s.generated, states: s.states, searchMs: round(s.searchMs), initialH: Number.isFinite(s.initialH) ? s.initialH : null };
  // The planner says `cancelled` only for an aborted signal, which a worker call never passes.
  const status = r.status === 'cancelled' ? 'timeout' : r.status;
  const ground = { facts: r.ground.facts, operators: r.ground.operators };
  const out: PlanOut = { status, config: r.config, stats, ground, cpuMs, diagnostics };
  const lines: string[] = [];
  if (r.status === 'solved') {
    out.plan = r.plan.map((st) => (st.args.length ? `(${st.name} ${st.args.join(' ')})` : `(${st.name})`));
    out.cost = r.cost;
    out.length = r.plan.length;
    out.optimal = r.optimal;
    if (r.valid !== undefined) out.valid = r.valid;
    if (r.validation !== undefined) out.validation = r.validation;
    lines.push(`solved: ${r.plan.length} steps, cost ${r.cost}${r.optimal ? ' (optimal)' : ''} [${r.config}]${r.validation ? `; validation: ${r.validation}` : ''}`, ...out.plan);
  } else if (r.status === 'unsolvable') {
    out.proven = r.proven;
    lines.push(`unsolvable${r.proven ? ' (proven)' : ''} [${r.config}]`);
  } else {
    lines.push(`${status}: no plan within the limits (${(ctx.limits.cpuMs / 1000).toFixed(1)} s CPU, ${Math.round(maxBytes / 1024 / 1024)} MiB) [${r.config}]`);
  }
  lines.push(`search: ${s.expansions} expanded, ${s.evaluations} evaluated, ${s.states} states; ground: ${ground.facts} facts, ${ground.operators} operators`);
  lines.push(...diagnosticLines(diagnostics));
  // A plan the validator rejects is a planner or grounder bug: report it as a tool error.
  return output(out, out.valid === false, lines);
}
