/**
 * The runs behind test/fixtures/episode-baseline/ (its README gives the CLI
 * commands), made in-process with library calls (as `--workers 0`), and the
 * normalisation the fixture rows went through: time columns and the worker
 * removed, rows sorted by key. Used by the fixture test (a subset) and by
 * `npm run check:baseline` (every run).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planSpecs, ResultStore, runEpisode, suite, type ResultRow } from '../../src/eval/index.js';

export const FIXTURE_DIR = new URL('../fixtures/episode-baseline/', import.meta.url).pathname;

export interface BaselineRun {
  /** The fixture file (rows of this run, normalised). */
  file: string;
  suite: string;
  methods: readonly string[];
  n: number;
  seeds: readonly number[];
  trials?: number;
}

export const BASELINE_RUNS: readonly BaselineRun[] = [
  {
    file: 'kitchen-easy.jsonl',
    suite: 'kitchen:easy',
    methods: ['llm-mcts', 'react', 'react-star', 'reflexion', 'reflexion-star', 'tru-pomdp', 'tru-pomdp/no-belief', 'tru-pomdp/no-hbu', 'tru-pomdp/no-toh', 'tru-pomdp/no-lrp', 'tru-pomdp/no-bts'],
    n: 2,
    seeds: [1],
    trials: 20,
  },
  { file: 'household-single.jsonl', suite: 'household:single', methods: ['llm-only', 'sayplan', 'gavel-basic', 'gavel-map', 'gavel-static', 'gavel', 'epog', 'oracle'], n: 6, seeds: [1] },
  { file: 'household-multi.jsonl', suite: 'household:multi', methods: ['llm-only', 'sayplan', 'gavel-basic', 'gavel-map', 'gavel-static', 'gavel', 'epog', 'oracle'], n: 8, seeds: [1] },
  { file: 'pomdp-tag.jsonl', suite: 'pomdp:tag', methods: ['despot', 'pomcp'], n: 2, seeds: [1], trials: 30 },
];

const TIME_FIELDS = ['planningSeconds', 'wallSeconds', 'finishedAt', 'worker'] as const;

/** A row without its time columns and worker (what the fixture keeps). */
export function normalizeRow(row: ResultRow): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const f of TIME_FIELDS) delete out[f];
  return out;
}

/** The fixture rows of one file, by key. */
export function fixtureRows(file: string): Map<string, Record<string, unknown>> {
  const rows = readFileSync(join(FIXTURE_DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return new Map(rows.map((r) => [String(r.key), r]));
}

/**
 * Runs `run` (optionally only some methods and the first `tasks` tasks) in a scratch store
 * and returns the normalised rows by key.
 */
export async function runBaseline(run: BaselineRun, only?: { methods?: readonly string[]; tasks?: number }): Promise<Map<string, Record<string, unknown>>> {
  const s = suite(run.suite);
  let specs = planSpecs(s, { seeds: run.seeds, model: 'synthetic', methods: only?.methods ?? run.methods, n: run.n, ...(run.trials !== undefined ? { trials: run.trials } : {}) });
  if (only?.tasks !== undefined) {
    const keep = new Set([...new Set(specs.map((x) => x.task))].slice(0, only.tasks));
    specs = specs.filter((x) => keep.has(x.task));
  }
  const dir = mkdtempSync(join(tmpdir(), 'episode-baseline-'));
  try {
    const store = new ResultStore(dir);
    const out = new Map<string, Record<string, unknown>>();
    for (const spec of specs) {
      const row = await runEpisode(spec, { store });
      out.set(row.key, normalizeRow(row));
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
