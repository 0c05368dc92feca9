/**
 * The tools' input and output schemas (zod; the SDK publishes them as JSON
 * Schema in `tools/list` and checks every call's arguments and every
 * structured result against them). Every output has `diagnostics`, so that a
 * tool error (`isError: true`) still carries located, structured reasons.
 */
import { z } from 'zod';
import { DEFAULT_SEARCH } from '../planner/planner.js';
import { HEURISTIC_NAMES, SEARCH_NAMES } from '../planner/registry.js';
import { diagnosticSchema } from './diagnostics.js';

const pddlText = (what: string) => z.string().describe(`${what} as PDDL text`);

const limits = {
  cpuSeconds: z.number().positive().optional().describe("CPU-time limit of the call in seconds (default: the server's default, 10 s; capped by the server's maximum)"),
};

const diagnostics = z.array(diagnosticSchema).describe('every error and warning, located (source, line:col or JSON path), with code and hint');

/**
 * A tool's output schema: `diagnostics` always, the other fields whenever the
 * tool ran (a call refused or stopped by the server — oversized input, CPU or
 * memory limit, a crash — answers with the diagnostics alone).
 */
function toolOutput<S extends z.ZodRawShape>(shape: S, diagnosticsText?: string) {
  return z.object(shape).partial().extend({ diagnostics: diagnosticsText ? diagnostics.describe(diagnosticsText) : diagnostics });
}

/** A plan: IPC plan-file text (`(pick-up a)` per line, `;` comments), or one step per string. */
const pddlPlan = z.union([z.string(), z.array(z.string())]).describe('the plan: IPC plan text with one (action arg ...) per line, or an array with one step per string');

export const checkInput = z.object({
  domain: pddlText('the domain'),
  problem: z.string().optional().describe('a problem as PDDL text, checked against the domain'),
  ...limits,
});

export const checkOutput = toolOutput({
  ok: z.boolean().describe('no error diagnostics'),
  errors: z.number().int(),
  warnings: z.number().int(),
  domain: z.object({ name: z.string(), types: z.number().int(), predicates: z.number().int(), actions: z.array(z.string()) }).optional(),
  problem: z.object({ name: z.string(), objects: z.number().int(), initialFacts: z.number().int() }).optional(),
});

const searchStats = z.object({
  expansions: z.number(),
  evaluations: z.number(),
  generated: z.number(),
  states: z.number(),
  searchMs: z.number(),
  initialH: z.number().nullable(),
});

export const planInput = z.object({
  domain: pddlText('the domain'),
  problem: pddlText('the problem'),
  search: z.string().optional().describe(`search: ${SEARCH_NAMES.join(', ')} (default ${DEFAULT_SEARCH})`),
  heuristic: z.enum(HEURISTIC_NAMES).optional().describe('heuristic (default ff; lmcut for astar)'),
  strict: z.boolean().optional().describe('refuse every departure from the PDDL standard instead of accepting what Fast Downward accepts (with a warning)'),
  memoryMb: z.number().positive().optional().describe("memory limit of the search's state arrays in MiB (capped by the server's limit)"),
  ...limits,
});

export const planOutput = toolOutput({
  status: z.enum(['solved', 'unsolvable', 'timeout', 'memout', 'invalid-input']),
  plan: z.array(z.string()).optional().describe('the plan, one (action arg ...) per step'),
  cost: z.number().optional(),
  length: z.number().int().optional(),
  optimal: z.boolean().optional(),
  proven: z.boolean().optional().describe('for unsolvable: proven by an exhausted search or unreachable goals'),
  valid: z.boolean().optional().describe('the plan was replayed by the validator and reaches the goal'),
  validation: z.string().optional(),
  config: z.string().optional().describe('the search configuration that ran'),
  stats: searchStats.optional(),
  ground: z.object({ facts: z.number().int(), operators: z.number().int() }).optional(),
  cpuMs: z.number().optional().describe('CPU time the call used'),
}, 'input errors, and the compatibility-policy warnings (severity warning)');

export const validateInput = z.object({
  domain: pddlText('the domain'),
  problem: pddlText('the problem'),
  plan: pddlPlan,
  lenient: z
    .boolean()
    .optional()
    .describe('read the domain and problem as pddl_plan does: accept the departures from the standard it accepts (e.g. ill-typed init facts), each a located warning in diagnostics, instead of refusing what VAL refuses (default false)'),
  ...limits,
});

const unmetLiteral = z.object({ literal: z.string().describe('ground literal, e.g. (clear b) or not (holding a)'), text: z.string().describe('the same in plain language') });

export const validateOutput = toolOutput({
  valid: z.boolean(),
  status: z.enum(['valid', 'invalid', 'invalid-input']),
  reason: z.enum(['precondition', 'goal', 'unknown-action', 'arity', 'unknown-object', 'type']).optional(),
  cost: z.number().optional(),
  length: z.number().int().optional(),
  failingStep: z.object({ index: z.number().int().describe('1-based step number'), action: z.string(), line: z.number().int().optional() }).optional(),
  unmet: z.array(unmetLiteral).optional().describe('the failing precondition literals of the failing step, or the unmet goal literals'),
  explanation: z.string().optional(),
  hints: z.array(z.string()).optional().describe('which actions can make each unmet literal true or false'),
});

export const explainInput = z.object({
  domain: pddlText('the domain'),
  problem: z.string().optional().describe('a problem as PDDL text, rendered as well'),
  predicates: z.record(z.string(), z.string()).optional().describe('plain-language description per predicate, e.g. {"on": "?x is on top of ?y"}; missing ones are derived from the names'),
  ...limits,
});

export const explainOutput = toolOutput({
  domain: z.string().optional(),
  actions: z.array(z.object({ name: z.string(), text: z.string() })).optional(),
  problem: z.object({ name: z.string(), objects: z.array(z.string()), init: z.array(z.string()), goal: z.array(z.string()) }).optional(),
  text: z.string().optional().describe('the whole rendering'),
  derivedDescriptions: z.array(z.string()).optional().describe('predicates whose description was derived from the name'),
});

export const repairInput = z.object({
  domain: pddlText('the domain'),
  problem: pddlText('the problem'),
  plan: pddlPlan,
  maxEdits: z.number().int().min(1).max(20).optional().describe('most edits to chain (default 4)'),
  ...limits,
});

const pddlEdit = z.object({
  op: z.enum(['insert', 'delete', 'replace']),
  at: z.number().int().describe('1-based position in the plan the edit applies to (for insert: the new step becomes step `at`)'),
  step: z.string().optional().describe('the inserted or replacing step'),
  removed: z.string().optional().describe('the deleted or replaced step'),
  reason: z.string(),
});

export const repairOutput = toolOutput({
  status: z.enum(['valid', 'repaired', 'improved', 'no-edit', 'invalid-input']).describe('valid: nothing to do; repaired: the edits make the plan valid; improved: they get further but not to a valid plan; no-edit: no single edit helps'),
  edits: z.array(pddlEdit),
  plan: z.array(z.string()).optional().describe('the plan after the edits'),
  repairedValid: z.boolean().optional(),
  remaining: z.string().optional().describe('what is still wrong after the edits'),
  explanation: z.string().optional().describe("the validator's verdict on the plan as given"),
  hints: z.array(z.string()).optional().describe("the validator's achiever hints for the plan as given"),
  candidates: z.number().int().optional().describe('edited plans replayed'),
});

const sceneInput = z.union([z.string(), z.record(z.string(), z.unknown())]).describe('the scene graph: GAVEL scene JSON {rooms, connections, objects, relations, robot} (object or JSON text)');
const householdPlan = z
  .union([z.string(), z.array(z.union([z.string(), z.object({ action: z.string(), args: z.array(z.string()).optional() })]))])
  .describe('the plan: text with one step per line (Grasp(apple_1) or grasp apple_1), or an array of step strings or {action, args}');
const goalInput = z.union([z.string(), z.array(z.string())]).describe('goal literals, one per line or per string: on_top(apple, table), object_inside(a, fridge), not open(fridge), ...');

export const householdInput = z.object({ scene: sceneInput, plan: householdPlan, goal: goalInput.optional(), ...limits });
export const householdRepairInput = householdInput.extend({ maxEdits: z.number().int().min(1).max(200).optional().describe('most edits (default 4 per step + 16)') });

const failure = z.object({ step: z.number().int().describe('1-based step number'), action: z.string(), code: z.string(), message: z.string() });
const verdict = z.object({
  valid: z.boolean(),
  applicable: z.boolean(),
  executed: z.number().int(),
  failure: failure.optional(),
  unmet: z.array(z.string()),
  safe: z.boolean(),
  safety: z.array(z.object({ kind: z.enum(['left_open', 'left_on']), object: z.string(), since: z.number().int().describe('1-based step that opened / switched it on') })),
  distance: z.number(),
});

export const householdVerifyOutput = toolOutput({ verdict });

export const householdRepairOutput = toolOutput({
  verdict: verdict.optional().describe('the plan as given'),
  repaired: z
    .object({
      plan: z.array(z.string()),
      verdict,
      edits: z.array(z.object({ rule: z.string(), at: z.number().int(), inserted: z.array(z.string()), removed: z.array(z.string()), reason: z.string() })),
      stop: z.enum(['valid', 'no-edit', 'repeated', 'budget']),
    })
    .optional(),
});

export const debugInput = z.object({ mode: z.enum(['throw', 'oom', 'exit', 'spin', 'sleep']), ms: z.number().optional(), ...limits });
export const debugOutput = toolOutput({});
