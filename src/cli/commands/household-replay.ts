/**
 * `groundplan household replay RECORDING.json [--tasks tasks.json]`: replays
 * a recorded run of the GAVEL paper's pipeline (its benchmark's `exp1-*.json`
 * schema) through our graph machine with the paper's action semantics — no
 * LLM is called. Prints our verdict counts on the raw first plans, on the
 * first plans after our model-derived repair (gavel-basic) and on the final
 * plans, the agreement with the recorded `plain`, `sim_first.ok`, `checked`
 * and `simulated.ok`, and every disagreement (task id, step, reason; the
 * recorded reason beside it). `--json`: the summary and one row per task
 * (our verdicts and the recorded verdict classes). Exit 0; 2 on bad input.
 */
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import { householdDataDir, loadBehaviorData, readPaperTasks, readRecording, replayRecording, AGREEMENT_COLUMNS, type ReplayResult } from '../../envs/household/index.js';

interface ReplayOptions {
  tasks?: string;
  data?: string;
  json?: boolean;
}

/** Our ok counts and the recording's, per plan kind. */
export function replayCounts(r: ReplayResult): { ours: { first: number; repaired: number; final: number }; recorded: Record<(typeof AGREEMENT_COLUMNS)[number], number> } {
  const n = (f: (x: ReplayResult['rows'][number]) => boolean): number => r.rows.filter(f).length;
  return {
    ours: { first: n((x) => x.first.status === 'ok'), repaired: n((x) => x.repaired.status === 'ok'), final: n((x) => x.final.status === 'ok') },
    recorded: { plain: n((x) => x.recorded.plain === 'ok'), sim_first: n((x) => x.recorded.simFirst), checked: n((x) => x.recorded.checked === 'ok'), simulated: n((x) => x.recorded.simulated) },
  };
}

export function registerHouseholdReplay(hh: Command): void {
  hh.command('replay <recording>')
    .description("replay a recorded run of the GAVEL paper's pipeline (exp1-*.json) through our graph machine: our verdicts on its first, repaired and final plans and their agreement with the recorded ones (no LLM call)")
    .option('--tasks <file>', "the benchmark's tasks.json (default: tasks.json beside the recording)")
    .option('--data <dir>', 'BEHAVIOR data folder (default: $GROUNDPLAN_DATA or shared/data above the working directory)')
    .option('--json', 'print the summary and one row per task as JSON')
    .action((recording: string, opts: ReplayOptions) => {
      const tasksFile = opts.tasks ?? join(dirname(recording), 'tasks.json');
      const tasks = readPaperTasks(tasksFile);
      const rec = readRecording(recording);
      const data = loadBehaviorData(householdDataDir(opts.data));
      const r = replayRecording(data, tasks, rec, tasksFile);
      const counts = replayCounts(r);
      const n = r.rows.length;
      if (opts.json) {
        const disagreements = r.disagreements.map(({ column, id, ours, recorded }) => ({ column, id, ours, recorded }));
        process.stdout.write(`${JSON.stringify({ recording: basename(recording), model: r.model, tasks: n, counts, agree: r.agree, disagreements, rows: r.rows })}\n`);
        return;
      }
      const out: string[] = [];
      out.push(`${basename(recording)}: ${r.model}, ${n} tasks replayed (tasks from ${tasksFile}; no LLM call)`);
      out.push(`  first plans      ours ok ${counts.ours.first}/${n}   recorded plain ok ${counts.recorded.plain}, sim_first.ok ${counts.recorded.sim_first}`);
      out.push(`  + our repair     ours ok ${counts.ours.repaired}/${n}   (gavel-basic: graph repair of the first plan, predicted goal)`);
      out.push(`  final plans      ours ok ${counts.ours.final}/${n}   recorded checked ok ${counts.recorded.checked}, simulated.ok ${counts.recorded.simulated}`);
      out.push(`  agreement        plain ${r.agree.plain}/${n}, sim_first.ok ${r.agree.sim_first}/${n}, checked ${r.agree.checked}/${n}, simulated.ok ${r.agree.simulated}/${n}`);
      out.push(`disagreements (${r.disagreements.length}):`);
      for (const d of r.disagreements) out.push(`  ${d.id}  ${d.column}: ours ${d.ours} | recorded ${d.recorded}${d.recordedWhy ? `: ${d.recordedWhy}` : ''}`);
      process.stdout.write(`${out.join('\n')}\n`);
    });
}
