/**
 * The numbers the README and docs quote in prose, next to the report blocks,
 * equal what the committed rows give: each figure is read from a block
 * rendered on results/ (or computed from a committed file) and looked up in
 * the prose, whitespace and minus signs normalized. A re-run that changes the
 * rows without the prose fails here, naming the figure.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../core/package-data.js';
import { docTable } from './doc-tables.js';
import { parsePomdpRows } from './pomdp-tables.js';
import { summarizeEpisodes } from '../../pomdp/summary.js';
import { renderDocTable } from './update-docs.js';

const root = packageRoot();
const results = join(root, 'results');
/** A check that `file`'s prose (whitespace and minus signs normalized) quotes a phrase; a miss names the file and the phrase. */
function prose(file: string): { quotes(phrase: string): void } {
  const text = readFileSync(join(root, file), 'utf8').replace(/\s+/g, ' ').replace(/−/g, '-');
  return { quotes: (phrase) => expect(text.includes(phrase), `${file} should say: ${phrase}`).toBe(true) };
}

/** The cells of the first Markdown table in a rendered block, by row label and column header. */
function cells(id: string): (row: string, column: string) => string {
  const table = docTable(id);
  if (!table) throw new Error(`no report table ${id}`);
  const text = renderDocTable(table, results).text ?? '';
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  const split = (l: string): string[] => l.slice(1, -1).split('|').map((c) => c.trim());
  const head = split(lines[0] ?? '');
  // a label that repeats (the POMDP table's problem) keys its first row
  const rows = new Map<string, string[]>();
  for (const l of lines.slice(2)) if (!rows.has(split(l)[0] ?? '')) rows.set(split(l)[0] ?? '', split(l));
  return (row, column) => {
    const r = rows.get(row);
    const j = head.findIndex((h) => h === column || h.startsWith(column));
    if (!r || j < 0) throw new Error(`${id}: no cell (${row}, ${column})`);
    return r[j] ?? '';
  };
}

/** `+20 ± 7 (holds)` → `20 ± 7` (the prose says "−20 ± 7 points" for the variant's loss). */
const lossOf = (cell: string): string => cell.replace(/^\+/, '').replace(/ \(.*\)$/, '');
const rounded = (cell: string, digits: number): string => cell.split(' ± ').map((x) => Math.abs(Number(x)).toFixed(digits)).join(' ± ');
const meanSe = (xs: { mean: number; se: number }): string => `${xs.mean.toFixed(2)} ± ${xs.se.toFixed(2)}`;

describe('figures quoted in prose', () => {
  it('README, GAVEL household: failure causes, paired distances, repair and room-type predictor', () => {
    const readme = prose('README.md');
    const failures = cells('household-failures');
    const causes = ['decomposition', 'extraction', 'hallucinated-object', 'missing-precondition', 'undone', 'unmet-goal', 'unsafe'];
    const total = causes.reduce((a, c) => a + Number(failures('gavel', c)), 0);
    readme.quotes(`mostly extraction errors (${failures('gavel', 'extraction')} of ${total})`);
    const distances = cells('household-distances');
    readme.quotes(`(\`gavel\`) saves ${rounded(distances('gavel', 'vs gavel-map'), 1)} m`);
    readme.quotes(`(\`gavel-static\`) is ${rounded(distances('gavel-static', 'vs gavel-map'), 1)} m *worse*`);
    const matched = /the (\d+) of/.exec(renderDocTable(docTable('household-distances')!, results).text ?? '')?.[1];
    readme.quotes(`On the ${Number(matched).toLocaleString('en-US')} episodes all verifying methods completed`);
    const repair = JSON.parse(readFileSync(join(results, 'household-bench/repair.json'), 'utf8')) as { rows: Array<{ stats: Array<{ mutation: string; broken: number; repaired: number }> }> };
    const share = (mutation: string): string => {
      const s = repair.rows[0]?.stats.find((x) => x.mutation === mutation);
      return s ? `${((100 * s.repaired) / s.broken).toFixed(1)} %` : 'missing';
    };
    readme.quotes(`a missing NavigateTo ${share('drop-navigate')}, a missing Grasp ${share('drop-grasp')}`);
    const rsn = JSON.parse(readFileSync(join(results, 'household-bench/rsn.json'), 'utf8')) as { rsn: { aucAllTypes: number; top1Room: number } };
    readme.quotes(`AUC ${rsn.rsn.aucAllTypes.toFixed(3)}, top-1 ${(100 * rsn.rsn.top1Room).toFixed(1)} %`);
  });

  it('README and docs/pomdp.md: the extra seeds and POMCP on Tag, the trial ratios', () => {
    const rows = parsePomdpRows(readFileSync(join(results, 'pomdp/rows.jsonl'), 'utf8'));
    const extra = summarizeEpisodes(parsePomdpRows(readFileSync(join(results, 'pomdp/extra-seeds.jsonl'), 'utf8')));
    const readme = prose('README.md');
    const pomdp = prose('docs/pomdp.md');
    readme.quotes(`seeds 31–60 (${meanSe(extra.discounted)};`);
    pomdp.quotes(`On seeds 31–60 it is ${meanSe(extra.discounted)}`);
    const pomcpTag = summarizeEpisodes(rows.filter((r) => r.problem === 'tag' && r.solver === 'pomcp' && r.timePerMove === 1));
    readme.quotes(`Tag ${meanSe(pomcpTag.discounted)} at 1 s (n=${pomcpTag.episodes})`);
    const table = cells('pomdp');
    for (const [problem, label] of [['tag', 'Tag'], ['rocksample:7:8', 'RS(7,8)'], ['rocksample:11:11', 'RS(11,11)']] as const) {
      // rows of the full table are keyed by problem; the first one of each problem is T = 1 DESPOT
      const ours = Number(table(problem, 'trials/step'));
      const ref = Number(table(problem, 'ref trials/step'));
      pomdp.quotes(`${label}: ${(ours / ref).toFixed(2)}× (${ours.toFixed(1)} vs ${ref.toFixed(1)})`);
      pomdp.quotes(`${label}: ${table(problem, 'discounted ± SE')} vs`);
    }
  });

  it('README, kitchen ablation readings: each paired loss and the hard-level comparison', () => {
    const readme = prose('README.md');
    const verdicts = cells('kitchen-ablation-verdicts');
    const col = (ablation: string, level: string): string => lossOf(verdicts(ablation, level === 'easy' ? 'success full − variant, easy' : level));
    readme.quotes(`ties on easy and medium, -${col('w/o Belief', 'hard')} points on hard`);
    readme.quotes(`-${col('w/o HBU', 'easy').split(' ± ')[0]}, -${col('w/o HBU', 'medium').split(' ± ')[0]}, -${col('w/o HBU', 'hard').split(' ± ')[0]} points`);
    readme.quotes(`-${col('w/o TOH', 'easy').split(' ± ')[0]}, -${col('w/o TOH', 'medium').split(' ± ')[0]}, -${col('w/o TOH', 'hard').split(' ± ')[0]} points`);
    readme.quotes(`-${col('w/o LRP', 'hard').split(' ± ')[0]} points on hard`);
    readme.quotes(`-${col('w/o BTS', 'hard').split(' ± ')[0]} points on hard`);
    const ablations = cells('kitchen-ablations');
    const hardSuccess = (v: string): string => ablations(v, 'hard').split(' ± ')[0] ?? '';
    readme.quotes(`below w/o Belief on hard (${hardSuccess('w/o TOH')} vs ${hardSuccess('w/o Belief')} %)`);
    const calls = (v: string): number => Number(ablations(v, 'LLM calls'));
    readme.quotes(`${Math.floor(calls('w/o HBU') / calls('full'))}× the LLM calls on hard`);
  });
});
