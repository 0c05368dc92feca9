/**
 * `groundplan domain build|check|explain|review`: LLM-DM (Guan et al. 2023)
 * world-model construction, automatic checks with the seed's feedback
 * messages, plain-language rendering and correction from feedback.
 * Exit codes: 0 fine, 1 problems found (check) or unresolved issues (build/review), 2 bad input.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import {
  applyCorrections,
  changelogMarkdown,
  checkText,
  constructDomain,
  dialoguesFromHistory,
  explainAction,
  explainActionWithLlm,
  loadDomainSpec,
  modelFromPddl,
  modelFromStored,
  readBuild,
  readFeedbackFile,
  readHistory,
  readPredicates,
  readStoredActions,
  registerLlmDmSynthetic,
  writeBuild,
  type DomainModel,
  type Issue,
  type LlmDmTruth,
} from '../../methods/llm-dm/index.js';
import { addModelOptions, formatUsage, resolveLlm, type ModelOptionValues } from '../model-option.js';
import { canRedraw } from '../terminal.js';


function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new InputError('FILE_READ', `cannot read '${path}'`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new InputError('FILE_READ', `${path}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

function intOption(raw: string | undefined, flag: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 0) throw new InputError('CLI_OPTION', `${flag} expects a non-negative integer, got '${raw}'`);
  return v;
}

const GOLD_FLAG = '--gold FILE: the gold model it writes the actions from (a build\'s model.json, or an LLM-DM JSON model with --gold-predicates)';

/** The gold model the synthetic LLM writes from: a model.json (build output) or an LLM-DM JSON model with its predicate list. */
export function readGold(path: string, predicatesPath: string | undefined, spec: { name: string; types: DomainModel['types']; requirements: string[] }): DomainModel {
  if (existsSync(join(path, 'model.json')) || /model\.json$/.test(path)) return readBuild(path).model;
  if (!predicatesPath) throw new InputError('CLI_OPTION', `--gold ${path} is an LLM-DM JSON model: give its predicate list with --gold-predicates FILE`);
  const actions = readStoredActions(readJsonFile(path), path);
  return modelFromStored(spec, actions, readFileSync(predicatesPath, 'utf8')).model;
}

function issueLine(file: string, i: Issue): string {
  const at = i.diagnostic?.line !== undefined ? `${file}:${i.diagnostic.line}:${i.diagnostic.col}: ` : `${file}: `;
  const who = i.action ? `[${i.action}${i.section ? ` / ${i.section}` : ''}] ` : '';
  return `${at}${i.category}: ${who}${i.message.replace(/\n+/g, ' ')}`;
}

interface BuildOptions extends ModelOptionValues {
  out?: string;
  maxPasses?: string;
  maxRounds?: string;
  gold?: string;
  goldPredicates?: string;
  seed?: string;
  name?: string;
  json?: boolean;
}

/** Loads a domain file for check/explain: model, regions, and predicate descriptions. */
function loadDomainFile(path: string, predicatesPath: string | undefined): { model: DomainModel; result: ReturnType<typeof modelFromPddl> } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new InputError('FILE_READ', `cannot read domain file '${path}'`);
  }
  let descriptions = predicatesPath ? readPredicates(predicatesPath) : [];
  if (!predicatesPath) {
    const sibling = join(path, '..', 'predicates.json');
    if (existsSync(sibling)) descriptions = readPredicates(sibling);
  }
  const result = modelFromPddl(text, path, descriptions);
  if (result.status === 'syntax') return { model: { name: 'domain', types: [], requirements: [], predicates: [], actions: [] }, result };
  // Natural-language action names from a sibling model.json, when there is one.
  const modelJson = join(path, '..', 'model.json');
  if (existsSync(modelJson)) {
    try {
      const stored = readBuild(modelJson).model;
      for (const a of result.model.actions) a.name = stored.actions.find((s) => s.pddlName === a.pddlName)?.name ?? a.name;
      for (const a of result.model.actions) a.parameters = a.parameters.map((p) => ({ ...p, description: stored.actions.find((s) => s.pddlName === a.pddlName)?.parameters.find((q) => q.name === p.name)?.description ?? '' }));
    } catch {
      // a model.json that does not match is ignored
    }
  }
  return { model: result.model, result };
}

/** Shows each action in plain language and asks for a correction (empty answer = fine). */
export async function askCorrections(model: DomainModel, question: (prompt: string) => Promise<string>, write: (text: string) => void): Promise<Map<string, string>> {
  const corrections = new Map<string, string>();
  for (const a of model.actions) {
    write(`\n${explainAction(a, model.predicates)}\n`);
    const answer = (await question('correction (empty = looks right): ')).trim();
    if (answer !== '') corrections.set(a.name, answer);
  }
  return corrections;
}

export function register(program: Command): void {
  // the synthetic model's LLM-DM generators, for `--model synthetic`
  registerLlmDmSynthetic();
  const domain = program.command('domain').description('LLM-DM: build, check, explain and correct PDDL world models with an LLM');

  const build = domain
    .command('build')
    .description('construct domain.pddl action by action with an LLM (checks + up to 8 feedback rounds per action, up to 3 passes)')
    .argument('<dir>', 'domain description: domain_desc.txt, hierarchy_requirements.json, action_model.json')
    .option('-o, --out <dir>', 'output directory (default: <dir>/build)')
    .option('--max-passes <n>', 'passes over all actions while new predicates appear (default 3)')
    .option('--max-rounds <n>', 'automatic feedback rounds per action (default 8)')
    .option('--name <name>', 'domain name (default: the directory name)')
    .option('--gold <file>', 'synthetic model only: the gold model it writes from (model.json, or an LLM-DM JSON model)')
    .option('--gold-predicates <file>', 'predicate list of an LLM-DM JSON gold model')
    .option('--seed <n>', 'episode seed of the synthetic model (default 1)')
    .option('--json', 'print a JSON summary');
  addModelOptions(build);
  build.action(async (dir: string, opts: BuildOptions) => {
    const spec = loadDomainSpec(dir, opts.name);
    const truth: LlmDmTruth | undefined = opts.gold ? { gold: readGold(opts.gold, opts.goldPredicates, spec) } : undefined;
    const llm = await resolveLlm(opts, { seed: intOption(opts.seed, '--seed', 1), truth, truthFlag: GOLD_FLAG });
    const showProgress = !opts.json && canRedraw(process.stderr);
    const result = await constructDomain(spec, llm.client, {
      maxPasses: intOption(opts.maxPasses, '--max-passes', 3),
      maxFeedbackRounds: intOption(opts.maxRounds, '--max-rounds', 8),
      onEvent: (e) => {
        if (showProgress && e.kind === 'answer') process.stderr.write(`\r\x1b[Kpass ${e.pass}: ${e.action} (round ${e.round}, ${e.issues} issue(s))`);
      },
    });
    if (showProgress) process.stderr.write('\r\x1b[K');
    await llm.close();
    const out = opts.out ?? join(dir, 'build');
    const files = writeBuild(out, { spec, model: result.model }, result.history);
    const unresolved = result.outcomes.filter((o) => o.pass === result.passes && o.issues.length > 0);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify({ model: llm.describe(), passes: result.passes, files, outcomes: result.outcomes.map((o) => ({ ...o, issues: o.issues.map((i) => ({ category: i.category, message: i.message })) })), usage: llm.meter.summary().total })}\n`);
    } else {
      process.stdout.write(`model: ${llm.describe()}\n${result.passes} pass(es), ${result.model.actions.length} actions, ${result.model.predicates.length} predicates, ${result.history.length} LLM answers\n`);
      for (const o of result.outcomes) {
        const status = o.issues.length === 0 ? 'ok' : `UNRESOLVED: ${[...new Set(o.issues.map((i) => i.category))].join(', ')}`;
        process.stdout.write(`  pass ${o.pass}  ${o.action.padEnd(50)}  ${String(o.feedbackRounds).padStart(2)} feedback round(s)  ${status}\n`);
      }
      process.stdout.write(`${formatUsage(llm.meter.summary())}\nwrote ${files.join(', ')}\n`);
    }
    if (unresolved.length > 0) process.exitCode = 1;
  });

  domain
    .command('check')
    .description("list a domain's problems with the LLM-DM feedback messages; exit 0 none, 1 problems, 2 bad input")
    .argument('<domain>', 'domain.pddl')
    .option('--predicates <file>', 'predicates.json (or a text list) with descriptions')
    .option('--json', 'print a JSON list of issues')
    .action((path: string, opts: { predicates?: string; json?: boolean }) => {
      const { model, result } = loadDomainFile(path, opts.predicates);
      let issues: Issue[];
      if (result.status === 'syntax') {
        issues = [{ category: 'malformed', message: `There is a syntax error: ${result.message}. Please revise the PDDL model to fix this error.`, diagnostic: { code: 'syntax', message: result.message, line: result.line, col: result.col } }];
      } else {
        issues = checkText(model, result, path);
        if (opts.predicates) {
          const declared = new Set(model.predicates.map((p) => p.name));
          for (const d of readPredicates(opts.predicates)) {
            if (!declared.has(d.name)) issues.push({ category: 'undeclared-predicate', message: `The predicate \`${d.name}\` is in ${opts.predicates} but not declared in the domain's (:predicates ...).` });
          }
        }
      }
      if (opts.json) process.stdout.write(`${JSON.stringify(issues)}\n`);
      else if (issues.length === 0) process.stdout.write(`${path}: no problems found (${model.actions.length} actions, ${model.predicates.length} predicates)\n`);
      else {
        for (const i of issues) process.stdout.write(`${issueLine(path, i)}\n`);
        process.stdout.write(`${issues.length} problem(s)\n`);
      }
      process.exitCode = issues.length === 0 ? 0 : 1;
    });

  const explain = domain
    .command('explain')
    .description('render each action in plain language (templates from the predicate descriptions, or --llm)')
    .argument('<domain>', 'domain.pddl')
    .option('--predicates <file>', 'predicates.json with descriptions (default: predicates.json beside the domain)')
    .option('--action <name>', 'only this action')
    .option('--llm', 'translate with the LLM (kind llmdm.explain) instead of templates');
  addModelOptions(explain);
  explain.action(async (path: string, opts: ModelOptionValues & { predicates?: string; action?: string; llm?: boolean }) => {
    const { model, result } = loadDomainFile(path, opts.predicates);
    if (result.status === 'syntax') throw new InputError('PDDL_PARSE', `${path}:${result.line}:${result.col}: ${result.message}`);
    const actions = opts.action ? model.actions.filter((a) => a.pddlName === opts.action?.toLowerCase() || a.name === opts.action) : model.actions;
    if (actions.length === 0) throw new InputError('CLI_OPTION', `no action '${opts.action ?? ''}' in ${path}; actions: ${model.actions.map((a) => a.pddlName).join(', ')}`);
    const llm = opts.llm ? await resolveLlm(opts, { truth: {} }) : undefined;
    const parts: string[] = [];
    for (const a of actions) parts.push(llm ? `${a.name} (${a.pddlName})\n${await explainActionWithLlm(llm.client, a, model.predicates)}` : explainAction(a, model.predicates));
    await llm?.close();
    process.stdout.write(`${parts.join('\n\n')}\n`);
  });

  const review = domain
    .command('review')
    .description('show each action in plain language and apply corrections (interactive, or --feedback FILE) in the same LLM dialogue; automatic checks run again')
    .argument('<build>', "a build directory written by 'groundplan domain build' (model.json, history.jsonl)")
    .option('--feedback <file>', 'JSON { "action name": "message", ... } instead of asking')
    .option('-o, --out <dir>', 'where to write the corrected domain (default: the build directory)')
    .option('--max-rounds <n>', 'automatic feedback rounds after each correction (default 8)')
    .option('--gold <file>', 'synthetic model only: the gold model (model.json or LLM-DM JSON)')
    .option('--gold-predicates <file>', 'predicate list of an LLM-DM JSON gold model')
    .option('--seed <n>', 'episode seed of the synthetic model (default 1)');
  addModelOptions(review);
  review.action(async (dir: string, opts: BuildOptions & { feedback?: string }) => {
    const stored = readBuild(dir);
    const history = readHistory(dir);
    let corrections: Map<string, string>;
    if (opts.feedback) corrections = readFeedbackFile(opts.feedback, stored.model);
    else {
      if (!process.stdin.isTTY) throw new InputError('CLI_OPTION', 'review needs --feedback FILE when standard input is not a terminal');
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        corrections = await askCorrections(stored.model, (q) => rl.question(q), (t) => process.stdout.write(t));
      } finally {
        rl.close();
      }
    }
    const out = opts.out ?? dir;
    if (corrections.size === 0) {
      process.stdout.write('no corrections\n');
      return;
    }
    const truth: LlmDmTruth | undefined = opts.gold ? { gold: readGold(opts.gold, opts.goldPredicates, stored.spec) } : undefined;
    const llm = await resolveLlm(opts, { seed: intOption(opts.seed, '--seed', 1), truth, truthFlag: GOLD_FLAG });
    const r = await applyCorrections(llm.client, stored.spec, stored.model, corrections, dialoguesFromHistory(history), { maxFeedbackRounds: intOption(opts.maxRounds, '--max-rounds', 8) });
    await llm.close();
    const files = writeBuild(out, { spec: stored.spec, model: r.model }, out === dir ? r.history : [...history, ...r.history], { appendHistory: out === dir });
    const changelog = join(out, 'changelog.md');
    writeFileSync(changelog, changelogMarkdown(r.changelog));
    writeFileSync(join(out, 'changelog.json'), `${JSON.stringify(r.changelog, null, 2)}\n`);
    process.stdout.write(changelogMarkdown(r.changelog));
    process.stdout.write(`wrote ${[...files, changelog].join(', ')}\n`);
    if (r.changelog.some((e) => e.issues.length > 0)) process.exitCode = 1;
  });
}
