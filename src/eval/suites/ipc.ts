/**
 * `ipc`: the classical IPC instances of `shared/data/ipc` (INDEX.tsv: domain,
 * instance, problem, domain file, size rank), solved by planner
 * configurations: `gbfs-ff` (eager greedy best-first with h_FF and preferred
 * operators), `lazy-gbfs-ff`, `astar-lmcut` (optimal), `anytime-ff` (lazy
 * GBFS with h_FF alone, then weighted A* with falling weights until the time
 * is up), `lama` (LAMA: lazy GBFS with h_FF and the landmark count, then the
 * same anytime weighted A* until the time is up) and `lama-first` (LAMA's
 * first search alone).
 * Success = a plan that the validator accepts; metrics: plan cost and length,
 * expansions, evaluations, search ms. A task is `DOMAIN/INSTANCE`, its level
 * the domain; `n` takes the n smallest instances of each domain.
 * Config: `timeout` (seconds of wall time per instance, default 60). Wall time
 * is used because worker threads share the process CPU clock.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GroundplanError, InputError } from '../../core/errors.js';
import { inputErrorOf, planPddl, type PlanPddlOptions } from '../../pipeline/plan-pddl.js';
import type { Suite, SuiteTask } from '../types.js';

export const IPC_METHODS = ['gbfs-ff', 'lazy-gbfs-ff', 'astar-lmcut', 'anytime-ff', 'lama', 'lama-first'] as const;

const CONFIGS: Record<(typeof IPC_METHODS)[number], PlanPddlOptions> = {
  'gbfs-ff': { search: 'gbfs', heuristic: 'ff' },
  'lazy-gbfs-ff': { search: 'lazy-gbfs', heuristic: 'ff' },
  'astar-lmcut': { search: 'astar', heuristic: 'lmcut' },
  'anytime-ff': { search: 'anytime', heuristic: 'ff' },
  lama: { search: 'lama' },
  'lama-first': { search: 'lama-first' },
};

/** `shared/data` next to the repository (the folder holding package.json), or `$GROUNDPLAN_DATA`. */
export function defaultDataDir(): string {
  if (process.env.GROUNDPLAN_DATA) return resolve(process.env.GROUNDPLAN_DATA);
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return resolve(dir, '../shared/data');
}

interface IpcInstance {
  domain: string;
  instance: string;
  problem: string;
  domainFile: string;
  rank: number;
}

export function ipcInstances(dataDir = defaultDataDir()): IpcInstance[] {
  const base = join(dataDir, 'ipc');
  const index = join(base, 'INDEX.tsv');
  if (!existsSync(index)) throw new InputError('EVAL_DATA', `${index}: the IPC index is missing (set --data-dir or GROUNDPLAN_DATA to the shared data folder)`);
  const lines = readFileSync(index, 'utf8').trim().split('\n');
  return lines.slice(1).map((l, i) => {
    const [domain, instance, problem, domainFile, rank] = l.split('\t');
    if (!domain || !instance || !problem || !domainFile) throw new InputError('EVAL_DATA', `${index}:${i + 2}: expected 5 tab-separated fields`);
    return { domain, instance, problem: join(base, problem), domainFile: join(base, domainFile), rank: Number(rank) };
  });
}

export const ipcSuite: Suite = {
  name: 'ipc',
  description: 'classical planning: IPC instances from shared/data/ipc (valid plan = success)',
  env: 'pddl',
  llm: false,
  methods: IPC_METHODS,
  defaultMethods: ['gbfs-ff'],
  defaultConfig: () => ({ timeout: 60 }),
  tasks(options): SuiteTask[] {
    const all = ipcInstances(options.dataDir);
    const byDomain = new Map<string, IpcInstance[]>();
    for (const x of all) byDomain.set(x.domain, [...(byDomain.get(x.domain) ?? []), x]);
    const out: SuiteTask[] = [];
    for (const [domain, xs] of byDomain) {
      const sorted = [...xs].sort((a, b) => a.rank - b.rank);
      for (const x of sorted.slice(0, options.n ?? sorted.length)) out.push({ id: `${domain}/${x.instance}`, level: domain });
    }
    return out;
  },
  async run(spec, ctx) {
    const inst = ipcInstances(ctx.dataDir).find((x) => `${x.domain}/${x.instance}` === spec.task);
    if (!inst) throw new GroundplanError('EVAL_SPEC', `spec.task: no IPC instance '${spec.task}'`);
    const config = CONFIGS[spec.method as (typeof IPC_METHODS)[number]];
    if (!config) throw new GroundplanError('EVAL_METHOD', `unknown ipc method '${spec.method}' (known: ${IPC_METHODS.join(', ')})`);
    const timeout = spec.config.timeout ?? 60;
    if (typeof timeout !== 'number' || !(timeout > 0)) throw new GroundplanError('EVAL_SPEC', `spec.config.timeout: expected seconds > 0, got ${JSON.stringify(timeout)}`);
    const t0 = performance.now();
    const result = planPddl(
      { text: readFileSync(inst.domainFile, 'utf8'), file: inst.domainFile },
      { text: readFileSync(inst.problem, 'utf8'), file: inst.problem },
      { ...config, timeoutMs: timeout * 1000, startedAt: t0, ...(ctx.signal ? { signal: ctx.signal } : {}) },
    );
    if (result.status === 'input-error') throw inputErrorOf(result.errors);
    ctx.trace({
      type: 'episode',
      spec,
      env: 'pddl',
      instruction: `${inst.domain} ${inst.instance}`,
      world: { domain: inst.domainFile, problem: inst.problem, facts: result.ground.facts, operators: result.ground.operators },
    });
    const planningSeconds = (performance.now() - t0) / 1000;
    const metrics: { [k: string]: number } = { expansions: result.stats.expansions, evaluations: result.stats.evaluations, searchMs: Math.round(result.stats.searchMs) };
    let success = false;
    const warnings: string[] = [];
    let steps = 0;
    if (result.status === 'solved') {
      success = result.valid === true;
      if (!success) warnings.push(`the plan does not validate: ${result.validation ?? ''}`);
      steps = result.plan.length;
      metrics.cost = result.cost;
      metrics.planLength = result.plan.length;
      result.plan.forEach((s, i) => ctx.trace({ type: 'step', step: i + 1, action: `(${[s.name, ...s.args].join(' ')})`, feasible: true, reward: 0, totalReward: 0, planningSeconds: 0 }));
    }
    return {
      success,
      reward: success ? 1 : 0,
      steps,
      planningSeconds,
      llm: { calls: 0, inputTokens: 0, outputTokens: 0 },
      metrics,
      modelDescription: 'none (no LLM)',
      warnings: result.status === 'solved' ? warnings : [`search ended: ${result.status} (${result.config})`],
    };
  },
};
