/**
 * `groundplan demo`: Tru-POMDP runs one bundled kitchen rearrangement task
 * end to end with the offline `prior` model (BEHAVIOR-1K placement
 * statistics): an ambiguous instruction, objects hidden in closed cabinets,
 * a belief over goals and hidden placements, DESPOT search each step.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { loadTask } from '../../envs/kitchen/index.js';
import { DEMO_MOVE_CAP_S, DEMO_TRIALS, demoTaskPath, runDemo } from '../../methods/tru-pomdp/demo.js';
import { formatResultLine, formatStepRow, STEP_HEADER } from './kitchen-run.js';

interface DemoCliOptions {
  trials: string;
  timePerMove: string;
  seed: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('demo')
    .description('Tru-POMDP on a bundled kitchen task with the offline prior model (seconds, no API key; the same run every time for a seed)')
    .option('--trials <n>', 'DESPOT trials per move (a fixed budget: the same run every time)', String(DEMO_TRIALS))
    .option('--time-per-move <s>', 'wall seconds per move, a cap on the trials', String(DEMO_MOVE_CAP_S))
    .option('--seed <n>', 'random seed', '1')
    .option('--json', 'print one JSON object at the end instead of the table')
    .action(async (opts: DemoCliOptions) => {
      const tpm = Number(opts.timePerMove);
      const trials = Number(opts.trials);
      const seed = Number(opts.seed);
      if (!Number.isInteger(trials) || trials < 1) throw new InputError('CLI_OPTION', `--trials: expected an integer ≥ 1, got '${opts.trials}'`);
      if (!Number.isFinite(tpm) || tpm <= 0) throw new InputError('CLI_OPTION', `--time-per-move: expected a positive number, got '${opts.timePerMove}'`);
      if (!Number.isInteger(seed) || seed < 0) throw new InputError('CLI_OPTION', `--seed: expected an integer ≥ 0, got '${opts.seed}'`);
      const out = process.stdout;
      const json = Boolean(opts.json);
      if (!json) {
        const t = loadTask(demoTaskPath());
        const hiddenN = t.world.objects.filter((_, i) => t.initial.objectArea[i] >= 0 && !t.initial.open[t.initial.objectArea[i]]).length;
        out.write(`Tru-POMDP demo: kitchen ${t.kitchen}, ${t.world.objects.length} objects (${hiddenN} hidden in closed areas), offline prior model, ${trials} DESPOT trials per move (at most ${tpm} s)\n`);
        out.write(`instruction: "${t.description}"\n\n`);
      }
      let printedHeader = false;
      const { task, result } = await runDemo({
        maxTrials: trials,
        timePerMove: tpm,
        seed,
        onStep: (r) => {
          if (json) return;
          if (!printedHeader) {
            out.write(`${STEP_HEADER}\n`);
            printedHeader = true;
          }
          out.write(`${formatStepRow(r)}\n`);
        },
      });
      const { world, goals } = task;
      const summary = { task: 'data/demo/kitchen-task.json', kitchen: task.kitchen, level: task.level, success: result.success, status: result.status, reward: result.reward, steps: result.steps, planningSeconds: Math.round(result.planningSeconds * 100) / 100, llm: result.llm, model: 'prior' };
      if (json) {
        out.write(`${JSON.stringify(summary)}\n`);
        return;
      }
      out.write(`\nwhat the person accepted (hidden from the planner), any one of:\n`);
      for (const alt of goals.slice(0, 6)) out.write(`  - ${alt.map((p) => `${world.objects[p.object]} → ${world.layout.areas[p.area]}`).join(', ')}\n`);
      if (goals.length > 6) out.write(`  ... ${goals.length - 6} more\n`);
      out.write(`${formatResultLine(result, 'offline prior model from BEHAVIOR-1K placement statistics')}\n`);
    });
}
