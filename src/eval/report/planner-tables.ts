/**
 * The classical planner benchmark's tables (bench/planner.ts rows): per-domain
 * coverage and median CPU time against the reference planners (Fast Downward
 * and pyperplan, `../shared/anchors/classical/results.tsv`, a copy committed in
 * results/planner/reference.tsv), the README's one-line-per-planner summary,
 * the optimal track against FD's A* + LM-cut, and the EAI BEHAVIOR table.
 * Pure functions of the rows and the reference text: the bench prints them
 * with a header, `groundplan report --update-docs` puts them in the docs.
 */
import { median } from '../../core/stats.js';

/** One planner benchmark row (`bench/out/planner*.jsonl`, `results/planner/*.jsonl`). */
export interface PlannerRow {
  suite: 'ipc' | 'eai' | 'adl';
  domain: string;
  instance: string;
  solved: boolean;
  status: string;
  cpu_s: number;
  wall_s: number;
  rss_mb: number;
  config?: string;
  cost?: number;
  length?: number;
  valid?: boolean;
  /** Set when plain `validate` refused the input (a departure VAL refuses) and `valid` is the verdict of `validate --lenient`. */
  lenient?: true;
  expansions?: number;
  evaluations?: number;
  facts?: number;
  operators?: number;
  ground_ms?: number;
  search_ms?: number;
  /** CPU ms spent before the search (parse + ground), when the CLI reports it. */
  ground_cpu_ms?: number;
  error?: string;
}

export interface ReferenceRun {
  solved: boolean;
  time: number;
  cost: number;
}

/** Reference runs by planner, then `domain/instance`. */
export type References = Map<string, Map<string, ReferenceRun>>;

const SATISFICING_REFS = ['fd-gbfs-ff-pref', 'fd-lama-first', 'pyperplan-gbfs-hff'] as const;
const REF_LABEL: Record<string, string> = {
  'fd-lama-first': 'FD lama-first',
  'fd-gbfs-ff-pref': 'FD eager GBFS + h_FF + pref',
  'pyperplan-gbfs-hff': 'pyperplan GBFS + h_FF',
};

/** The reference TSV (header `planner domain instance solved … cost time_s …`). */
export function parseReferences(tsv: string): References {
  const out: References = new Map();
  const lines = tsv.trim().split('\n');
  if (lines.length === 0 || lines[0] === '') return out;
  const head = lines[0].split('\t');
  const col = (n: string): number => head.indexOf(n);
  for (const l of lines.slice(1)) {
    const c = l.split('\t');
    const planner = c[col('planner')];
    const m = out.get(planner) ?? new Map<string, ReferenceRun>();
    m.set(`${c[col('domain')]}/${c[col('instance')]}`, { solved: c[col('solved')] === '1', time: Number(c[col('time_s')]), cost: Number(c[col('cost')]) });
    out.set(planner, m);
  }
  return out;
}

/** Planner rows of a JSON-lines text. */
export function parsePlannerRows(jsonl: string): PlannerRow[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as PlannerRow);
}

const fmt = (x: number | undefined, d = 2): string => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(d));

function cell(solved: number, n: number, times: number[]): string {
  return times.length ? `${solved}/${n} / ${fmt(median(times))}` : `${solved}/${n}`;
}

/** Ratios groundplan CPU / reference time on the instances both solve. */
function timeRatios(rows: readonly PlannerRow[], ref: Map<string, ReferenceRun> | undefined): number[] {
  const xs: number[] = [];
  for (const r of rows) {
    const x = ref?.get(`${r.domain}/${r.instance}`);
    if (r.solved && x?.solved && x.time > 0) xs.push(r.cpu_s / x.time);
  }
  return xs;
}

/** The IPC suite's per-domain table with its notes (`listed`: instances per domain, so domains not fully run are marked partial). */
export function ipcTable(rows: readonly PlannerRow[], refs: References, listed: ReadonlyMap<string, readonly string[]> = new Map()): string {
  const ipc = rows.filter((r) => r.suite === 'ipc');
  const out: string[] = [];
  out.push('| domain | n | groundplan solved / median CPU s | valid | FD gbfs-ff-pref solved / median | FD lama-first solved / median | pyperplan solved |');
  out.push('|---|---|---|---|---|---|---|');
  const tRef = new Map<string, number>();
  let tn = 0;
  let ts = 0;
  let tv = 0;
  let partial = 0;
  for (const d of new Set(ipc.map((r) => r.domain))) {
    const rs = ipc.filter((r) => r.domain === d);
    const all = listed.get(d);
    const missing = all ? all.filter((i) => !rs.some((r) => r.instance === i)) : [];
    if (missing.length) partial++;
    const solved = rs.filter((r) => r.solved);
    const valid = solved.filter((r) => r.valid).length;
    tn += rs.length;
    ts += solved.length;
    tv += valid;
    const cells = SATISFICING_REFS.map((p) => {
      const rsolved = rs.map((r) => refs.get(p)?.get(`${d}/${r.instance}`)).filter((x): x is ReferenceRun => Boolean(x?.solved));
      tRef.set(p, (tRef.get(p) ?? 0) + rsolved.length);
      return p === 'pyperplan-gbfs-hff' ? `${rsolved.length}/${rs.length}` : cell(rsolved.length, rs.length, rsolved.map((x) => x.time));
    });
    const name = missing.length ? `${d} (partial: ${rs.length} of ${all?.length} run)` : d;
    out.push(`| ${name} | ${rs.length} | ${cell(solved.length, rs.length, solved.map((r) => r.cpu_s))} | ${valid}/${solved.length} | ${cells.join(' | ')} |`);
  }
  out.push(`| **total** | ${tn} | **${ts}/${tn}** | ${tv}/${ts} | **${tRef.get('fd-gbfs-ff-pref') ?? 0}/${tn}** | **${tRef.get('fd-lama-first') ?? 0}/${tn}** | ${tRef.get('pyperplan-gbfs-hff') ?? 0}/${tn} |`);
  out.push('');
  if (partial) out.push(`**${partial} domain(s) were not fully run** (marked partial): their rows and the reference columns cover only the instances run.\n`);
  out.push("Cell = solved/listed / median CPU seconds (user+sys of the whole process, parsing and grounding included) over solved instances. Within a domain, instances run smallest first; after 2 unsolved in a row the rest are skipped and count as unsolved (the reference's rule).");
  for (const p of ['fd-gbfs-ff-pref', 'fd-lama-first']) {
    const xs = timeRatios(ipc, refs.get(p));
    out.push(`- Median CPU-time ratio groundplan / ${p} on the ${xs.length} instances both solve: **${xs.length ? fmt(median(xs)) : '–'}**`);
  }
  const statuses = new Map<string, number>();
  for (const r of ipc.filter((x) => !x.solved)) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  out.push(`- Unsolved by outcome: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  const gshare = ipc.filter((r) => r.solved && r.ground_cpu_ms !== undefined && r.cpu_s > 0.5).map((r) => (r.ground_cpu_ms ?? 0) / 1000 / r.cpu_s);
  if (gshare.length) out.push(`- Median share of parsing+grounding in CPU time (solved instances above 0.5 s): ${fmt(median(gshare) * 100, 0)}%`);
  return out.join('\n');
}

/** The README's summary: coverage and validity of groundplan, each reference's coverage and the median CPU ratio on instances both solve. */
export function ipcSummary(rows: readonly PlannerRow[], refs: References): string {
  const ipc = rows.filter((r) => r.suite === 'ipc');
  const n = ipc.length;
  const solved = ipc.filter((r) => r.solved);
  const configs = [...new Set(ipc.map((r) => r.config).filter(Boolean))].join(', ');
  const out = ['| | solved | plans valid | median CPU ratio groundplan / reference (instances both solve) |', '|---|---|---|---|'];
  out.push(`| **groundplan** ${configs ? `\`${configs}\`` : ''} | **${solved.length}/${n}** | ${solved.filter((r) => r.valid).length}/${solved.length} | — |`);
  for (const p of ['fd-lama-first', 'fd-gbfs-ff-pref', 'pyperplan-gbfs-hff']) {
    const m = refs.get(p);
    const refSolved = ipc.filter((r) => m?.get(`${r.domain}/${r.instance}`)?.solved).length;
    const xs = p === 'pyperplan-gbfs-hff' ? [] : timeRatios(ipc, m);
    out.push(`| ${REF_LABEL[p]} | ${refSolved}/${n} | |${xs.length ? ` **${fmt(median(xs))}** (${xs.length} instances)` : ''} |`);
  }
  return out.join('\n');
}

/**
 * The optimal track (`--config astar-lmcut`): per domain of the reference's
 * fd-astar-lmcut rows, coverage and median CPU time beside FD's, the median
 * CPU ratio where both solve, and every plan's cost against the optimum.
 */
export function optimalTable(rows: readonly PlannerRow[], refs: References): string {
  const ref = refs.get('fd-astar-lmcut') ?? new Map<string, ReferenceRun>();
  const ipc = rows.filter((r) => r.suite === 'ipc');
  const out = ['| domain | n | groundplan solved / median CPU s | FD A*+LM-cut solved / median CPU s | cost = optimum |', '|---|---|---|---|---|'];
  let tn = 0;
  let ts = 0;
  let tr = 0;
  let agree = 0;
  let compared = 0;
  const mismatches: string[] = [];
  for (const d of new Set([...ref.keys()].map((k) => k.split('/')[0]))) {
    const keys = [...ref.keys()].filter((k) => k.startsWith(`${d}/`));
    const rs = ipc.filter((r) => r.domain === d && ref.has(`${d}/${r.instance}`));
    const solved = rs.filter((r) => r.solved);
    const refSolved = keys.map((k) => ref.get(k) as ReferenceRun).filter((x) => x.solved);
    let dAgree = 0;
    let dCompared = 0;
    for (const r of solved) {
      const x = ref.get(`${d}/${r.instance}`);
      if (!x?.solved) continue;
      dCompared++;
      if (r.cost === x.cost) dAgree++;
      else mismatches.push(`${d}/${r.instance}: cost ${r.cost}, optimum ${x.cost}`);
    }
    tn += keys.length;
    ts += solved.length;
    tr += refSolved.length;
    agree += dAgree;
    compared += dCompared;
    const run = rs.length < keys.length ? ` (${rs.length} run)` : '';
    out.push(`| ${d}${run} | ${keys.length} | ${cell(solved.length, keys.length, solved.map((r) => r.cpu_s))} | ${cell(refSolved.length, keys.length, refSolved.map((x) => x.time))} | ${dAgree}/${dCompared} |`);
  }
  out.push(`| **total** | ${tn} | **${ts}/${tn}** | **${tr}/${tn}** | ${agree}/${compared} |`);
  out.push('');
  const ratios = timeRatios(ipc.filter((r) => ref.has(`${r.domain}/${r.instance}`)), ref);
  out.push(`- Median CPU-time ratio groundplan / fd-astar-lmcut on the ${ratios.length} instances both solve: **${ratios.length ? fmt(median(ratios)) : '–'}**`);
  out.push(`- Plans whose cost differs from the reference optimum: ${mismatches.length ? mismatches.join('; ') : 'none'}`);
  const invalid = ipc.filter((r) => r.solved && !r.valid).map((r) => `${r.domain}/${r.instance}`);
  out.push(`- Plans the validator rejects: ${invalid.length ? invalid.join(', ') : 'none'}`);
  return out.join('\n');
}

/** The EAI BEHAVIOR problems: one summary line, then every problem in a collapsed list. */
/** ADL and derived-predicate domains (shared/data/ipc-adl): per domain solved and valid, then per instance. */
export function adlTable(rows: readonly PlannerRow[]): string {
  const adl = rows.filter((r) => r.suite === 'adl');
  const configs = [...new Set(adl.map((r) => r.config).filter(Boolean))].join(', ');
  const out = [`Planner configuration: \`${configs || '?'}\`.`, ''];
  out.push('| domain | n | solved | valid | median CPU s (solved) |', '|---|---|---|---|---|');
  const domains = [...new Set(adl.map((r) => r.domain))].sort();
  for (const d of domains) {
    const rs = adl.filter((r) => r.domain === d);
    const solved = rs.filter((r) => r.solved);
    out.push(`| ${d} | ${rs.length} | ${solved.length} | ${solved.filter((r) => r.valid).length} | ${fmt(median(solved.map((r) => r.cpu_s)))} |`);
  }
  const solved = adl.filter((r) => r.solved);
  out.push(`| **total** | ${adl.length} | ${solved.length} | ${solved.filter((r) => r.valid).length} | ${fmt(median(solved.map((r) => r.cpu_s)))} |`);
  out.push('', '<details><summary>Per instance</summary>', '', '| domain | instance | status | CPU s | length | valid |', '|---|---|---|---|---|---|');
  for (const r of adl) out.push(`| ${r.domain} | ${r.instance} | ${r.status} | ${fmt(r.cpu_s)} | ${r.length ?? '–'} | ${r.solved ? (r.valid ? 'yes' : 'NO') : '–'} |`);
  out.push('', '</details>');
  return out.join('\n');
}

export function eaiTable(rows: readonly PlannerRow[]): string {
  const eai = rows.filter((r) => r.suite === 'eai');
  const solved = eai.filter((r) => r.solved);
  const times = solved.map((r) => r.cpu_s);
  const configs = [...new Set(eai.map((r) => r.config).filter(Boolean))].join(', ');
  const out = [`Planner configuration: \`${configs || '?'}\`.`, ''];
  out.push('| n | solved | valid | median CPU s | mean CPU s | max CPU s | median plan length |', '|---|---|---|---|---|---|---|');
  out.push(
    `| ${eai.length} | ${solved.length} | ${solved.filter((r) => r.valid).length} | ${fmt(median(times))} | ${fmt(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length))} | ${fmt(Math.max(0, ...times))} | ${fmt(median(solved.map((r) => r.length ?? 0)), 0)} |`,
  );
  out.push('', '<details><summary>Per problem</summary>', '', '| problem | status | CPU s | length | valid |', '|---|---|---|---|---|');
  for (const r of eai) out.push(`| ${r.instance} | ${r.status} | ${fmt(r.cpu_s)} | ${r.length ?? '–'} | ${r.solved ? (r.valid ? 'yes' : 'NO') : '–'} |`);
  out.push('', '</details>');
  return out.join('\n');
}
