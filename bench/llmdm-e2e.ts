/**
 * Part 3 of the LLM-DM report (synthetic LLM): the synthetic model writes the
 * action models of each domain from the experts' corrected gold with injected
 * errors of the annotated kinds and fixes flagged errors with a stated
 * probability; we report feedback rounds and final agreement with the gold.
 * Then the 14 IPC logistics problems: each instruction is translated to a
 * goal and the object states to init facts (synthetic model, validated, with
 * feedback), planned with the constructed model, and the plan is validated
 * against the IPC reference domain through an action mapping. The LLM-planner
 * variant plans with back-prompting instead.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSyntheticModel, type SyntheticModel } from '../src/llm/synthetic-model.js';
import type { Domain, PlanStep, Problem } from '../src/pddl/ast.js';
import { parseDomain } from '../src/pddl/parse-domain.js';
import { parseProblem } from '../src/pddl/parse-problem.js';
import { writeCondition } from '../src/pddl/writer.js';
import { validatePlan } from '../src/validate/validate-plan.js';
import { assembleDomain } from '../src/methods/llm-dm/assemble.js';
import { checkModel } from '../src/methods/llm-dm/checks.js';
import { compareAction } from '../src/methods/llm-dm/compare.js';
import { constructDomain } from '../src/methods/llm-dm/construct.js';
import { applyCorrections, dialoguesFromHistory } from '../src/methods/llm-dm/review.js';
import type { DomainModel } from '../src/pddl/described/model.js';
import type { SceneObject } from '../src/methods/llm-dm/objects.js';
import { llmPlan, planWithModel } from '../src/methods/llm-dm/planning.js';
import { registerLlmDmSynthetic } from '../src/methods/llm-dm/synthetic.js';
import { problemText, translateGoal, translateInit } from '../src/methods/llm-dm/translate.js';
import type { ConstructionFigures } from '../src/eval/report/llmdm-tables.js';
import { correctedModel, domainSpec, LLMDM_DIR, readJson, type LlmdmDomain } from './llmdm-data.js';

export interface ConstructionRow extends ConstructionFigures {
  domain: LlmdmDomain;
  seed: number;
  reviewed: ConstructionFigures['reviewed'] & { unresolved: number };
  model: DomainModel;
  reviewedModel: DomainModel;
}

export function synthetic(knobs: string, seed: number, truth: unknown): SyntheticModel {
  registerLlmDmSynthetic();
  return createSyntheticModel({ knobs, seed, truth });
}

export async function syntheticConstruction(domain: LlmdmDomain, seed: number, knobs: string): Promise<ConstructionRow> {
  const gold = correctedModel(domain).model;
  const client = synthetic(knobs, seed, { gold });
  const spec = domainSpec(domain);
  const r = await constructDomain(spec, client);
  // A simulated expert reviews the plain-language rendering and reports what differs from the gold.
  const corrections = new Map<string, string>();
  for (const a of r.model.actions) {
    const g = gold.actions.find((x) => x.name === a.name);
    if (!g) continue;
    const c = compareAction(a, g);
    if (c.exact) continue;
    const said = [...c.missing.map((m) => `There is a missing ${m.startsWith('pre') ? 'precondition' : 'effect'}: ${m.slice(4)}`), ...c.extra.map((m) => `There is an incorrect ${m.startsWith('pre') ? 'precondition' : 'effect'}: ${m.slice(4)}`)];
    corrections.set(a.name, said.length > 0 ? said.join('. ') : 'The parameter types are wrong.');
  }
  const reviewed = await applyCorrections(client, spec, r.model, corrections, dialoguesFromHistory(r.history));
  const agreeAfter = reviewed.model.actions.map((a) => {
    const g = gold.actions.find((x) => x.name === a.name);
    return g ? compareAction(a, g) : { exact: false, f1: 0 };
  });
  const perAction = r.model.actions.map((a) => {
    const g = gold.actions.find((x) => x.name === a.name);
    const c = g ? compareAction(a, g) : { exact: false, f1: 0 };
    return { action: a.name, rounds: r.outcomes.filter((o) => o.action === a.name).reduce((n, o) => n + o.feedbackRounds, 0), exact: c.exact, f1: c.f1 };
  });
  const lastPass = r.outcomes.filter((o) => o.pass === r.passes);
  return {
    domain,
    seed,
    actions: r.model.actions.length,
    passes: r.passes,
    turns: r.history.length,
    feedbackRounds: r.outcomes.reduce((n, o) => n + o.feedbackRounds, 0),
    unresolved: lastPass.filter((o) => o.issues.length > 0).length,
    exact: perAction.filter((p) => p.exact).length,
    meanF1: perAction.reduce((s, p) => s + p.f1, 0) / Math.max(1, perAction.length),
    reviewed: {
      corrected: corrections.size,
      exact: agreeAfter.filter((x) => x.exact).length,
      meanF1: agreeAfter.reduce((x, y) => x + y.f1, 0) / Math.max(1, agreeAfter.length),
      unresolved: reviewed.changelog.filter((e) => e.issues.length > 0).length,
    },
    perAction,
    model: r.model,
    reviewedModel: reviewed.model,
  };
}

// ---- logistics planning ----

const LOGISTICS_DIR = join(LLMDM_DIR, 'experiments', 'planning_tasks', 'raw_pddl_problems', 'logistics');

/** IPC type predicates → our types. */
const TYPE_OF: Record<string, string> = { obj: 'package', truck: 'truck', airplane: 'plane', location: 'location', city: 'city' };

/** Our action (by PDDL name) → the IPC action and which of our arguments it takes, in order. */
export const ACTION_MAP: Record<string, { ipc: string; args: number[] }> = {
  'load-package-into-truck': { ipc: 'load-truck', args: [0, 1, 2] },
  'unload-package-from-truck': { ipc: 'unload-truck', args: [0, 1, 2] },
  'load-package-into-airplane': { ipc: 'load-airplane', args: [0, 1, 2] },
  'unload-package-from-airplane': { ipc: 'unload-airplane', args: [0, 1, 2] },
  'drive-truck-from-one-location-to-another-in-city': { ipc: 'drive-truck', args: [0, 1, 2, 3] },
  'fly-airplane-from-one-city-to-another': { ipc: 'fly-airplane', args: [0, 1, 2] },
};

export function toIpcPlan(steps: readonly PlanStep[]): PlanStep[] {
  return steps.map((s) => {
    const m = ACTION_MAP[s.name];
    return m ? { name: m.ipc, args: m.args.map((i) => s.args[i]) } : s;
  });
}

interface LogisticsTask {
  instance: string;
  instructions: string[];
  ipcProblem: Problem;
  objects: SceneObject[];
  init: string[];
  goal: string;
}

/** Our vocabulary for an IPC logistics problem: typed objects with plain-language states, init facts and the goal. */
export function logisticsTask(ipcDomain: Domain, instance: string, instructions: string[]): LogisticsTask {
  const ipcProblem = parseProblem(readFileSync(join(LOGISTICS_DIR, instance), 'utf8'), ipcDomain, instance);
  const types = new Map<string, string>();
  for (const e of ipcProblem.init) if (e.kind === 'atom' && e.atom.args.length === 1 && TYPE_OF[e.atom.predicate]) types.set(e.atom.args[0].name, TYPE_OF[e.atom.predicate]);
  const state = new Map<string, string[]>(ipcProblem.objects.map((o) => [o.name, []]));
  const init: string[] = [];
  const fact = (f: string, obj: string, sentence: string): void => {
    init.push(f);
    state.get(obj)?.push(sentence);
  };
  const atomFact = (pred: string, args: string[]): string | undefined => {
    const [a, b] = args;
    if (pred === 'at') return `(${{ truck: 'truck-at', plane: 'plane-at', package: 'package-at' }[types.get(a) ?? ''] ?? 'at'} ${a} ${b})`;
    if (pred === 'in') return `(${types.get(b) === 'truck' ? 'package-in-truck' : 'package-in-plane'} ${a} ${b})`;
    if (pred === 'in-city') return `(location-in-city ${a} ${b})`;
    if (pred === 'airport') return `(location-is-airport ${a})`;
    return undefined;
  };
  for (const e of ipcProblem.init) {
    if (e.kind !== 'atom') continue;
    const args = e.atom.args.map((t) => t.name);
    const f = atomFact(e.atom.predicate, args);
    if (!f) continue;
    const sentence =
      e.atom.predicate === 'at' ? `${args[0]} is at location ${args[1]}` : e.atom.predicate === 'in' ? `${args[0]} is in ${types.get(args[1])} ${args[1]}` : e.atom.predicate === 'in-city' ? `${args[0]} is in city ${args[1]}` : `${args[0]} is an airport`;
    fact(f, args[0], sentence);
  }
  const goalAtoms: string[] = [];
  const walk = (c: Problem['goal']): void => {
    if (c.kind === 'and') c.args.forEach(walk);
    else if (c.kind === 'atom') {
      const f = atomFact(c.atom.predicate, c.atom.args.map((t) => t.name));
      if (f) goalAtoms.push(f);
    }
  };
  walk(ipcProblem.goal);
  const objects = ipcProblem.objects.map((o) => ({ name: o.name, type: types.get(o.name) ?? 'object', state: state.get(o.name) ?? [] }));
  return { instance, instructions, ipcProblem, objects, init, goal: `(and ${goalAtoms.join(' ')})` };
}

export interface PlanningRow {
  instance: string;
  instruction: string;
  goalRounds: number;
  initRounds: number;
  translated: boolean;
  planner: 'solved' | 'no plan' | 'not run';
  plannerValidIpc: boolean;
  llmPlannerValidIpc: boolean;
  llmPlannerRounds: number;
  detail: string;
}

export async function logisticsPlanning(model: DomainModel, knobs: string, seed: number, options: { llmPlanner?: boolean } = {}): Promise<PlanningRow[]> {
  const ipcDomain = parseDomain(readFileSync(join(LOGISTICS_DIR, 'domain.pddl'), 'utf8'), 'domain.pddl');
  const instructions = readJson(join(LOGISTICS_DIR, 'instructions.json')) as Record<string, string[]>;
  const domain = parseDomain(assembleDomain(model).text, 'constructed.pddl');
  const gold = correctedModel('logistics').model;
  const goldDomain = parseDomain(assembleDomain(gold).text, 'gold.pddl');
  const rows: PlanningRow[] = [];
  const instances = Object.keys(instructions).sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  for (const [k, instance] of instances.entries()) {
    const task = logisticsTask(ipcDomain, instance, instructions[instance]);
    for (const [j, instruction] of task.instructions.entries()) {
      // The reference plan the synthetic LLM planner knows: planned with the gold model on the true task.
      const truePt = problemText(gold.name, task.objects, task.init.join('\n'), task.goal, instance.replace('.pddl', ''));
      const goldPlan = planWithModel(goldDomain, parseProblem(truePt.text, goldDomain));
      const truth = { goal: task.goal, init: task.init, plan: goldPlan.status === 'solved' ? goldPlan.steps.map((s) => `(${[s.name, ...s.args].join(' ')})`) : [] };
      const client = synthetic(knobs, seed * 1000 + k * 10 + j, truth);
      const input = { domain, predicates: model.predicates, objects: task.objects };
      const init = await translateInit(client, input);
      const goal = await translateGoal(client, { ...input, instruction });
      const row: PlanningRow = { instance, instruction, goalRounds: goal.rounds, initRounds: init.rounds, translated: init.status === 'ok' && goal.status === 'ok', planner: 'not run', plannerValidIpc: false, llmPlannerValidIpc: false, llmPlannerRounds: 0, detail: '' };
      if (init.status !== 'ok' || goal.status !== 'ok') {
        row.detail = `translation failed: ${(init.status === 'failed' ? init.problems : goal.status === 'failed' ? goal.problems : []).join('; ')}`;
        rows.push(row);
        continue;
      }
      const pt = problemText(domain.name, task.objects, init.text, goal.text, instance.replace('.pddl', ''));
      const problem = parseProblem(pt.text, domain);
      const out = planWithModel(domain, problem, { timeoutMs: 20_000 });
      if (out.status === 'solved') {
        row.planner = 'solved';
        const v = validatePlan(ipcDomain, task.ipcProblem, toIpcPlan(out.steps), { trace: false });
        row.plannerValidIpc = v.status === 'valid';
        if (v.status !== 'valid') row.detail = `IPC validation: ${v.explanation}`;
      } else {
        row.planner = 'no plan';
        row.detail = `planner: ${out.status}; goal ${writeCondition(problem.goal).replace(/\s+/g, ' ')}`;
      }
      if (options.llmPlanner !== false) {
        const lp = await llmPlan(client, model, domain, problem, { instruction });
        row.llmPlannerRounds = lp.rounds;
        row.llmPlannerValidIpc = lp.status === 'valid' && validatePlan(ipcDomain, task.ipcProblem, toIpcPlan(lp.steps), { trace: false }).status === 'valid';
      }
      rows.push(row);
    }
  }
  return rows;
}

export { checkModel };
