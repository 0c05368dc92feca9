/**
 * `groundplan solve --domain domain.pddl --objects FILE --instruction "..." [--llm-planner]`:
 * LLM-DM planning (Guan et al. 2023, §4.3): the object states become init
 * facts and the instruction a goal (LLM, validated, with a feedback round);
 * then the PDDL planner plans (or, with --llm-planner, an LLM planner
 * back-prompted by validation feedback, up to 8 rounds). With --plan FILE a
 * proposed plan is validated to point at the first unmet precondition (A.4).
 * Exit 0 a valid plan, 1 no plan / translation failed, 2 bad input.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { parseDomain } from '../../pddl/parse-domain.js';
import { parseProblem } from '../../pddl/parse-problem.js';
import { parsePlan, formatPlan } from '../../validate/plan-file.js';
import {
  checkProposedPlan,
  llmPlan,
  modelFromPddl,
  planWithModel,
  problemText,
  readBuild,
  readPredicates,
  readSceneObjects,
  registerLlmDmSynthetic,
  translateGoal,
  translateInit,
  type DomainModel,
  type LlmDmTruth,
} from '../../methods/llm-dm/index.js';
import { addModelOptions, resolveLlm, type ModelOptionValues } from '../model-option.js';


interface SolveOptions extends ModelOptionValues {
  domain: string;
  objects: string;
  instruction: string;
  predicates?: string;
  llmPlanner?: boolean;
  plan?: string;
  truth?: string;
  seed?: string;
  planTimeout?: string;
  problemOut?: string;
  json?: boolean;
}

function read(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new InputError('FILE_READ', `cannot read ${what} file '${path}'`);
  }
}

function readJson(path: string, what: string): unknown {
  const text = read(path, what);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new InputError('FILE_READ', `${path}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

export function register(program: Command): void {
  // the synthetic model's LLM-DM generators, for `--model synthetic`
  registerLlmDmSynthetic();
  const cmd = program
    .command('solve')
    .description('LLM-DM: translate objects and an instruction to a PDDL problem and plan with a constructed domain (or an LLM planner)')
    .requiredOption('--domain <file>', 'domain.pddl (e.g. from groundplan domain build)')
    .requiredOption('--objects <file>', 'objects with plain-language states: {"objects": {"NAME": {"type": {"name": "TYPE"}, "state": ["..."]}}}')
    .requiredOption('--instruction <text>', 'what to achieve, in words')
    .option('--predicates <file>', 'predicates.json with descriptions (default: beside the domain)')
    .option('--llm-planner', 'plan with the LLM, back-prompted with validation feedback (up to 8 rounds)')
    .option('--plan <file>', 'a plan you propose: validated against the model to find the first unmet precondition')
    .option('--truth <file>', 'synthetic model only: {"goal": "(and ...)", "init": ["(p a)"], "plan": ["(act a b)"]}')
    .option('--seed <n>', 'episode seed of the synthetic model (default 1)')
    .option('--plan-timeout <sec>', 'planner time limit in seconds (default 60)')
    .option('--problem-out <file>', 'write the translated problem here')
    .option('--json', 'print one JSON object');
  addModelOptions(cmd);
  cmd.addHelpText('after', `
Example, offline with the bundled gripper domain (data/demo/solve: domain.pddl and predicates.json as
'groundplan domain build' writes them, objects.json, and truth.json for the synthetic model):
  groundplan solve --domain data/demo/solve/domain.pddl --objects data/demo/solve/objects.json \\
    --instruction "pick up ball_1" --model synthetic --truth data/demo/solve/truth.json
With a real model, leave out --truth: --model openai:gpt-4.1 (OPENAI_API_KEY), compat:NAME@URL, …`);
  cmd.action(async (opts: SolveOptions) => {
    const domainText = read(opts.domain, 'domain');
    const domain = parseDomain(domainText, opts.domain);
    const predPath = opts.predicates ?? join(dirname(opts.domain), 'predicates.json');
    const descriptions = existsSync(predPath) ? readPredicates(predPath) : [];
    const read2 = modelFromPddl(domainText, opts.domain, descriptions);
    if (read2.status !== 'ok') throw new InputError('PDDL_PARSE', read2.message);
    const model: DomainModel = read2.model;
    const modelJson = join(dirname(opts.domain), 'model.json');
    if (existsSync(modelJson)) {
      const stored = readBuild(modelJson).model;
      for (const a of model.actions) a.name = stored.actions.find((s) => s.pddlName === a.pddlName)?.name ?? a.name;
    }
    const objects = readSceneObjects(readJson(opts.objects, 'objects'), opts.objects);
    const known = new Set(['object', ...domain.types.map((t) => t.name)]);
    const badTypes = objects.filter((o) => !known.has(o.type.toLowerCase()));
    if (badTypes.length > 0) {
      throw new InputError('OBJECTS', `${opts.objects}: object ${badTypes.map((o) => `'${o.name}' has type '${o.type}'`).join(', ')}, not a type of ${opts.domain}; its types: ${[...known].join(', ')}`);
    }
    const truth = opts.truth ? (readJson(opts.truth, 'truth') as LlmDmTruth) : undefined;
    const seed = opts.seed === undefined ? 1 : Number(opts.seed);
    if (!Number.isInteger(seed)) throw new InputError('CLI_OPTION', `--seed expects an integer, got '${opts.seed ?? ''}'`);
    const timeoutSec = opts.planTimeout === undefined ? 60 : Number(opts.planTimeout);
    if (!(timeoutSec > 0)) throw new InputError('CLI_OPTION', `--plan-timeout expects a positive number, got '${opts.planTimeout ?? ''}'`);
    const llm = await resolveLlm(opts, { seed, truth, truthFlag: '--truth FILE: the goal, initial facts and plan it answers from (e.g. data/demo/solve/truth.json)' });
    const input = { domain, predicates: model.predicates, objects };
    const init = await translateInit(llm.client, input);
    const goal = await translateGoal(llm.client, { ...input, instruction: opts.instruction });
    const out: Record<string, unknown> = { model: llm.describe(), initRounds: init.rounds, goalRounds: goal.rounds };
    const say = (s: string): void => {
      if (!opts.json) process.stdout.write(`${s}\n`);
    };
    const finish = async (code: number): Promise<void> => {
      await llm.close();
      if (opts.json) process.stdout.write(`${JSON.stringify(out)}\n`);
      process.exitCode = code;
    };
    if (init.status !== 'ok' || goal.status !== 'ok') {
      const problems = [...(init.status === 'failed' ? init.problems.map((p) => `init: ${p}`) : []), ...(goal.status === 'failed' ? goal.problems.map((p) => `goal: ${p}`) : [])];
      out.status = 'translation-failed';
      out.problems = problems;
      say(`translation failed after feedback:\n${problems.map((p) => `  ${p}`).join('\n')}`);
      return finish(1);
    }
    const pt = problemText(domain.name, objects, init.text.split('\n').map((l) => `    ${l.trim()}`).join('\n'), goal.text);
    const problem = parseProblem(pt.text, domain, opts.problemOut ?? 'problem.pddl');
    if (opts.problemOut) writeFileSync(opts.problemOut, pt.text);
    out.goal = goal.text;
    out.init = init.text.split('\n').filter((l) => l.trim() !== '');
    say(`goal: ${goal.text.replace(/\s+/g, ' ')}  (${goal.rounds} feedback round(s))\ninit: ${(out.init as string[]).length} facts  (${init.rounds} feedback round(s))`);
    let code = 0;
    if (opts.llmPlanner) {
      const r = await llmPlan(llm.client, model, domain, problem, { instruction: opts.instruction });
      out.planner = 'llm';
      out.status = r.status;
      out.rounds = r.rounds;
      out.plan = r.steps.map((s) => `(${[s.name, ...s.args].join(' ')})`);
      say(`LLM planner: ${r.status} after ${r.rounds} feedback round(s)`);
      say(formatPlan(r.steps).trimEnd());
      if (r.status !== 'valid' && r.last.status === 'invalid') say(r.last.explanation);
      code = r.status === 'valid' ? 0 : 1;
    } else {
      const r = planWithModel(domain, problem, { timeoutMs: timeoutSec * 1000 });
      out.planner = 'pddl';
      out.status = r.status;
      if (r.status === 'solved') {
        out.plan = r.steps.map((s) => `(${[s.name, ...s.args].join(' ')})`);
        say(formatPlan(r.steps, `cost = ${r.cost}`).trimEnd());
      } else {
        say(`no plan (${r.status}). If you know a plan that works, give it with --plan FILE to find the first unmet precondition in the model.`);
        code = 1;
      }
    }
    if (opts.plan) {
      const proposed = parsePlan(read(opts.plan, 'plan'), opts.plan);
      const c = checkProposedPlan(model, domain, problem, proposed);
      out.proposed = { status: c.result.status, message: c.message, inspect: c.inspect };
      say(`\nproposed plan: ${c.message}`);
      if (c.inspect?.explanation) say(`\naction to inspect (step ${c.inspect.step}):\n${c.inspect.explanation}`);
    }
    return finish(code);
  });
}
