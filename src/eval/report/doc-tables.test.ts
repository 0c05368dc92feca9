import { describe, expect, it } from 'vitest';
import type { EpisodeSpec, ResultRow } from '../types.js';
import { docTable } from './doc-tables.js';
import { ABLATION_KNOBS, KITCHEN_TABLE_METHODS } from './kitchen-doc-tables.js';

function row(spec: Partial<EpisodeSpec>, success: boolean, extra: Partial<ResultRow> = {}): ResultRow {
  const s: EpisodeSpec = { suite: 'x', task: 't', level: 'l', method: 'm', model: 'synthetic', seed: 1, config: {}, ...spec };
  return {
    key: `${s.suite}|${s.task}|${s.method}|${s.seed}`, spec: s, status: 'done', success, reward: success ? 800 : -200, steps: 10, planningSeconds: 1, wallSeconds: 1,
    llm: { calls: 4, inputTokens: 0, outputTokens: 0 }, metrics: {}, modelDescription: 'synthetic LLM', warnings: 0, worker: 'local', finishedAt: '2026-01-01T00:00:00Z', ...extra,
  };
}

const render = (id: string, rows: ResultRow[][]): string | undefined => docTable(id)?.render(rows, []);

describe('doc tables', () => {
  it('household-multi: success ± SE, mean distance and the seed figure per method, n = task × seed pairs', () => {
    const methods = ['llm-only', 'sayplan', 'epog', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
    // gavel: 3 of 4 episodes succeed (75 %, SE = sqrt(0.25/3)/2·100 = 25.0), distances 10, 20, 30, 40 → 25.0
    const rows = methods.flatMap((m) =>
      [0, 1, 2, 3].map((i) => row({ suite: 'household:multi', method: m, task: `s1-${i % 2}`, seed: 1 + Math.floor(i / 2) }, m === 'gavel' ? i < 3 : true, { metrics: { distance: 10 * (i + 1), ...(m === 'gavel' ? { errandSuccess: i < 3 ? 1 : 0.5 } : {}) } })),
    );
    const text = render('household-multi', [rows]) ?? '';
    expect(text.split('\n')[0]).toBe('| Table II shape (multi-task, n = 4) | success % | per-errand success % | distance m | seed success % |');
    // per-errand: 1, 1, 1, 0.5 → 87.5 %, sample SD 0.25 → SE 0.125; rows without errandSuccess count success as 1/0
    expect(text).toContain('| gavel | 75.0 ± 25.0 | 87.5 ± 12.5 | 25.0 | 92.6 |');
    expect(text).toContain('| oracle | 100.0 ± 0.0 | 100.0 ± 0.0 | 25.0 | 100.0 |');
    // single-task rows alone are not this table's rows
    expect(render('household-multi', [[row({ suite: 'household:single', method: 'gavel' }, true)]])).toBeUndefined();
  });

  it('household-failures: failed errands counted per cause and method, errands summed; no causes at all is no table', () => {
    const rows = [
      row({ suite: 'household:multi', method: 'gavel', task: 's1-0' }, false, { metrics: { errands: 3 }, failures: ['extraction', 'unmet-goal'] }),
      row({ suite: 'household:multi', method: 'gavel', task: 's1-1' }, false, { metrics: { errands: 2 }, failures: ['extraction'] }),
      row({ suite: 'household:multi', method: 'sayplan', task: 's1-0' }, true, { metrics: { errands: 3 } }),
    ];
    const lines = (render('household-failures', [rows]) ?? '').split('\n');
    expect(lines[0]).toBe('| failed errands by cause (multi-task) | errands | extraction | unmet-goal |');
    expect(lines[2]).toBe('| gavel | 5 | 2 | 1 |');
    expect(lines[3]).toBe('| sayplan | 3 | 0 | 0 |');
    expect(render('household-failures', [[rows[2]!]])).toBeUndefined();
  });

  it('kitchen-ablations: one row per variant present, its knob beside it; the prior model is left out', () => {
    const rows = ['tru-pomdp', 'tru-pomdp/no-toh'].flatMap((method) =>
      ['easy', 'medium', 'hard'].flatMap((level) => [row({ method, level, task: `a-${level}` }, true), row({ method, level, task: `b-${level}` }, method === 'tru-pomdp')]),
    );
    rows.push(row({ method: 'tru-pomdp', level: 'easy', model: 'prior', task: 'p' }, false));
    const lines = (render('kitchen-ablations', [rows]) ?? '').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(`| full | 100 ± 0, 800 | 100 ± 0, 800 | 100 ± 0, 800 | 4.0 | ${ABLATION_KNOBS.full} |`);
    expect(lines[3]).toBe(`| w/o TOH | 50 ± 50, 300 | 50 ± 50, 300 | 50 ± 50, 300 | 4.0 | ${ABLATION_KNOBS['no-toh']} |`);
    expect(render('kitchen-ablations', [[]])).toBeUndefined();
  });

  it('eval-tiger: one row per solver with its budget unit; only done pomdp:tiger rows count', () => {
    const tiger = (method: string, success: boolean, reward: number, config: Record<string, number>, status: ResultRow['status'] = 'done'): ResultRow =>
      row({ suite: 'pomdp:tiger', method, config, task: `t${reward}` }, success, { reward, status, planningSeconds: 0.5 });
    const rows = [
      tiger('despot', true, 30, { trials: 50 }), tiger('despot', false, 10, { trials: 50 }),
      tiger('pomcp', true, -20, { trials: 1000 }),
      tiger('pomcp', true, 99, { trials: 1000 }, 'error'),
      row({ suite: 'kitchen:easy', method: 'despot' }, true),
    ];
    const lines = (render('eval-tiger', [rows]) ?? '').split('\n');
    // despot: 1 of 2 solved = 50 ± 50 %, reward (30 + 10)/2 = 20 ± 10; pomcp: the error row is not counted
    expect(lines.slice(2)).toEqual(['| despot (50 trials/step) | 2 | 50 ± 50 | 20.0 ± 10.0 | 0.50 ± 0.00 |', '| pomcp (1000 simulations/step) | 1 | 100 | -20.0 | 0.50 |']);
    expect(render('eval-tiger', [[rows[4]!]])).toBeUndefined();
  });

  it('kitchen-baselines: the five baselines per level with LLM calls per episode; Tru-POMDP rows and other models left out', () => {
    const rows = [
      row({ method: 'react', level: 'hard', task: 'a' }, true, { llm: { calls: 10, inputTokens: 100, outputTokens: 5 } }),
      row({ method: 'react', level: 'hard', task: 'b' }, false, { llm: { calls: 30, inputTokens: 300, outputTokens: 15 } }),
      row({ method: 'llm-mcts', level: 'easy', task: 'a', config: { trials: 100 } }, true),
      row({ method: 'tru-pomdp', level: 'easy', task: 'a' }, true),
      row({ method: 'react', level: 'easy', task: 'a', model: 'prior' }, true),
    ];
    const lines = (render('kitchen-baselines', [rows]) ?? '').split('\n');
    expect(lines[0]).toBe('synthetic LLM; LLM-MCTS 100 simulations per move');
    // one episode has no SE; easy comes before hard; react on hard: 50 ± 50 %, reward (800 − 200)/2 = 300 ± 500, 20 calls, 200 / 10 tokens
    expect(lines.slice(4)).toEqual(['| LLM-MCTS | easy | 1 | 100 | 800 | 10.0 | 4.0 | 0 / 0 |', '| ReAct | hard | 2 | 50 ± 50 | 300 ± 500 | 10.0 ± 0.0 | 20.0 | 200 / 10 |']);
    expect(render('kitchen-baselines', [[rows[3]!]])).toBeUndefined();
  });

  it('kitchen-LEVEL: the paper layout per level, Tru-POMDP, its ablations and the baselines in one table, hand-computed cells', () => {
    const spec = (method: string, task: string, config: EpisodeSpec['config']): Partial<EpisodeSpec> => ({ suite: 'kitchen:hard', level: 'hard', method, task, config });
    // Tru-POMDP: one success (reward 900, 10 steps, 2 s over 10 executed steps) and one failure at the step limit
    // (reward -100, 35 steps, 7 s over 35 executed steps): 50 ± 50 %, reward 400 ± 500, steps 22.5 ± 12.5, 0.2 s/step
    const rows = [
      row(spec('tru-pomdp', 'one_wall-hard-1-0', { trials: 0 }), true, { reward: 900, steps: 10, planningSeconds: 2, metrics: { executedSteps: 10 }, llm: { calls: 3, inputTokens: 1000, outputTokens: 100 } }),
      row(spec('tru-pomdp', 'galley-hard-1-0', { trials: 0 }), false, { reward: -100, steps: 35, planningSeconds: 7, metrics: { executedSteps: 35 }, llm: { calls: 5, inputTokens: 3000, outputTokens: 300 } }),
      row(spec('react', 'one_wall-hard-1-0', {}), false, { reward: -300, steps: 35, planningSeconds: 35, metrics: { executedSteps: 35 } }),
      row(spec('llm-mcts', 'one_wall-hard-1-0', { trials: 100 }), false),
      // other levels, models and error rows are not this table's
      row({ ...spec('tru-pomdp', 'one_wall-easy-1-0', { trials: 0 }), suite: 'kitchen:easy', level: 'easy' }, true),
      row({ ...spec('tru-pomdp', 'one_wall-hard-1-1', { trials: 0 }), model: 'prior' }, true),
      row(spec('tru-pomdp/no-toh', 'one_wall-hard-1-2', { trials: 0 }), true, { status: 'error' }),
    ];
    const lines = (render('kitchen-hard', [rows]) ?? '').split('\n');
    expect(lines[0]).toBe('hard: 2 kitchens (galley, one_wall); Tru-POMDP 1 CPU-s per move; LLM-MCTS 100 simulations per move; synthetic LLM; 1 episode(s) ended in an error and are left out');
    expect(lines[2]).toBe('| method | episodes | success % | reward | steps | planning s/step | LLM tokens in / out per episode |');
    expect(lines.slice(4)).toEqual([
      '| Tru-POMDP | 2 | 50 ± 50 | 400 ± 500 | 22.5 ± 12.5 | 0.20 ± 0.00 | 2000 / 200 |',
      '| ReAct | 1 | 0 | -300 | 35.0 | 1.00 | 0 / 0 |',
      '| LLM-MCTS | 1 | 0 | -200 | 10.0 | 0.10 | 0 / 0 |',
    ]);
    expect(render('kitchen-medium', [rows])).toBeUndefined();
    expect(KITCHEN_TABLE_METHODS).toHaveLength(11);
  });
});

describe('kitchen ablation verdicts', () => {
  const kitchenRow = (method: string, task: string, level: string, success: boolean, planningSeconds = 10): ResultRow =>
    row({ suite: `kitchen:${level}`, method, task, level, model: 'synthetic' }, success, { planningSeconds });
  it('paired success difference per level: holds above 2 SE, tie within, reversed below; planning time ratio on hard', () => {
    const tasks = ['t0', 't1', 't2', 't3'];
    const rows = [
      ...tasks.map((t) => kitchenRow('tru-pomdp', t, 'easy', true)),
      ...tasks.map((t) => kitchenRow('tru-pomdp', t, 'hard', t !== 't3')),
      // w/o HBU fails every easy task: differences 100,100,100,100 → +100 ± 0, holds
      ...tasks.map((t) => kitchenRow('tru-pomdp/no-hbu', t, 'easy', false)),
      // hard: full succeeds on t0–t2; the variant succeeds only on t3 → diffs 100,100,100,−100: mean 50, SE 50 → tie
      ...tasks.map((t) => kitchenRow('tru-pomdp/no-hbu', t, 'hard', t === 't3', 30)),
    ];
    const lines = (render('kitchen-ablation-verdicts', [rows]) ?? '').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('| w/o HBU | Bayesian filtering');
    expect(lines[2]).toContain('| +100 ± 0 (holds) | - | +50 ± 50 (tie) | 3.00× |');
    // the variant better everywhere it ran: reversed
    const better = [...tasks.map((t) => kitchenRow('tru-pomdp', t, 'easy', false)), ...tasks.map((t) => kitchenRow('tru-pomdp/no-lrp', t, 'easy', true))];
    expect(render('kitchen-ablation-verdicts', [better])).toContain('| -100 ± 0 (reversed) |');
  });
});

describe('prior table', () => {
  const r = (set: string, task: string, level: string, success: boolean): ResultRow => row({ suite: `prior:${set}`, method: 'tru-pomdp', model: 'prior', task, level, config: { maxTrials: 10 } }, success);
  it('before → after per set and level; the template column takes the unseen tasks that have a paraphrase', () => {
    const before = [[r('tuned', 'a-easy-1-0', 'easy', true), r('tuned', 'a-easy-1-1', 'easy', false)], [r('unseen', 'a-easy-1001-0', 'easy', false), r('unseen', 'a-easy-1001-5', 'easy', true)], [r('paraphrase', 'a-easy-1001-0', 'easy', false)], []];
    const after = [[r('tuned', 'a-easy-1-0', 'easy', true), r('tuned', 'a-easy-1-1', 'easy', true)], [r('unseen', 'a-easy-1001-0', 'easy', true), r('unseen', 'a-easy-1001-5', 'easy', true)], [r('paraphrase', 'a-easy-1001-0', 'easy', true)]];
    const text = docTable('prior')?.render([...before, ...after], []) ?? '';
    expect(text).toContain('10 DESPOT trials per move');
    // tuned 1/2 → 2/2; unseen 1/2 → 2/2; paraphrase 0/1 → 1/1; template column: unseen task 0 only, 0/1 → 1/1
    expect(text).toContain('| easy | 1/2 (50 ± 50 %) → 2/2 (100 ± 0 %) | 1/2 (50 ± 50 %) → 2/2 (100 ± 0 %) | 0/1 (0 %) → 1/1 (100 %) | 0/1 (0 %) → 1/1 (100 %) |');
  });
});

describe('household distances', () => {
  it('matched set = episodes every matched method completed; paired difference to gavel-map on it', () => {
    const methods = ['sayplan', 'gavel-map', 'gavel-static', 'gavel', 'oracle'];
    // two episodes; gavel-static fails the second, so only the first is matched
    const rows = methods.flatMap((m, i) =>
      [0, 1].map((e) => row({ suite: 'household:multi', method: m, task: `s1-${e}`, seed: 1 }, !(m === 'gavel-static' && e === 1), { metrics: { distance: 100 + 10 * i + e, searches: 2 } })),
    );
    const text = render('household-distances', [rows]) ?? '';
    expect(text).toContain('Matched: the 1 of 2 episodes');
    // gavel (i = 3): all 130, 131 → 130.50 ± 0.50; matched 130; vs gavel-map (110) +20
    expect(text).toContain('| gavel | 130.50 ± 0.50 | 130.00 | 20.00 | 2.0 | 0.0 | 78.01 |');
    expect(text).toContain('| gavel-map | 110.50 ± 0.50 | 110.00 | 0 |');
    expect(text).toContain('| llm-only | - | - | - |');
  });
});
