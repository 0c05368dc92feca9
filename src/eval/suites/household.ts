/**
 * `household:single` and `household:multi`: GAVEL's two household
 * benchmarks (§V-B). `single` is the EAI BEHAVIOR subset of long-horizon
 * single tasks (`eaiTasks`, 52 of 100 kept); `paper` is the GAVEL paper's own
 * 100 single tasks (read from the shared data, 95 kept); `multi` is generated 2–5 errand
 * instructions (`generateMultiTasks`, task seed 1 by default, level = the
 * number of errands). Methods: those of the household catalogues it is
 * given (GAVEL and its variants, the baselines); the defaults are the ones
 * the catalogues mark for `single` (Table I) and `multi` (Table II).
 *
 * Task ids: the EAI task id (`eai/…`) for `single`; `paper/<id>` for `paper`; `s<SEED>-<INDEX>` for
 * `multi` (instruction INDEX of the generation with that seed; the first k
 * instructions do not depend on how many are generated). Config: `rsn`
 * (`softmax` default, `prior` or `uniform`: the room-type model behind the
 * initial beliefs, trained on the homes that are not test homes), `feedback`
 * (the LLM budget T, default 5), `synthetic` (knobs). The synthetic model
 * gets the task's hidden truth from the method's catalogue and the episode
 * seed; the method never sees it. Metrics: distance (m), searches, feedbackRounds,
 * repairs, goalsMet, goalsTotal, errands, errandsMet and errandSuccess
 * (errandsMet / errands: the seed's per-errand success); `failures` holds
 * one cause per failed errand (src/episode/failure-causes.ts).
 */
import { GroundplanError } from '../../core/errors.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eaiTasks, generateMultiTasks, homeRoomModel, householdDataDir, isRoomModelKind, loadBehaviorData, paperHouseholdTasks, readPaperTasks, type HouseholdTask, type RoomTypeModel } from '../../envs/household/index.js';
import { configNumber, configString, runHouseholdSpec, type HouseholdRegistry } from '../../episode/index.js';
import type { EpisodeContext, EpisodeOutcome, EpisodeSpec, Suite, SuiteTask } from '../types.js';

export const DEFAULT_MULTI_TASKS = 100;
export const DEFAULT_FEEDBACK = 5;

const MULTI_ID = /^s(\d+)-(\d+)$/;

const eaiCache = new Map<string, HouseholdTask[]>();
const multiCache = new Map<string, HouseholdTask[]>();
const paperCache = new Map<string, HouseholdTask[]>();
const roomModels = new Map<string, RoomTypeModel | undefined>();

function dataDir(ctx?: Pick<EpisodeContext, 'dataDir'>): string {
  return householdDataDir(ctx?.dataDir);
}

export function singleTasks(dir: string): HouseholdTask[] {
  let t = eaiCache.get(dir);
  if (!t) {
    t = eaiTasks(dir).tasks;
    eaiCache.set(dir, t);
  }
  return t;
}

/**
 * The GAVEL paper's own tasks (`gavel-benchmark/tasks.json` in the data folder, read at run time)
 * whose reference plan verifies under our semantics (`paperHouseholdTasks`).
 */
export function paperSuiteTasks(dir: string): HouseholdTask[] {
  let t = paperCache.get(dir);
  if (!t) {
    const file = join(dir, 'gavel-benchmark', 'tasks.json');
    if (!existsSync(file)) throw new GroundplanError('HOUSEHOLD_DATA', `household:paper needs the GAVEL paper's benchmark at ${file} (the shared data folder, not the package's bundle)`);
    t = paperHouseholdTasks(loadBehaviorData(dir), readPaperTasks(file)).tasks;
    paperCache.set(dir, t);
  }
  return t;
}

/** Instructions 0..count-1 of the generation with `seed` (grown on demand). */
export function multiTasks(dir: string, seed: number, count: number): HouseholdTask[] {
  const k = `${dir}|${seed}`;
  let t = multiCache.get(k) ?? [];
  if (t.length < count) {
    t = generateMultiTasks(loadBehaviorData(dir), { count, seed });
    multiCache.set(k, t);
  }
  return t.slice(0, count);
}

/** The task of a suite task id (throws EVAL_SPEC on an unknown id). */
export function householdTask(suiteName: string, id: string, dir: string): HouseholdTask {
  if (suiteName === 'household:single') {
    const t = singleTasks(dir).find((x) => x.id === id);
    if (!t) throw new GroundplanError('EVAL_SPEC', `spec.task: no EAI household task '${id}' (ids look like ${singleTasks(dir)[0]?.id ?? 'eai/…'})`);
    return t;
  }
  if (suiteName === 'household:paper') {
    const t = paperSuiteTasks(dir).find((x) => x.id === id);
    if (!t) throw new GroundplanError('EVAL_SPEC', `spec.task: no task '${id}' of the paper's benchmark (ids look like paper/Rs_int-01)`);
    return t;
  }
  const m = MULTI_ID.exec(id);
  if (!m) throw new GroundplanError('EVAL_SPEC', `spec.task: expected s<SEED>-<INDEX> (e.g. s1-0), got '${id}'`);
  const index = Number(m[2]);
  const t = multiTasks(dir, Number(m[1]), index + 1)[index];
  if (!t) throw new GroundplanError('EVAL_SPEC', `spec.task: instruction ${index} of seed ${m[1]} could not be generated`);
  return t;
}

/** The room-type model of `spec.config.rsn` (cached per data folder). */
export function roomModel(kind: string, dir: string): RoomTypeModel | undefined {
  const k = `${kind}|${dir}`;
  if (roomModels.has(k)) return roomModels.get(k);
  if (!isRoomModelKind(kind)) throw new GroundplanError('EVAL_SPEC', `spec.config.rsn: expected softmax, prior or uniform, got '${kind}'`);
  const model = kind === 'uniform' ? undefined : homeRoomModel(loadBehaviorData(dir), kind);
  roomModels.set(k, model);
  return model;
}

/** Runs one household episode from its spec (shared by both suites and `bench:household`). */
export async function runHouseholdSuiteSpec(registry: HouseholdRegistry, spec: EpisodeSpec, ctx: EpisodeContext): Promise<EpisodeOutcome> {
  const dir = dataDir(ctx);
  const task = householdTask(spec.suite, spec.task, dir);
  registry.resolve(spec.method);
  const rsn = roomModel(configString(spec.config, 'rsn', 'softmax'), dir);
  const maxFeedback = configNumber(spec.config, 'feedback', DEFAULT_FEEDBACK, 1, true);
  const { outcome } = await runHouseholdSpec({ spec, task, registry, ...(rsn ? { rsn } : {}), maxFeedback, trace: (rec) => ctx.trace(rec), ...(ctx.signal ? { signal: ctx.signal } : {}) });
  return outcome;
}

/** `household:single`, `household:paper` and `household:multi` over the methods of `registry`. */
export function householdSuites(registry: HouseholdRegistry): Suite[] {
  const common = {
    env: 'household' as const,
    methods: registry.names(),
    defaultConfig: () => ({}),
    run: (spec: EpisodeSpec, ctx: EpisodeContext) => runHouseholdSuiteSpec(registry, spec, ctx),
  };
  return [
    {
      ...common,
      name: 'household:single',
      description: 'GAVEL Table I: long-horizon single household tasks (EAI BEHAVIOR subset, 52 tasks in 13 homes)',
      defaultMethods: registry.defaults('single'),
      tasks(options): SuiteTask[] {
        const all = singleTasks(dataDir());
        return all.slice(0, options.n ?? all.length).map((t) => ({ id: t.id, level: 'single' }));
      },
    },
    {
      ...common,
      name: 'household:multi',
      description: 'GAVEL Table II: multi-task household instructions (2–5 independent errands, generated from BEHAVIOR placements)',
      defaultMethods: registry.defaults('multi'),
      tasks(options): SuiteTask[] {
        const seed = options.taskSeed ?? 1;
        return multiTasks(dataDir(), seed, options.n ?? DEFAULT_MULTI_TASKS).map((t, i) => ({ id: `s${seed}-${i}`, level: String(t.goals.length) }));
      },
    },
    {
      ...common,
      name: 'household:paper',
      description: "the GAVEL paper's own single tasks (gavel-benchmark/tasks.json of the shared data; those whose reference plan verifies under our semantics, 95 of 100)",
      defaultMethods: registry.defaults('single'),
      tasks(options): SuiteTask[] {
        const all = paperSuiteTasks(dataDir());
        return all.slice(0, options.n ?? all.length).map((t) => ({ id: t.id, level: 'single' }));
      },
    },
  ];
}
