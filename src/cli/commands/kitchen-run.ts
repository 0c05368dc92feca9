/**
 * `groundplan kitchen run --task FILE --method tru-pomdp [...]`: one spec
 * of the kitchen episode runner (src/episode/kitchen.ts) for a method of the
 * kitchen catalogues, the LLM built from the command's flags, printing a step table as it goes
 * (action, reward, top hypothesis and its weight) and a result line; `--json`
 * ends with one JSON object; `--trace FILE` writes the evaluation trace format
 * (`episode` line, one `step` line per action with the true state, belief and
 * search, `result` line with the row; see docs/eval.md).
 * With `--model synthetic`, the task file's goal set and placements are the
 * synthetic model's hidden truth; the method never sees them.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { loadTask, type KitchenTask } from '../../envs/kitchen/index.js';
import { parseGivenKnobs, prepareEpisode, runKitchenSpec, toJson, type EpisodeOutcome, type EpisodeSpec, type Json, type KitchenRunResult, type MethodStepRecord } from '../../episode/index.js';
import { episodeKey } from '../../eval/key.js';
import { doneRow } from '../../eval/runner.js';
import { openTraceFile, type TraceWriter } from '../../eval/trace.js';
import { KITCHEN_REGISTRY } from '../../methods/index.js';
import { asRolloutFunction, loadLlmPolicy } from '../../methods/tru-pomdp/policy/index.js';
import { writeWarnings } from '../warnings.js';
import { formatUsage, resolveLlm } from '../model-option.js';
import { addEpisodeOptions, episodeTimeLimit, type EpisodeOptionValues } from '../episode-options.js';

export interface KitchenRunOptions extends EpisodeOptionValues {
  task: string;
  kitchen?: string;
  method: string;
  ablation?: string;
  seed: string;
  timePerMove?: string;
  maxTrials?: string;
  scenarios?: string;
  depth?: string;
  rolloutDepth?: string;
  epsilon?: string;
  clock?: string;
  stepLimit?: string;
  rollout?: string;
}

/** An integer flag value ≥ `min` (undefined when the flag is absent). */
export function int(raw: string | undefined, flag: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new InputError('CLI_OPTION', `${flag}: expected an integer ≥ ${min}, got '${raw}'`);
  return n;
}

function real(raw: string | undefined, flag: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new InputError('CLI_OPTION', `${flag}: expected a number ≥ ${min}, got '${raw}'`);
  return n;
}

/** Method options from the CLI flags (only those given). */
export function methodOptionsFrom(opts: KitchenRunOptions): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  if (opts.ablation) o.ablation = opts.ablation;
  const tpm = real(opts.timePerMove, '--time-per-move', 0);
  if (tpm !== undefined) o.timePerMove = tpm;
  const mt = int(opts.maxTrials, '--max-trials', 1);
  if (mt !== undefined) o.maxTrials = mt;
  const k = int(opts.scenarios, '--scenarios', 1);
  if (k !== undefined) o.numScenarios = k;
  const d = int(opts.depth, '--depth', 1);
  if (d !== undefined) o.depth = d;
  const rd = int(opts.rolloutDepth, '--rollout-depth', 0);
  if (rd !== undefined) o.rolloutDepth = rd;
  const eps = real(opts.epsilon, '--epsilon', 0);
  if (eps !== undefined) o.epsilon = eps;
  if (opts.clock) o.clock = opts.clock;
  return o;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

/** A step-table row (shared with `groundplan demo`). */
export function formatStepRow(r: MethodStepRecord): string {
  const belief = r.details.belief as Array<{ goal: string; weight: number }> | undefined;
  const topH = belief && belief.length > 0 ? `${belief[0].goal} (${belief[0].weight.toFixed(2)})` : '-';
  const act = r.feasible ? r.action : `${r.action} [infeasible]`;
  return `${String(r.step).padStart(4)}  ${pad(act, 48)} ${String(r.reward).padStart(6)}  ${r.planningSeconds.toFixed(2).padStart(6)}s  ${topH}`;
}

export const STEP_HEADER = `${'step'.padStart(4)}  ${pad('action', 48)} ${'reward'.padStart(6)}  ${'plan'.padStart(7)}  top hypothesis (weight)`;

export function formatResultLine(r: KitchenRunResult, model: string): string {
  const outcome = r.success ? `success in ${r.steps} steps` : `${r.status} (${r.steps} steps counted)`;
  return `${outcome}, reward ${r.reward}, planning ${r.planningSeconds.toFixed(1)} s, LLM ${r.llm.calls} calls, ${r.llm.inputTokens} in / ${r.llm.outputTokens} out tokens (${model})`;
}

/** The catalogue name of `--method` with `--ablation` (`tru-pomdp/no-belief`), checked against the registry. */
function methodName(opts: KitchenRunOptions): string {
  if (!KITCHEN_REGISTRY.get(opts.method)) throw new InputError('CLI_OPTION', `--method: unknown method '${opts.method}' (known: ${KITCHEN_REGISTRY.names().filter((n) => !n.includes('/')).join(', ')})`);
  if (!opts.ablation) return opts.method;
  const name = `${opts.method}/${opts.ablation}`;
  if (!KITCHEN_REGISTRY.get(name)) {
    const known = KITCHEN_REGISTRY.names().filter((n) => n.startsWith(`${opts.method}/`)).map((n) => n.slice(opts.method.length + 1));
    throw new InputError('CLI_OPTION', `--ablation: unknown ablation '${opts.ablation}' of ${opts.method} (known: ${known.join(', ') || 'none'})`);
  }
  return name;
}

async function run(opts: KitchenRunOptions): Promise<void> {
  const name = methodName(opts);
  const seed = int(opts.seed, '--seed', 0) ?? 1;
  const task: KitchenTask = loadTask(opts.task, opts.kitchen === undefined ? {} : { kitchen: opts.kitchen });
  const methodOptions = methodOptionsFrom(opts);
  const stepLimit = int(opts.stepLimit, '--step-limit', 1);
  const timeLimit = episodeTimeLimit(opts);
  const prepared = await prepareEpisode(KITCHEN_REGISTRY, task, { method: name, seed, llm: (e) => resolveLlm(opts, { seed: e.seed, truth: e.truth }) });
  const resolved = prepared.llm;
  const out = process.stdout;
  const json = Boolean(opts.json);
  const spec: EpisodeSpec = {
    suite: 'kitchen-run',
    task: opts.task,
    level: task.level ?? '',
    method: name,
    model: resolved.client.id,
    seed,
    config: toJson({ ...methodOptions, ...(stepLimit !== undefined ? { stepLimit } : {}), ...(opts.synthetic ? { synthetic: parseGivenKnobs(opts.synthetic) } : {}) }) as { [key: string]: Json },
  };
  let trace: TraceWriter | undefined;
  if (opts.trace) trace = openTraceFile(opts.trace);
  const t0 = performance.now();
  if (!json) {
    out.write(`task ${opts.task} (kitchen ${task.kitchen}${task.level ? `, ${task.level}` : ''}), method ${opts.method}${opts.ablation ? ` --ablation ${opts.ablation}` : ''}, model ${resolved.description}, seed ${seed}\n`);
    out.write(`instruction: ${task.description}\n${STEP_HEADER}\n`);
  }
  let closePolicy = (): void => {};
  let ran: { result: KitchenRunResult; outcome: EpisodeOutcome };
  try {
    if (opts.rollout !== undefined && opts.rollout !== 'builtin') {
      if (opts.rollout !== 'llm') throw new InputError('CLI_OPTION', `--rollout: expected 'builtin' or 'llm', got '${opts.rollout}'`);
      // The LLM writes the rollout policy once; it is vetted, then run in the sandbox (falls back to the built-in one with a warning).
      const loaded = await loadLlmPolicy(resolved.client, { meter: resolved.meter, seed, onWarning: (w) => process.stderr.write(`warning: ${w.message}\n`) });
      methodOptions.policy = asRolloutFunction(loaded.policy);
      closePolicy = () => loaded.policy.close();
    }
    ran = await runKitchenSpec({
      spec,
      task,
      registry: KITCHEN_REGISTRY,
      prepared,
      methodOptions,
      ...(stepLimit !== undefined ? { stepLimit } : {}),
      ...timeLimit,
      ...(trace ? { trace: (r) => trace?.write(r) } : {}),
      onStep: (r) => {
        if (!json) out.write(`${formatStepRow(r)}\n`);
      },
    });
  } catch (err) {
    trace?.close();
    throw err;
  } finally {
    closePolicy();
    await resolved.close();
  }
  const { result, outcome } = ran;
  const summary = {
    success: result.success,
    status: result.status,
    reward: result.reward,
    steps: result.steps,
    planningSeconds: Math.round(result.planningSeconds * 1000) / 1000,
    llm: result.llm,
    warnings: result.warnings.length,
    model: resolved.description,
  };
  if (trace) {
    const row = doneRow(episodeKey(spec), spec, { ...outcome, modelDescription: resolved.description }, (performance.now() - t0) / 1000, 'local');
    trace.write({ type: 'result', row, ...(result.warnings.length > 0 ? { warnings: result.warnings } : {}) });
    trace.close();
  }
  if (json) {
    out.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  writeWarnings(out, result.warnings, 5, opts.trace);
  if (opts.usage) out.write(`${formatUsage(result.usage)}\n`);
  out.write(`${formatResultLine(result, resolved.description)}\n`);
}

/** Adds `run` to the `kitchen` command. */
export function registerKitchenRun(kitchen: Command): void {
  const cmd = kitchen
    .command('run')
    .description('run one episode of a kitchen method (tru-pomdp, or a baseline of the kitchen catalogues) on a task file')
    .requiredOption('--task <file>', 'task file (Tru-POMDP schema)')
    .option('--kitchen <name>', 'kitchen for task files without a `kitchen` field')
    .option('--method <name>', 'method: tru-pomdp or a baseline (react, reflexion, react-star, reflexion-star, llm-mcts)', 'tru-pomdp')
    .option('--ablation <name>', 'tru-pomdp ablation: no-belief, no-hbu, no-toh, no-lrp, no-bts')
    .option('--seed <n>', 'random seed (search and the synthetic LLM)', '1')
    .option('--time-per-move <s>', 'search seconds per move (default 1)')
    .option('--max-trials <n>', 'also stop each search after N trials')
    .option('--scenarios <k>', 'DESPOT scenarios K (default 30)')
    .option('--depth <d>', 'search depth (default 20)')
    .option('--rollout-depth <d>', 'rollout policy depth (default 10)')
    .option('--rollout <kind>', "rollout policy: builtin (default) or llm (LLM-written JavaScript, vetted and sandboxed)")
    .option('--epsilon <e>', 'supplement the belief when the surviving weight < 1 - e (default 0.7)')
    .option('--clock <kind>', 'search budget clock: cpu (default) or wall')
    .option('--step-limit <n>', 'override the level step limit (25/30/35)');
  addEpisodeOptions(cmd);
  cmd.action((opts: KitchenRunOptions) => run(opts));
}
