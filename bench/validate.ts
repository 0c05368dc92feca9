/**
 * Validation speed on long plans.
 *
 *   npx tsx bench/validate.ts
 *
 * Gripper prob20 (42 balls): the balls are carried rooma → roomb → rooma ... seven times
 * (1,182 steps, ending with every ball in roomb); the plan is validated 20 times and the
 * median is reported, for the lifted validator and for replay on the ground task.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.js';
import { ground } from '../src/pddl/ground.js';
import { parseDomain } from '../src/pddl/parse-domain.js';
import { parseProblem } from '../src/pddl/parse-problem.js';
import { operatorsByName, validateGroundPlan } from '../src/validate/ground-plan.js';
import { formatStep, parsePlan } from '../src/validate/plan-file.js';
import { PlanValidator } from '../src/validate/validate-plan.js';
import { commandLine } from './args.js';

commandLine({
  command: 'npx tsx bench/validate.ts',
  about: 'Validation speed on a long gripper plan (1,182 steps, 20 runs, the median): the lifted validator and replay on the ground task.',
  flags: [],
});

const IPC = [fileURLToPath(new URL('../../shared/data/ipc/gripper/', import.meta.url)), `${resolve(process.cwd(), '../shared/data/ipc/gripper')}/`].find((d) => existsSync(d)) ?? '../shared/data/ipc/gripper/';

function gripperPlan(balls: string[], transfers: number): string {
  const lines: string[] = [];
  let from = 'rooma';
  let to = 'roomb';
  for (let t = 0; t < transfers; t++) {
    if (t > 0) lines.push(`(move ${to} ${from})`);
    for (const b of balls) lines.push(`(pick ${b} ${from} left)`, `(move ${from} ${to})`, `(drop ${b} ${to} left)`, `(move ${to} ${from})`);
    [from, to] = [to, from];
  }
  return lines.join('\n');
}

function time(f: () => void, runs: number): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const domain = parseDomain(readFileSync(`${IPC}domain.pddl`, 'utf8'), 'domain.pddl');
const problem = parseProblem(readFileSync(`${IPC}prob20.pddl`, 'utf8'), domain, 'prob20.pddl');
const balls = problem.objects.map((o) => o.name).filter((n) => n.startsWith('ball'));
const text = gripperPlan(balls, 7);
const steps = parsePlan(text);
const validator = new PlanValidator(domain, problem);
const verdict = validator.validate(steps);
if (verdict.status !== 'valid') throw new Error(`bench plan is invalid: ${verdict.explanation}`);
const { task } = ground(domain, problem);
const names = steps.map(formatStep);
const byName = operatorsByName(task);
if (validateGroundPlan(task, names, byName).status !== 'valid') throw new Error('ground replay disagrees');

const rows: [string, number][] = [
  ['parse plan file', time(() => parsePlan(text), 20)],
  ['lifted validate, with trace', time(() => validator.validate(steps), 20)],
  ['lifted validate, no trace', time(() => validator.validate(steps, { trace: false }), 20)],
  ['validatePlan incl. object tables', time(() => new PlanValidator(domain, problem).validate(steps, { trace: false }), 20)],
  ['ground replay (validateGroundPlan)', time(() => validateGroundPlan(task, names, byName), 20)],
];
console.log(`gripper prob20, ${steps.length}-step plan, median of 20 runs (node ${process.version})`);
console.log('');
console.log('| what | ms |');
console.log('|---|---|');
for (const [what, ms] of rows) console.log(`| ${what} | ${ms.toFixed(2)} |`);
