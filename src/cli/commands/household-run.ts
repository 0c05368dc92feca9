/**
 * `groundplan household run --task T.json --method gavel [...]`: one spec of
 * the household episode runner (src/episode/household.ts) for a method of
 * the household catalogues (GAVEL, its variants and the baselines) on a task
 * file written by `household tasks --out`, the LLM built from the flags. Prints each LLM round (verdicts,
 * repairs, complaint), the chosen order, the executed steps and searches,
 * and a result line; `--json` ends with one JSON object; `--trace FILE`
 * writes the eval trace (episode, one step per primitive or room search,
 * result). With `--model synthetic` the task is the model's hidden truth
 * (handed over by the runner through the client settings); the method never
 * sees it.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { homeRoomModel, householdDataDir, isRoomModelKind, loadBehaviorData, readHouseholdTask, type RoomTypeModel } from '../../envs/household/index.js';
import { prepareEpisode, runHouseholdSpec, type EpisodeSpec, type HouseholdEvent, type HouseholdRunResult, type TraceStep } from '../../episode/index.js';
import { episodeKey } from '../../eval/key.js';
import { doneRow } from '../../eval/runner.js';
import { openTraceFile, type TraceWriter } from '../../eval/trace.js';
import { HOUSEHOLD_REGISTRY } from '../../methods/index.js';
import { writeWarnings } from '../warnings.js';
import { formatUsage, resolveLlm } from '../model-option.js';
import { addEpisodeOptions, episodeTimeLimit, type EpisodeOptionValues } from '../episode-options.js';

export interface HouseholdRunOptions extends EpisodeOptionValues {
  task: string;
  method: string;
  seed: string;
  rsn: string;
  data?: string;
  feedback: string;
}

function int(raw: string, flag: string, min: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new InputError('CLI_OPTION', `${flag}: expected an integer ≥ ${min}, got '${raw}'`);
  return n;
}

/** The room-type model behind the initial beliefs: the softmax RSN or the frequency prior (trained on the non-test homes), or none (uniform). */
export function loadRoomModel(kind: string, dataDir?: string): RoomTypeModel | undefined {
  if (!isRoomModelKind(kind)) throw new InputError('CLI_OPTION', `--rsn: expected softmax, prior or uniform, got '${kind}'`);
  return kind === 'uniform' ? undefined : homeRoomModel(loadBehaviorData(householdDataDir(dataDir)), kind);
}

/**
 * One executed step or room search. Steps are numbered 1, 2, … as the result line counts them
 * (`N steps`); a room search is not a step of the plan and is marked `search` instead.
 */
export function stepLine(r: TraceStep, stepNumber: number): string {
  const d = r.details ?? {};
  const dist = typeof d.distance === 'number' ? `${d.distance.toFixed(1).padStart(7)} m` : '';
  if (r.action.startsWith('Search(')) {
    const seen = Array.isArray(d.seen) && d.seen.length > 0 ? `, saw ${d.seen.join(', ')}` : '';
    return `search  ${r.action.padEnd(44)} ${dist}  looking for ${String(d.searchFor)}${seen}`;
  }
  const tail = r.feasible ? (Array.isArray(d.effects) && d.effects.length > 0 ? `  ${d.effects.join(', ')}` : '') : `  FAILED ${String(d.failure)}: ${String(d.message)}`;
  return `${String(stepNumber).padStart(6)}  ${r.action.padEnd(44)} ${dist}${tail}`;
}

export function formatHouseholdResult(r: HouseholdRunResult, model: string): string {
  const head = r.success ? 'success' : r.status;
  const unsafe = r.unsafe.length > 0 ? `, unsafe: ${r.unsafe.join(', ')}` : '';
  return `${head}: goals ${r.goalsMet}/${r.goalsTotal}${unsafe}, distance ${r.distance.toFixed(1)} m, ${r.searches} room searches, ${r.steps} steps, LLM ${r.llm.calls} calls (${r.feedbackRounds} feedback rounds), ${r.repairs} repairs, planning ${r.planningSeconds.toFixed(2)} s, ${r.llm.inputTokens} in / ${r.llm.outputTokens} out tokens (${model})`;
}

async function run(opts: HouseholdRunOptions): Promise<void> {
  if (!HOUSEHOLD_REGISTRY.get(opts.method)) throw new InputError('CLI_OPTION', `--method: unknown method '${opts.method}' (known: ${HOUSEHOLD_REGISTRY.names().join(', ')})`);
  const seed = int(opts.seed, '--seed', 0);
  const maxFeedback = int(opts.feedback, '--feedback', 1);
  const timeLimit = episodeTimeLimit(opts);
  const task = readHouseholdTask(opts.task);
  const rsn = loadRoomModel(opts.rsn, opts.data);
  const prepared = await prepareEpisode(HOUSEHOLD_REGISTRY, task, { method: opts.method, seed, llm: (e) => resolveLlm(opts, { seed: e.seed, truth: e.truth }) });
  const llm = prepared.llm;
  const json = Boolean(opts.json);
  const out = process.stdout;
  const spec: EpisodeSpec = { suite: 'household', task: task.id, level: String(task.goals.length), method: opts.method, model: llm.client.id, seed, config: { rsn: opts.rsn, feedback: maxFeedback, ...(opts.synthetic ? { synthetic: opts.synthetic } : {}) } };
  let trace: TraceWriter | undefined;
  if (opts.trace) trace = openTraceFile(opts.trace);
  if (!json) {
    out.write(`task ${task.id} (${task.goals.length} goal group(s), ${task.uncertain.length} uncertain objects), method ${opts.method}, model ${llm.description}, seed ${seed}, beliefs ${opts.rsn}\n`);
    out.write(`instruction: ${task.instruction}\n`);
  }
  const events: HouseholdEvent[] = [];
  let primitive = 0; // the plan steps printed so far (room searches are not counted, as in the result line)
  const t0 = performance.now();
  let ran: Awaited<ReturnType<typeof runHouseholdSpec>>;
  try {
    ran = await runHouseholdSpec({
      spec,
      task,
      registry: HOUSEHOLD_REGISTRY,
      prepared,
      ...(rsn ? { rsn } : {}),
      maxFeedback,
      ...timeLimit,
      onEvent: (e) => {
        events.push(e);
        if (!json) out.write(`${e.kind === 'round' || e.kind === 'order' ? '' : `[${e.kind}] `}${e.message}\n`);
      },
      trace: (rec) => {
        trace?.write(rec);
        if (rec.type !== 'step') return;
        if (!rec.action.startsWith('Search(')) primitive++;
        if (!json) out.write(`${stepLine(rec, primitive)}\n`);
      },
    });
  } finally {
    await llm.close();
  }
  const { result, outcome } = ran;
  const summary = { task: task.id, method: opts.method, model: llm.description, seed, ...result, planningSeconds: Math.round(result.planningSeconds * 1000) / 1000, distance: Math.round(result.distance * 100) / 100 };
  if (trace) {
    const row = doneRow(episodeKey(spec), spec, outcome, (performance.now() - t0) / 1000, 'local', opts.trace);
    trace.write({ type: 'result', row, ...(outcome.warnings.length > 0 ? { warnings: outcome.warnings } : {}) });
    trace.close();
  }
  if (json) {
    out.write(`${JSON.stringify({ ...summary, events: events.map((e) => ({ kind: e.kind, message: e.message, ...(e.data ? { data: e.data } : {}) })) })}\n`);
    return;
  }
  writeWarnings(out, result.warnings, 8);
  if (result.stages) {
    const st = result.stages;
    out.write(`task plans valid: as written ${st.validRaw}/${st.tasks}, after repair ${st.validAfterRepair}/${st.tasks}, after feedback ${st.validAfterFeedback}/${st.tasks}\n`);
  }
  if (opts.usage) out.write(`${formatUsage(llm.meter.summary())}\n`);
  out.write(`${formatHouseholdResult(result, llm.description)}\n`);
}

/** Adds `run` to the `household` command. */
export function registerHouseholdRun(household: Command): void {
  const cmd = household
    .command('run')
    .description('run one episode of a household method (gavel, gavel-basic, gavel-static, gavel-map, sayplan, llm-only, epog, oracle) on a task file')
    .requiredOption('--task <file>', 'task file written by `household tasks --out DIR`')
    .option('--method <name>', 'method name', 'gavel')
    .option('--seed <n>', 'random seed (the synthetic LLM)', '1')
    .option('--rsn <kind>', 'initial room beliefs: softmax (RSN trained on the non-test homes), prior (frequency prior) or uniform', 'softmax')
    .option('--data <dir>', 'BEHAVIOR data folder for the RSN (default: $GROUNDPLAN_DATA or shared/data)')
    .option('--feedback <T>', 'LLM plan-call budget T, complaints included (seed: 5)', '5');
  addEpisodeOptions(cmd);
  cmd.action((opts: HouseholdRunOptions) => run(opts));
}
