/**
 * The synthetic LLM's answers for the demo agent loop (kinds `mcp-agent.*`).
 * Like every synthetic answer it is built from the episode's hidden truth
 * (the gold problem and a gold plan) with seeded noise of the kinds LLMs make:
 * misspelt object and predicate names in the problem it writes, steps left out
 * of the plan it proposes. Answers are text in the format asked of a real
 * model (fenced code blocks), so the agent's parsing is exercised.
 */
import type { Rng } from '../core/rng.js';
import { declareSyntheticKnobs, registerSyntheticGenerator, type SyntheticCall, type SyntheticContext } from '../llm/synthetic-model.js';
import { LlmError } from '../llm/errors.js';

export const PROBLEM_KIND = 'mcp-agent.problem';
export const PLAN_KIND = 'mcp-agent.plan';
export const HOUSEHOLD_KIND = 'mcp-agent.household-plan';

export interface AgentTruth {
  /** The gold problem text. */
  problem: string;
  /** A valid plan for it, one `(action args)` per string. */
  plan: string[];
  /** The household plan the stand-in proposes. */
  householdPlan: string;
}

function truthOf(ctx: SyntheticContext, kind: string): AgentTruth {
  const t = ctx.truth as Partial<AgentTruth> | undefined;
  if (!t || typeof t.problem !== 'string' || !Array.isArray(t.plan) || typeof t.householdPlan !== 'string') {
    throw new LlmError('LLM_SYNTHETIC', `synthetic ${kind}: the episode has no demo-agent truth ({problem, plan, householdPlan})`);
  }
  return t as AgentTruth;
}

/** `milk` → `mlik`: two adjacent inner letters swapped (names of 3+ letters), else a letter doubled. */
export function typo(name: string, rng: Rng): string {
  if (name.length < 3) return `${name}${name[name.length - 1]}`;
  const i = 1 + rng.int(name.length - 2);
  const swapped = `${name.slice(0, i - 1)}${name[i]}${name[i - 1]}${name.slice(i + 1)}`;
  return swapped === name ? `${name}${name[name.length - 1]}` : swapped;
}

/**
 * Plants `n` misspellings in the :init and :goal sections: in each chosen
 * line, one atom's predicate or one of its arguments. Returns the text and
 * what was changed (for tests).
 */
export function plantErrors(problem: string, n: number, rng: Rng): { text: string; planted: string[] } {
  const lines = problem.split('\n');
  const start = lines.findIndex((l) => l.includes('(:init'));
  const candidates: number[] = [];
  for (let i = Math.max(0, start); i < lines.length; i++) if (/\(\s*[a-z][\w-]*\s+[a-z]/i.test(lines[i]) && !lines[i].includes('(=') && !lines[i].includes(':metric')) candidates.push(i);
  const chosen = rng.shuffle(candidates).slice(0, n);
  const planted: string[] = [];
  for (const i of chosen) {
    const atoms = [...lines[i].matchAll(/\((?!and\b|not\b|forall\b|:)([a-z][\w-]*)((?:\s+[a-z?][\w-]*)+)\)/gi)];
    if (atoms.length === 0) continue;
    const a = rng.pick(atoms);
    const words = [a[1], ...a[2].trim().split(/\s+/)].filter((w) => !w.startsWith('?'));
    const w = rng.pick(words);
    const bad = typo(w, rng);
    const atom = a[0].replace(new RegExp(`(?<=[\\s(])${w}(?=[\\s)])`), bad);
    lines[i] = lines[i].replace(a[0], atom);
    planted.push(`${a[0]} -> ${atom}`);
  }
  return { text: lines.join('\n'), planted };
}

function problemAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  const t = truthOf(ctx, call.kind);
  const errors = Number(ctx.knobs.agentProblemErrors);
  const fixed = call.attempt > 1 && ctx.rng.chance(Number(ctx.knobs.agentFixRate));
  const text = fixed ? t.problem : plantErrors(t.problem, call.attempt > 1 ? 1 : errors, ctx.rng).text;
  return `${fixed ? 'Here is the corrected problem.' : 'Here is the problem.'}\n\n\`\`\`pddl\n${text.trim()}\n\`\`\`\n`;
}

function planAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  const t = truthOf(ctx, call.kind);
  const drops = Math.min(Number(ctx.knobs.agentPlanDrops), t.plan.length);
  const keep = new Set(ctx.rng.shuffle(t.plan.map((_, i) => i)).slice(drops));
  const steps = t.plan.filter((_, i) => keep.has(i));
  return `My plan:\n\n\`\`\`text\n${steps.join('\n')}\n\`\`\`\n`;
}

function householdAnswer(call: SyntheticCall, ctx: SyntheticContext): string {
  return `\`\`\`text\n${truthOf(ctx, call.kind).householdPlan.trim()}\n\`\`\`\n`;
}

let registered = false;

/** Registers the generators and knobs with the default synthetic registry (once). */
export function registerAgentSynthetic(): void {
  if (registered) return;
  registered = true;
  declareSyntheticKnobs('mcp-agent', {
    agentProblemErrors: { default: 2, min: 0, max: 10, description: 'misspelt names the demo agent plants in the problem it writes' },
    agentFixRate: { default: 1, min: 0, max: 1, description: 'chance the demo agent fixes its problem after pddl_check feedback' },
    agentPlanDrops: { default: 1, min: 0, max: 10, description: 'steps the demo agent leaves out of its own plan' },
  });
  registerSyntheticGenerator(PROBLEM_KIND, problemAnswer);
  registerSyntheticGenerator(PLAN_KIND, planAnswer);
  registerSyntheticGenerator(HOUSEHOLD_KIND, householdAnswer);
}
