/**
 * `pddl_plan`: a validated plan with cost and stats, or unsolvable / timeout /
 * memout with stats, plus the compatibility-policy warnings. The search runs
 * on the call's thread-CPU clock with the call's remaining CPU time, so it
 * stops itself with `timeout` at the limit; its progress events become MCP
 * progress notifications.
 */
import type { z } from 'zod';
import type { SearchEvent } from '../planner/search/result.js';
import type { CallContext, ToolOutput } from './call-protocol.js';
import { diagnosticLines, errorCount } from './diagnostics.js';
import { output } from './pddl-tools.js';
import { planPddl } from './plan-pddl-stand-in.js';
import type { planInput, planOutput } from './schemas.js';

type PlanOut = z.infer<typeof planOutput>;

function progressLine(e: SearchEvent): string {
  if (e.kind === 'plan') return `plan found: cost ${e.cost}, length ${e.length} (${e.config})`;
  return `search: ${e.expansions} expanded, ${e.states} states, best h ${e.bestH}, ${Math.round(e.expansionsPerSec)} expansions/s`;
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

export function pddlPlan(args: z.infer<typeof planInput>, ctx: CallContext): ToolOutput {
  ctx.progress('parsing', 'parsing and checking the domain and problem');
  const maxBytes = args.memoryMb !== undefined ? Math.min(args.memoryMb * 1024 * 1024, ctx.limits.maxBytes) : ctx.limits.maxBytes;
  const r = planPddl(args.domain, args.problem, {
    ...(args.search !== undefined ? { search: args.search } : {}),
    ...(args.heuristic !== undefined ? { heuristic: args.heuristic } : {}),
    timeoutMs: Math.max(1, ctx.limits.cpuMs - ctx.cpuMs()),
    now: () => ctx.cpuMs(),
    maxBytes,
    onEvent: (e) => (e.kind === 'phase' ? ctx.progress(e.phase, e.message) : ctx.progress('searching', progressLine(e))),
  });
  const cpuMs = round(ctx.cpuMs());
  if (r.status === 'invalid-input') {
    const out: PlanOut = { status: 'invalid-input', cpuMs, diagnostics: r.diagnostics };
    return output(out, true, [`invalid input: ${errorCount(r.diagnostics)} error(s)`, ...diagnosticLines(r.diagnostics)]);
  }
  const s = r.result.stats;
  const stats = { expansions: s.expansions, evaluations: s.evaluations, generated: s.generated, states: s.states, searchMs: round(s.searchMs), initialH: Number.isFinite(s.initialH) ? s.initialH : null };
  // The planner says `cancelled` only for an aborted signal, which a worker call never passes.
  const status = r.status === 'cancelled' ? 'timeout' : r.status;
  const out: PlanOut = { status, config: r.result.config, stats, ground: r.ground, cpuMs, diagnostics: r.diagnostics };
  const lines: string[] = [];
  if (r.result.status === 'solved' && r.plan) {
    out.plan = r.plan.map((st) => (st.args.length ? `(${st.name} ${st.args.join(' ')})` : `(${st.name})`));
    out.cost = r.result.cost;
    out.length = r.plan.length;
    out.optimal = r.result.optimal ?? false;
    if (r.validation) {
      out.valid = r.validation.valid;
      out.validation = r.validation.message;
    }
    lines.push(`solved: ${out.length} steps, cost ${out.cost}${out.optimal ? ' (optimal)' : ''} [${r.result.config}]${out.validation ? `; validation: ${out.validation}` : ''}`, ...out.plan);
  } else if (r.result.status === 'unsolvable') {
    out.proven = r.result.proven;
    lines.push(`unsolvable${r.result.proven ? ' (proven)' : ''} [${r.result.config}]`);
  } else {
    lines.push(`${status}: no plan within the limits (${(ctx.limits.cpuMs / 1000).toFixed(1)} s CPU, ${Math.round(maxBytes / 1024 / 1024)} MiB) [${r.result.config}]`);
  }
  lines.push(`search: ${s.expansions} expanded, ${s.evaluations} evaluated, ${s.states} states; ground: ${r.ground.facts} facts, ${r.ground.operators} operators`);
  lines.push(...diagnosticLines(r.diagnostics));
  // A plan the validator rejects is a planner or grounder bug: report it as a tool error.
  return output(out, out.valid === false, lines);
}
