/**
 * Markdown tables for bench/planner.ts: per-domain coverage and median CPU
 * time against the classical anchors, time ratios on commonly solved
 * instances, and the EAI BEHAVIOR table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { median } from '../src/core/stats.js';

export interface Row {
  suite: 'ipc' | 'eai';
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

interface Ref {
  solved: boolean;
  time: number;
  cost: number;
}

const REF_PLANNERS = ['fd-gbfs-ff-pref', 'fd-lama-first', 'pyperplan-gbfs-hff'] as const;

function loadRefs(path: string): Map<string, Map<string, Ref>> {
  const out = new Map<string, Map<string, Ref>>();
  if (!existsSync(path)) return out;
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  const head = lines[0].split('\t');
  const col = (n: string): number => head.indexOf(n);
  for (const l of lines.slice(1)) {
    const c = l.split('\t');
    const planner = c[col('planner')];
    const m = out.get(planner) ?? new Map<string, Ref>();
    m.set(`${c[col('domain')]}/${c[col('instance')]}`, { solved: c[col('solved')] === '1', time: Number(c[col('time_s')]), cost: Number(c[col('cost')]) });
    out.set(planner, m);
  }
  return out;
}

const fmt = (x: number | undefined, d = 2): string => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(d));

function cell(solved: number, n: number, times: number[]): string {
  return times.length ? `${solved}/${n} / ${fmt(median(times))}` : `${solved}/${n}`;
}

export function plannerReport(
  rows: Row[],
  refPath: string,
  meta: { timeout: number; argv: string[]; jobs?: number },
  /** Instances per IPC domain (from INDEX.tsv): domains not fully run are marked partial. */
  listed: Map<string, string[]> = new Map(),
): string {
  const refs = loadRefs(refPath);
  const out: string[] = [];
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const ipc = rows.filter((r) => r.suite === 'ipc');
  const eai = rows.filter((r) => r.suite === 'eai');
  const config = [...new Set(rows.map((r) => r.config).filter(Boolean))].join(', ');
  out.push(`Generated ${date} UTC by \`npm run bench:planner -- ${meta.argv.join(' ')}\`; limit ${meta.timeout} s CPU, 4 GB; planner config: ${config || '?'}.\n`);
  out.push(`Machine: 2 cores shared with other jobs (load average ${loadavg().map((x) => x.toFixed(0)).join('/')} at report time), so wall time is several times the CPU time; CPU time is what is compared.\n`);
  if (ipc.length) {
    out.push('### IPC suite\n');
    out.push('| domain | n | groundplan solved / median CPU s | valid | FD gbfs-ff-pref solved / median | FD lama-first solved / median | pyperplan solved |');
    out.push('|---|---|---|---|---|---|---|');
    const domains = [...new Set(ipc.map((r) => r.domain))];
    let tn = 0;
    let ts = 0;
    let tv = 0;
    const tRef = new Map<string, number>();
    const ratios: Record<string, number[]> = { 'fd-gbfs-ff-pref': [], 'fd-lama-first': [] };
    let partial = 0;
    for (const d of domains) {
      const rs = ipc.filter((r) => r.domain === d);
      const all = listed.get(d);
      const missing = all ? all.filter((i) => !rs.some((r) => r.instance === i)) : [];
      if (missing.length) partial++;
      const dname = missing.length ? `${d} (partial: ${rs.length} of ${all?.length} run)` : d;
      const solved = rs.filter((r) => r.solved);
      const valid = solved.filter((r) => r.valid).length;
      tn += rs.length;
      ts += solved.length;
      tv += valid;
      const cells: string[] = [];
      for (const p of REF_PLANNERS) {
        const m = refs.get(p);
        const rr = rs.map((r) => m?.get(`${d}/${r.instance}`));
        const rsolved = rr.filter((x): x is Ref => Boolean(x?.solved));
        tRef.set(p, (tRef.get(p) ?? 0) + rsolved.length);
        cells.push(p === 'pyperplan-gbfs-hff' ? `${rsolved.length}/${rs.length}` : cell(rsolved.length, rs.length, rsolved.map((x) => x.time)));
        if (p in ratios) {
          for (const r of rs) {
            const ref = m?.get(`${d}/${r.instance}`);
            if (r.solved && ref?.solved && ref.time > 0) ratios[p].push(r.cpu_s / ref.time);
          }
        }
      }
      out.push(`| ${dname} | ${rs.length} | ${cell(solved.length, rs.length, solved.map((r) => r.cpu_s))} | ${valid}/${solved.length} | ${cells.join(' | ')} |`);
    }
    out.push(
      `| **total** | ${tn} | **${ts}/${tn}** | ${tv}/${ts} | **${tRef.get('fd-gbfs-ff-pref') ?? 0}/${tn}** | **${tRef.get('fd-lama-first') ?? 0}/${tn}** | ${tRef.get('pyperplan-gbfs-hff') ?? 0}/${tn} |`,
    );
    out.push('');
    if (partial) out.push(`**${partial} domain(s) were not fully run** (marked partial): their rows and the reference columns cover only the instances run.\n`);
    out.push('Cell = solved/listed / median CPU seconds (user+sys of the whole process, parsing and grounding included) over solved instances. Within a domain, instances run smallest first; after 2 unsolved in a row the rest are skipped and count as unsolved (the reference\'s rule).');
    for (const [p, xs] of Object.entries(ratios)) {
      out.push(`- Median CPU-time ratio groundplan / ${p} on the ${xs.length} instances both solve: **${xs.length ? fmt(median(xs)) : '–'}**`);
    }
    const statuses = new Map<string, number>();
    for (const r of ipc.filter((x) => !x.solved)) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    out.push(`- Unsolved by outcome: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
    // Phase shares need CPU times per phase (timing.groundCpuMs, reported by newer CLIs).
    const gshare = ipc.filter((r) => r.solved && r.ground_cpu_ms !== undefined && r.cpu_s > 0.5).map((r) => (r.ground_cpu_ms ?? 0) / 1000 / r.cpu_s);
    if (gshare.length) out.push(`- Median share of parsing+grounding in CPU time (solved instances above 0.5 s): ${fmt(median(gshare) * 100, 0)}%`);
    out.push('');
  }
  if (eai.length) {
    out.push('### EAI BEHAVIOR problems (domain `behavior.pddl`)\n');
    const solved = eai.filter((r) => r.solved);
    const times = solved.map((r) => r.cpu_s);
    out.push('| n | solved | valid | median CPU s | mean CPU s | max CPU s | median plan length |');
    out.push('|---|---|---|---|---|---|---|');
    out.push(
      `| ${eai.length} | ${solved.length} | ${solved.filter((r) => r.valid).length} | ${fmt(median(times))} | ${fmt(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length))} | ${fmt(Math.max(0, ...times))} | ${fmt(median(solved.map((r) => r.length ?? 0)), 0)} |`,
    );
    out.push('');
    out.push('<details><summary>Per problem</summary>\n');
    out.push('| problem | status | CPU s | length | valid |');
    out.push('|---|---|---|---|---|');
    for (const r of eai) out.push(`| ${r.instance} | ${r.status} | ${fmt(r.cpu_s)} | ${r.length ?? '–'} | ${r.solved ? (r.valid ? 'yes' : 'NO') : '–'} |`);
    out.push('\n</details>\n');
  }
  return `${out.join('\n')}\n`;
}

/**
 * The optimal track's table (`--config astar-lmcut`): per domain, coverage and
 * median CPU time beside Fast Downward's A* + LM-cut on the same instances,
 * the median CPU-time ratio on instances both solve, and a cost check: every
 * plan's cost must equal the reference's optimal cost where both solve.
 */
export function optimalReport(rows: Row[], refPath: string, meta: { timeout: number; argv: string[] }): string {
  const ref = loadRefs(refPath).get('fd-astar-lmcut') ?? new Map<string, Ref>();
  const out: string[] = [];
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  out.push(`Generated ${date} UTC by \`npm run bench:planner -- ${meta.argv.join(' ')}\`; limit ${meta.timeout} s CPU, 4 GB; A* + LM-cut.\n`);
  out.push(`Machine load average ${loadavg().map((x) => x.toFixed(0)).join('/')} at report time; CPU time is what is compared.\n`);
  out.push('### Optimal track (instances of the reference\'s fd-astar-lmcut rows)\n');
  out.push('| domain | n | groundplan solved / median CPU s | FD A*+LM-cut solved / median CPU s | cost = optimum |');
  out.push('|---|---|---|---|---|');
  const ipc = rows.filter((r) => r.suite === 'ipc');
  const domains = [...new Set([...ref.keys()].map((k) => k.split('/')[0]))];
  let tn = 0;
  let ts = 0;
  let tr = 0;
  let agree = 0;
  let compared = 0;
  const ratios: number[] = [];
  const mismatches: string[] = [];
  for (const d of domains) {
    const keys = [...ref.keys()].filter((k) => k.startsWith(`${d}/`));
    const rs = ipc.filter((r) => r.domain === d && ref.has(`${d}/${r.instance}`));
    const solved = rs.filter((r) => r.solved);
    const refSolved = keys.map((k) => ref.get(k) as Ref).filter((x) => x.solved);
    let dAgree = 0;
    let dCompared = 0;
    for (const r of solved) {
      const x = ref.get(`${d}/${r.instance}`);
      if (!x?.solved) continue;
      dCompared++;
      if (r.cost === x.cost) dAgree++;
      else mismatches.push(`${d}/${r.instance}: cost ${r.cost}, optimum ${x.cost}`);
      if (x.time > 0) ratios.push(r.cpu_s / x.time);
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
  out.push(`- Median CPU-time ratio groundplan / fd-astar-lmcut on the ${ratios.length} instances both solve: **${ratios.length ? fmt(median(ratios)) : '–'}**`);
  out.push(`- Plans whose cost differs from the reference optimum: ${mismatches.length ? mismatches.join('; ') : 'none'}`);
  const invalid = ipc.filter((r) => r.solved && !r.valid).map((r) => `${r.domain}/${r.instance}`);
  out.push(`- Plans the validator rejects: ${invalid.length ? invalid.join(', ') : 'none'}`);
  out.push('');
  return `${out.join('\n')}\n`;
}
