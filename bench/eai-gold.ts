/**
 * Validates the Embodied Agent Interface (EAI) BEHAVIOR gold PDDL plans against
 * their problems with the lifted validator and prints why each failing one fails.
 *
 *   npx tsx bench/eai-gold.ts [path/to/eai-behavior]
 *
 * Data: ../shared/data/eai-behavior (behavior.pddl, problems/<name>.pddl,
 * gold_pddl_plan.json: problem name → ["action arg1 arg2", ...]).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GroundplanError } from '../src/core/errors.js';
import { parseDomain } from '../src/pddl/parse-domain.js';
import { parseProblem } from '../src/pddl/parse-problem.js';
import { parsePlanLines } from '../src/validate/plan-file.js';
import { validatePlan } from '../src/validate/validate-plan.js';
import { commandLine } from './args.js';

/** ../shared/data/eai-behavior from the project root (works from bench/ under tsx and from dist/bench/). */
export const EAI_DIR = [fileURLToPath(new URL('../../shared/data/eai-behavior', import.meta.url)), resolve(process.cwd(), '../shared/data/eai-behavior')].find((d) => existsSync(d)) ?? resolve(process.cwd(), '../shared/data/eai-behavior');

export interface GoldRow {
  problem: string;
  steps: number;
  /** `valid`, a ValidationResult reason (`precondition`, `goal`, `unknown-object`, ...), or `missing-problem`/`input-error`. */
  verdict: string;
  /** The explanation for failures ('' when valid). */
  detail: string;
  ms: number;
}

export function validateEaiGold(dir = EAI_DIR): GoldRow[] {
  const domain = parseDomain(readFileSync(join(dir, 'behavior.pddl'), 'utf8'), 'behavior.pddl');
  const gold = JSON.parse(readFileSync(join(dir, 'gold_pddl_plan.json'), 'utf8')) as Record<string, string[]>;
  const rows: GoldRow[] = [];
  for (const name of Object.keys(gold).sort()) {
    const lines = gold[name];
    const problemFile = join(dir, 'problems', `${name}.pddl`);
    const row = (verdict: string, detail: string, ms = 0): GoldRow => ({ problem: name, steps: lines.length, verdict, detail, ms });
    if (!existsSync(problemFile)) {
      rows.push(row('missing-problem', `no problems/${name}.pddl`));
      continue;
    }
    try {
      const t0 = performance.now();
      const problem = parseProblem(readFileSync(problemFile, 'utf8'), domain, `problems/${name}.pddl`);
      const steps = parsePlanLines(lines, `gold:${name}`);
      const r = validatePlan(domain, problem, steps, { trace: false });
      const ms = performance.now() - t0;
      rows.push(r.status === 'valid' ? row('valid', '', ms) : row(r.reason, r.explanation, ms));
    } catch (err) {
      if (!(err instanceof GroundplanError)) throw err;
      rows.push(row('input-error', err.message));
    }
  }
  return rows;
}

function main(): void {
  const dir = process.argv[2] ?? EAI_DIR;
  const t0 = performance.now();
  const rows = validateEaiGold(dir);
  const total = performance.now() - t0;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
  console.log(`EAI BEHAVIOR gold plans: ${rows.length} plans, ${rows.reduce((s, r) => s + r.steps, 0)} steps, validated in ${total.toFixed(0)} ms (parsing included)`);
  console.log('');
  console.log('| verdict | plans |');
  console.log('|---|---|');
  for (const [v, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`| ${v} | ${n} |`);
  const failing = rows.filter((r) => r.verdict !== 'valid');
  if (failing.length) {
    console.log('');
    console.log('| problem | steps | verdict | why |');
    console.log('|---|---|---|---|');
    for (const r of failing) console.log(`| ${r.problem} | ${r.steps} | ${r.verdict} | ${r.detail.replace(/\|/g, '\\|')} |`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  commandLine({
    command: 'npx tsx bench/eai-gold.ts',
    about: 'Validates the EAI BEHAVIOR gold PDDL plans against their problems and prints why each failing one fails.',
    flags: [],
    positional: { name: '[EAI_DIR]', help: 'the EAI BEHAVIOR data (default ../shared/data/eai-behavior)', max: 1 },
  });
  main();
}
