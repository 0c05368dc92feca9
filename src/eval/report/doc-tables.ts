/**
 * The tables of README.md and docs/*.md that are computed from committed
 * result rows (`results/`, see results/README.md). Each has an id — the
 * marker `<!-- report:ID -->` … `<!-- /report -->` in the docs — the result
 * stores it reads (relative to the results folder) and a renderer from their
 * rows to Markdown. Numbers of the seed papers come from data/seed-figures.json.
 */
import { formatStat, stat, type Stat } from '../summary.js';
import type { ResultRow } from '../types.js';
import { annotationTables, llmdmSummary, ownModelTable, parseLlmdmRows, replayTables, syntheticTables, type LlmdmRow } from './llmdm-tables.js';
import { kitchenGenTable } from './kitchen-gen-table.js';
import { parsePomdpRows, pomdpExtraSeedsTable, pomdpSummary, pomdpTable } from './pomdp-tables.js';
import { orderingTable, repairTable, rsnTable } from './household-bench-tables.js';
import { eaiTable, ipcSummary, ipcTable, optimalTable, parsePlannerRows, parseReferences } from './planner-tables.js';
import { seedValue } from './seed-figures.js';

export interface DocTable {
  id: string;
  /** Result stores (directories holding results.jsonl), relative to the results folder. */
  sources: string[];
  /** Other committed files the table reads as text (planner rows, reference runs), relative to the results folder. */
  files?: string[];
  /** Markdown from the rows of each source (in `sources` order) and the text of each file; undefined when they hold none of this table's rows. */
  render(rows: ResultRow[][], files: string[]): string | undefined;
}

const LEVELS = ['easy', 'medium', 'hard'];

function table(head: string[], body: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const done = (rows: readonly ResultRow[]): ResultRow[] => rows.filter((r) => r.status === 'done');
const successes = (rows: readonly ResultRow[]): number[] => rows.map((r) => (r.success ? 1 : 0));
const meanOf = (xs: readonly number[], digits: number): string => (xs.length === 0 ? '-' : (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(digits));

/** `5/50 (10 ± 4 %)`. */
function solved(rows: readonly ResultRow[]): string {
  if (rows.length === 0) return '-';
  return `${rows.filter((r) => r.success).length}/${rows.length} (${formatStat(stat(successes(rows)), 0, 100)} %)`;
}

/** The task index of a kitchen task id (`galley-easy-1001-3` → 3). */
const taskIndex = (id: string): number => Number(id.slice(id.lastIndexOf('-') + 1));

const budget = (rows: readonly ResultRow[]): string => [...new Set(rows.map((r) => String(r.spec.config.maxTrials ?? r.spec.config.trials ?? '?')))].join('/');

const prior: DocTable = {
  id: 'prior',
  sources: ['prior/tuned', 'prior/unseen', 'prior/paraphrase', 'kitchen-prior', 'prior-after/tuned', 'prior-after/unseen', 'prior-after/paraphrase'],
  render([tunedAll, unseenAll, paraAll, benchAll, ...afterAll]) {
    const [tuned, unseen, para, bench] = [tunedAll, unseenAll, paraAll, benchAll].map(done);
    const [tunedAfter, unseenAfter, paraAfter] = afterAll.map(done);
    const paraTasks = new Set(para.map((r) => r.spec.task));
    const body = LEVELS.map((level) => {
      const at = (rs: ResultRow[]): ResultRow[] => rs.filter((r) => r.spec.level === level);
      const same = (rs: ResultRow[]): ResultRow[] => at(rs).filter((r) => paraTasks.has(r.spec.task));
      const cell = (before: ResultRow[], after: ResultRow[]): string => `${solved(before)} → ${solved(after)}`;
      return [level, cell(at(tuned), at(tunedAfter)), cell(at(unseen), at(unseenAfter)), cell(at(para), at(paraAfter)), cell(same(unseen), same(unseenAfter))];
    });
    const head = [
      'level',
      'tuned: task seed 1',
      'unseen: task seed 1001',
      'paraphrased instructions (seed 1001, tasks 0–1)',
      'the same tasks, template instructions',
    ];
    const lines = [
      `Tru-POMDP (full method) with the offline \`prior\` model, ${budget([...tuned, ...unseen, ...para, ...tunedAfter, ...unseenAfter, ...paraAfter])} DESPOT trials per move, all five kitchens; solved / tasks (success % ± SE), the shipped prior → the synset-category experiment (\`results/prior\` → \`results/prior-after\`, commit 1ecccba, reverted):`,
      '',
      table(head, body),
    ];
    if (bench.length > 0) {
      const maxIndex = Math.max(...bench.map((r) => taskIndex(r.spec.task)));
      const kitchens = [...new Set(bench.map((r) => r.spec.task.slice(0, r.spec.task.indexOf(`-${r.spec.level}-`))))].join(' and ');
      lines.push(
        '',
        `The kitchen benchmark's former \`prior\` figure (${bench[0].spec.suite}, ${kitchens} tasks 0–${maxIndex} of task seed 1, ${budget(bench)} trials per move): ${solved(bench)}, reward ${meanOf(bench.map((r) => r.reward), 0)}.`,
      );
      // the tasks both runs share: does the shorter trial budget change what is solved?
      const short = new Map(tuned.filter((r) => r.spec.level === 'easy').map((r) => [r.spec.task, r.success]));
      const shared = bench.filter((r) => short.has(r.spec.task));
      if (shared.length > 0) {
        const solvedBy = (pick: (r: ResultRow) => boolean): string[] => shared.filter(pick).map((r) => r.spec.task).sort();
        const a = solvedBy((r) => short.get(r.spec.task) === true);
        const b = solvedBy((r) => r.success);
        const same = a.length === b.length && a.every((t, i) => t === b[i]);
        lines.push(`On the ${shared.length} easy tasks both runs share, ${budget(tuned)} trials per move solve ${a.length} and ${budget(bench)} trials solve ${b.length}${same ? ', the same tasks' : ''}.`);
      }
    }
    return lines.join('\n');
  },
};

/**
 * What each ablation row rests on in the synthetic stand-in
 * (src/methods/tru-pomdp/synthetic.ts: a prompt-only guess, the `prior`
 * model's answer, plus at most one recall of the hidden truth per call).
 */
export const ABLATION_KNOBS: Record<string, string> = {
  full: '— (the reference row)',
  'no-belief': '`rankAccuracy` 0.6: a recalled truth is ranked first 60 % of the time, and only the top particle is kept',
  'no-hbu': '`answerCorrelation` 0.8: regenerating re-asks the same questions, and a repeated question repeats its recall or miss (fresh after a new observation)',
  'no-toh': 'no knob: one call, one recall (the goal, `goalRecall`); unseen objects\' initial areas are the prompt-only guess, the tree gets a `locationRecall` draw per object',
  'no-lrp': 'none: the full method\'s "LLM-written" rollout policy is the built-in hand-written one; the variant rolls out at random',
  'no-bts': '`actError` 0.2: `tru.act` picks a random legal action (no look-ahead in the variant)',
};

const variantOf = (method: string): string => (method === 'tru-pomdp' ? 'full' : method.slice('tru-pomdp/'.length));

const kitchenAblations: DocTable = {
  id: 'kitchen-ablations',
  sources: ['kitchen'],
  render([all]) {
    const rows = done(all).filter((r) => r.spec.model === 'synthetic' && r.spec.method.startsWith('tru-pomdp'));
    if (rows.length === 0) return undefined;
    const variants = Object.keys(ABLATION_KNOBS).filter((v) => rows.some((r) => variantOf(r.spec.method) === v));
    const cell = (rs: ResultRow[]): string => (rs.length === 0 ? '-' : `${formatStat(stat(successes(rs)), 0, 100)}, ${meanOf(rs.map((r) => r.reward), 0)}`);
    const body = variants.map((v) => {
      const of = (level: string): ResultRow[] => rows.filter((r) => variantOf(r.spec.method) === v && r.spec.level === level);
      return [v === 'full' ? 'full' : `w/o ${v.slice(3).toUpperCase().replace('BELIEF', 'Belief')}`, ...LEVELS.map((l) => cell(of(l))), meanOf(of('hard').map((r) => r.llm.calls), 1), ABLATION_KNOBS[v]];
    });
    return table(['variant', 'easy success %, reward', 'medium', 'hard', 'LLM calls / episode (hard)', 'stand-in knob that creates the mechanism'], body);
  },
};

/**
 * Per ablation: what the seed says it removes and claims (tru-pomdp.txt, the
 * line of the claim, in our words), and the measured effect: success of the
 * full method minus the variant's on the same tasks, per level, as a paired
 * mean ± SE over tasks. A level supports the claim when the difference is
 * above 2 SE, contradicts it when it is below −2 SE, and is a tie otherwise.
 */
const ABLATION_CLAIMS: Record<string, { removes: string; claim: string }> = {
  'no-belief': { removes: 'the particle belief: acts on the single most likely hypothesis', claim: 'l. 113: relying on the most likely hypothesis degrades performance substantially' },
  'no-hbu': { removes: 'Bayesian filtering: the belief is generated anew from the tree at every step', claim: 'l. 114: performance drops on hard tasks, and total time grows up to 3×' },
  'no-toh': { removes: 'the tree: one flat query returns whole hypotheses', claim: 'l. 115: worse than full, and worse even than w/o Belief, through hallucination' },
  'no-lrp': { removes: 'the LLM-written rollout policy: random legal actions in the rollouts', claim: 'l. 116: performance degrades greatly' },
  'no-bts': { removes: 'the belief tree search: the LLM picks each action from the belief', claim: 'l. 117: lowest reward and success of all variants' },
};

/** Paired difference full − variant in success (percentage points) over the tasks both ran. */
function pairedSuccessDiff(full: readonly ResultRow[], variant: readonly ResultRow[]): Stat {
  const byTask = new Map(full.map((r) => [`${r.spec.task}|${r.spec.seed}`, r.success ? 1 : 0]));
  const diffs = variant.filter((r) => byTask.has(`${r.spec.task}|${r.spec.seed}`)).map((r) => 100 * ((byTask.get(`${r.spec.task}|${r.spec.seed}`) ?? 0) - (r.success ? 1 : 0)));
  return stat(diffs);
}

const verdictOf = (d: Stat): string => (d.n < 2 ? 'n < 2' : d.mean > 2 * d.se && d.mean > 0 ? 'holds' : d.mean < -2 * d.se && d.mean < 0 ? 'reversed' : 'tie');

const kitchenAblationVerdicts: DocTable = {
  id: 'kitchen-ablation-verdicts',
  sources: ['kitchen'],
  render([all]) {
    const rows = done(all).filter((r) => r.spec.model === 'synthetic' && r.spec.method.startsWith('tru-pomdp'));
    const of = (v: string, level: string): ResultRow[] => rows.filter((r) => variantOf(r.spec.method) === v && r.spec.level === level);
    const variants = Object.keys(ABLATION_CLAIMS).filter((v) => rows.some((r) => variantOf(r.spec.method) === v));
    if (variants.length === 0 || !rows.some((r) => r.spec.method === 'tru-pomdp')) return undefined;
    const body = variants.map((v) => {
      const cells = LEVELS.map((l) => {
        const d = pairedSuccessDiff(of('full', l), of(v, l));
        return d.n === 0 ? '-' : `${d.mean >= 0 ? '+' : ''}${formatStat(d, 0)} (${verdictOf(d)})`;
      });
      const planning = (rs: readonly ResultRow[]): number => rs.reduce((a, r) => a + r.planningSeconds, 0) / Math.max(1, rs.length);
      // w/o BTS does not search: its time is the LLM's, which the stand-in spends none of
      const time = planning(of(v, 'hard')) < 0.05 * planning(of('full', 'hard')) ? 'no search' : `${(planning(of(v, 'hard')) / Math.max(1e-9, planning(of('full', 'hard')))).toFixed(2)}×`;
      return [`w/o ${v.slice(3).toUpperCase().replace('BELIEF', 'Belief')}`, ABLATION_CLAIMS[v].removes, ...cells, time, ABLATION_CLAIMS[v].claim];
    });
    return table(['ablation', 'removes', 'success full − variant, easy (pp, paired over tasks)', 'medium', 'hard', 'planning time per episode, hard (variant / full)', 'the seed\'s claim (tru-pomdp.txt)'], body);
  },
};

/** The methods of the paper's kitchen figures, in table order, with their printed names. */
export const KITCHEN_TABLE_METHODS: ReadonlyArray<[method: string, label: string]> = [
  ['tru-pomdp', 'Tru-POMDP'],
  ['tru-pomdp/no-belief', 'w/o Belief'],
  ['tru-pomdp/no-hbu', 'w/o HBU'],
  ['tru-pomdp/no-toh', 'w/o TOH'],
  ['tru-pomdp/no-lrp', 'w/o LRP'],
  ['tru-pomdp/no-bts', 'w/o BTS'],
  ['react', 'ReAct'],
  ['reflexion', 'Reflexion'],
  ['react-star', 'ReAct*'],
  ['reflexion-star', 'Reflexion*'],
  ['llm-mcts', 'LLM-MCTS'],
];

/** How a row's search was budgeted: the paper's CPU seconds per move, or a trial budget. */
function searchBudget(rows: readonly ResultRow[]): string {
  const tru = rows.filter((r) => r.spec.method.startsWith('tru-pomdp'));
  const kinds = [...new Set(tru.map((r) => {
    const trials = Number(r.spec.config.trials ?? 0);
    return trials > 0 ? `${trials} DESPOT trials per move` : `${String(r.spec.config.timePerMove ?? 1)} CPU-s per move`;
  }))];
  const mcts = [...new Set(rows.filter((r) => r.spec.method === 'llm-mcts').map((r) => String(r.spec.config.trials ?? '?')))];
  return [kinds.length > 0 ? `Tru-POMDP ${kinds.join(' / ')}` : '', mcts.length > 0 ? `LLM-MCTS ${mcts.join(' / ')} simulations per move` : ''].filter((x) => x !== '').join('; ');
}

/**
 * One kitchen level in the layout of the seed's Figs. 2–5: per method success
 * %, cumulative reward, steps (failures count the step limit), planning
 * seconds per executed step and LLM tokens per episode, mean ± SE.
 */
export function kitchenLevelTable(level: string, all: readonly ResultRow[], model = 'synthetic'): string | undefined {
  const rows = done(all).filter((r) => r.spec.level === level && r.spec.model === model && r.spec.suite === `kitchen:${level}`);
  if (rows.length === 0) return undefined;
  const kitchens = [...new Set(rows.map((r) => r.spec.task.slice(0, r.spec.task.indexOf(`-${level}-`))))].sort();
  const body: string[][] = [];
  for (const [method, label] of KITCHEN_TABLE_METHODS) {
    const rs = rows.filter((r) => r.spec.method === method);
    if (rs.length === 0) continue;
    const perStep = rs.map((r) => r.planningSeconds / Math.max(1, r.metrics.executedSteps ?? r.steps));
    body.push([
      label,
      String(rs.length),
      formatStat(stat(successes(rs)), 0, 100),
      formatStat(stat(rs.map((r) => r.reward)), 0),
      formatStat(stat(rs.map((r) => r.steps)), 1),
      formatStat(stat(perStep), 2),
      `${meanOf(rs.map((r) => r.llm.inputTokens), 0)} / ${meanOf(rs.map((r) => r.llm.outputTokens), 0)}`,
    ]);
  }
  const errors = all.filter((r) => r.status === 'error' && r.spec.level === level && r.spec.model === model).length;
  return [
    `${level}: ${kitchens.length} kitchen${kitchens.length === 1 ? '' : 's'} (${kitchens.join(', ')}); ${searchBudget(rows)}; ${rows[0].modelDescription}${errors > 0 ? `; ${errors} episode(s) ended in an error and are left out` : ''}`,
    '',
    table(['method', 'episodes', 'success %', 'reward', 'steps', 'planning s/step', 'LLM tokens in / out per episode'], body),
  ].join('\n');
}

const kitchenLevels: DocTable[] = LEVELS.map((level) => ({
  id: `kitchen-${level}`,
  sources: ['kitchen'],
  render: ([all]) => kitchenLevelTable(level, all),
}));

const BASELINES = KITCHEN_TABLE_METHODS.filter(([method]) => !method.startsWith('tru-pomdp'));

/**
 * The five kitchen baselines of the seed's §5.2 over all levels (docs/baselines.md):
 * success %, reward, steps, and the LLM cost per episode (calls, tokens) that
 * the per-level tables leave out of the call count. Synthetic model only.
 */
export function kitchenBaselinesTable(all: readonly ResultRow[], model = 'synthetic'): string | undefined {
  const rows = done(all).filter((r) => r.spec.model === model && BASELINES.some(([m]) => m === r.spec.method));
  if (rows.length === 0) return undefined;
  const body: string[][] = [];
  for (const level of LEVELS) {
    for (const [method, label] of BASELINES) {
      const rs = rows.filter((r) => r.spec.level === level && r.spec.method === method);
      if (rs.length === 0) continue;
      body.push([
        label,
        level,
        String(rs.length),
        formatStat(stat(successes(rs)), 0, 100),
        formatStat(stat(rs.map((r) => r.reward)), 0),
        formatStat(stat(rs.map((r) => r.steps)), 1),
        meanOf(rs.map((r) => r.llm.calls), 1),
        `${meanOf(rs.map((r) => r.llm.inputTokens), 0)} / ${meanOf(rs.map((r) => r.llm.outputTokens), 0)}`,
      ]);
    }
  }
  const mctsBudget = budget(rows.filter((r) => r.spec.method === 'llm-mcts'));
  return [
    `${rows[0].modelDescription}; LLM-MCTS ${mctsBudget} simulations per move`,
    '',
    table(['method', 'level', 'episodes', 'success %', 'reward', 'steps', 'LLM calls/ep', 'tokens in / out per ep'], body),
  ].join('\n');
}

const kitchenBaselines: DocTable = { id: 'kitchen-baselines', sources: ['kitchen'], render: ([all]) => kitchenBaselinesTable(all) };

/** The finished rows of one suite. */
const suiteRows = (all: readonly ResultRow[], suite: string): ResultRow[] => done(all).filter((r) => r.spec.suite === suite);
const ofMethod = (rows: readonly ResultRow[], method: string): ResultRow[] => rows.filter((r) => r.spec.method === method);
/** Distinct (task, seed) episodes among the rows. */
const episodes = (rows: readonly ResultRow[]): number => new Set(rows.map((r) => `${r.spec.task}|${r.spec.seed}`)).size;

const householdSingle: DocTable = {
  id: 'household-single',
  sources: ['household'],
  render([all]) {
    const rows = suiteRows(all, 'household:single');
    if (rows.length === 0) return undefined;
    const methods = ['llm-only', 'sayplan', 'gavel-basic', 'gavel'];
    const planCalls = (r: ResultRow): number => r.llm.byKind?.['gavel.plan']?.calls ?? 0;
    const body = methods.map((m) => {
      const rs = ofMethod(rows, m);
      return [m, formatStat(stat(successes(rs)), 1, 100), meanOf(rs.map(planCalls), 2), seedValue(`gavel.table1.qwen3-8b.${m}.success`).toFixed(1)];
    });
    return table([`Table I shape (single tasks, n = ${episodes(rows)})`, 'success %', 'plan calls', 'seed (Qwen3-8B) success %'], body);
  },
};

const householdMulti: DocTable = {
  id: 'household-multi',
  sources: ['household'],
  render([all]) {
    const rows = suiteRows(all, 'household:multi');
    if (rows.length === 0) return undefined;
    const methods = ['llm-only', 'sayplan', 'epog', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
    const body = methods.map((m) => {
      const rs = ofMethod(rows, m);
      const perErrand = rs.map((r) => r.metrics.errandSuccess ?? (r.success ? 1 : 0));
      return [m, formatStat(stat(successes(rs)), 1, 100), formatStat(stat(perErrand), 1, 100), meanOf(rs.map((r) => r.metrics.distance ?? 0), 1), seedValue(`gavel.table2.${m}.success`).toFixed(1)];
    });
    return table([`Table II shape (multi-task, n = ${episodes(rows)})`, 'success %', 'per-errand success %', 'distance m', 'seed success %'], body);
  },
};

/**
 * Table II's distances in detail: all episodes, the matched set (the
 * episodes — task and seed — that sayplan, the three gavel variants and the
 * oracle all completed, as the seed compares distance on matched sets), the
 * paired difference to gavel-map on that set, room searches and plan calls,
 * beside the seed's distance.
 */
const householdDistances: DocTable = {
  id: 'household-distances',
  sources: ['household'],
  render([all]) {
    const rows = suiteRows(all, 'household:multi');
    if (rows.length === 0) return undefined;
    const methods = ['llm-only', 'sayplan', 'epog', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
    const matchedBy = ['sayplan', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
    const ep = (r: ResultRow): string => `${r.spec.task}|${r.spec.seed}`;
    const completed = matchedBy.map((m) => new Set(ofMethod(rows, m).filter((r) => r.success).map(ep)));
    const matched = new Set([...completed[0]].filter((k) => completed.every((c) => c.has(k))));
    const dist = (r: ResultRow): number => r.metrics.distance ?? 0;
    const mapDist = new Map(ofMethod(rows, 'gavel-map').filter((r) => matched.has(ep(r))).map((r) => [ep(r), dist(r)]));
    const body = methods.map((m) => {
      const rs = ofMethod(rows, m);
      const inMatched = matchedBy.includes(m) ? rs.filter((r) => matched.has(ep(r))) : [];
      const paired = m === 'gavel-map' ? '0' : inMatched.length > 0 ? formatStat(stat(inMatched.map((r) => dist(r) - (mapDist.get(ep(r)) ?? 0))), 2) : '-';
      return [
        m,
        formatStat(stat(rs.map(dist)), 2),
        inMatched.length > 0 ? formatStat(stat(inMatched.map(dist)), 2) : '-',
        paired,
        meanOf(rs.map((r) => r.metrics.searches ?? 0), 1),
        meanOf(rs.map((r) => r.llm.byKind?.['gavel.plan']?.calls ?? 0), 1),
        seedValue(`gavel.table2.${m}.distance`).toFixed(2),
      ];
    });
    return [
      `Matched: the ${matched.size} of ${episodes(rows)} episodes that ${matchedBy.join(', ')} all completed; "vs gavel-map" is the paired difference on that set (m, mean ± SE).`,
      '',
      table(['method', 'distance m (all)', 'distance m (matched)', 'vs gavel-map (paired)', 'searches', 'plan calls', 'seed distance m'], body),
    ].join('\n');
  },
};

/** Failed errands by cause (the seed's Fig. 3 kind), per multi-task method: counts over all episodes. */
const householdFailures: DocTable = {
  id: 'household-failures',
  sources: ['household'],
  render([all]) {
    const rows = suiteRows(all, 'household:multi');
    if (rows.length === 0) return undefined;
    const methods = [...new Set(rows.map((r) => r.spec.method))].sort();
    const count = (rs: readonly ResultRow[]): Map<string, number> => {
      const m = new Map<string, number>();
      for (const r of rs) for (const c of r.failures ?? []) m.set(c, (m.get(c) ?? 0) + 1);
      return m;
    };
    const causes = [...count(rows).keys()].sort();
    if (causes.length === 0) return undefined;
    const body = methods.map((m) => {
      const rs = ofMethod(rows, m);
      const c = count(rs);
      const errands = rs.reduce((a, r) => a + (r.metrics.errands ?? 0), 0);
      return [m, String(errands), ...causes.map((k) => String(c.get(k) ?? 0))];
    });
    return table(['failed errands by cause (multi-task)', 'errands', ...causes], body);
  },
};

/** A classical planner table from a planner row file and the reference runs (results/planner/). */
function plannerTable(id: string, file: string, render: (rows: ReturnType<typeof parsePlannerRows>, refs: ReturnType<typeof parseReferences>) => string): DocTable {
  return {
    id,
    sources: [],
    files: [`planner/${file}`, 'planner/reference.tsv'],
    render(_stores, [rows, refs]) {
      const parsed = parsePlannerRows(rows);
      return parsed.length === 0 ? undefined : render(parsed, parseReferences(refs));
    },
  };
}

const plannerTables: DocTable[] = [
  plannerTable('planner-ipc-summary', 'ipc.jsonl', ipcSummary),
  plannerTable('planner-ipc', 'ipc.jsonl', (rows, refs) => ipcTable(rows, refs)),
  plannerTable('planner-astar-lmcut', 'astar-lmcut.jsonl', optimalTable),
  plannerTable('planner-eai', 'eai.jsonl', eaiTable),
];

/** An LLM-DM table from the bench's rows (results/llmdm/rows.jsonl). */
function llmdmTable(id: string, render: (rows: LlmdmRow[]) => string | undefined): DocTable {
  return { id, sources: [], files: ['llmdm/rows.jsonl'], render: (_stores, [rows]) => render(parseLlmdmRows(rows)) };
}

const llmdmTables: DocTable[] = [
  llmdmTable('llmdm-summary', llmdmSummary),
  llmdmTable('llmdm-annotations', annotationTables),
  llmdmTable('llmdm-own-model', ownModelTable),
  llmdmTable('llmdm-replay', replayTables),
  llmdmTable('llmdm-synthetic', syntheticTables),
];

const pomdpTables: DocTable[] = [
  { id: 'pomdp-summary', sources: [], files: ['pomdp/rows.jsonl'], render: (_stores, [rows]) => pomdpSummary(parsePomdpRows(rows)) },
  { id: 'pomdp', sources: [], files: ['pomdp/rows.jsonl'], render: (_stores, [rows]) => pomdpTable(parsePomdpRows(rows)) },
  { id: 'pomdp-extra', sources: [], files: ['pomdp/rows.jsonl', 'pomdp/extra-seeds.jsonl'], render: (_stores, [rows, extra]) => pomdpExtraSeedsTable(parsePomdpRows(rows), parsePomdpRows(extra)) },
];

/**
 * docs/eval.md's POMDP example (`groundplan bench pomdp:tiger`): per solver and
 * its trial budget, success %, undiscounted reward and planning seconds per episode.
 */
export function evalTigerTable(all: readonly ResultRow[]): string | undefined {
  const rows = suiteRows(all, 'pomdp:tiger');
  if (rows.length === 0) return undefined;
  const unit = (method: string): string => (method === 'pomcp' ? 'simulations' : 'trials');
  const body = [...new Set(rows.map((r) => r.spec.method))].sort().map((method) => {
    const rs = ofMethod(rows, method);
    return [
      `${method} (${budget(rs)} ${unit(method)}/step)`,
      String(rs.length),
      formatStat(stat(successes(rs)), 0, 100),
      formatStat(stat(rs.map((r) => r.reward)), 1),
      formatStat(stat(rs.map((r) => r.planningSeconds)), 2),
    ];
  });
  return table(['method', 'n', 'success %', 'reward (undiscounted, 20 steps)', 'planning s / episode'], body);
}

const evalTiger: DocTable = { id: 'eval-tiger', sources: ['eval-tiger'], render: ([all]) => evalTigerTable(all) };

/** The world-model benchmarks without an LLM (docs/gavel.md), from the commands' --json output. */
const householdBenchTables: DocTable[] = [
  { id: 'household-rsn', sources: [], files: ['household-bench/rsn.json'], render: (_stores, [text]) => rsnTable(text) },
  { id: 'household-repair', sources: [], files: ['household-bench/repair.json'], render: (_stores, [text]) => repairTable(text) },
  { id: 'household-ordering', sources: [], files: ['household-bench/ordering.json'], render: (_stores, [text]) => orderingTable(text) },
];

const kitchenGen: DocTable = { id: 'kitchen-gen', sources: [], files: ['kitchen-gen/tasks.json'], render: (_stores, [text]) => kitchenGenTable(text) };

/** Every report-generated doc table, by marker id. */
export const DOC_TABLES: readonly DocTable[] = [prior, kitchenAblations, kitchenAblationVerdicts, ...kitchenLevels, kitchenBaselines, kitchenGen, householdSingle, householdMulti, householdDistances, householdFailures, ...householdBenchTables, evalTiger, ...plannerTables, ...llmdmTables, ...pomdpTables];

export function docTable(id: string): DocTable | undefined {
  return DOC_TABLES.find((t) => t.id === id);
}
