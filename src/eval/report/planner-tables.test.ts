import { describe, expect, it } from 'vitest';
import { docTable } from './doc-tables.js';
import { ipcSummary, ipcTable, optimalTable, parseReferences, type PlannerRow } from './planner-tables.js';

const row = (domain: string, instance: string, solved: boolean, cpu: number, extra: Partial<PlannerRow> = {}): PlannerRow => ({
  suite: 'ipc', domain, instance, solved, status: solved ? 'solved' : 'timeout', cpu_s: cpu, wall_s: cpu, rss_mb: 50, config: 'lazy-gbfs(ff,lmcount,pref)', valid: solved, cost: 10, ...extra,
});

// Two domains; FD lama-first solves a1, a2 (2 s, 4 s) and b1 (1 s); pyperplan only a1; A*+LM-cut a1 (cost 10) and b1 (cost 7).
const REFS = [
  'planner\tdomain\tinstance\tsolved\tlength\tcost\ttime_s',
  'fd-lama-first\ta\ta1\t1\t10\t10\t2',
  'fd-lama-first\ta\ta2\t1\t10\t10\t4',
  'fd-lama-first\tb\tb1\t1\t7\t7\t1',
  'fd-gbfs-ff-pref\ta\ta1\t1\t10\t10\t1',
  'fd-gbfs-ff-pref\ta\ta2\t0\t0\t0\t60',
  'fd-gbfs-ff-pref\tb\tb1\t0\t0\t0\t60',
  'pyperplan-gbfs-hff\ta\ta1\t1\t10\t10\t9',
  'fd-astar-lmcut\ta\ta1\t1\t10\t10\t2',
  'fd-astar-lmcut\tb\tb1\t1\t7\t7\t1',
].join('\n');

// ours: a1 in 1 s, a2 in 1 s (plan not valid), b1 unsolved
const ROWS = [row('a', 'a1', true, 1), row('a', 'a2', true, 1, { valid: false }), row('b', 'b1', false, 60)];

describe('planner tables', () => {
  const refs = parseReferences(REFS);

  it('per-domain cells: solved/n / median CPU, valid among solved, reference coverage on the same instances', () => {
    const lines = ipcTable(ROWS, refs).split('\n');
    expect(lines[2]).toBe('| a | 2 | 2/2 / 1.00 | 1/2 | 1/2 / 1.00 | 2/2 / 3.00 | 1/2 |');
    expect(lines[3]).toBe('| b | 1 | 0/1 | 0/0 | 0/1 | 1/1 / 1.00 | 0/1 |');
    expect(lines[4]).toBe('| **total** | 3 | **2/3** | 1/2 | **1/3** | **3/3** | 1/3 |');
    // ratios only where both solve: lama-first a1 1/2, a2 1/4 → median 0.375 (printed 0.38); gbfs-ff a1 1/1
    expect(lines).toContain('- Median CPU-time ratio groundplan / fd-lama-first on the 2 instances both solve: **0.38**');
    expect(lines).toContain('- Median CPU-time ratio groundplan / fd-gbfs-ff-pref on the 1 instances both solve: **1.00**');
    expect(lines).toContain('- Unsolved by outcome: timeout 1');
  });

  it('a domain with listed instances that were not run is marked partial', () => {
    const text = ipcTable(ROWS, refs, new Map([['b', ['b1', 'b2']]]));
    expect(text).toContain('| b (partial: 1 of 2 run) |');
    expect(text).toContain('**1 domain(s) were not fully run**');
  });

  it('README summary: coverage of each planner on our instances and the median ratio', () => {
    expect(ipcSummary(ROWS, refs).split('\n').slice(2)).toEqual([
      '| **groundplan** `lazy-gbfs(ff,lmcount,pref)` | **2/3** | 1/2 | — |',
      '| FD lama-first | 3/3 | | **0.38** (2 instances) |',
      '| FD eager GBFS + h_FF + pref | 1/3 | | **1.00** (1 instances) |',
      '| pyperplan GBFS + h_FF | 1/3 | | |',
    ]);
  });

  it('optimal track: a cost above the optimum is named, an invalid plan is named', () => {
    const text = optimalTable([row('a', 'a1', true, 1, { cost: 12 }), row('b', 'b1', true, 2, { cost: 7, valid: false })], refs);
    expect(text).toContain('| a | 1 | 1/1 / 1.00 | 1/1 / 2.00 | 0/1 |');
    expect(text).toContain('| **total** | 2 | **2/2** | **2/2** | 1/2 |');
    expect(text).toContain('- Plans whose cost differs from the reference optimum: a/a1: cost 12, optimum 10');
    expect(text).toContain('- Plans the validator rejects: b/b1');
    // ratios 1/2 and 2/1 → median 1.25
    expect(text).toContain('on the 2 instances both solve: **1.25**');
  });

  it('the doc table reads the row file and the reference text; an empty row file is no table', () => {
    const t = docTable('planner-ipc-summary');
    expect(t?.files).toEqual(['planner/ipc.jsonl', 'planner/reference.tsv']);
    expect(t?.render([], [ROWS.map((r) => JSON.stringify(r)).join('\n'), REFS])).toContain('**2/3**');
    expect(t?.render([], ['', REFS])).toBeUndefined();
  });
});
