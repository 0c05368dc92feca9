/**
 * A small agent that uses the groundplan MCP server through an MCP client,
 * as any agent would: the LLM proposes, the world model checks.
 * 1. It reads the demo domain (a resource) and has the LLM write the problem
 *    for a task given in words; `pddl_check` finds the mistakes with their
 *    line:col and the LLM fixes them, until the check passes.
 * 2. `pddl_plan` gives a verified plan and its cost.
 * 3. The LLM writes its own plan; `pddl_validate` replays it; when it fails,
 *    `pddl_repair_hints` proposes edits, and the edited plan is validated.
 * 4. On the household scene graph, the LLM's plan goes through
 *    `household_verify` and `household_repair`.
 * With the `synthetic` model it runs offline (the stand-in knows the gold
 * problem and plan and adds seeded mistakes); any real model works as well.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { extractCode } from '../llm/extract-json.js';
import type { ChatMessage, LlmClient } from '../llm/types.js';
import { HOUSEHOLD_KIND, PLAN_KIND, PROBLEM_KIND } from './demo-agent-synthetic.js';

export type TranscriptEntry =
  | { kind: 'resource'; uri: string; chars: number }
  | { kind: 'llm'; prompt: string; attempt: number; answer: string }
  | { kind: 'tool'; name: string; args: string; isError: boolean; text: string }
  | { kind: 'note'; text: string };

export interface AgentSummary {
  problemRounds: number;
  problemOk: boolean;
  plannerCost?: number;
  ownPlanValid: boolean;
  ownPlanCost?: number;
  repaired?: boolean;
  householdValid?: boolean;
}

/** The demo task in words (the kitchen-tidy problem of data/demo). */
export const KITCHEN_TASK = [
  'Kitchen: surfaces counter and table; containers fridge, pantry and drawer (the fridge is a fridge); items milk, yoghurt, cereal, bowl and spoon.',
  'Initially the robot is at the counter with an empty hand; milk, cereal and spoon are in (on) the counter, the yoghurt is on the table, the bowl is in the drawer; every container is closed. total-cost starts at 0.',
  'Distances (both ways): counter-table 4, counter-fridge 2, counter-pantry 3, counter-drawer 1, table-fridge 5, table-pantry 6, table-drawer 4, fridge-pantry 2, fridge-drawer 2, pantry-drawer 3.',
  'Goal: milk and yoghurt in the fridge and cold, cereal in the pantry, the bowl on the table, and no container left open. Minimize total-cost.',
].join('\n');

/** A valid plan for the demo problem as a person would write it (cost 51; checked by the tests). */
export const KITCHEN_GOLD_PLAN = [
  '(move counter fridge)',
  '(open fridge)',
  '(move fridge counter)',
  '(pick-from-surface milk counter)',
  '(move counter fridge)',
  '(place-in-container milk fridge)',
  '(move fridge table)',
  '(pick-from-surface yoghurt table)',
  '(move table fridge)',
  '(place-in-container yoghurt fridge)',
  '(close fridge)',
  '(move fridge pantry)',
  '(open pantry)',
  '(move pantry counter)',
  '(pick-from-surface cereal counter)',
  '(move counter pantry)',
  '(place-in-container cereal pantry)',
  '(close pantry)',
  '(move pantry drawer)',
  '(open drawer)',
  '(pick-from-container bowl drawer)',
  '(close drawer)',
  '(move drawer table)',
  '(place-on-surface bowl table)',
];

const SYSTEM = 'You are a planning assistant. You write PDDL and plans; a verifier checks them and tells you what is wrong.';

function text(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
  return content.find((c) => c.type === 'text')?.text ?? '';
}

function summarize(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([k, v]) => {
      if (typeof v === 'string') return `${k}: ${v.length > 40 || v.includes('\n') ? `<${v.split('\n').length} lines>` : JSON.stringify(v)}`;
      if (Array.isArray(v)) return `${k}: <${v.length} items>`;
      return `${k}: ${JSON.stringify(v)}`;
    })
    .join(', ');
}

export interface AgentOptions {
  mcp: Client;
  llm: LlmClient;
  onEntry: (e: TranscriptEntry) => void;
  /** Rounds of writing the problem (default 3). */
  maxRounds?: number;
}

export async function runDemoAgent(options: AgentOptions): Promise<AgentSummary> {
  const { mcp, llm, onEntry } = options;
  const maxRounds = options.maxRounds ?? 3;
  const read = async (uri: string): Promise<string> => {
    const r = await mcp.readResource({ uri });
    const first = r.contents[0];
    const body = first && 'text' in first && typeof first.text === 'string' ? first.text : '';
    onEntry({ kind: 'resource', uri, chars: body.length });
    return body;
  };
  const call = async (name: string, args: Record<string, unknown>): Promise<{ isError: boolean; structured: Record<string, unknown>; text: string }> => {
    const r = await mcp.callTool({ name, arguments: args });
    const out = { isError: r.isError === true, structured: (r.structuredContent ?? {}) as Record<string, unknown>, text: text(r) };
    onEntry({ kind: 'tool', name, args: summarize(args), isError: out.isError, text: out.text });
    return out;
  };
  const ask = async (kind: string, messages: ChatMessage[], attempt: number, vars: unknown): Promise<string> => {
    const res = await llm.complete({ kind, messages, attempt, vars });
    onEntry({ kind: 'llm', prompt: kind, attempt, answer: res.text.trim() });
    return res.text;
  };

  // 1. the problem, checked until it passes
  const domain = await read('groundplan://demo/kitchen-tidy/domain.pddl');
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Domain:\n\`\`\`pddl\n${domain}\n\`\`\`\n\nWrite the PDDL problem for this task, in one \`\`\`pddl block:\n${KITCHEN_TASK}` },
  ];
  let problem = '';
  let problemOk = false;
  let rounds = 0;
  while (rounds < maxRounds && !problemOk) {
    rounds++;
    const answer = await ask(PROBLEM_KIND, messages, rounds, { task: KITCHEN_TASK });
    problem = extractCode(answer, 'pddl');
    const check = await call('pddl_check', { domain, problem });
    problemOk = !check.isError;
    if (!problemOk) {
      messages.push({ role: 'assistant', content: answer }, { role: 'user', content: `pddl_check reported:\n${check.text}\n\nFix these and give the whole problem again in one \`\`\`pddl block.` });
    }
  }
  const summary: AgentSummary = { problemRounds: rounds, problemOk, ownPlanValid: false };
  if (!problemOk) {
    onEntry({ kind: 'note', text: `the problem still has errors after ${rounds} rounds; stopping` });
    return summary;
  }

  // 2. a verified plan from the planner
  const planned = await call('pddl_plan', { domain, problem });
  if (planned.structured.status === 'solved') summary.plannerCost = planned.structured.cost as number;

  // 3. the LLM's own plan, validated, and repaired with the validator's hints
  const planAnswer = await ask(PLAN_KIND, [...messages, { role: 'user', content: `The problem is correct:\n\`\`\`pddl\n${problem}\n\`\`\`\nWrite a plan for it, one (action arg ...) per line, in one \`\`\`text block.` }], 1, {});
  const ownPlan = extractCode(planAnswer, 'text');
  const verdict = await call('pddl_validate', { domain, problem, plan: ownPlan });
  summary.ownPlanValid = !verdict.isError;
  if (summary.ownPlanValid) summary.ownPlanCost = verdict.structured.cost as number;
  else {
    const hints = await call('pddl_repair_hints', { domain, problem, plan: ownPlan });
    const edited = hints.structured.plan as string[] | undefined;
    if (hints.structured.status === 'repaired' && edited) {
      const again = await call('pddl_validate', { domain, problem, plan: edited });
      summary.repaired = !again.isError;
      if (summary.repaired) summary.ownPlanCost = again.structured.cost as number;
    } else summary.repaired = false;
  }

  // 4. the household scene graph
  const scene = await read('groundplan://demo/household/scene.json');
  const goal = await read('groundplan://demo/household/goal.txt');
  const hhAnswer = await ask(
    HOUSEHOLD_KIND,
    [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Scene graph:\n\`\`\`json\n${scene}\`\`\`\nGoal:\n${goal}\nWrite a plan with the primitives NavigateTo, Grasp, PlaceOnTop, PlaceInside, Open, Close, ToggleOn, ToggleOff, Release, one per line, in one \`\`\`text block.` },
    ],
    1,
    {},
  );
  const hhPlan = extractCode(hhAnswer, 'text');
  const hv = await call('household_verify', { scene, plan: hhPlan, goal });
  if (!hv.isError) summary.householdValid = true;
  else {
    const hr = await call('household_repair', { scene, plan: hhPlan, goal });
    summary.householdValid = !hr.isError;
  }
  return summary;
}

function fence(body: string, lang = ''): string {
  return `\`\`\`${lang}\n${body.trim()}\n\`\`\``;
}

/** The transcript as Markdown (no timings, so the same run gives the same text). */
export function transcriptMarkdown(entries: readonly TranscriptEntry[]): string {
  const out: string[] = [];
  let n = 0;
  for (const e of entries) {
    n++;
    if (e.kind === 'resource') out.push(`**${n}. read resource** \`${e.uri}\` (${e.chars} characters)`);
    else if (e.kind === 'note') out.push(`**${n}. note:** ${e.text}`);
    else if (e.kind === 'llm') out.push(`**${n}. LLM** \`${e.prompt}\`${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}:\n\n${fence(extractCode(e.answer), e.prompt === PROBLEM_KIND ? 'pddl' : 'text')}`);
    else out.push(`**${n}. tool** \`${e.name}\` (${e.args}) → ${e.isError ? '**isError**' : 'ok'}\n\n${fence(e.text)}`);
  }
  return `${out.join('\n\n')}\n`;
}
