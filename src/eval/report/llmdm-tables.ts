/**
 * The LLM-DM benchmark's tables (bench/llmdm.ts) from its rows
 * (`results/llmdm/rows.jsonl`, one JSON object per line, by `kind`):
 * GPT-4's real action models against the experts' annotations, planning with
 * GPT-4's own logistics model, the replay of the recorded construction
 * dialogues, and the synthetic-LLM construction, review and logistics planning
 * per seed. Pure functions of the rows: the bench prints them, `groundplan
 * report --update-docs` puts them in the docs.
 */
import { mdTable as table } from './doc-table.js';

/** One domain's GPT-4 model checked against the annotations. */
export interface LlmdmAnnotationRow {
  kind: 'annotation';
  domain: string;
  actions: number;
  annotated: number;
  caught: number;
  /** `action / category: first line of the message` of every check issue. */
  issues: string[];
  /** Issues that match no annotation. */
  unlisted: number;
  strayParameterLines: { action: string; line: string }[];
  /** Per annotation category; `checkable`: an automatic check can catch it (a syntax error), otherwise it is factual. */
  byCategory: { category: string; checkable: boolean; annotated: number; caught: number }[];
  corrected: { issues: number; parses: boolean };
}

/** One logistics instruction planned with GPT-4's own (raw or expert-corrected) logistics model. */
export interface LlmdmOwnModelRow {
  kind: 'own-model';
  model: string;
  instance: string;
  instruction: string;
  solved: boolean;
  validIpc: boolean;
}

/** One domain's recorded dialogues replayed through the construction loop. */
export interface LlmdmReplayRow {
  kind: 'replay';
  domain: string;
  passes: number;
  turns: { pass: number; action: string; round: number; seed: string; ours: string; categories: string[]; agree: boolean }[];
  diverged: string[];
}

/** What one synthetic-LLM construction and its review round measure. */
export interface ConstructionFigures {
  actions: number;
  passes: number;
  /** Model turns (first answers + feedback rounds) over all passes. */
  turns: number;
  feedbackRounds: number;
  /** Actions whose last answer still had check issues. */
  unresolved: number;
  exact: number;
  meanF1: number;
  /** After one review round by a simulated expert (corrections from the difference with the gold). */
  reviewed: { corrected: number; exact: number; meanF1: number };
  /** Per action: feedback rounds over all passes and final agreement. */
  perAction: { action: string; rounds: number; exact: boolean; f1: number }[];
}

/** One synthetic-LLM construction (domain, seed), then one review round. */
export interface LlmdmConstructionRow extends ConstructionFigures {
  kind: 'construction';
  domain: string;
  seed: number;
  /** The synthetic model's description with its knob values. */
  model: string;
}

/** One logistics instruction planned with the reviewed synthetic-LLM model of a seed. */
export interface LlmdmPlanRow {
  kind: 'logistics-plan';
  seed: number;
  instance: string;
  instruction: string;
  /** The seed's reviewed model equals the gold model. */
  reviewedExact: boolean;
  translated: boolean;
  plannerSolved: boolean;
  plannerValidIpc: boolean;
  llmPlannerValidIpc: boolean;
  llmPlannerRounds: number;
}

export type LlmdmRow = LlmdmAnnotationRow | LlmdmOwnModelRow | LlmdmReplayRow | LlmdmConstructionRow | LlmdmPlanRow;

export function parseLlmdmRows(jsonl: string): LlmdmRow[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LlmdmRow);
}

const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const of = <K extends LlmdmRow['kind']>(rows: readonly LlmdmRow[], kind: K): Extract<LlmdmRow, { kind: K }>[] => rows.filter((r): r is Extract<LlmdmRow, { kind: K }> => r.kind === kind);
const sum = <T>(xs: readonly T[], f: (x: T) => number): number => xs.reduce((a, x) => a + f(x), 0);
const domainsOf = (rows: readonly { domain: string }[]): string[] => [...new Set(rows.map((r) => r.domain))];

/** Part 1: annotated errors caught per domain and category, and the issues found. */
export function annotationTables(rows: readonly LlmdmRow[]): string | undefined {
  const rs = of(rows, 'annotation');
  if (rs.length === 0) return undefined;
  const out = [
    table(
      ['domain', 'actions', 'annotated errors', 'caught by checks', 'check issues', 'issues not in annotations', 'corrected model: issues / parses'],
      rs.map((r) => [r.domain, r.actions, r.annotated, r.caught, r.issues.length, r.unlisted, `${r.corrected.issues} / ${r.corrected.parses ? 'yes' : 'no'}`]),
    ),
    '',
    'By annotation category:',
    '',
    table(['domain', 'category', 'annotated', 'caught'], rs.flatMap((r) => r.byCategory.map((c) => [r.domain, c.category, c.annotated, c.caught]))),
    '',
    'Issues found (GPT-4 raw models):',
    '',
    ...rs.flatMap((r) => r.issues.map((i) => `- ${r.domain} / ${i}`)),
    ...rs.flatMap((r) => r.strayParameterLines.map((s) => `- ${r.domain} / ${s.action}: non-parameter line in the parameter list (not in the annotations; ignored): "${s.line}"`)),
  ];
  return out.join('\n');
}

/** Planning the logistics instructions with GPT-4's own models. */
export function ownModelTable(rows: readonly LlmdmRow[]): string | undefined {
  const rs = of(rows, 'own-model');
  if (rs.length === 0) return undefined;
  const models = [...new Set(rs.map((r) => r.model))];
  return table(
    ['logistics model', 'instructions', 'planner found a plan', 'plan valid in the IPC domain'],
    models.map((m) => {
      const xs = rs.filter((r) => r.model === m);
      return [m, xs.length, pct(xs.filter((r) => r.solved).length, xs.length), pct(xs.filter((r) => r.validIpc).length, xs.length)];
    }),
  );
}

/** Part 2: the replay's agreement with the seed's verdicts, and every feedback turn or disagreement. */
export function replayTables(rows: readonly LlmdmRow[]): string | undefined {
  const rs = of(rows, 'replay');
  if (rs.length === 0) return undefined;
  return [
    table(
      ['domain', 'passes', 'recorded answers', 'same verdict as the seed', 'seed feedback turns', 'diverged actions'],
      rs.map((r) => [r.domain, r.passes, r.turns.length, r.turns.filter((t) => t.agree).length, r.turns.filter((t) => t.seed !== 'accepted').length, r.diverged.length]),
    ),
    '',
    'Recorded feedback turns:',
    '',
    table(
      ['domain', 'pass', 'action', 'round', 'seed error type', 'our verdict'],
      rs.flatMap((r) => r.turns.filter((t) => t.seed !== 'accepted' || !t.agree).map((t) => [r.domain, t.pass, t.action, t.round, t.seed, `${t.ours} (${t.categories.join(', ') || '-'})`])),
    ),
  ].join('\n');
}

interface DomainFigures {
  domain: string;
  seeds: number;
  actions: number;
  roundsPerAction: number;
  exact: number;
  reviewedExact: number;
}

function constructionFigures(rs: readonly LlmdmConstructionRow[]): DomainFigures[] {
  return domainsOf(rs).map((domain) => {
    const xs = rs.filter((r) => r.domain === domain);
    const acts = sum(xs, (r) => r.actions);
    return { domain, seeds: xs.length, actions: acts, roundsPerAction: sum(xs, (r) => r.feedbackRounds) / acts, exact: sum(xs, (r) => r.exact) / acts, reviewedExact: sum(xs, (r) => r.reviewed.exact) / acts };
  });
}

/** Part 3: synthetic-LLM construction and review per domain, per action, and logistics planning with the reviewed models. */
export function syntheticTables(rows: readonly LlmdmRow[]): string | undefined {
  const rs = of(rows, 'construction');
  if (rs.length === 0) return undefined;
  const seeds = new Set(rs.map((r) => r.seed)).size;
  const perDomain = domainsOf(rs).map((d) => {
    const xs = rs.filter((r) => r.domain === d);
    const acts = sum(xs, (r) => r.actions);
    const n = xs.length;
    return [d, acts / n, (sum(xs, (r) => r.passes) / n).toFixed(1), sum(xs, (r) => r.turns), sum(xs, (r) => r.feedbackRounds), (sum(xs, (r) => r.feedbackRounds) / acts).toFixed(2), sum(xs, (r) => r.unresolved), pct(sum(xs, (r) => r.exact), acts), (sum(xs, (r) => r.meanF1) / n).toFixed(3), sum(xs, (r) => r.reviewed.corrected), pct(sum(xs, (r) => r.reviewed.exact), acts), (sum(xs, (r) => r.reviewed.meanF1) / n).toFixed(3)];
  });
  const perAction = domainsOf(rs).flatMap((d) => {
    const xs = rs.filter((r) => r.domain === d);
    const actions = [...new Set(xs.flatMap((r) => r.perAction.map((a) => a.action)))];
    return actions.map((action) => {
      const as = xs.flatMap((r) => r.perAction.filter((a) => a.action === action));
      return [d, action, (sum(as, (a) => a.rounds) / xs.length).toFixed(1), `${as.filter((a) => a.exact).length}/${xs.length}`, (sum(as, (a) => a.f1) / xs.length).toFixed(3)];
    });
  });
  const out = [
    `Model: ${[...new Set(rs.map((r) => r.model))].join('; ')}. Construction from the corrected gold, seeds ${[...new Set(rs.map((r) => r.seed))].join(', ')}; review = one correction round by a simulated expert (the difference from the gold).`,
    '',
    table(['domain', 'actions', 'passes', 'answers', 'feedback rounds', 'rounds/action', 'unresolved', 'exact vs gold', 'mean F1', 'corrections', 'exact after review', 'F1 after review'], perDomain),
    '',
    `Per action (before review; feedback rounds summed over both passes, mean over ${seeds} seeds):`,
    '',
    table(['domain', 'action', 'feedback rounds', 'exact vs gold', 'F1'], perAction),
  ];
  const plans = of(rows, 'logistics-plan');
  if (plans.length > 0) {
    const planSeeds = [...new Set(plans.map((p) => p.seed))];
    const good = plans.filter((p) => p.reviewedExact);
    const goodSeeds = new Set(good.map((p) => p.seed)).size;
    const goodTranslated = good.filter((p) => p.translated);
    out.push(
      '',
      `Logistics (${new Set(plans.map((p) => p.instance)).size} IPC problems, ${plans.length / planSeeds.length} instructions; plans validated against the IPC domain):`,
      '',
      table(
        ['tasks', 'goal+init translated', 'planner found a plan', 'planner plan valid (IPC)', 'seeds whose reviewed model equals the gold: planner valid / translated', 'LLM planner valid (IPC)', 'LLM planner mean feedback rounds'],
        [[
          `${plans.length / planSeeds.length} instructions x ${planSeeds.length} seeds`,
          pct(plans.filter((p) => p.translated).length, plans.length),
          pct(plans.filter((p) => p.plannerSolved).length, plans.length),
          pct(plans.filter((p) => p.plannerValidIpc).length, plans.length),
          `${goodSeeds} of ${planSeeds.length}: ${pct(goodTranslated.filter((p) => p.plannerValidIpc).length, goodTranslated.length)}`,
          pct(plans.filter((p) => p.llmPlannerValidIpc).length, plans.length),
          (sum(plans, (p) => p.llmPlannerRounds) / plans.length).toFixed(2),
        ]],
      ),
    );
  }
  return out.join('\n');
}

/** The README's summary: one line per part. */
export function llmdmSummary(rows: readonly LlmdmRow[]): string | undefined {
  const ann = of(rows, 'annotation');
  const rep = of(rows, 'replay');
  const con = of(rows, 'construction');
  const plans = of(rows, 'logistics-plan');
  if (ann.length === 0 || rep.length === 0 || con.length === 0) return undefined;
  const cat = (checkable: boolean): { annotated: number; caught: number } => {
    const cs = ann.flatMap((r) => r.byCategory.filter((c) => c.checkable === checkable));
    return { annotated: sum(cs, (c) => c.annotated), caught: sum(cs, (c) => c.caught) };
  };
  const syntax = cat(true);
  const factual = cat(false);
  const turns = rep.flatMap((r) => r.turns);
  const figs = constructionFigures(con);
  const range = (f: (d: DomainFigures) => number, digits: number, scale = 1): string => {
    const xs = figs.map(f).map((x) => x * scale);
    const lo = Math.min(...xs).toFixed(digits);
    const hi = Math.max(...xs).toFixed(digits);
    return lo === hi ? lo : `${lo}–${hi}`;
  };
  const body: string[][] = [
    ['GPT-4 action models (real LLM output) vs the experts\' annotations', `syntax errors caught ${syntax.caught}/${syntax.annotated}; factual errors caught ${factual.caught}/${factual.annotated}; issues not in the annotations ${sum(ann, (r) => r.unlisted)}; corrected models with no issues that parse ${ann.filter((r) => r.corrected.issues === 0 && r.corrected.parses).length}/${ann.length}`],
    ['replay of the recorded GPT-4 construction dialogues', `our verdict equals the seed's on ${turns.filter((t) => t.agree).length} of ${turns.length} recorded answers`],
    [`**synthetic LLM** construction (${new Set(con.map((r) => r.seed)).size} seeds; ${[...new Set(con.map((r) => r.model))].join('; ')})`, `${range((d) => d.roundsPerAction, 2)} feedback rounds per action; actions equal to the gold model ${range((d) => d.exact, 0, 100)} %, ${range((d) => d.reviewedExact, 0, 100)} % after one review round`],
  ];
  if (plans.length > 0) body.push(['**synthetic LLM** logistics planning with the constructed models', `valid plans (IPC domain) ${pct(plans.filter((p) => p.plannerValidIpc).length, plans.length)} with the sound planner, ${pct(plans.filter((p) => p.llmPlannerValidIpc).length, plans.length)} with the LLM planner and validator feedback (${plans.length} instruction × seed pairs)`]);
  return table(['part', 'measured'], body);
}
