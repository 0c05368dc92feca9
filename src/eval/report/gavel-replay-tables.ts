/**
 * The tables of the GAVEL paper's own benchmark (docs/gavel.md, README) from
 * the `household replay --json` output committed in results/gavel-replay/:
 * Table I from one recorded Qwen3-8B run of each method (the first plans
 * replayed, with and without our graph repair; the recorded final plans
 * replayed) beside the paper's five-seed means, and the agreement of our
 * verdicts with the recorded ones.
 */
import { GroundplanError } from '../../core/errors.js';
import { parseJsonText } from '../../core/json-text.js';
import type { DocTable } from './doc-table.js';
import { mdTable as table } from './doc-table.js';
import { seedValue } from './seed-figures.js';

interface ReplayFile {
  recording: string;
  model: string;
  tasks: number;
  counts: { ours: { first: number; repaired: number; final: number }; recorded: { plain: number; sim_first: number; checked: number; simulated: number } };
  agree: { plain: number; sim_first: number; checked: number; simulated: number };
  disagreements: { column: string; id: string }[];
}

export const REPLAY_FILES = ['gavel-replay/exp1-8b-llmonly.json', 'gavel-replay/exp1-8b-feedback.json', 'gavel-replay/exp1-8b-gavel.json'] as const;

function parse(text: string, file: string): ReplayFile {
  const v = parseJsonText(text, file, 'REPORT_ROWS') as Partial<ReplayFile>;
  if (typeof v.tasks !== 'number' || v.counts === undefined || v.agree === undefined || !Array.isArray(v.disagreements)) throw new GroundplanError('REPORT_ROWS', `${file}: not the --json output of groundplan household replay`);
  return v as ReplayFile;
}

const pct = (k: number, n: number): string => (n === 0 ? '-' : ((100 * k) / n).toFixed(1));

/** Table I: llm-only, sayplan (feedback), gavel-basic, gavel from the three recordings. */
export function replayTableI(texts: readonly string[]): string {
  const [llm, fb, gv] = texts.map((t, i) => parse(t, REPLAY_FILES[i]));
  const paper = (m: string): string => seedValue(`gavel.table1.qwen3-8b.${m}.success`).toFixed(1);
  const body = [
    ['llm-only', 'the first plans, replayed', pct(llm.counts.ours.first, llm.tasks), pct(llm.counts.recorded.simulated, llm.tasks), paper('llm-only')],
    ['sayplan (feedback)', 'the recorded final plans, replayed', pct(fb.counts.ours.final, fb.tasks), pct(fb.counts.recorded.simulated, fb.tasks), paper('sayplan')],
    ['gavel-basic', 'the first plans + our graph repair (one proposal)', pct(llm.counts.ours.repaired, llm.tasks), '-', paper('gavel-basic')],
    ['gavel', 'the recorded final plans, replayed', pct(gv.counts.ours.final, gv.tasks), pct(gv.counts.recorded.simulated, gv.tasks), paper('gavel')],
  ];
  return [
    `One recorded ${llm.model} run per method (${llm.tasks} tasks) against the paper's five-seed mean; "ours" is our graph machine's verdict with the paper's semantics, "recorded" the paper's 2-D executor on the same plans. Our distances are room-graph distances, not the paper's metres.`,
    '',
    table(['method', 'plans judged', 'ours success %', 'recorded success %', `paper ${llm.model.replace(/^.*\//, '')} success % (5 seeds)`], body),
  ].join('\n');
}

/** Agreement of our verdicts with each recorded column, per recording. */
export function replayAgreement(texts: readonly string[]): string {
  const body = texts.map((t, i) => {
    const r = parse(t, REPLAY_FILES[i]);
    const ids = [...new Set(r.disagreements.map((d) => d.id))].sort();
    return [r.recording, `${r.agree.plain}/${r.tasks}`, `${r.agree.sim_first}/${r.tasks}`, `${r.agree.checked}/${r.tasks}`, `${r.agree.simulated}/${r.tasks}`, ids.join(', ') || '-'];
  });
  return table(['recording', 'plain (first plan)', 'sim_first.ok', 'checked (final plan)', 'simulated.ok', 'tasks with a disagreement'], body);
}

export const gavelReplayTables: DocTable[] = [
  { id: 'gavel-replay', sources: [], files: [...REPLAY_FILES], render: (_stores, texts) => replayTableI(texts) },
  { id: 'gavel-replay-agreement', sources: [], files: [...REPLAY_FILES], render: (_stores, texts) => replayAgreement(texts) },
];
