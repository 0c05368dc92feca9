/**
 * The LLM-DM report (Guan et al. 2023 data in ../shared/data/llmdm):
 *   1. GPT-4's real models: annotated errors caught by our checks, by category;
 *   2. replay of the recorded construction dialogues through our loop;
 *   3. synthetic LLM end to end: construction, review, 14 IPC logistics problems.
 *
 *   npx tsx bench/llmdm.ts [--seeds 5] [--knobs k=v,...] [--write-models DIR]
 *
 * --write-models DIR also writes GPT-4's raw and the corrected models as build directories
 * (DIR/<domain>-gpt4, DIR/<domain>-corrected) for `groundplan domain check|explain|review`.
 */
import { describeSynthetic, syntheticRegistry } from '../src/llm/synthetic-model.js';
import { registerLlmDmSynthetic } from '../src/methods/llm-dm/synthetic.js';
import { writeBuild } from '../src/methods/llm-dm/store.js';
import { correctedModel, domainSpec, LLMDM_DOMAINS, rawModel } from './llmdm-data.js';
import { logisticsPlanning, syntheticConstruction } from './llmdm-e2e.js';
import { allAnnotationReports } from './llmdm-report.js';
import { replayDialogues } from './llmdm-replay.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

function table(head: string[], rows: (string | number)[][]): string {
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  return lines.join('\n');
}

const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

async function main(): Promise<void> {
  const seeds = Number(arg('--seeds', '5'));
  const knobsSpec = arg('--knobs', '');
  registerLlmDmSynthetic();
  const writeDir = arg('--write-models', '');
  if (writeDir !== '') {
    for (const d of LLMDM_DOMAINS) {
      const spec = domainSpec(d);
      writeBuild(`${writeDir}/${d}-gpt4`, { spec, model: rawModel(d).model }, []);
      writeBuild(`${writeDir}/${d}-corrected`, { spec, model: correctedModel(d).model }, []);
    }
    console.log(`wrote GPT-4 and corrected models to ${writeDir}/<domain>-gpt4 and ${writeDir}/<domain>-corrected\n`);
  }
  const knobs = syntheticRegistry.parseKnobs(knobsSpec);

  console.log('## 1. GPT-4 action models (real LLM output) vs. expert annotations\n');
  const reports = allAnnotationReports();
  console.log(table(['domain', 'actions', 'annotated errors', 'caught by checks', 'check issues', 'issues not in annotations', 'corrected model: issues / parses'], reports.map((r) => [r.domain, r.actions, r.annotated, r.caught, r.issues.length, r.unlisted.length, `${r.corrected.issues.length} / ${r.corrected.parses ? 'yes' : 'no'}`])));
  console.log('\nBy annotation category:\n');
  console.log(table(['domain', 'category', 'annotated', 'caught'], reports.flatMap((r) => r.byCategory.map((c) => [c.domain, c.category, c.annotated, c.caught]))));
  console.log('\nIssues found (GPT-4 raw models):\n');
  for (const r of reports) for (const i of r.issues) console.log(`- ${r.domain} / ${i.action} / ${i.category}: ${i.message.split('\n')[0]}`);
  for (const r of reports) for (const s of r.strayParameterLines) console.log(`- ${r.domain} / ${s.action}: non-parameter line in the parameter list (not in the annotations; ignored): "${s.line}"`);

  console.log("\nPlanning the 22 IPC logistics instructions with GPT-4's own logistics model (goal/init translation exact: synthetic LLM with llmdm.goalErrorRate=0; plans validated against the IPC domain):\n");
  const own: (string | number)[][] = [];
  for (const [label, m] of [['GPT-4 raw', rawModel('logistics').model], ['expert-corrected', correctedModel('logistics').model]] as const) {
    const pr = await logisticsPlanning(m, 'llmdm.goalErrorRate=0', 1, { llmPlanner: false });
    own.push([label, pr.length, pct(pr.filter((r) => r.planner === 'solved').length, pr.length), pct(pr.filter((r) => r.plannerValidIpc).length, pr.length)]);
  }
  console.log(table(['logistics model', 'instructions', 'planner found a plan', 'plan valid in the IPC domain'], own));

  console.log('\n## 2. Replay of the recorded GPT-4 construction dialogues through our loop\n');
  const replays = [];
  for (const d of ['logistics', 'tyreworld'] as const) replays.push(await replayDialogues(d));
  console.log(table(['domain', 'passes', 'recorded answers', 'same verdict as the seed', 'seed feedback turns', 'diverged actions'], replays.map((r) => [r.domain, r.passes, r.turns.length, r.agreement, r.turns.filter((t) => t.seed !== 'accepted').length, r.diverged.length])));
  console.log('\nRecorded feedback turns:\n');
  console.log(table(['domain', 'pass', 'action', 'round', 'seed error type', 'our verdict'], replays.flatMap((r) => r.turns.filter((t) => t.seed !== 'accepted' || !t.agree).map((t) => [r.domain, t.pass, t.action, t.round, t.seed, `${t.ours} (${t.categories.join(', ') || '-'})`]))));

  console.log(`\n## 3. ${describeSynthetic(knobs)}\n`);
  console.log(`Construction from the corrected gold, seeds 1..${seeds}; review = one correction round by a simulated expert (the difference from the gold).\n`);
  const rows: (string | number)[][] = [];
  const actionRows: (string | number)[][] = [];
  const planRows: (string | number)[][] = [];
  for (const d of LLMDM_DOMAINS) {
    let acts = 0, turns = 0, fb = 0, unres = 0, exact = 0, f1 = 0, rexact = 0, rf1 = 0, corrected = 0, passes = 0;
    const perAction = new Map<string, { rounds: number; exact: number; f1: number }>();
    let planned = 0, validIpc = 0, llmValid = 0, llmRounds = 0, tasks = 0, translated = 0, goodSeeds = 0, goodTasks = 0, goodValid = 0;
    for (let s = 1; s <= seeds; s++) {
      const c = await syntheticConstruction(d, s, knobsSpec);
      acts += c.actions; turns += c.turns; fb += c.feedbackRounds; unres += c.unresolved; exact += c.exact; f1 += c.meanF1; passes += c.passes;
      rexact += c.reviewed.exact; rf1 += c.reviewed.meanF1; corrected += c.reviewed.corrected;
      for (const a of c.perAction) {
        const acc = perAction.get(a.action) ?? { rounds: 0, exact: 0, f1: 0 };
        perAction.set(a.action, { rounds: acc.rounds + a.rounds, exact: acc.exact + (a.exact ? 1 : 0), f1: acc.f1 + a.f1 });
      }
      if (d === 'logistics') {
        const pr = await logisticsPlanning(c.reviewedModel, knobsSpec, s);
        if (c.reviewed.exact === c.actions) {
          goodSeeds++;
          goodTasks += pr.filter((r) => r.translated).length;
          goodValid += pr.filter((r) => r.plannerValidIpc).length;
        }
        tasks += pr.length; translated += pr.filter((r) => r.translated).length; planned += pr.filter((r) => r.planner === 'solved').length;
        validIpc += pr.filter((r) => r.plannerValidIpc).length; llmValid += pr.filter((r) => r.llmPlannerValidIpc).length; llmRounds += pr.reduce((n, r) => n + r.llmPlannerRounds, 0);
      }
    }
    for (const [action, a] of perAction) actionRows.push([d, action, (a.rounds / seeds).toFixed(1), `${a.exact}/${seeds}`, (a.f1 / seeds).toFixed(3)]);
    rows.push([d, acts / seeds, (passes / seeds).toFixed(1), turns, fb, (fb / acts).toFixed(2), unres, pct(exact, acts), (f1 / seeds).toFixed(3), corrected, pct(rexact, acts), (rf1 / seeds).toFixed(3)]);
    if (d === 'logistics') planRows.push([`${tasks / seeds} instructions x ${seeds} seeds`, pct(translated, tasks), pct(planned, tasks), pct(validIpc, tasks), `${goodSeeds} of ${seeds}: ${pct(goodValid, goodTasks)}`, pct(llmValid, tasks), (llmRounds / tasks).toFixed(2)]);
  }
  console.log(table(['domain', 'actions', 'passes', 'answers', 'feedback rounds', 'rounds/action', 'unresolved', 'exact vs gold', 'mean F1', 'corrections', 'exact after review', 'F1 after review'], rows));
  console.log(`\nPer action (before review; feedback rounds summed over both passes, mean over ${seeds} seeds):\n`);
  console.log(table(['domain', 'action', 'feedback rounds', 'exact vs gold', 'F1'], actionRows));
  console.log('\nLogistics (14 IPC problems, 22 instructions; plans validated against the IPC domain):\n');
  console.log(table(['tasks', 'goal+init translated', 'planner found a plan', 'planner plan valid (IPC)', 'seeds whose reviewed model equals the gold: planner valid / translated', 'LLM planner valid (IPC)', 'LLM planner mean feedback rounds'], planRows));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
