/**
 * Grounding benchmark: for each IPC domain in ../shared/data/ipc (or $IPC_DIR),
 * parse and ground the largest instance (highest size_rank in INDEX.tsv) and
 * print parse time, grounding time (wall clock and process CPU time, which
 * includes the garbage collector's helper threads), facts and operators.
 *
 *   npx tsx bench/ground.ts [domain ...]      (GROUND_RANK=0 for the smallest instances)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ground } from '../src/pddl/ground.js';
import { parseDomain } from '../src/pddl/parse-domain.js';
import { parseProblem } from '../src/pddl/parse-problem.js';
import { commandLine } from './args.js';

commandLine({
  command: 'npx tsx bench/ground.ts',
  about: 'Parse and ground the largest instance of each IPC domain (../shared/data/ipc, or $IPC_DIR; GROUND_RANK=0 for the\nsmallest): parse and grounding time (wall and CPU), facts and operators.',
  flags: [],
  positional: { name: '[DOMAIN ...]', help: 'only these domains', max: Infinity },
});

const dir = process.env.IPC_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'data', 'ipc');
const rows = readFileSync(join(dir, 'INDEX.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'))
  .map(([domain, instance, problem, domainFile, rank]) => ({ domain, instance, problem, domainFile, rank: Number(rank) }));

const only = new Set(process.argv.slice(2));
const wantRank = process.env.GROUND_RANK === undefined ? undefined : Number(process.env.GROUND_RANK);
const byDomain = new Map<string, (typeof rows)[number]>();
for (const r of rows) {
  if (only.size > 0 && !only.has(r.domain)) continue;
  const prev = byDomain.get(r.domain);
  if (wantRank !== undefined) {
    if (r.rank === wantRank) byDomain.set(r.domain, r);
  } else if (!prev || r.rank > prev.rank) byDomain.set(r.domain, r);
}

console.log('| domain | instance | parse ms | ground ms (wall) | ground ms (CPU) | facts | operators | static facts removed |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of byDomain.values()) {
  const t0 = performance.now();
  const domainPath = join(dir, r.domainFile);
  const problemPath = join(dir, r.problem);
  const d = parseDomain(readFileSync(domainPath, 'utf8'), domainPath);
  const p = parseProblem(readFileSync(problemPath, 'utf8'), d, problemPath);
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  const g = ground(d, p);
  const c2 = process.cpuUsage(c1);
  const t2 = performance.now();
  console.log(
    `| ${r.domain} | ${r.instance} | ${(t1 - t0).toFixed(0)} | ${(t2 - t1).toFixed(0)} | ${((c2.user + c2.system) / 1000).toFixed(0)} | ${g.stats.facts} | ${g.stats.operators} | ${g.stats.staticFactsRemoved} |`,
  );
}
