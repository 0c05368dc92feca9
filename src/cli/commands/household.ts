/**
 * `groundplan household verify|tasks`: the GAVEL graph world model on
 * household scenes. `verify` rolls a plan forward on a scene graph, prints the
 * verdict (first failing step and reason, unmet goal literals, safety
 * violations, travel distance) and the model-repaired plan with each edit
 * explained; exit 0 when the plan is valid as given, 1 when it is not, 2 on
 * bad input. `tasks` writes the household tasks (EAI single tasks, generated
 * multi-task instructions, the GAVEL paper's tasks with `--from`) as task files. `rsn` cross-validates the
 * room-type predictor behind the room beliefs. `replay` (household-replay.ts)
 * judges a recorded run of the GAVEL paper's pipeline on its own benchmark.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { EAI_HOMES, eaiTasks, homeRoomModel, householdDataDir, paperHouseholdTasks, readPaperTasks, evaluateRsn, generateMultiTasks, householdTaskToJson, loadBehaviorData, type HouseholdTask, type RsnMetrics } from '../../envs/household/index.js';
import {
  formatLiteral,
  formatStep,
  goalFromJson,
  parseGoalText,
  parsePlanText,
  repairPlan,
  sceneFromJson,
  unknownGoalIds,
  verifyPlan,
  type Goal,
  type PlanStep,
  type RepairResult,
  type Verdict,
} from '../../scenegraph/index.js';
import { readText } from '../read-input.js';
import { orderingBenchmark } from '../../eval/household/ordering-bench.js';
import { repairBenchmark } from '../../eval/household/repair-bench.js';
import { registerHouseholdReplay } from './household-replay.js';
import { registerHouseholdRun } from './household-run.js';

interface VerifyOptions {
  scene: string;
  plan?: string;
  goal?: string;
  repair: boolean;
  json?: boolean;
}

interface TasksOptions {
  eai?: boolean;
  from?: string;
  multi?: string;
  seed: string;
  out?: string;
  data?: string;
  json?: boolean;
}

function verdictJson(v: Verdict): unknown {
  return {
    valid: v.valid,
    applicable: v.applicable,
    failure: v.failure,
    executed: v.executed,
    unmet: v.unmet.map(formatLiteral),
    safe: v.safe,
    safety: v.safety,
    distance: Math.round(v.distance * 100) / 100,
  };
}

function verdictText(v: Verdict, plan: readonly PlanStep[]): string[] {
  const lines: string[] = [];
  lines.push(v.valid ? `VALID: ${plan.length} steps, travel ${v.distance.toFixed(2)} m` : `INVALID (${plan.length} steps, travel ${v.distance.toFixed(2)} m over the executed steps)`);
  if (v.failure) lines.push(`  step ${v.failure.stepIndex + 1} ${formatStep(v.failure.step)} fails: ${v.failure.code}: ${v.failure.message}`);
  for (const l of v.unmet) lines.push(`  unmet goal: ${formatLiteral(l)}`);
  for (const s of v.safety) lines.push(`  unsafe: '${s.object}' ${s.kind === 'left_open' ? 'opened' : 'switched on'} at step ${s.since + 1} and left ${s.kind === 'left_open' ? 'open' : 'on'}`);
  return lines;
}

function repairText(r: RepairResult): string[] {
  const lines: string[] = [];
  if (r.edits.length === 0) {
    lines.push(`Repair: no model-derived edit (${r.stop === 'no-edit' ? 'the failure needs semantic reasoning: return it to the planner' : r.stop}).`);
    return lines;
  }
  lines.push(`Repair: ${r.edits.length} edit(s), stopped: ${r.stop}${r.verdict.valid ? '' : ' (best candidate by rank shown)'}`);
  r.edits.forEach((e, i) => {
    const what = [...e.removed.map((s) => `-${formatStep(s)}`), ...e.inserted.map((s) => `+${formatStep(s)}`)].join(' ');
    lines.push(`  ${i + 1}. [${e.rule}] at step ${e.stepIndex + 1}: ${what}  (${e.reason})`);
  });
  lines.push('Repaired plan:');
  r.plan.forEach((s, i) => lines.push(`  ${String(i + 1).padStart(3)}. ${formatStep(s)}`));
  lines.push(...verdictText(r.verdict, r.plan));
  return lines;
}

/** Reads a scene file or a task file (`{scene, goal, ...}`); returns the scene and the task's goal if any. */
function loadSceneOrTask(path: string): { scene: ReturnType<typeof sceneFromJson>; goal?: Goal; plan?: PlanStep[] } {
  const text = readText(path, 'scene');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError('SCENE_FILE', `${path}: not valid JSON: ${(e as Error).message}`);
  }
  if (typeof raw === 'object' && raw !== null && 'scene' in raw) {
    const t = raw as { scene: unknown; goal?: unknown; referencePlan?: unknown };
    const plan = Array.isArray(t.referencePlan) ? parsePlanText(JSON.stringify(t.referencePlan), `${path}#referencePlan`) : undefined;
    return { scene: sceneFromJson(t.scene, `${path}#scene`), ...(t.goal !== undefined ? { goal: goalFromJson(t.goal, path, ['goal']) } : {}), ...(plan ? { plan } : {}) };
  }
  return { scene: sceneFromJson(raw, path) };
}

export function register(program: Command): void {
  const hh = program.command('household').description('GAVEL on household scenes: run a method on a task, verify and repair plans, write tasks');
  registerHouseholdRun(hh);
  registerHouseholdReplay(hh);
  hh.command('verify')
    .description('roll a plan forward on a scene graph: verdict, model-derived repair with each edit; exit 0 valid, 1 invalid, 2 bad input')
    .requiredOption('--scene <file>', 'scene JSON file, or a task file from `household tasks` (its goal is used)')
    .option('--plan <file>', "plan: one step per line, Grasp(apple_1) or grasp apple_1; or a JSON array (default: a task file's reference plan)")
    .option('--goal <file>', 'goal: one literal per line, e.g. on_top(apple_1, table_1), not open(fridge_1); or JSON')
    .option('--no-repair', 'only verify')
    .option('--json', 'print verdict and repair as JSON')
    .action((opts: VerifyOptions) => {
      const loaded = loadSceneOrTask(opts.scene);
      const goal = opts.goal ? parseGoalText(readText(opts.goal, 'goal'), opts.goal) : (loaded.goal ?? { literals: [] });
      const unknown = unknownGoalIds(loaded.scene, goal);
      if (unknown.length > 0) throw new InputError('GOAL_UNKNOWN_ID', `${opts.goal ?? opts.scene}: the goal names ${unknown.map((u) => `'${u}'`).join(', ')}, not in the scene`);
      if (!opts.plan && !loaded.plan) throw new InputError('CLI_OPTION', `household verify: --plan is required unless --scene is a task file with a reference plan`);
      const plan = opts.plan ? parsePlanText(readText(opts.plan, 'plan'), opts.plan) : (loaded.plan as PlanStep[]);
      const v = verifyPlan(loaded.scene, plan, goal);
      const r = opts.repair && !v.valid ? repairPlan(loaded.scene, plan, goal) : undefined;
      if (opts.json) {
        const out = {
          verdict: verdictJson(v),
          ...(r ? { repair: { stop: r.stop, candidates: r.candidates, edits: r.edits.map((e) => ({ ...e, inserted: e.inserted.map(formatStep), removed: e.removed.map(formatStep) })), plan: r.plan.map(formatStep), verdict: verdictJson(r.verdict) } } : {}),
        };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        const lines = verdictText(v, plan);
        if (r) lines.push('', ...repairText(r));
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      process.exitCode = v.valid ? 0 : 1;
    });
  hh.command('tasks')
    .description('write household task files: the EAI BEHAVIOR single tasks (--eai) and/or generated multi-task instructions (--multi N)')
    .option('--eai', 'the EAI BEHAVIOR problems translated to scene graphs (the expressible subset)')
    .option('--multi <n>', 'generate N multi-task instructions of 2–5 errands')
    .option('--from <tasks.json>', "the GAVEL paper's benchmark (gavel-benchmark/tasks.json): its tasks whose reference plan verifies under our primitives")
    .option('--seed <seed>', 'seed for --multi', '1')
    .option('--out <dir>', 'write one <id>.json per task here')
    .option('--data <dir>', 'BEHAVIOR data folder (default: $GROUNDPLAN_DATA or shared/data above the working directory)')
    .option('--json', 'print the summary as JSON')
    .action((opts: TasksOptions) => {
      if (!opts.eai && opts.multi === undefined && !opts.from) throw new InputError('CLI_OPTION', 'household tasks: give --eai, --multi <n> and/or --from <tasks.json>');
      const tasks: HouseholdTask[] = [];
      const summary: Record<string, unknown> = {};
      if (opts.eai) {
        const s = eaiTasks(opts.data);
        tasks.push(...s.tasks);
        summary.eai = { kept: s.tasks.length, dropped: s.dropped.length, reasons: s.reasons, referenceRepaired: s.tasks.filter((t) => t.source.referenceRepairs !== '').length };
      }
      if (opts.from) {
        const p = paperHouseholdTasks(loadBehaviorData(householdDataDir(opts.data)), readPaperTasks(opts.from));
        tasks.push(...p.tasks);
        summary.paper = { kept: p.tasks.length, dropped: p.dropped };
      }
      if (opts.multi !== undefined) {
        const n = Number(opts.multi);
        if (!Number.isInteger(n) || n < 1) throw new InputError('CLI_OPTION', `--multi: expected a positive integer, got '${opts.multi}'`);
        const seed = /^-?\d+$/.test(opts.seed) ? Number(opts.seed) : opts.seed;
        const m = generateMultiTasks(loadBehaviorData(opts.data), { count: n, seed });
        tasks.push(...m);
        const errands = m.reduce((a, t) => a + t.goals.length, 0);
        const steps = m.reduce((a, t) => a + t.referencePlan.length, 0);
        summary.multi = { generated: m.length, meanErrands: m.length ? errands / m.length : 0, meanStepsPerErrand: errands ? steps / errands : 0, needAppliance: m.filter((t) => Number(t.source.appliance) > 0).length };
      }
      if (opts.out) {
        mkdirSync(opts.out, { recursive: true });
        for (const t of tasks) writeFileSync(join(opts.out, `${t.id.replace(/[/]/g, '__')}.json`), `${JSON.stringify(householdTaskToJson(t), null, 2)}\n`);
        summary.written = { dir: opts.out, files: tasks.length };
      }
      if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      else {
        const e = summary.eai as { kept: number; dropped: number; reasons: Record<string, number>; referenceRepaired: number } | undefined;
        if (e) {
          process.stdout.write(`EAI BEHAVIOR: ${e.kept} of ${e.kept + e.dropped} problems kept (${e.referenceRepaired} reference plans needed model-derived repair)\n`);
          for (const [k, v] of Object.entries(e.reasons).sort((a, b) => b[1] - a[1])) process.stdout.write(`  dropped ${String(v).padStart(3)}  ${k}\n`);
        }
        const mm = summary.multi as { generated: number; meanErrands: number; meanStepsPerErrand: number; needAppliance: number } | undefined;
        if (mm) process.stdout.write(`multi-task: ${mm.generated} instructions, ${mm.meanErrands.toFixed(2)} errands each, ${mm.meanStepsPerErrand.toFixed(2)} reference steps per errand, ${mm.needAppliance} need an appliance\n`);
        const pp = summary.paper as { kept: number; dropped: { id: string; reason: string }[] } | undefined;
        if (pp) {
          process.stdout.write(`GAVEL paper benchmark: ${pp.kept} of ${pp.kept + pp.dropped.length} tasks kept\n`);
          for (const d of pp.dropped) process.stdout.write(`  dropped ${d.id}: ${d.reason}\n`);
        }
        if (opts.out) process.stdout.write(`wrote ${tasks.length} task files to ${opts.out}\n`);
      }
    });
  hh.command('rsn')
    .description('cross-validate the RSN-like room-type predictor by held-out scenes (AUC, Brier, top-1 room) next to the frequency prior')
    .option('--folds <k>', 'scene folds', '5')
    .option('--epochs <n>', 'training epochs', '30')
    .option('--seed <seed>', 'seed for the split and training', 'rsn')
    .option('--data <dir>', 'BEHAVIOR data folder')
    .option('--json', 'print JSON')
    .action((opts: { folds: string; epochs: string; seed: string; data?: string; json?: boolean }) => {
      const folds = Number(opts.folds);
      const epochs = Number(opts.epochs);
      if (!Number.isInteger(folds) || folds < 2) throw new InputError('CLI_OPTION', `--folds: expected an integer ≥ 2, got '${opts.folds}'`);
      if (!Number.isInteger(epochs) || epochs < 1) throw new InputError('CLI_OPTION', `--epochs: expected a positive integer, got '${opts.epochs}'`);
      const r = evaluateRsn(loadBehaviorData(opts.data), { folds, epochs, seed: opts.seed });
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
        return;
      }
      const row = (name: string, m: RsnMetrics) => `${name.padEnd(16)} ${m.auc.toFixed(3).padStart(10)} ${m.aucAllTypes.toFixed(3).padStart(13)} ${m.brier.toFixed(3).padStart(7)} ${(100 * m.top1Room).toFixed(1).padStart(9)}% ${(100 * m.top1Type).toFixed(1).padStart(9)}%`;
      process.stdout.write(`${r.scenes} scenes, ${r.trainPlacements} placements (category in room), ${r.categories} categories, ${r.roomTypes} room types; ${r.folds}-fold by scene, ${r.rsn.queries} held-out queries\n`);
      process.stdout.write(`${'model'.padEnd(16)} ${'AUC(scene)'.padStart(10)} ${'AUC(all types)'.padStart(13)} ${'Brier'.padStart(7)} ${'top-1 room'.padStart(10)} ${'top-1 type'.padStart(10)}\n`);
      process.stdout.write(`${row('rsn (softmax)', r.rsn)}\n${row('frequency prior', r.prior)}\n`);
      process.stdout.write('seed (GAVEL, bge-small + MLP): AUC 0.904, Brier 0.057, top-1 room 47% (832 queries)\n');
    });
  hh.command('repair-bench')
    .description('inject one error of each kind into verified reference plans and count how often model-derived repair makes them valid again')
    .option('--multi <n>', 'multi-task instructions to include', '500')
    .option('--seed <seed>', 'seed for the instructions and the mutations', '1')
    .option('--data <dir>', 'BEHAVIOR data folder')
    .option('--json', 'print JSON')
    .action((opts: { multi: string; seed: string; data?: string; json?: boolean }) => {
      const n = Number(opts.multi);
      if (!Number.isInteger(n) || n < 0) throw new InputError('CLI_OPTION', `--multi: expected a non-negative integer, got '${opts.multi}'`);
      const seed = /^-?\d+$/.test(opts.seed) ? Number(opts.seed) : opts.seed;
      const single = eaiTasks(opts.data).tasks;
      const multi = n > 0 ? generateMultiTasks(loadBehaviorData(opts.data), { count: n, seed }) : [];
      const t0 = performance.now();
      const rows = [
        { set: `EAI single (${single.length})`, stats: repairBenchmark(single, seed) },
        ...(multi.length ? [{ set: `multi-task (${multi.length})`, stats: repairBenchmark(multi, seed) }] : []),
      ];
      const ms = performance.now() - t0;
      if (opts.json) {
        process.stdout.write(`${JSON.stringify({ rows, ms }, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${'task set'.padEnd(20)} ${'error injected'.padEnd(14)} ${'broken'.padStart(6)} ${'repaired'.padStart(9)} ${'edits'.padStart(6)} ${'+travel m'.padStart(9)}\n`);
      for (const r of rows) {
        for (const s of r.stats) {
          process.stdout.write(`${r.set.padEnd(20)} ${s.mutation.padEnd(14)} ${String(s.broken).padStart(6)} ${(s.broken ? `${((100 * s.repaired) / s.broken).toFixed(1)}%` : '-').padStart(9)} ${s.meanEdits.toFixed(2).padStart(6)} ${s.meanExtraDistance.toFixed(2).padStart(9)}\n`);
        }
      }
      process.stdout.write(`(${ms.toFixed(0)} ms for all injections, verifications and repairs)\n`);
    });
  hh.command('ordering-bench')
    .description('errand ordering with reference subplans: gavel (reorder after each errand) vs gavel-static vs gavel-map vs oracle; beliefs from the RSN trained on the other scenes')
    .option('--multi <n>', 'multi-task instructions', '500')
    .option('--seed <seed>', 'seed for the instructions', '1')
    .option('--eta <eta>', 'η, expected fraction of a room searched before detection', '0.5')
    .option('--data <dir>', 'BEHAVIOR data folder')
    .option('--json', 'print JSON')
    .action((opts: { multi: string; seed: string; eta: string; data?: string; json?: boolean }) => {
      const n = Number(opts.multi);
      const eta = Number(opts.eta);
      if (!Number.isInteger(n) || n < 1) throw new InputError('CLI_OPTION', `--multi: expected a positive integer, got '${opts.multi}'`);
      if (!(eta >= 0 && eta <= 1)) throw new InputError('CLI_OPTION', `--eta: expected a number in [0, 1], got '${opts.eta}'`);
      const seed = /^-?\d+$/.test(opts.seed) ? Number(opts.seed) : opts.seed;
      const data = loadBehaviorData(opts.data);
      const model = homeRoomModel(data, 'softmax');
      const tasks = generateMultiTasks(data, { count: n, seed });
      const t0 = performance.now();
      const r = orderingBenchmark(tasks, model, { eta });
      const ms = performance.now() - t0;
      if (opts.json) {
        process.stdout.write(`${JSON.stringify({ ...r, ms }, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${r.instructions} instructions; beliefs from the RSN trained on the ${Object.keys(data.scenes).length - EAI_HOMES.length} non-test scenes\n`);
      process.stdout.write(`${'variant'.padEnd(14)} ${'distance m'.padStart(16)} ${'vs gavel-map (paired)'.padStart(22)} ${'searches'.padStart(9)} ${'goals met'.padStart(10)}\n`);
      for (const row of r.rows) process.stdout.write(`${row.variant.padEnd(14)} ${`${row.meanDistance.toFixed(2)} ± ${row.se.toFixed(2)}`.padStart(16)} ${`${row.vsMap >= 0 ? '+' : ''}${row.vsMap.toFixed(2)} ± ${row.vsMapSe.toFixed(2)}`.padStart(22)} ${row.meanSearches.toFixed(2).padStart(9)} ${`${row.success}/${r.instructions}`.padStart(10)}\n`);
      for (const x of r.r2) process.stdout.write(`R² of J vs travel, ${x.errands} errands (${x.n}): gavel-static ${x.static.toFixed(3)}, oracle ${x.oracle.toFixed(3)}\n`);
      process.stdout.write(`(${(ms / 1000).toFixed(1)} s)\n`);
    });
}
