/**
 * The LLM-DM report (Guan et al. 2023 data in ../shared/data/llmdm):
 *   1. GPT-4's real models: annotated errors caught by our checks, by category;
 *   2. replay of the recorded construction dialogues through our loop;
 *   3. synthetic LLM end to end: construction, review, 14 IPC logistics problems.
 *
 *   npx tsx bench/llmdm.ts [--seeds 5] [--knobs k=v,...] [--write-models DIR] [--out bench/out/llmdm/rows.jsonl]
 *
 * Rows (one JSON object per line, the types of src/eval/report/llmdm-tables.ts) go to --out;
 * the printed tables are that module's, the same `groundplan report --update-docs` writes
 * into the docs from the committed copy in results/llmdm/.
 *
 * --write-models DIR also writes GPT-4's raw and the corrected models as build directories
 * (DIR/<domain>-gpt4, DIR/<domain>-corrected) for `groundplan domain check|explain|review`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { annotationTables, ownModelTable, replayTables, syntheticTables, type LlmdmRow } from '../src/eval/report/llmdm-tables.js';
import { describeSynthetic, syntheticRegistry } from '../src/llm/synthetic-model.js';
import { CHECKABLE } from '../src/methods/llm-dm/annotations.js';
import { registerLlmDmSynthetic } from '../src/methods/llm-dm/synthetic.js';
import { writeBuild } from '../src/methods/llm-dm/store.js';
import { correctedModel, domainSpec, LLMDM_DOMAINS, rawModel } from './llmdm-data.js';
import { logisticsPlanning, syntheticConstruction } from './llmdm-e2e.js';
import { allAnnotationReports } from './llmdm-report.js';
import { replayDialogues } from './llmdm-replay.js';
import { arg as flagValue, commandLine, num } from './args.js';

commandLine({
  command: 'npm run bench:llmdm --',
  about: "The LLM-DM report (Guan et al. 2023 data): GPT-4's real models through our checks, the recorded dialogues replayed\nthrough our loop, and the synthetic LLM end to end; rows to --out, the tables printed.",
  flags: [
    { name: 'seeds', value: 'N', help: 'synthetic seeds (default 5)' },
    { name: 'knobs', value: 'k=v,...', help: 'synthetic LLM knobs' },
    { name: 'write-models', value: 'DIR', help: "also write GPT-4's raw and the corrected models as build directories" },
    { name: 'out', value: 'FILE', help: 'rows file (default bench/out/llmdm/rows.jsonl)' },
  ],
});

const arg = (name: string, fallback: string): string => flagValue(name.replace(/^--/, '')) ?? fallback;

async function main(): Promise<void> {
  const seeds = num('seeds', 5);
  const knobsSpec = arg('--knobs', '');
  registerLlmDmSynthetic();
  const writeDir = arg('--write-models', '');
  const out = arg('--out', 'bench/out/llmdm/rows.jsonl');
  if (writeDir !== '') {
    for (const d of LLMDM_DOMAINS) {
      const spec = domainSpec(d);
      writeBuild(`${writeDir}/${d}-gpt4`, { spec, model: rawModel(d).model }, []);
      writeBuild(`${writeDir}/${d}-corrected`, { spec, model: correctedModel(d).model }, []);
    }
    console.log(`wrote GPT-4 and corrected models to ${writeDir}/<domain>-gpt4 and ${writeDir}/<domain>-corrected\n`);
  }
  const knobs = syntheticRegistry.parseKnobs(knobsSpec);
  const model = describeSynthetic(knobs);
  const rows: LlmdmRow[] = [];

  for (const r of allAnnotationReports()) {
    rows.push({
      kind: 'annotation',
      domain: r.domain,
      actions: r.actions,
      annotated: r.annotated,
      caught: r.caught,
      issues: r.issues.map((i) => `${i.action} / ${i.category}: ${i.message.split('\n')[0]}`),
      unlisted: r.unlisted.length,
      strayParameterLines: r.strayParameterLines,
      byCategory: r.byCategory.map((c) => ({ category: c.category, checkable: c.category in CHECKABLE, annotated: c.annotated, caught: c.caught })),
      corrected: { issues: r.corrected.issues.length, parses: r.corrected.parses },
    });
  }
  for (const [label, m] of [['GPT-4 raw', rawModel('logistics').model], ['expert-corrected', correctedModel('logistics').model]] as const) {
    const pr = await logisticsPlanning(m, 'llmdm.goalErrorRate=0', 1, { llmPlanner: false });
    for (const p of pr) rows.push({ kind: 'own-model', model: label, instance: p.instance, instruction: p.instruction, solved: p.planner === 'solved', validIpc: p.plannerValidIpc });
  }
  for (const d of ['logistics', 'tyreworld'] as const) {
    const r = await replayDialogues(d);
    rows.push({ kind: 'replay', domain: r.domain, passes: r.passes, turns: r.turns.map((t) => ({ ...t, categories: [...t.categories] })), diverged: r.diverged });
  }
  for (const d of LLMDM_DOMAINS) {
    for (let s = 1; s <= seeds; s++) {
      const c = await syntheticConstruction(d, s, knobsSpec);
      rows.push({
        kind: 'construction', domain: d, seed: s, model, actions: c.actions, passes: c.passes, turns: c.turns, feedbackRounds: c.feedbackRounds, unresolved: c.unresolved,
        exact: c.exact, meanF1: c.meanF1, reviewed: { corrected: c.reviewed.corrected, exact: c.reviewed.exact, meanF1: c.reviewed.meanF1 }, perAction: c.perAction,
      });
      if (d !== 'logistics') continue;
      for (const p of await logisticsPlanning(c.reviewedModel, knobsSpec, s)) {
        rows.push({
          kind: 'logistics-plan', seed: s, instance: p.instance, instruction: p.instruction, reviewedExact: c.reviewed.exact === c.actions, translated: p.translated,
          plannerSolved: p.planner === 'solved', plannerValidIpc: p.plannerValidIpc, llmPlannerValidIpc: p.llmPlannerValidIpc, llmPlannerRounds: p.llmPlannerRounds,
        });
      }
    }
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

  console.log('## 1. GPT-4 action models (real LLM output) vs. expert annotations\n');
  console.log(annotationTables(rows));
  console.log("\nPlanning the 22 IPC logistics instructions with GPT-4's own logistics model (goal/init translation exact: synthetic LLM with llmdm.goalErrorRate=0; plans validated against the IPC domain):\n");
  console.log(ownModelTable(rows));
  console.log('\n## 2. Replay of the recorded GPT-4 construction dialogues through our loop\n');
  console.log(replayTables(rows));
  console.log(`\n## 3. ${model}\n`);
  console.log(syntheticTables(rows));
  console.log(`\nrows: ${out} (${rows.length})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
