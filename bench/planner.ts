/**
 * `npm run bench:planner` — coverage and CPU time of `groundplan plan` on the
 * IPC suite (../shared/data/ipc, compared with the Fast Downward / pyperplan
 * anchors in ../shared/anchors/classical) and on the EAI BEHAVIOR problems.
 *
 * Each instance runs as its own process under /usr/bin/time (CPU = user+sys
 * of the whole process, parsing and grounding included), one at a time, with
 * a CPU limit (the planner's --cpu-time timeout, plus a generous wall-clock
 * kill as a safety net) and 4 GB (--max-old-space-size=4096; typed arrays capped
 * at 3 GB; a run out of memory is `memout` however it ended, planner-outcome.ts).
 * Within a domain instances run smallest first; after 2 unsolved in
 * a row the rest are skipped and count as unsolved (the reference's rule).
 * Plans are then checked by `groundplan validate` (untimed; `validate --lenient`, marked
 * `lenient` in the row, when plain validate refuses the input as VAL would). Rows go to
 * bench/out/planner.jsonl as they finish; a rerun skips instances already there.
 *
 * Flags: --jobs N (instances of different domains in parallel; CPU time is
 * per process, default 1), --suite ipc|eai|adl|all (default all: ipc and eai; adl is the
 * ADL and derived-predicate domains of ../shared/data/ipc-adl, each folder a domain.pddl
 * and its problems, run with the same skip rule as ipc), --domains a,b, --timeout S
 * (default 60), --quick (first 3 instances per domain), --report (tables
 * only), --fresh (ignore earlier rows), --search/--heuristic (planner config),
 * --out FILE, --cli PATH (a built main.js, e.g. a snapshot of dist).
 *
 * --config NAME names a configuration: `astar-lmcut` is the optimal track (A*
 * with LM-cut on the 98 instances of the reference's `fd-astar-lmcut` rows,
 * skipping after 1 unsolved in a row as the reference did; the report adds
 * coverage and CPU ratio beside FD A*+LM-cut and checks every plan's cost
 * against the reference optimum; rows default to bench/out/planner-astar-lmcut.jsonl);
 * any other name is passed as `--search` (e.g. `lama-first`, `gbfs`).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, usageFail } from './args.js';
import { processOutcome } from './planner-outcome.js';
import { optimalReport, plannerReport, type Row } from './planner-report.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.endsWith(join('dist', 'bench')) ? '../..' : '..');
const shared = resolve(repo, '../shared');
let cli = join(repo, 'dist/src/cli/main.js');

interface Args {
  suite: 'ipc' | 'eai' | 'adl' | 'all';
  domains?: string[];
  timeout: number;
  quick: boolean;
  report: boolean;
  fresh: boolean;
  search?: string;
  heuristic?: string;
  out: string;
  jobs: number;
  /** The optimal track (`--config astar-lmcut`). */
  optimal: boolean;
}

commandLine({
  command: 'npm run bench:planner --',
  about: 'Coverage and CPU time of `groundplan plan` on the IPC set (beside the Fast Downward anchors) and the EAI BEHAVIOR problems;\none process per instance under a CPU limit; rows to bench/out/planner.jsonl (a rerun resumes), the report to planner.md beside them.',
  flags: [
    { name: 'suite', value: 'ipc|eai|adl|all', help: 'instance sets (default all: ipc and eai; adl: ../shared/data/ipc-adl)' },
    { name: 'domains', value: 'a,b', help: 'only these domains' },
    { name: 'timeout', value: 'S', help: 'CPU-time limit per instance in seconds (default 60)' },
    { name: 'jobs', value: 'N', help: 'instances of different domains in parallel (default 1)' },
    { name: 'quick', help: 'the first 3 instances per domain' },
    { name: 'report', help: 'print the tables from the rows already there; run nothing' },
    { name: 'fresh', help: 'ignore earlier rows' },
    { name: 'search', value: 'NAME', help: 'planner search (as `plan --search`)' },
    { name: 'heuristic', value: 'NAME', help: 'planner heuristic (as `plan --heuristic`)' },
    { name: 'config', value: 'NAME', help: 'astar-lmcut: the optimal track (A* + LM-cut, ipc); any other name is passed as --search' },
    { name: 'out', value: 'FILE', help: 'rows file (default bench/out/planner.jsonl)' },
    { name: 'cli', value: 'PATH', help: 'the built main.js to run (default dist/src/cli/main.js)' },
  ],
});

function positive(flagName: string, text: string): number {
  const n = Number(text);
  if (!(n > 0) || !Number.isFinite(n)) usageFail(`${flagName} needs a positive number, not '${text}'`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { suite: 'all', timeout: 60, quick: false, report: false, fresh: false, out: '', jobs: 1, optimal: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) usageFail(`${k} needs a value`);
      return x;
    };
    if (k === '--suite') {
      const s = v();
      if (s !== 'ipc' && s !== 'eai' && s !== 'adl' && s !== 'all') usageFail(`--suite is ipc, eai, adl or all, not '${s}'`);
      a.suite = s;
    } else if (k === '--domains') a.domains = v().split(',');
    else if (k === '--timeout') a.timeout = positive(k, v());
    else if (k === '--quick') a.quick = true;
    else if (k === '--report') a.report = true;
    else if (k === '--fresh') a.fresh = true;
    else if (k === '--search') a.search = v();
    else if (k === '--heuristic') a.heuristic = v();
    else if (k === '--out') a.out = resolve(v());
    else if (k === '--cli') cli = resolve(v());
    else if (k === '--jobs') a.jobs = Math.max(1, positive(k, v()));
    else if (k === '--config') {
      const c = v();
      if (c === 'astar-lmcut') {
        a.optimal = true;
        a.search = 'astar';
        a.heuristic = 'lmcut';
        a.suite = 'ipc';
      } else a.search = c;
    }
    else usageFail(`unknown flag ${k}`);
  }
  if (!a.out) a.out = join(repo, a.optimal ? 'bench/out/planner-astar-lmcut.jsonl' : 'bench/out/planner.jsonl');
  return a;
}

interface Instance {
  suite: 'ipc' | 'eai' | 'adl';
  domain: string;
  instance: string;
  problem: string;
  domainFile: string;
  rank: number;
}

function ipcInstances(): Instance[] {
  const base = join(shared, 'data/ipc');
  const lines = readFileSync(join(base, 'INDEX.tsv'), 'utf8').trim().split('\n').slice(1);
  return lines.map((l) => {
    const [domain, instance, problem, domainFile, rank] = l.split('\t');
    return { suite: 'ipc' as const, domain, instance, problem: join(base, problem), domainFile: join(base, domainFile), rank: Number(rank) };
  });
}

/** Each folder of shared/data/ipc-adl: `domain.pddl` and its problems (other domain files skipped), in name order. */
function adlInstances(): Instance[] {
  const base = join(shared, 'data/ipc-adl');
  const out: Instance[] = [];
  for (const domain of readdirSync(base, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const dir = join(base, domain);
    const problems = readdirSync(dir).filter((f) => f.endsWith('.pddl') && !f.includes('domain')).sort();
    problems.forEach((f, i) => out.push({ suite: 'adl', domain, instance: f.replace(/\.pddl$/, ''), problem: join(dir, f), domainFile: join(dir, 'domain.pddl'), rank: i }));
  }
  return out;
}

function eaiInstances(): Instance[] {
  const base = join(shared, 'data/eai-behavior');
  return readdirSync(join(base, 'problems'))
    .filter((f) => f.endsWith('.pddl'))
    .sort()
    .map((f, i) => ({ suite: 'eai' as const, domain: 'behavior', instance: f.replace(/\.pddl$/, ''), problem: join(base, 'problems', f), domainFile: join(base, 'behavior.pddl'), rank: i }));
}

interface CliJson {
  status: string;
  config?: string;
  cost?: number;
  length?: number;
  plan?: string[];
  stats?: { expansions: number; evaluations: number; states: number };
  ground?: { facts: number; operators: number; ms: number };
  timing?: { parseMs: number; groundMs: number; searchMs: number; totalMs: number; cpuBeforeSearchMs?: number };
}

interface Spawned {
  status: number | null;
  stdout: string;
  stderr: string;
  killed: boolean;
}

function spawnAsync(cmd: string, argv: string[], timeoutMs: number): Promise<Spawned> {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({ status, stdout, stderr, killed });
    });
  });
}

async function runOne(inst: Instance, args: Args, planFile: string): Promise<Row> {
  const plannerArgs = ['--max-old-space-size=4096', cli, 'plan', inst.domainFile, inst.problem, '--timeout', String(args.timeout), '--cpu-time', '--json', '--no-validate', '--no-progress', '--memory-mb', '3072', '-o', planFile];
  if (args.search) plannerArgs.push('--search', args.search);
  if (args.heuristic) plannerArgs.push('--heuristic', args.heuristic);
  const t0 = performance.now();
  // The planner stops itself at the CPU limit; the wall-clock kill is only a safety net
  // (the machine may be heavily shared, so wall time can be many times the CPU time).
  const p = await spawnAsync('/usr/bin/time', ['-f', 'TIME %U %S %M', process.execPath, ...plannerArgs], Math.max(args.timeout * 20_000, 600_000));
  const wall = (performance.now() - t0) / 1000;
  const m = /TIME ([0-9.]+) ([0-9.]+) ([0-9]+)/.exec(p.stderr ?? '');
  const cpu = m ? Number(m[1]) + Number(m[2]) : wall;
  const rssMb = m ? Number(m[3]) / 1024 : NaN;
  let json: CliJson | undefined;
  try {
    const line = (p.stdout ?? '').trim().split('\n').pop();
    if (line) json = JSON.parse(line) as CliJson;
  } catch {
    json = undefined;
  }
  const base: Row = {
    suite: inst.suite,
    domain: inst.domain,
    instance: inst.instance,
    solved: false,
    status: processOutcome(json?.status, p),
    cpu_s: round(cpu),
    wall_s: round(wall),
    rss_mb: round(rssMb, 0),
    config: json?.config,
    expansions: json?.stats?.expansions,
    evaluations: json?.stats?.evaluations,
    facts: json?.ground?.facts,
    operators: json?.ground?.operators,
    ground_ms: json?.timing?.groundMs,
    search_ms: json?.timing?.searchMs,
    ground_cpu_ms: json?.timing?.cpuBeforeSearchMs,
  };
  if (!json && p.stderr) base.error = p.stderr.split('\n').filter((l) => l && !l.startsWith('TIME')).slice(-2).join(' | ').slice(0, 300);
  if (json?.status === 'solved' && cpu <= args.timeout) {
    base.solved = true;
    base.cost = json.cost;
    base.length = json.length;
    let v = await spawnAsync(process.execPath, [cli, 'validate', inst.domainFile, inst.problem, planFile], 600_000);
    if (v.status === 2) {
      // The input has a departure VAL refuses but plan accepts: judge the plan as plan read the files.
      v = await spawnAsync(process.execPath, [cli, 'validate', '--lenient', inst.domainFile, inst.problem, planFile], 600_000);
      base.lenient = true;
    }
    base.valid = v.status === 0;
    if (!base.valid) base.error = `validate: ${(v.stdout + v.stderr).trim().slice(0, 300)}`;
  }
  return base;
}

/** `domain/instance` of the reference's `fd-astar-lmcut` rows (the optimal track's instance list). */
function optimalInstances(refPath: string): Set<string> {
  const lines = readFileSync(refPath, 'utf8').trim().split('\n');
  const head = lines[0].split('\t');
  const col = (n: string): number => head.indexOf(n);
  const out = new Set<string>();
  for (const l of lines.slice(1)) {
    const c = l.split('\t');
    if (c[col('planner')] === 'fd-astar-lmcut') out.add(`${c[col('domain')]}/${c[col('instance')]}`);
  }
  return out;
}

function round(x: number, d = 2): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(dirname(args.out), { recursive: true });
  const planDir = join(dirname(args.out), 'plans');
  mkdirSync(planDir, { recursive: true });
  const done = new Map<string, Row>();
  if (!args.fresh && existsSync(args.out)) {
    for (const line of readFileSync(args.out, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as Row;
      done.set(`${r.suite}/${r.domain}/${r.instance}`, r);
    }
  } else if (args.fresh) writeFileSync(args.out, '');
  let instances: Instance[] = [];
  if (args.suite === 'ipc' || args.suite === 'all') instances.push(...ipcInstances());
  if (args.suite === 'eai' || args.suite === 'all') instances.push(...eaiInstances());
  if (args.suite === 'adl') instances.push(...adlInstances());
  if (args.domains) instances = instances.filter((i) => args.domains?.includes(i.domain));
  const refPath = join(shared, 'anchors/classical/results.tsv');
  if (args.optimal) {
    const listedOpt = optimalInstances(refPath);
    instances = instances.filter((i) => listedOpt.has(`${i.domain}/${i.instance}`));
  }
  const byDomain = new Map<string, Instance[]>();
  for (const inst of instances) {
    const key = `${inst.suite}/${inst.domain}`;
    const list = byDomain.get(key) ?? [];
    list.push(inst);
    byDomain.set(key, list);
  }
  if (!args.report) {
    // The EAI problems are many small runs: start them first so they overlap the IPC domains.
    const queue = [...byDomain.entries()].sort((a, b) => Number(b[0].startsWith('eai/')) - Number(a[0].startsWith('eai/')));
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [key, list] = next;
        list.sort((a, b) => a.rank - b.rank);
        const run = args.quick ? list.slice(0, 3) : list;
        let failuresInRow = 0;
        const skipRule = run[0]?.suite !== 'eai';
        for (const inst of run) {
          const id = `${inst.suite}/${inst.domain}/${inst.instance}`;
          let row = done.get(id);
          if (!row) {
            if (skipRule && failuresInRow >= (args.optimal ? 1 : 2)) {
              row = { suite: inst.suite, domain: inst.domain, instance: inst.instance, solved: false, status: 'skipped', cpu_s: NaN, wall_s: NaN, rss_mb: NaN };
            } else {
              row = await runOne(inst, args, join(planDir, `${inst.suite}-${inst.domain}-${inst.instance}.plan`));
            }
            appendFileSync(args.out, `${JSON.stringify(row)}\n`);
            done.set(id, row);
            process.stderr.write(
              `${key} ${inst.instance}: ${row.status}${row.solved ? ` cost ${row.cost} len ${row.length} ${row.valid ? 'valid' : 'INVALID'}` : ''} cpu ${row.cpu_s}s rss ${row.rss_mb}MB${row.error ? ` (${row.error})` : ''}\n`,
            );
          }
          failuresInRow = row.solved ? 0 : failuresInRow + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: args.jobs }, worker));
  }
  const rows = [...done.values()].filter((r) => byDomain.has(`${r.suite}/${r.domain}`));
  const listed = new Map<string, string[]>();
  for (const inst of instances) if (inst.suite === 'ipc') listed.set(inst.domain, [...(listed.get(inst.domain) ?? []), inst.instance]);
  const meta = { timeout: args.timeout, argv: process.argv.slice(2) };
  const report = args.optimal ? optimalReport(rows, refPath, meta) : plannerReport(rows, refPath, meta, listed);
  process.stdout.write(report);
  writeFileSync(join(dirname(args.out), args.optimal ? 'planner-astar-lmcut.md' : 'planner.md'), report);
}

await main();
