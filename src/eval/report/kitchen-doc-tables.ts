/**
 * The kitchen tables of README.md and docs/tru-pomdp.md, docs/baselines.md
 * (results/kitchen, results/prior*): the offline prior before → after, the
 * ablations with the stand-in knob behind each, the verdicts against the
 * seed's claims, one table per level in the paper's layout, the baselines.
 */
import { formatStat, stat, type Stat } from '../summary.js';
import type { ResultRow } from '../types.js';
import { budget, done, mdTable as table, meanOf, successes, type DocTable } from './doc-table.js';

const LEVELS = ['easy', 'medium', 'hard'];

/** `5/50 (10 ± 4 %)`. */
function solved(rows: readonly ResultRow[]): string {
  if (rows.length === 0) return '-';
  return `${rows.filter((r) => r.success).length}/${rows.length} (${formatStat(stat(successes(rows)), 0, 100)} %)`;
}

/** The task index of a kitchen task id (`galley-easy-1001-3` → 3). */
const taskIndex = (id: string): number => Number(id.slice(id.lastIndexOf('-') + 1));

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

/** The kitchen doc tables, in docs order. */
export const kitchenDocTables: readonly DocTable[] = [prior, kitchenAblations, kitchenAblationVerdicts, ...kitchenLevels, kitchenBaselines];
